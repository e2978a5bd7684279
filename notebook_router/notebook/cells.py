"""Notebook cells as agents.

``%%agent NAME --can "topics"`` registers the cell body as an agent. When
the planner calls it, the body runs in the user namespace with ``task``,
``context`` and ``inputs`` bound; the value of its last expression becomes
the result's data, and everything it displays (matplotlib figures,
DataFrames, HTML, images) is captured as media on the result.
"""

from __future__ import annotations

import ast
import asyncio
import hashlib
import inspect
import io
import linecache
import sys
import traceback
import weakref
from typing import Any

from notebook_router.agents.base import (
    AgentContext,
    Capability,
    CapabilitySpec,
    TaskRequest,
    check_agent_name,
    parse_capabilities,
)
from notebook_router.agents.tree import TreeNode, walk_tree
from notebook_router.errors import DelegationCycleError, NeedsUserInput, Unable
from notebook_router.media import Media
from notebook_router.notebook.outputs import CellOutput, describe_figure, is_figure
from notebook_router.result import AgentResult
from notebook_router.threads import in_thread

_BOUND = ("task", "context", "inputs", "request")
_MISSING = object()
_TURNS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


def _turn() -> asyncio.Lock:
    """The lock that lets one cell agent run at a time on the running loop.

    A cell agent runs in the notebook's own namespace (``task``, ``inputs``
    and ``context`` are bound there) and captures the kernel's global
    stdout and display publisher while it runs. Two at once, as a plan's
    parallel tasks would have it, would read each other's ``task`` and
    restore each other's streams in the wrong order, leaving the kernel's
    output captured for good. ``@agent`` functions have none of this and run
    in parallel as usual.
    """
    loop = asyncio.get_running_loop()
    lock = _TURNS.get(loop)
    if lock is None:
        lock = _TURNS[loop] = asyncio.Lock()
    return lock


class CellAgent(TreeNode):
    """An agent whose body is a notebook cell.

    It keeps a link back to its cell (execution count, cell id when the
    frontend sends one) and a hash of its source, so a plan's provenance
    points into the notebook. Re-running the defining cell replaces it, and
    the new definition takes over the old one's children and place in its
    tree (``%%agent NAME --parent HEAD`` places it under HEAD).
    """

    def __init__(
        self,
        name: str,
        source: str,
        *,
        shell: Any,
        can: list[CapabilitySpec] | str | None = None,
        description: str | None = None,
        execution_count: int | None = None,
        cell_id: str | None = None,
        timeout: float | None = None,
        thread: bool = False,
    ) -> None:
        self.name = check_agent_name(name)
        self.source = source
        self.shell = shell
        self.capabilities: tuple[Capability, ...] = parse_capabilities(can)
        self.description = description or _describe(source, self.name)
        self.execution_count = execution_count
        self.cell_id = cell_id
        self.timeout_s = timeout
        self.thread = thread
        self.source_hash = hashlib.sha256(source.encode()).hexdigest()[:12]

    @property
    def origin(self) -> str:
        """Where the agent is defined, e.g. ``In[4] (cell 9f2c…, source 1a2b3c4d5e6f)``."""
        where = f"In[{self.execution_count}]" if self.execution_count else "a cell"
        cell = f"cell {self.cell_id}, " if self.cell_id else ""
        return f"{where} ({cell}source {self.source_hash})"

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        async with _turn():  # one cell agent at a time: see _turn
            return await self._run(task, context)

    async def _run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        from IPython.utils.capture import capture_output

        ns = self.shell.user_ns
        bindings = {
            "task": task.description,
            "context": context,
            "inputs": context.inputs,
            "request": task,
        }
        saved = {k: ns.get(k, _MISSING) for k in _BOUND}
        ns.update(bindings)
        figures_before = _figure_numbers()
        try:
            with capture_output(stdout=True, stderr=True, display=True) as captured:
                value = await self._execute(ns)
        except (Unable, NeedsUserInput):
            raise  # the agent's own signal: the executor files it, as for function agents
        except Exception as exc:
            return AgentResult.failed(self._explain(exc))
        finally:
            for key, old in saved.items():
                if old is _MISSING:
                    ns.pop(key, None)
                else:
                    ns[key] = old
        media = [m for m in (_output_media(o.data, self.name) for o in captured.outputs) if m]
        media += _new_figures(figures_before, self.name)
        if is_figure(value):
            media.append(_figure_media(value, self.name))
            value = None
        if isinstance(value, AgentResult):
            return value.model_copy(update={"media": (*value.media, *media)})
        data = value if value is not None else (captured.stdout.strip() or None)
        return AgentResult(data=data, media=tuple(media))

    async def _execute(self, ns: dict[str, Any]) -> Any:
        code = self.shell.transform_cell(self.source)
        module = ast.parse(code)
        last = module.body.pop() if module.body and isinstance(module.body[-1], ast.Expr) else None
        filename = f"<cell agent {self.name}>"
        # Register the source so tracebacks (ours and IPython's) can quote it.
        linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
        flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
        body = compile(module, filename, "exec", flags=flags)
        tail = compile(ast.Expression(last.value), filename, "eval", flags=flags) if last else None
        if self.thread and not _is_async(body) and not (tail and _is_async(tail)):
            return await in_thread(_run_sync, body, tail, ns)
        result = eval(body, ns)
        if inspect.iscoroutine(result):
            await result
        if tail is None:
            return None
        value = eval(tail, ns)
        return await value if inspect.iscoroutine(value) and _is_async(tail) else value

    def _explain(self, exc: BaseException) -> str:
        frames = [
            f
            for f in traceback.extract_tb(exc.__traceback__)
            if f.filename.startswith("<cell agent")
        ]
        where = (
            f" (line {frames[-1].lineno} of cell agent {self.name!r}: {frames[-1].line})"
            if frames
            else ""
        )
        return f"{type(exc).__name__}: {exc}{where}"

    def take_place_of(self, old: Any, parent: Any) -> None:
        """Replace ``old`` (the previous definition of this cell agent) in its tree.

        The new definition keeps ``old``'s children and goes under ``parent``
        (None: top level); if ``old`` sat under another parent it leaves it.
        """
        if old is not None and parent is not None:
            # Check before changing anything: a rejected definition loses nothing.
            for path, node in walk_tree(old):
                if node is parent:
                    raise DelegationCycleError((parent.name, *path))
        if old is not None:
            for child in old.children:
                self.add_child(child)
            old.children = ()
            previous = getattr(old, "parent", None)
            if previous is not None and previous is not parent:
                previous.remove_child(old.name)
        if parent is not None:
            parent.add_child(self)

    def __repr__(self) -> str:
        topics = ", ".join(c.topic for c in self.capabilities)
        where = f" under {self.parent.name!r}" if self.parent is not None else ""
        return f"<cell agent {self.name!r} from {self.origin}{where} can=[{topics}]>"


def _run_sync(body: Any, tail: Any, ns: dict[str, Any]) -> Any:
    exec(body, ns)
    return eval(tail, ns) if tail is not None else None


def _is_async(code: Any) -> bool:
    return bool(code.co_flags & inspect.CO_COROUTINE)


def _describe(source: str, name: str) -> str:
    for line in source.splitlines():
        text = line.strip()
        if text.startswith("#"):
            return text.lstrip("# ").strip() or name
        if text:
            break
    return f"notebook cell agent {name}"


def _output_media(data: dict[str, Any], agent: str) -> Media | None:
    return CellOutput(0, None, data, "display").to_media(f"agent:{agent}")


def _figure_numbers() -> set[int]:
    plt = sys.modules.get("matplotlib.pyplot")
    return set(plt.get_fignums()) if plt is not None else set()


def _new_figures(before: set[int], agent: str) -> list[Media]:
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is None:
        return []
    media = []
    for number in sorted(set(plt.get_fignums()) - before):
        figure = plt.figure(number)
        media.append(_figure_media(figure, agent))
        plt.close(figure)  # captured here; the inline backend must not show it again
    return media


def _figure_media(figure: Any, agent: str) -> Media:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return Media(
        mime_type="image/png",
        data=buffer.getvalue(),
        source=f"agent:{agent}",
        description=describe_figure(figure),
    )
