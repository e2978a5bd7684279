"""Run generated code exactly as shown, in a scratch namespace that holds the frames.

Matplotlib gets the Agg backend only when nobody has chosen one yet, so in a
notebook the inline backend stays. Figures are closed after the run so the
notebook shows them once, from the Analysis, not again at the end of the cell.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from notebook_router.analyst.codegen import Program, frame_name
from notebook_router.data.dask_data import is_dask_collection


@dataclass(frozen=True, slots=True)
class Ran:
    """What the code left behind: ``result``, the figure, and the named outputs."""

    result: Any
    figure: Any
    outputs: dict[str, Any]


def namespace(frames: Mapping[str, Any], code: str | None = None) -> dict[str, Any]:
    """Frames by name, with pd, np, stats and plt, as the shown code expects.

    Given the ``code`` to run, ``stats`` and ``plt`` are there only when it names them:
    scipy.stats and pyplot take seconds to import the first time, and a sum or a filter
    (a kernel's first question, often) needs neither.
    """
    import numpy as np
    import pandas as pd

    ns: dict[str, Any] = {"pd": pd, "np": np}
    if code is None or _STATS.search(code):
        from scipy import stats

        ns["stats"] = stats
    if code is None or _PLT.search(code):
        ns["plt"] = _pyplot()
    ns.update({frame_name(name): frame for name, frame in frames.items()})
    if any(is_dask_collection(frame) for frame in frames.values()):
        import dask
        import dask.dataframe as dd

        ns.update(dask=dask, dd=dd)  # as Dask code expects (see analyst/dask_code.py)
    return ns


_STATS = re.compile(r"\bstats\b")
_PLT = re.compile(r"\bplt\b")


def _pyplot() -> Any:
    import sys

    import matplotlib

    if "matplotlib.pyplot" not in sys.modules and "MPLBACKEND" not in __import__("os").environ:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def run(program: Program, frames: Mapping[str, Any]) -> Ran:
    """Execute ``program.code``; errors propagate to the caller, which declines with them."""
    import warnings

    ns = namespace(frames, "\n".join([program.code, *program.outputs.values()]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(program.code, "<analysis>", "exec"), ns)
        outputs = {name: eval(expr, ns) for name, expr in program.outputs.items()}
    figure = ns.get("fig")
    if figure is not None and "plt" in ns:  # a Figure made without pyplot is in no registry
        ns["plt"].close(figure)
    return Ran(ns.get("result"), figure, outputs)
