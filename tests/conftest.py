"""Shared fixtures. Includes the global network guard: no test may reach a real provider."""

from __future__ import annotations

import ipaddress
import re
import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Synthesis
from notebook_router.providers.base import CompletionRequest
from notebook_router.providers.scripted import ScriptedProvider
from notebook_router.usage import Usage

_real_connect = socket.socket.connect
_real_create_connection = socket.create_connection


def _is_loopback(address: Any) -> bool:
    host = address[0] if isinstance(address, tuple) else address
    if isinstance(host, bytes):
        host = host.decode()
    if host in ("localhost", "") or isinstance(address, str):
        return True  # AF_UNIX paths and localhost
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def no_figures_left_open() -> Iterator[None]:
    """Close the pyplot figures a test left open: code run later draws on the current figure
    (``plt.plot`` reuses it), so a figure left behind would hide the next test's figure."""
    yield
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close("all")


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail any test that tries to connect anywhere but loopback."""

    def guarded_connect(self: socket.socket, address: Any) -> Any:
        if not _is_loopback(address):
            raise RuntimeError(f"Tests must not use the network (tried to connect to {address!r}).")
        return _real_connect(self, address)

    def guarded_create_connection(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
        if not _is_loopback(address):
            raise RuntimeError(f"Tests must not use the network (tried to connect to {address!r}).")
        return _real_create_connection(address, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket, "create_connection", guarded_create_connection)
    monkeypatch.delenv("NOTEBOOK_ROUTER_MODEL", raising=False)
    return


class Script:
    """Scripted planner replies by purpose, for ScriptedProvider(fallback=Script(...)).

    ``decide`` items are decision dicts (or exceptions, or raw strings); once
    they run out the planner completes. ``synthesis`` is the final answer text.
    """

    def __init__(
        self,
        decide: list[Any] | None = None,
        redirect: list[Any] | None = None,
        synthesis: str = "scripted answer",
    ) -> None:
        self.decide = list(decide or [])
        self.redirect = list(redirect or [])
        self.synthesis = synthesis
        self.seen: list[str] = []

    def __call__(self, request: CompletionRequest) -> Any:
        self.seen.append(request.purpose)
        if request.purpose == "router.decide":
            if self.decide:
                return self._take(self.decide)
            return {"action": "complete", "reason": "script finished"}
        if request.purpose == "router.redirect":
            return self._take(self.redirect)
        if request.purpose == "router.synthesise":
            return Synthesis(answer=self.synthesis)
        raise AssertionError(f"unexpected purpose {request.purpose}")

    @staticmethod
    def _take(queue: list[Any]) -> Any:
        item = queue.pop(0)
        if isinstance(item, BaseException):
            raise item
        return item


def task(
    id: str,
    agent: str,
    description: str = "",
    depends_on: list[str] | None = None,
    *,
    checkpoint: bool = False,
) -> dict[str, Any]:
    """A TaskSpec dict for scripted decisions (``checkpoint``: ask the planner again
    when it finishes; otherwise the plan goes on by itself)."""
    spec: dict[str, Any] = {
        "id": id,
        "agent": agent,
        "description": description or f"do {id}",
        "depends_on": depends_on or [],
    }
    if checkpoint:
        spec["checkpoint"] = True
    return spec


@pytest.fixture
def scripted() -> Callable[..., tuple[ScriptedProvider, Script]]:
    def make(**kwargs: Any) -> tuple[ScriptedProvider, Script]:
        script = Script(**kwargs)
        return ScriptedProvider(fallback=script), script

    return make


def kinds(events: list[ev.Event]) -> list[str]:
    """The ``kind`` of each event."""
    return [e.kind for e in events]


def router_with(agents: list[Any], script: Script, **kwargs: Any) -> Router:
    """A Router over ``agents`` whose planner follows ``script`` (and spends nothing)."""
    return Router(agents, model=ScriptedProvider(fallback=script, usage=Usage()), **kwargs)


def pytest_configure(config: pytest.Config) -> None:
    """Markers defined here rather than in pyproject.toml (one place per marker's owner)."""
    config.addinivalue_line(
        "markers", "slow: takes minutes (builds an environment); still part of make test"
    )


# A module whose every test carries one marker says so in one line at its top level.
_WHOLE_MODULE_MARK = re.compile(r"^pytestmark = pytest\.mark\.(\w+)$", re.MULTILINE)


def _left_out_markers(config: pytest.Config) -> set[str]:
    """The markers ``-m`` leaves out whatever else a test carries: the ``not <marker>``
    terms of an expression that is only such terms joined by ``and``."""
    expression = str(config.getoption("markexpr", "") or "")
    terms = [term.strip() for term in expression.split(" and ")]
    if not expression or any(not re.fullmatch(r"not \w+", term) for term in terms):
        return set()
    return {term.removeprefix("not ") for term in terms}


def _all_left_out(path: Path, left_out: set[str]) -> bool:
    """Whether every test in ``path`` (a test module, or a folder of them) is left out."""
    if path.is_dir():
        modules = list(path.rglob("test_*.py"))
        return bool(modules) and all(_all_left_out(module, left_out) for module in modules)
    if not (path.name.startswith("test_") and path.suffix == ".py"):
        return False
    marked = _WHOLE_MODULE_MARK.search(path.read_text(encoding="utf-8"))
    return marked is not None and marked.group(1) in left_out


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Don't import what ``-m`` would deselect whole: a module (or a folder of modules)
    that is all kernel, browser or cluster tests. ``make check`` starts sooner (those
    modules and their conftests import jupyter_client, nbformat, Playwright and Dask),
    and the tests it runs are the same."""
    left_out = _left_out_markers(config)
    if left_out and _all_left_out(collection_path, left_out):
        return True
    return None
