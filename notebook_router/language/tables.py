"""The word tables of :mod:`notebook_router.language`, read once from ``language/data``.

Word lists are plain text (one entry a line, ``#`` comments); tables are TOML. Each
file says where its words come from. Tables are read on first use and kept.

>>> "the" in word_list("stopwords")
True
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


@cache
def word_list(name: str) -> frozenset[str]:
    """The words of ``data/<name>.txt`` (blank lines and ``#`` comments skipped)."""
    lines = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w for line in lines if (w := line.split("#", 1)[0].strip()))


@cache
def table(name: str) -> dict[str, Any]:
    """The TOML table ``data/<name>.toml``."""
    with (DATA / f"{name}.toml").open("rb") as file:
        loaded: dict[str, Any] = tomllib.load(file)
    return loaded
