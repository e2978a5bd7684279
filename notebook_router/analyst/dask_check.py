"""Model-written code over a Dask DataFrame: what the model is told, and what may not run.

A model asked for "pandas code" about a ``dask.dataframe.DataFrame`` writes pandas
habits: ``df.compute()`` first, ``.values``, a loop over the rows. On a frame bigger
than the kernel each of those pulls the whole frame into the kernel's memory. So:

- :func:`dask_brief` is added to the model's prompt for every Dask frame it may use:
  that the frame is a Dask DataFrame (lazy), how many partitions it has, its columns'
  dtypes (from its meta: no computation), to reduce on the cluster and call
  ``.compute()`` once at the end, and which pandas idioms Dask does not have.
- :func:`whole_frame_problems` reads the code before it runs, without running it, and
  names each place that would bring an unreduced Dask frame into the kernel:
  ``.compute()`` (or ``dask.compute``) of the frame, a column, a filter or a derived
  column of it; ``.values``, ``.to_numpy()``, ``.to_pandas()``, ``.to_dict()``,
  ``.tolist()``; iterating over its rows (``for``, ``.iterrows()``, ``.itertuples()``,
  ``.items()``); ``np.asarray``/``pd.DataFrame`` of it. The model gets those back once;
  code that still does one is refused, not run.

What counts as reduced: an aggregation (``sum``, ``mean``, ``agg``, ``value_counts``,
``nunique``, ``describe``, ...), a group-by's or a resample's aggregation, and the
bounded row pickers ``head``, ``tail``, ``nlargest``, ``nsmallest``. ``len(df)`` is
allowed: Dask counts each partition on the cluster and only the integer comes back.
A filter is not a reduction (it may keep most of the rows): the rows it keeps come
back through ``head(n)`` or an aggregation.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from notebook_router.data.dask_data import is_dask_collection

REDUCING = frozenset(
    {
        "sum", "mean", "median", "min", "max", "count", "std", "var", "sem", "skew",
        "kurtosis", "prod", "nunique", "unique", "value_counts", "agg", "aggregate",
        "describe", "quantile", "mode", "idxmax", "idxmin", "any", "all", "size",
        "head", "tail", "nlargest", "nsmallest", "memory_usage", "corr", "cov",
        "first", "last", "ohlc", "drop_duplicates", "sample",
    }
)  # fmt: skip
"""Methods whose result is small (an aggregate or a bounded number of rows).
``drop_duplicates`` and ``sample`` are counted as reducing on purpose: a model uses them
for distinct values and samples, and their result is as small as the question."""
WINDOWS = frozenset({"rolling", "expanding", "ewm", "cumsum", "cumprod", "cummax", "cummin"})
"""Methods after which an "aggregation" is still one value per row."""
META = frozenset(
    {"shape", "columns", "dtypes", "dtype", "npartitions", "divisions", "known_divisions",
     "name", "ndim", "_meta", "index_name"}
)  # fmt: skip
"""Attributes read from the frame's meta: no rows."""
MATERIALISE = {
    "values": "`.values` makes an array of every row",
    "to_numpy": "`.to_numpy()` makes an array of every row",
    "to_pandas": "`.to_pandas()` does not exist in Dask (and would pull every row)",
    "to_dict": "`.to_dict()` needs every row",
    "to_records": "`.to_records()` needs every row",
    "tolist": "`.tolist()` needs every row",
    "to_list": "`.to_list()` needs every row",
    "iterrows": "`.iterrows()` iterates over every row",
    "itertuples": "`.itertuples()` iterates over every row",
    "items": "`.items()` iterates over every row",
    "iteritems": "`.iteritems()` iterates over every row",
}
_WRAPPERS = frozenset({"asarray", "array", "DataFrame", "Series"})
"""Calls that copy what they are given into the kernel (``list(df)`` is only the columns)."""


def dask_frames(variables: Mapping[str, Any]) -> dict[str, Any]:
    """The Dask DataFrames and Series among ``variables``, by name."""
    return {name: v for name, v in variables.items() if is_dask_collection(v)}


def dask_brief(frames: Mapping[str, Any]) -> str:
    """What the model is told about the Dask frames it may use ('' without one)."""
    if not frames:
        return ""
    lines = []
    for name, frame in frames.items():
        meta = getattr(frame, "_meta", None)
        dtypes = getattr(meta, "dtypes", None)
        if dtypes is not None and hasattr(dtypes, "items"):
            typed = ", ".join(f"{c} {d}" for c, d in list(dtypes.items())[:40])
        else:
            typed = str(getattr(meta, "dtype", "?"))
        kind = "DataFrame" if hasattr(frame, "columns") else "Series"
        lines.append(
            f"- `{name}` is a Dask {kind} (dask.dataframe), not pandas: lazy, in "
            f"{frame.npartitions} partitions; dtypes from its meta: {typed}."
        )
    return "\n".join(
        [
            "Dask frames (they may not fit in the kernel's memory):",
            *lines,
            "Write Dask code for them: lazy operations (filters, assign, groupby(...).agg, "
            "value_counts, nlargest), then one `.compute()` at the end, on the small reduced "
            "result (use `dask.compute(a, b)` for several). Never compute, iterate over or "
            "convert the whole frame, a column or a filtered frame (`df.compute()`, "
            "`.values`, `.to_numpy()`, `for row in df`, `.iterrows()`): reduce first, or "
            "take `.head(n, npartitions=-1)`. `len(df)` is fine (counted on the cluster).",
            "Not in Dask: positional row access (`.iloc[rows]`, `.iat`), `df.T`, `.pivot` "
            "(use `.pivot_table` on a categorical column), `inplace=True`, "
            "`.apply(axis=0)`, `.to_pandas()`. Different in Dask: `.head(n)` looks only in "
            "the first partition (give `npartitions=-1` after a filter); `.median()` and "
            "`.quantile()` are approximate; for a top N use `.nlargest(n)`, not a full "
            "`.sort_values`. Draw charts with matplotlib from the computed (pandas) result.",
        ]
    )


def uses_frames(code: str, frames: Mapping[str, Any]) -> bool:
    """``code`` names one of ``frames`` (its answer is Dask code)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    return any(isinstance(n, ast.Name) and n.id in frames for n in ast.walk(tree))


def whole_frame_problems(code: str, frames: Mapping[str, Any]) -> list[str]:
    """The places in ``code`` that would bring an unreduced Dask frame into the kernel,
    in words a model can act on (empty: none, or code that does not parse)."""
    if not frames:
        return []
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    reader = _Reader(set(frames))
    reader.visit(tree)
    return list(dict.fromkeys(reader.problems))


class _Reader(ast.NodeVisitor):
    """Walks the code in order, knowing which names hold a whole (unreduced) Dask frame."""

    def __init__(self, frames: set[str]) -> None:
        self.whole = {name: name for name in frames}
        """Names holding a whole Dask frame, and the frame each comes from."""
        self.problems: list[str] = []

    # What an expression holds --------------------------------------------------------
    def origin(self, node: ast.AST) -> str | None:
        """The Dask frame ``node`` holds whole (a column, a filter, a derived column of it
        included), or None when it is reduced, small or not from a Dask frame."""
        if isinstance(node, ast.Name):
            return self.whole.get(node.id)
        if isinstance(node, ast.Subscript):
            return self.origin(node.value)
        if isinstance(node, ast.Attribute):
            if node.attr in META:
                return None
            return self.origin(node.value)
        if isinstance(node, ast.BinOp):
            return self.origin(node.left) or self.origin(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.origin(node.operand)
        if isinstance(node, ast.Compare):
            return self.origin(node.left)
        if isinstance(node, ast.Call):
            return self.call_origin(node)
        return None

    def call_origin(self, node: ast.Call) -> str | None:
        func = node.func
        if isinstance(func, ast.Attribute):
            receiver = self.origin(func.value)
            if receiver is not None:
                if func.attr in REDUCING and not self.windowed(func.value):
                    return None
                if func.attr in ("compute", "persist", "__len__") or func.attr in MATERIALISE:
                    return None  # said where it happens; its result is no Dask frame
                return receiver
            # dd.to_datetime(df.x), dd.concat([df, ...]), np.log(df.x): element-wise
            if isinstance(func.value, ast.Name) and func.value.id in ("dd", "np", "numpy"):
                return next((o for a in node.args if (o := self.origin(a)) is not None), None)
        return None

    def windowed(self, node: ast.AST) -> bool:
        """``node`` is a window (``rolling``, ``expanding``, ...): its aggregations keep a
        value per row."""
        while True:
            if isinstance(node, ast.Call):
                node = node.func
            elif isinstance(node, ast.Attribute):
                if node.attr in WINDOWS:
                    return True
                node = node.value
            elif isinstance(node, ast.Subscript):
                node = node.value
            else:
                return False

    # What the code does ----------------------------------------------------------------
    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        holds = self.origin(node.value)
        for target in node.targets:
            if isinstance(target, ast.Name):
                if holds is not None:
                    self.whole[target.id] = holds
                else:
                    self.whole.pop(target.id, None)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute):
            frame = self.origin(func.value)
            if frame is not None and func.attr == "compute":
                self.problems.append(
                    f"`{_source(func.value)}.compute()` computes all of `{frame}` (every row, "
                    "not a reduced result) into the kernel: aggregate it, or take "
                    "`.head(n, npartitions=-1)`, before `.compute()`"
                )
            elif frame is not None and func.attr in MATERIALISE:
                self.problems.append(f"{MATERIALISE[func.attr]} of `{frame}`: reduce it first")
            elif func.attr == "compute" and isinstance(func.value, ast.Name):
                self.computed(node.args)  # dask.compute(a, b)
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in _WRAPPERS:
            for arg in node.args[:1]:
                frame = self.origin(arg)
                if frame is not None:
                    self.problems.append(
                        f"`{name}({_source(arg)})` pulls every row of `{frame}` into the "
                        "kernel: reduce it first"
                    )
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr == "values":
            frame = self.origin(node.value)
            if frame is not None:
                self.problems.append(f"{MATERIALISE['values']} of `{frame}`: reduce it first")
        self.generic_visit(node)

    def visit_For(self, node: ast.For) -> None:
        self.iterated(node.iter)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        self.iterated(node.iter)
        self.generic_visit(node)

    def iterated(self, node: ast.AST) -> None:
        frame = self.origin(node)
        if frame is not None:
            self.problems.append(
                f"`for ... in {_source(node)}` iterates over every row of `{frame}` in the "
                "kernel: reduce it on the cluster instead"
            )

    def computed(self, args: list[ast.expr]) -> None:
        for arg in args:
            frame = self.origin(arg)
            if frame is not None:
                self.problems.append(
                    f"`dask.compute({_source(arg)})` computes all of `{frame}` (every row) into "
                    "the kernel: aggregate it first"
                )


def _source(node: ast.AST) -> str:
    text = ast.unparse(node)
    return text if len(text) <= 60 else text[:57] + "..."
