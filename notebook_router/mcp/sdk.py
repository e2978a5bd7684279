"""The one check that the official MCP SDK is installed (the ``mcp`` extra).

Modules that talk MCP import the SDK at their top; they are imported only after
:func:`require_sdk` has said it is there, so a missing extra is one clear
:class:`~notebook_router.errors.MCPUnavailableError`, never an ``ImportError`` from
deep inside a run.
"""

from __future__ import annotations

import functools
import importlib.util

from notebook_router.errors import MCPUnavailableError


@functools.cache
def has_sdk() -> bool:
    """Whether ``import mcp`` would find the SDK."""
    return importlib.util.find_spec("mcp") is not None


def require_sdk() -> None:
    """Raise :class:`MCPUnavailableError` (naming the extra) unless the SDK is installed."""
    if not has_sdk():
        raise MCPUnavailableError()


__all__ = ["has_sdk", "require_sdk"]
