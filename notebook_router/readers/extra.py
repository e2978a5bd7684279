"""The ``media`` extra: the libraries the readers import, and what to say when one is missing.

The core install reads no media (a data person's notebook needs pandas, not
PyAV). The readers import their library when they first read something; when
it is not installed, the reader's error (and so the media agent's result)
names the extra that brings it, never a bare ``ImportError``.
"""

from __future__ import annotations

import importlib
from typing import Any

from notebook_router.errors import MediaReadError

MEDIA_EXTRA = "pip install 'notebook-router[media]'"
"""The one line that installs every reader's library."""


def missing(reading: str, package: str) -> str:
    """What to tell a user whose install lacks ``package``, needed for ``reading``."""
    return f"{reading} needs {package}, part of the media extra: {MEDIA_EXTRA}"


def require(module: str, package: str, reading: str) -> Any:
    """``import module``, or a :class:`MediaReadError` naming the extra that brings it.

    >>> require("pypdf", "pypdf", "Reading a PDF")  # doctest: +SKIP
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MediaReadError(missing(reading, package)) from None


__all__ = ["MEDIA_EXTRA", "missing", "require"]
