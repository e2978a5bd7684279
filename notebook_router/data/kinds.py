"""Which namespace entries are the user's data, and how each kind is read.

Objects are recognised by the module and name of their class (and its
bases, so subclasses such as a GeoDataFrame count), never by importing
pandas, polars or NumPy: a notebook that never loaded pandas pays nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from notebook_router.data import dask_data, pandas_data, plain_data, polars_data
from notebook_router.data.describe import DataDescription
from notebook_router.data.masking import Masker

IPYTHON_NAMES = frozenset({"In", "Out", "exit", "quit", "get_ipython"})
"""Names IPython puts in every user namespace."""
OWN_MODULES = ("notebook_router", "IPython", "ipykernel", "ipywidgets", "anywidget", "traitlets")
"""Objects of these packages are the machinery, not the user's data (a Router, a Run, a widget)."""

Describe = Callable[[str, Any, Masker, int], DataDescription]


@dataclass(frozen=True, slots=True)
class Family:
    """How one kind of object is described, and what signals that it changed."""

    describe: Describe
    signal: Callable[[Any], Hashable]
    is_data: bool = True


PANDAS_FRAME = Family(pandas_data.describe_frame, pandas_data.frame_signal)
PANDAS_SERIES = Family(pandas_data.describe_series, pandas_data.series_signal)
POLARS_FRAME = Family(polars_data.describe_frame, polars_data.frame_signal)
POLARS_SERIES = Family(polars_data.describe_series, polars_data.series_signal)
DASK_FRAME = Family(dask_data.describe_frame, dask_data.frame_signal)
DASK_SERIES = Family(dask_data.describe_series, dask_data.frame_signal)
NUMPY_ARRAY = Family(plain_data.describe_array, plain_data.array_signal)
RECORDS = Family(
    lambda name, value, mask, _: plain_data.describe_records(name, value, mask),
    plain_data.records_signal,
)
COLUMNS = Family(
    lambda name, value, mask, _: plain_data.describe_columns(name, value, mask),
    plain_data.columns_signal,
)
VALUE = Family(
    lambda name, value, mask, _: plain_data.describe_value(name, value, mask),
    plain_data.value_signal,
    is_data=False,
)

_BY_CLASS: dict[tuple[str, str], Family] = {
    ("pandas", "DataFrame"): PANDAS_FRAME,
    ("pandas", "Series"): PANDAS_SERIES,
    ("polars", "DataFrame"): POLARS_FRAME,
    ("polars", "Series"): POLARS_SERIES,
    ("numpy", "ndarray"): NUMPY_ARRAY,
    # Dask's collections, described from their meta and a few partitions, never whole
    # (dask_expr is where they lived before dask 2025.1).
    ("dask", "DataFrame"): DASK_FRAME,
    ("dask", "Series"): DASK_SERIES,
    ("dask_expr", "DataFrame"): DASK_FRAME,
    ("dask_expr", "Series"): DASK_SERIES,
}
"""Classes by top-level package and name (pandas 3 says ``pandas``, 2 ``pandas.core.frame``)."""


def excluded(name: str, value: Any) -> bool:
    """Private names, IPython's own, modules, callables and classes, the router's objects."""
    if name.startswith("_") or name in IPYTHON_NAMES:
        return True
    if isinstance(value, (ModuleType, type)) or callable(value):
        return True
    return type(value).__module__.startswith(OWN_MODULES)


def family_of(value: Any) -> Family:
    """The :class:`Family` that reads ``value`` (:data:`VALUE` for anything that is not data)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return RECORDS if plain_data.is_records(value) else VALUE
    if kind is dict:
        return COLUMNS if plain_data.is_columns(value) else VALUE
    if kind.__module__ == "builtins":
        return VALUE
    for cls in kind.__mro__[:-1]:
        found = _BY_CLASS.get((cls.__module__.partition(".")[0], cls.__name__))
        if found is not None:
            return found
    return VALUE
