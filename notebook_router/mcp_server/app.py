"""The served tools, on the SDK's own ``MCPServer``: route, run_status, stop_run,
list_dataframes, describe (see :mod:`notebook_router.mcp_server`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, ContentBlock, ImageContent, TextContent, ToolAnnotations

from notebook_router import __version__
from notebook_router.errors import NotebookRouterError
from notebook_router.mcp_server.data import describe_frame, frames_listed
from notebook_router.mcp_server.runs import ServedRuns, reply_parts, status
from notebook_router.text.secrets import redact

NAME = "notebook-router"
INSTRUCTIONS = (
    "A router agent for data analysis: route(task) plans the task, hands the pieces to "
    "its agents (a data analyst over the DataFrames list_dataframes shows, research, "
    "reasoning, summaries) and answers with the numbers, the tables and code behind "
    "them, and figures, citing which step produced what. Tasks are plain words: "
    "'mean fare by class in titanic', 'plot monthly sales'. Long runs: route(task, "
    "wait=false), then run_status(run_id); stop_run(run_id) ends one, keeping what is done."
)
READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def build_server(runs: ServedRuns, frames: Mapping[str, Any]) -> MCPServer:
    """An MCP server whose tools start and follow ``runs`` and describe ``frames``."""
    server = MCPServer(NAME, instructions=INSTRUCTIONS, version=__version__)

    @server.tool(annotations=ToolAnnotations(title="Route a task", open_world_hint=False))
    async def route(task: str, wait: bool = True) -> CallToolResult:
        """Answer a task with the router: the answer with its citations, the tables and
        code behind it, and figures as images; the run's id. With wait=false, the run's
        id at once (follow it with run_status)."""
        try:
            run = runs.start(task)
        except NotebookRouterError as exc:
            raise ToolError(redact(str(exc))) from None
        if not wait:
            return _reply(f"Started run {run.id}; follow it with run_status.", status(run))
        await runs.finish(run)
        text, figures, structured = reply_parts(run)
        blocks: list[ContentBlock] = [TextContent(type="text", text=text)]
        blocks += [ImageContent(type="image", data=data, mime_type=m) for m, data in figures]
        return CallToolResult(content=blocks, structured_content=structured)

    @server.tool(annotations=READ_ONLY)
    def run_status(run_id: str) -> CallToolResult:
        """Whether a run is still going or how it ended, its plan, and its answer once done."""
        found = _run(runs, run_id)
        reply = status(found)
        lines = [f"run {found.id}: {reply['status']}"]
        lines += [
            f"- {t['id']} {t['agent']} {t['status']}: {t['description']}" for t in reply["tasks"]
        ]
        if "answer" in reply:
            lines += ["", reply["answer"]]
        return _reply("\n".join(lines), reply)

    @server.tool(annotations=ToolAnnotations(destructive_hint=False, open_world_hint=False))
    def stop_run(run_id: str) -> str:
        """Stop a run: work in flight is cancelled, what is done is kept and answered from."""
        found = _run(runs, run_id)
        if found.done():
            return f"Run {found.id} has already ended ({found.state.stop_reason})."
        found.stop()
        return f"Stopping run {found.id}; run_status shows its answer once it has ended."

    @server.tool(annotations=READ_ONLY)
    def list_dataframes() -> CallToolResult:
        """The DataFrames this server works on: name, rows, columns."""
        listed = frames_listed(frames)
        if not listed:
            text = "No DataFrames: start the server with --data PATH to give it some."
        else:
            text = "\n".join(
                f"- {f['name']}: {f['rows']:,} rows; columns {', '.join(f['columns'])}"
                for f in listed
            )
        return _reply(text, {"dataframes": listed})

    @server.tool(annotations=READ_ONLY)
    def describe(name: str) -> str:
        """One DataFrame in detail: each column's type and gaps, statistics, first rows."""
        if name not in frames:
            known = ", ".join(frames) or "none"
            raise ToolError(f"No DataFrame named {name!r}; the server has: {known}.")
        return describe_frame(name, frames[name])

    return server


def _run(runs: ServedRuns, run_id: str) -> Any:
    try:
        return runs.get(run_id)
    except NotebookRouterError as exc:
        raise ToolError(str(exc)) from None


def _reply(text: str, structured: dict[str, Any]) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=structured
    )


__all__ = ["INSTRUCTIONS", "NAME", "build_server"]
