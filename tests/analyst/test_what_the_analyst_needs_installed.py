"""The analyst's code runs with pandas, NumPy, scipy.stats and matplotlib: every way of
installing the package (and Binder's pinned environment) must bring all four."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notebook_router.analyst.execute import namespace

ROOT = Path(__file__).resolve().parents[2]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=\[ ;]", r.strip(), maxsplit=1)[0].lower() for r in requirements}


def _needed() -> set[str]:
    # The modules the shown code may use (pd, np, stats, plt), by top-level package;
    # pandas requires NumPy, so NumPy always comes along.
    return {module.__name__.split(".")[0] for module in namespace({}).values()} - {"numpy"}


def test_installing_the_package_installs_what_the_analysts_code_imports() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the package supports 3.10
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert _needed() == {"pandas", "scipy", "matplotlib"}
    assert _needed() <= _names(project["dependencies"])


def test_binder_pins_what_the_analysts_code_imports() -> None:
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    pinned = _names([line for line in lines if line.strip() and not line.startswith("#")])
    assert _needed() <= pinned
