"""``ToolRouter``: route one request to exactly one tool (or none), check its inputs, run it.

::

    router = ToolRouter([convert_length, get_weather], policy="Prefer metric units.")
    router.choose("how far is 5 miles in km?")   # ToolDecision, nothing runs
    router.run("weather in Oslo").text           # chosen, validated, run
    for chunk in router.stream("summarise report.txt"): ...

The model answers with strict JSON ``{"tool": name | null, "inputs": {...}}``
under a JSON schema that lists the tool names as an enum. Unusable replies
(not JSON, an unknown tool, inputs that break the tool's schema) go back to
the model with the error, a bounded number of times; then the user gets a
friendly message instead of a stack trace. With the ``offline`` model the
choice comes from rules (:mod:`notebook_router.tools.rules`) with no model
call, and is checked the same way. Required inputs the request does not give
are reported, never invented.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Iterable, Iterator
from typing import Any, TypeVar

from notebook_router.errors import (
    EmptyTaskError,
    MalformedOutputError,
    ProviderResponseError,
    SyncInLoopError,
    ToolSpecError,
    TransientProviderError,
)
from notebook_router.providers.base import (
    Completion,
    CompletionRequest,
    Message,
    Provider,
    ToolDef,
)
from notebook_router.providers.offline import is_offline
from notebook_router.providers.registry import resolve_model
from notebook_router.text.json_reply import parse_model_output
from notebook_router.text.secrets import redact
from notebook_router.tools import prompts, rules
from notebook_router.tools.decision import RouteReply, ToolDecision, ToolResult, route_schema
from notebook_router.tools.execute import Retries, Sleep, call_tool, stream_tool
from notebook_router.tools.messages import FallbackMessage, default_fallback, missing_message
from notebook_router.tools.spec import Tool, ToolLike
from notebook_router.tools.store import ToolScope, ToolStore
from notebook_router.tools.validate import check_inputs
from notebook_router.tools.word_vectors import bundled_embedder
from notebook_router.usage import ZERO_USAGE, Usage

T = TypeVar("T")
MAX_CANDIDATES = 64
OFFLINE_POOL = 1024
"""The offline rules rank up to this many tools themselves (no prompt to keep short)."""


class ToolRouter:
    """Routes a request to one tool with a model, validates the inputs, runs the tool.

    ``tools``: tools, specs, OpenAI-format dicts or typed functions; or a
    :class:`ToolStore` / :class:`ToolScope` for large sets, in which case only
    the ``max_candidates`` most relevant tools are shown to the model.
    ``model``: a model string or provider (default: ``$NOTEBOOK_ROUTER_MODEL``,
    else a configured key, else ``offline``). ``policy``: extra instructions
    appended to the routing prompt. ``strict``: reject unknown inputs and
    inexact types instead of pruning and converting them. ``retries``: a
    :class:`Retries`, or an int used for both routing and tool retries.
    ``native_tools``: send the tools as the provider's native function
    declarations (OpenAI tools, Gemini function declarations) and read the
    model's function call, instead of asking for a JSON decision. Either
    way the choice is validated, repaired and falls back the same way.
    ``word_vectors``: with the ``offline`` model, rank tools by meaning as well
    as by words, when the ``embeddings`` extra is installed
    (:mod:`~notebook_router.tools.word_vectors`; no download).

    >>> from notebook_router.tools import ToolRouter, tool
    >>> @tool
    ... def is_prime(n: int) -> bool:
    ...     '''Check whether a whole number is a prime number.'''
    ...     return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))
    >>> ToolRouter([is_prime], model="offline").run("is 97 a prime number?").output
    True
    """

    def __init__(
        self,
        tools: Iterable[ToolLike] | ToolStore | ToolScope,
        *,
        model: str | Provider | None = None,
        policy: str | None = None,
        strict: bool = False,
        retries: Retries | int | None = None,
        max_candidates: int = MAX_CANDIDATES,
        fallback_message: FallbackMessage | None = None,
        sleep: Sleep = asyncio.sleep,
        native_tools: bool = False,
        word_vectors: bool = True,
    ) -> None:
        self.scope: ToolScope | None
        if isinstance(tools, ToolScope):
            self.store, self.scope = tools.store, tools
        else:
            self.store = tools if isinstance(tools, ToolStore) else ToolStore(tools)
            self.scope = None
        self.provider = resolve_model(model)
        self.policy = policy
        self.strict = strict
        self.retries = (
            Retries(route=retries, tool=retries)
            if isinstance(retries, int)
            else (retries or Retries())
        )
        self.max_candidates = max_candidates
        self.fallback_message = fallback_message or default_fallback
        self.usage: Usage = ZERO_USAGE  # every routing call this router has made
        self._sleep = sleep
        self.native_tools = native_tools
        self.word_vectors = word_vectors

    # -- async API ---------------------------------------------------------------------

    async def achoose(self, query: str) -> ToolDecision:
        """Decide which tool ``query`` goes to, with what inputs. Runs nothing."""
        if not query or not query.strip():
            raise EmptyTaskError()
        query = query.strip()
        offline = is_offline(self.provider)
        pool = self.scope.tools() if self.scope is not None else list(self.store)
        # The offline rules read every tool of a modest pool with the full relevance
        # (lexicon, stems, parameters); the store's retrieval is only for prompts.
        candidates = pool if offline and len(pool) <= OFFLINE_POOL else self.candidates(query)
        if not candidates:
            return self._no_tool(query, [], "no tool in scope shares a word with the request")
        by_name = {t.name: t for t in candidates}
        if offline:
            return self._by_rules(query, by_name)
        native = self.native_tools
        messages = [
            Message(role="system", content=prompts.system_prompt(self.policy, native=native)),
            prompts.native_request_message(query)
            if native
            else prompts.request_message(query, candidates),
        ]
        schema = None if native else route_schema(tuple(by_name))
        tools = tuple(_tool_def(t) for t in candidates) if native else ()
        usage, attempts, problem = ZERO_USAGE, 0, "no reply"
        for attempt in range(1, self.retries.route + 2):
            try:
                completion = await self.provider.complete(
                    CompletionRequest(
                        messages=tuple(messages),
                        schema=schema,
                        schema_name="ToolDecision",
                        purpose=prompts.PURPOSE,
                        temperature=0.0,
                        tools=tools,
                    )
                )
            except (TransientProviderError, ProviderResponseError) as exc:
                problem = f"the model call failed: {redact(str(exc))}"
                if attempt <= self.retries.route:
                    await self._sleep(self.retries.delay(attempt))
                continue
            attempts += 1
            usage += completion.usage
            self.usage += completion.usage
            if native:
                reply, problem = self._read_call(completion, by_name)
            else:
                reply, problem = self._read(completion.text, by_name)
            if reply is not None:
                return self._decision(query, reply, by_name, attempts, usage)
            if native:
                messages.extend(
                    prompts.native_repair_messages(completion.text, completion.tool_calls, problem)
                )
            else:
                messages.extend(prompts.repair_messages(completion.text, problem))
        decision = ToolDecision(
            query=query,
            tool=None,
            reason="no usable routing decision",
            candidates=list(by_name),
            attempts=attempts,
            usage=usage,
            error=f"after {attempts} model repl{'y' if attempts == 1 else 'ies'}: {problem}",
        )
        return decision.model_copy(update={"message": self.fallback_message(query, decision)})

    async def arun(self, query: str) -> ToolResult:
        """Choose a tool for ``query``, then run it with the validated inputs."""
        decision = await self.achoose(query)
        early = _not_runnable(decision)
        if early is not None:
            return early
        assert decision.tool is not None
        tool = self._runnable(decision.tool)
        try:
            ran = await call_tool(tool, decision.inputs, self.retries, self._sleep)
        except Exception as exc:
            error = redact(f"{type(exc).__name__}: {exc}")
            return ToolResult(
                status="failed",
                decision=decision,
                text=f"Sorry, I could not complete that: the {tool.name} tool failed ({error}).",
                error=error,
                tool_attempts=self.retries.tool + 1,
            )
        return ToolResult(
            status="ok",
            decision=decision,
            output=ran.output,
            text=ran.output if isinstance(ran.output, str) else repr(ran.output),
            tool_attempts=ran.attempts,
        )

    async def astream(self, query: str) -> AsyncGenerator[Any, None]:
        """Choose a tool for ``query`` and yield its output as it streams.

        A tool that does not stream yields its result once; when no tool can
        run, the friendly message is the one chunk.
        """
        decision = await self.achoose(query)
        early = _not_runnable(decision)
        if early is not None:
            yield early.text
            return
        assert decision.tool is not None
        tool = self._runnable(decision.tool)
        chunks = stream_tool(tool, decision.inputs, self.retries, self._sleep)
        try:
            first = await anext(chunks)
        except StopAsyncIteration:
            return
        except Exception as exc:
            error = redact(f"{type(exc).__name__}: {exc}")
            yield f"Sorry, I could not complete that: the {tool.name} tool failed ({error})."
            return
        yield first
        async for chunk in chunks:
            yield chunk

    # -- sync API ----------------------------------------------------------------------

    def choose(self, query: str) -> ToolDecision:
        """:meth:`achoose` from synchronous code (no event loop running)."""
        decision: ToolDecision = _sync("choose", self.achoose(query))
        return decision

    def run(self, query: str) -> ToolResult:
        """:meth:`arun` from synchronous code (no event loop running)."""
        result: ToolResult = _sync("run", self.arun(query))
        return result

    def stream(self, query: str) -> Iterator[Any]:
        """:meth:`astream` from synchronous code: a plain iterator of chunks."""
        _no_running_loop("stream")
        loop = asyncio.new_event_loop()
        chunks = self.astream(query)
        try:
            while True:
                try:
                    yield loop.run_until_complete(anext(chunks))
                except StopAsyncIteration:
                    return
        finally:
            loop.run_until_complete(chunks.aclose())
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
            loop.close()

    # -- pieces ------------------------------------------------------------------------

    def candidates(self, query: str) -> list[Tool]:
        """The tools shown to the model for ``query``: all, or the most relevant ones."""
        pool = self.scope.tools() if self.scope is not None else list(self.store)
        if len(pool) <= self.max_candidates:
            return pool
        k = self.max_candidates
        if self.scope is not None:
            found = self.scope.retrieve(query, k).tools
            if found:
                return found
            return [
                h.tool
                for h in self.store.search(query, k, [*self.scope.primary, *self.scope.fallback])
            ]
        return [h.tool for h in self.store.search(query, k)]

    def _runnable(self, name: str) -> Tool:
        tool = self.store.get(name)
        if tool.fn is None:
            raise ToolSpecError(
                f"Tool {name!r} was chosen but has no function to run: build it with @tool or "
                "Tool.from_openai(spec, fn=...), or use choose() to route without running."
            )
        return tool

    def _by_rules(self, query: str, tools: dict[str, Tool]) -> ToolDecision:
        """The offline model's decision: made by rules, no model call, checked like a reply."""
        embedder = bundled_embedder() if self.word_vectors else None
        reply = rules.route(query, [t.spec for t in tools.values()], embedder=embedder)
        problem = self._problem(reply, tools)
        if not problem:
            return self._decision(query, reply, tools, attempts=0, usage=ZERO_USAGE)
        decision = ToolDecision(
            query=query,
            tool=None,
            reason="no usable routing decision",
            candidates=list(tools),
            error=f"the offline routing rules chose {reply.tool}, but {problem}",
        )
        return decision.model_copy(update={"message": self.fallback_message(query, decision)})

    def _read(self, text: str, tools: dict[str, Tool]) -> tuple[RouteReply | None, str]:
        """The reply if it is usable, else what is wrong with it (for the repair prompt)."""
        try:
            reply = parse_model_output(text, RouteReply)
        except MalformedOutputError as exc:
            if "{" in text and "}" not in text:
                return None, "The reply is not a complete JSON object (it has no closing brace)"
            return None, exc.problem
        problem = self._problem(reply, tools)
        return (None, problem) if problem else (reply, "")

    def _read_call(
        self, completion: Completion, tools: dict[str, Tool]
    ) -> tuple[RouteReply | None, str]:
        """A native reply: one function call, a JSON decision in the text, or a decline."""
        calls = completion.tool_calls
        if len(calls) > 1:
            return None, f"call exactly one function, not {len(calls)}"
        if calls:
            call = calls[0]
            reply = RouteReply(tool=call.name, inputs=dict(call.arguments), reason="")
            problem = self._problem(reply, tools)
            return (None, problem) if problem else (reply, "")
        text = completion.text.strip()
        if "{" in text:  # a model that answered with the JSON decision anyway
            return self._read(text, tools)
        return RouteReply(tool=None, reason=text[:200] or "no tool fits"), ""

    def _problem(self, reply: RouteReply, tools: dict[str, Tool]) -> str:
        """What makes ``reply`` unusable, or "" if nothing does."""
        if reply.tool is None:
            return ""
        if reply.tool not in tools:
            return (
                f"{reply.tool!r} is not one of the tools; use one of "
                f"{', '.join(tools)}, or null if none fits"
            )
        checked = check_inputs(tools[reply.tool].spec, reply.inputs, strict=self.strict)
        if checked.problems:
            return f"the inputs for {reply.tool} are not valid: " + "; ".join(checked.problems)
        return ""

    def _decision(
        self,
        query: str,
        reply: RouteReply,
        tools: dict[str, Tool],
        attempts: int,
        usage: Usage,
    ) -> ToolDecision:
        if reply.tool is None:
            return self._no_tool(
                query, list(tools), reply.reason or "no tool fits", attempts, usage
            )
        tool = tools[reply.tool]
        checked = check_inputs(tool.spec, reply.inputs, strict=self.strict)
        decision = ToolDecision(
            query=query,
            tool=tool.name,
            inputs=checked.inputs,
            missing=checked.missing,
            pruned=checked.pruned,
            reason=reply.reason,
            candidates=list(tools),
            attempts=attempts,
            usage=usage,
            notes=list(tool.spec.dialect_notes),
        )
        if checked.missing:
            decision = decision.model_copy(
                update={"message": missing_message(tool, checked.missing)}
            )
        return decision

    def _no_tool(
        self,
        query: str,
        candidates: list[str],
        reason: str,
        attempts: int = 0,
        usage: Usage = ZERO_USAGE,
    ) -> ToolDecision:
        decision = ToolDecision(
            query=query,
            tool=None,
            reason=reason,
            candidates=candidates,
            attempts=attempts,
            usage=usage,
        )
        return decision.model_copy(update={"message": self.fallback_message(query, decision)})

    def tool_names(self) -> list[str]:
        """Every tool this router can route to."""
        pool = self.scope.tools() if self.scope is not None else list(self.store)
        return [t.name for t in pool]

    def __repr__(self) -> str:
        return (
            f"ToolRouter(model='{self.provider.name}:{self.provider.model}', "
            f"tools={len(self.tool_names())}, strict={self.strict})"
        )


def _tool_def(tool: Tool) -> ToolDef:
    """A tool as a native function declaration (providers map names they forbid)."""
    return ToolDef(
        name=tool.name, description=tool.spec.description, parameters=tool.spec.parameters
    )


def _not_runnable(decision: ToolDecision) -> ToolResult | None:
    """The result to give without running anything, when the decision cannot run."""
    if decision.tool is None:
        return ToolResult(
            status="failed" if decision.error else "no_tool",
            decision=decision,
            text=decision.message or "",
            error=decision.error,
        )
    if decision.missing:
        return ToolResult(status="needs_input", decision=decision, text=decision.message or "")
    return None


def _no_running_loop(method: str) -> None:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    raise SyncInLoopError(method)


def _sync(method: str, coro: Any) -> Any:
    try:
        _no_running_loop(method)
    except SyncInLoopError:
        coro.close()  # never awaited: close it so Python does not warn
        raise
    return asyncio.run(coro)
