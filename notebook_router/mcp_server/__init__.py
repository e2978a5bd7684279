"""The router as an MCP server: other agents hand it analysis tasks.

``notebook-router mcp`` (stdio; ``--http PORT`` for Streamable HTTP on 127.0.0.1,
``python -m notebook_router mcp`` the same) serves five tools, built with the
official ``mcp`` SDK's ``MCPServer``:

* ``route(task, wait=True)``: a task in; the answer out with its citations, the
  tables behind it and its figures (as images), and the run's id;
* ``run_status(run_id)`` and ``stop_run(run_id)``: follow or stop a run;
* ``list_dataframes()`` and ``describe(name)``: the data the server was given
  (``--data PATH...``, each file read through the guarded resolver).

A terminal agent, a desktop agent or JupyterLab's AI panel can then hand analysis
to it. Runs it serves are recorded in its session database like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.lazy import lazy_exports

if TYPE_CHECKING:
    from notebook_router.mcp_server.app import build_server
    from notebook_router.mcp_server.runs import ServedRuns

__all__ = ["ServedRuns", "build_server"]

if not TYPE_CHECKING:
    __getattr__ = lazy_exports(
        __name__,
        {
            "ServedRuns": "notebook_router.mcp_server.runs",
            "build_server": "notebook_router.mcp_server.app",
        },
    )
