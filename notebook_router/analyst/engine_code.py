"""How pandas and Dask spell the same step of an operation, where they differ.

The operations of :mod:`.codegen_ops` are written once, for both: each takes an
:class:`Engine`, pandas' by default (:data:`PANDAS`), and asks it for the few spellings
that differ. Dask's (:class:`notebook_router.analyst.dask_code.DaskEngine`) keeps every
step lazy and computes once: a reduction is followed by ``.compute()``, a group-by
brings its groups back in one partition (``split_out=1``), a length is counted on the
cluster. Which operations Dask cannot do on a cluster is said in :mod:`.dask_code`,
before an operation is written.
"""

from __future__ import annotations

from notebook_router.analyst.codegen import Builder, scalar_stat


class Engine:
    """Pandas' spellings (Dask's differ where :mod:`.dask_code` says so)."""

    lazy = False
    """Whether the code's steps are lazy until one ``.compute()`` (Dask)."""

    def computed(self, expr: str) -> str:
        """``expr``'s value in the kernel (pandas: ``expr`` itself)."""
        return expr

    def whole(self, expr: str) -> str:
        """``expr``'s value as a whole number where it is one lazily (pandas: itself)."""
        return expr

    def args(self, *args: str) -> str:
        """The arguments of a reduction over groups or value counts."""
        return ", ".join(a for a in args if a)

    def length(self, rows: str) -> str:
        """The number of ``rows``."""
        return f"len({rows})"

    def ordered(self, counts: str) -> str:
        """Value counts, largest first (pandas' already are)."""
        return counts

    def statistic(self, b: Builder, series: str, agg: str, q: float | None) -> str:
        """``agg`` of one column, written the plain way."""
        return scalar_stat(series, agg, q)

    def gathered(self, items: str) -> str:
        """A Series of several statistics, ``items`` the ``'name': expr`` pairs."""
        return f"pd.Series({{{items}}})"


PANDAS = Engine()
"""Pandas: every step computes as it runs."""
