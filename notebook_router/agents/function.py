"""Turn a plain or async Python function into an agent."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, overload

from notebook_router.agents.base import (
    AgentContext,
    Capability,
    CapabilitySpec,
    TaskRequest,
    check_agent_name,
    parse_capabilities,
)
from notebook_router.agents.placement import current_placement
from notebook_router.agents.tree import TreeNode
from notebook_router.errors import AgentDefinitionError
from notebook_router.text.unicode import valid_unicode
from notebook_router.threads import in_thread

# What a function agent may ask for, by parameter name.
_INJECTABLE: dict[str, Callable[[TaskRequest, AgentContext], Any]] = {
    "task": lambda task, ctx: task.description,
    "request": lambda task, ctx: task,
    "context": lambda task, ctx: ctx,
    "ctx": lambda task, ctx: ctx,
    "inputs": lambda task, ctx: ctx.inputs,
    "goal": lambda task, ctx: ctx.goal,
    "shared": lambda task, ctx: ctx.shared,
    "model": lambda task, ctx: ctx.model,
    "media": lambda task, ctx: ctx.media,
}


class FunctionAgent(TreeNode):
    """An agent backed by a Python function (see :func:`agent`).

    Calling the object calls the original function, so decorated functions
    stay usable as ordinary functions.
    """

    def __init__(
        self,
        fn: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        can: Iterable[CapabilitySpec] | Mapping[str, float] | str | None = None,
        timeout: float | None = None,
        thread: bool = True,
        local: bool = False,
        parent: Any = None,
        children: Iterable[Any] = (),
    ) -> None:
        self.fn = fn
        self.name = check_agent_name(name or fn.__name__)
        # Shown in listings, panels and prompts: a docstring from a file read with
        # errors="surrogateescape" may hold lone surrogates no output can encode.
        self.description = valid_unicode(
            description or _first_paragraph(inspect.getdoc(fn)) or self.name
        )
        self.capabilities: tuple[Capability, ...] = parse_capabilities(can)
        self.timeout_s = timeout
        self.is_async = inspect.iscoroutinefunction(fn)
        # Sync functions run in a worker thread by default so a slow one never
        # blocks the event loop (Stop must stay responsive); a daemon thread, so
        # one that outlives its timeout never holds up the process's exit. thread=False keeps
        # them on the loop for thread-affine code such as some plotting libraries.
        self.thread = thread and not self.is_async
        self.local = local
        """Always run in this process, even when the router sends agents to a cluster."""
        self._binders = _binders_for(fn, self.name)
        functools.update_wrapper(self, fn)
        for child in children:
            self.add_child(child)
        if parent is not None:
            attach(self, parent)

    def run(self, task: TaskRequest, context: AgentContext) -> Awaitable[Any]:
        # A plain method returning the awaitable, rather than an ``async def``
        # wrapping it: one coroutine fewer for every task the loop starts.
        kwargs = {}
        for param, bind in self._binders:
            kwargs[param] = bind(task, context)
        if not self.local:
            placement = current_placement()  # a router with executor=...: maybe a cluster
            if placement is not None:
                elsewhere = placement.place(self, kwargs, task, context)
                if elsewhere is not None:
                    return elsewhere
        if self.is_async:
            result: Awaitable[Any] = self.fn(**kwargs)
            return result
        if self.thread:
            return in_thread(self.fn, **kwargs)
        return _inline(self.fn, kwargs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn(*args, **kwargs)

    def __repr__(self) -> str:
        topics = ", ".join(c.topic for c in self.capabilities)
        return f"<agent {self.name!r} can=[{topics}]>"


@overload
def agent(fn: Callable[..., Any], /) -> FunctionAgent: ...


@overload
def agent(
    fn: None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    can: Iterable[CapabilitySpec] | Mapping[str, float] | str | None = None,
    timeout: float | None = None,
    thread: bool = True,
    local: bool = False,
    parent: Any = None,
    children: Iterable[Any] = (),
) -> Callable[[Callable[..., Any]], FunctionAgent]: ...


def agent(
    fn: Callable[..., Any] | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    can: Iterable[CapabilitySpec] | Mapping[str, float] | str | None = None,
    timeout: float | None = None,
    thread: bool = True,
    local: bool = False,
    parent: Any = None,
    children: Iterable[Any] = (),
) -> FunctionAgent | Callable[[Callable[..., Any]], FunctionAgent]:
    """Make an agent from a function.

    The function asks for what it needs by parameter name: ``task`` (the task
    text), ``inputs`` (results of the tasks it depends on), ``context``,
    ``request``, ``goal``, ``shared``, ``model`` or ``media``. A function with a
    single parameter of any other name receives the task text. Its return value
    becomes the result's ``data``; raising :class:`~notebook_router.errors.Unable`
    reports "not my job"; any other exception becomes a ``failed`` result.

    ``parent=`` places the agent under another agent (a delegation tree) and
    ``children=`` places agents under it. An agent with children that cannot
    do a task (it raises ``Unable``) hands it to its children in parallel; it
    may also split the task with :class:`~notebook_router.agents.delegation.Delegate`.

    A router given a cluster (``Router(agents, executor="dask")``) runs function agents
    on its workers; ``local=True`` keeps this one in this process (it needs the
    kernel's objects, a GPU here, a file only this machine has).

    >>> @agent(can=["weather", "forecast"])
    ... def weather(task: str) -> str:
    ...     "Looks up the weather."
    ...     return "sunny"
    >>> weather.name, [c.topic for c in weather.capabilities]
    ('weather', ['weather', 'forecast'])
    """

    def wrap(f: Callable[..., Any]) -> FunctionAgent:
        return FunctionAgent(
            f,
            name=name,
            description=description,
            can=can,
            timeout=timeout,
            thread=thread,
            local=local,
            parent=parent,
            children=children,
        )

    return wrap(fn) if fn is not None else wrap


def attach(child: Any, parent: Any) -> None:
    """Place ``child`` under ``parent``, with a clear error if ``parent`` cannot hold children."""
    if isinstance(parent, str):
        raise AgentDefinitionError(
            f"parent={parent!r}: pass the parent agent itself (e.g. parent=experiences), "
            "not its name."
        )
    if not callable(getattr(parent, "add_child", None)):
        raise AgentDefinitionError(
            f"{parent!r} cannot hold child agents: use an @agent function, a cell agent, "
            "an agent group or a BaseAgent subclass as the parent."
        )
    parent.add_child(child)


async def _inline(fn: Callable[..., Any], kwargs: dict[str, Any]) -> Any:
    return fn(**kwargs)


def _binders_for(
    fn: Callable[..., Any], agent_name: str
) -> list[tuple[str, Callable[[TaskRequest, AgentContext], Any]]]:
    params = [
        p
        for p in inspect.signature(fn).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    if len(params) == 1 and params[0].name not in _INJECTABLE:
        return [(params[0].name, _INJECTABLE["task"])]
    binders = []
    for p in params:
        if p.name in _INJECTABLE:
            binders.append((p.name, _INJECTABLE[p.name]))
        elif p.default is inspect.Parameter.empty:
            raise AgentDefinitionError(
                f"Agent {agent_name!r}: parameter {p.name!r} has no default and is not one "
                f"the router can fill. Use any of: {', '.join(_INJECTABLE)}."
            )
    return binders


def _first_paragraph(doc: str | None) -> str:
    return doc.strip().split("\n\n", 1)[0].replace("\n", " ") if doc else ""
