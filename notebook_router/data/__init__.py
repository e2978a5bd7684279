"""The kernel's data as context: what the notebook holds, described for a prompt.

The first hop of every run scans the namespace (IPython's ``user_ns``, or any
mapping) and describes each data object compactly: kind, shape, columns
with dtypes and figures, a few rows, and how recently it changed. It never
copies data and never walks a large object; descriptions are cached per
object and reused until a cheap change signal moves.

>>> from notebook_router.data import NamespaceScanner
>>> context = NamespaceScanner().scan({"prices": [{"item": "tea", "eur": 3.5}] * 4})
>>> print(context.render())  # doctest: +ELLIPSIS
Data in the notebook (most recently changed first):
prices: list of 4 records with keys item, eur
...

Nothing here imports IPython, pandas, polars or NumPy at import time.
"""

from __future__ import annotations

from notebook_router.data.context import DataContext
from notebook_router.data.describe import ColumnSummary, DataDescription
from notebook_router.data.listing import (
    Listing,
    ListingRequest,
    answer_listing,
    is_listing_question,
    listing,
    parse_listing_question,
)
from notebook_router.data.names import Reference, resolve_references
from notebook_router.data.pointers import OutputRecord
from notebook_router.data.scanner import NamespaceScanner

__all__ = [
    "ColumnSummary",
    "DataContext",
    "DataDescription",
    "Listing",
    "ListingRequest",
    "NamespaceScanner",
    "OutputRecord",
    "Reference",
    "answer_listing",
    "is_listing_question",
    "listing",
    "parse_listing_question",
    "resolve_references",
]
