"""Kernel fixtures: real IPython kernels started with jupyter_client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.notebook.kernel import Kernel

SETUP = """
%load_ext notebook_router
import asyncio
from notebook_router import agent

@agent(can=["numbers", "load", "data"])
def numbers(task):
    "Loads a list of numbers."
    return [3, 1, 4, 1, 5, 9, 2, 6]

@agent(can=["sum", "total", "add"])
def total(inputs):
    "Adds the numbers up."
    return sum(next(iter(inputs.values())))

@agent(can=["slow", "wait", "think"])
async def slow(task):
    "Thinks for a long time."
    await asyncio.sleep(30)
    return "too late"
"""


@pytest.fixture(scope="session", autouse=True)
def _session_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Kernels started by tests keep their runs in a temporary folder, not the repository."""
    folder = tmp_path_factory.mktemp("notebook_router_store")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NOTEBOOK_ROUTER_STORE", str(folder))
        yield


def _started(setup: str = SETUP) -> Iterator[Kernel]:
    k = Kernel()
    try:
        result = k.execute(setup)
        assert result.status == "ok", result.errors()
        yield k
    finally:
        k.shutdown()


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    """One kernel per test module, with the extension and a few agents loaded."""
    yield from _started()


@pytest.fixture(scope="module")
def builtins_kernel() -> Iterator[Kernel]:
    """One kernel per test module with the extension and no agents of the user's: the
    built-in agents answer (media, the team)."""
    yield from _started("%load_ext notebook_router")


@pytest.fixture
def fresh_kernel() -> Iterator[Kernel]:
    """A kernel of its own, for tests that interrupt it."""
    yield from _started()
