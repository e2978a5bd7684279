"""Every exception notebook_router raises, in one tree.

Each class is drawn under its first base. ``Name(Base, ...)`` lists its other
bases, so the drawing also tells you that ``except ValueError`` catches a
``ConfigError``. A test reads this drawing and fails when it and the classes
differ, so a new exception is drawn here or the suite fails.

::

    NotebookRouterError(Exception)
    ├── ConfigError(ValueError)               a bad option, limit, style or task text
    │   ├── EmptyTaskError                    the task text is blank
    │   ├── UnknownModelError                 a model string nothing understands
    │   ├── AgentLoadError                    --agents named something that holds no agents
    │   └── DataFileError                     a data file the task names is missing or unreadable
    ├── AgentError                            an agent's definition, its lookup, or its signal
    │   ├── AgentDefinitionError(TypeError)   an agent that cannot be registered as written
    │   ├── AgentNotFoundError(KeyError)      a name the registry does not hold
    │   ├── Unable                            raised *by* an agent: "not something I can do"
    │   └── NeedsUserInput                    raised *by* an agent: "I need an answer from you"
    ├── PlannerError
    │   ├── MalformedOutputError              model output that is not the JSON we asked for
    │   └── InvalidDecisionError              well-formed, but impossible (unknown task, cycle)
    ├── ProviderError
    │   ├── ProviderUnavailableError(ConfigError)  a missing extra or API key
    │   ├── TransientProviderError            worth retrying: rate limits, timeouts, 5xx
    │   │   ├── RateLimitedError              429, with the server's retry-after when given
    │   │   ├── ProviderTimeoutError
    │   │   ├── ProviderConnectionError
    │   │   └── ProviderServerError
    │   ├── ProviderAuthError                 a rejected key or missing permission
    │   ├── ProviderRequestError              the provider refused the request (400, 404, 422)
    │   ├── ProviderResponseError             a reply we cannot use (truncated, filtered, ...)
    │   ├── ReplayMissError                   replay found no recording for a request
    │   └── ScriptExhaustedError              the scripted test model ran out of replies
    ├── RunError
    │   ├── NoRunningLoopError(RuntimeError)  Router.start() outside a running event loop
    │   ├── RunNotFinishedError               run.result() before the run has finished
    │   ├── RunFinishedError                  a redirect or answer the run ended before taking
    │   └── NoPendingApprovalError            a Run or Skip when no agent code waits for one
    ├── RunInterrupted                        the kernel interrupt stopped a %%route cell's run
    ├── MediaError                            media that cannot be read, speech that cannot be made
    │   ├── MediaReadError(ValueError)        a document, image or recording that cannot be read
    │   └── MediaToolMissingError             a library or program the media agents need is missing
    ├── DelegationError                       trees of agents and the supervisor's tools
    │   ├── DelegationCycleError(AgentDefinitionError)  an agent that is its own ancestor
    │   └── SupervisorToolError(ValueError)   a tool call a supervisor cannot carry out as given
    ├── ClusterError                          agents and data on a Dask cluster
    │   └── ClusterUnavailableError(ConfigError)  no [dask] extra, or no scheduler answers
    ├── ToolError                             the tool store and the single-tool router
    │   ├── ToolSpecError(ConfigError)        a tool definition that cannot be used as written
    │   │   └── DuplicateToolError            a second tool under a name already taken
    │   ├── ToolNotFoundError(KeyError)       a tool name nothing holds
    │   ├── ToolInputError(ValueError)        inputs that do not match the tool's parameters
    │   ├── ToolRoutingError                  no usable routing decision after the retries
    │   ├── ToolExecutionError                the tool failed (after its retries) mid-stream
    │   └── SyncInLoopError(ConfigError)      a sync ToolRouter method inside a running loop
    ├── MCPServerError                        MCP servers used as sources of tools and resources
    │   ├── MCPUnavailableError(ConfigError)  the mcp extra is not installed
    │   ├── MCPConfigError(ConfigError)       a server spec or config file that cannot be used
    │   ├── MCPConnectionError                a server that cannot be started or reached
    │   ├── MCPRequestError                   a request the server refused (a tool, a resource)
    │   └── MCPToolError(ToolExecutionError)  a tool call the server reports as failed
    ├── StoreError                            the session database cannot do what was asked
    │   ├── StoreVersionError                 the database was written by a newer version
    │   ├── RunNotStoredError(KeyError)       no stored run matches the id given
    │   ├── ResumeError                       the run cannot be resumed (finished, agents gone)
    │   └── ExportFormatError(ValueError)     a file that is not a notebook_router run export
    └── ContextError                          the shared context cannot keep or give back a value
        └── ContextLimitError(ValueError)     a value over its size limits that cannot be spilled

Every message says what to do next, because the person reading it is usually
in the middle of a notebook and should not need to read our source.

One class stands outside the tree on purpose: ``CodeStopped(BaseException)``
is raised *into* code that ``notebook_router.code.run_code`` is running, to
stop it at a time limit or a Stop. It never reaches a caller, and it is no
``Exception`` so that the code's own ``except Exception:`` cannot swallow it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from notebook_router.language.spelling import closest

if TYPE_CHECKING:
    from notebook_router.usage import Usage


class NotebookRouterError(Exception):
    """Base class of every error raised by notebook_router."""


class ConfigError(NotebookRouterError, ValueError):
    """An option, limit or argument that cannot work as given."""


class EmptyTaskError(ConfigError):
    """The task text is blank."""

    def __init__(self) -> None:
        super().__init__(
            "The task is empty. Write what you want done, e.g. "
            "'summarise monthly revenue and plot it'."
        )


class UnknownModelError(ConfigError):
    """A model string that no provider understands."""

    def __init__(self, spec: str, known: Iterable[str]) -> None:
        names = sorted(known)
        hint = _did_you_mean(spec.split(":", 1)[0], names)
        super().__init__(
            f"Unknown model {spec!r}.{hint} Use 'provider:model' with one of: "
            f"{', '.join(names)}. 'offline' needs no key and no network."
        )
        self.spec = spec


class AgentLoadError(ConfigError):
    """A module or file given as the source of agents could not provide any."""


class DataFileError(ConfigError):
    """A data file named in a task (or by ``--data``) that cannot be found or read."""


class AgentError(NotebookRouterError):
    """An agent that cannot be defined or found, or an agent's own signal.

    ``Unable`` and ``NeedsUserInput`` are raised by agents on purpose; the run
    files them as results (``unable``, ``needs_user_input``), never as crashes.
    """


class AgentDefinitionError(AgentError, TypeError):
    """An agent that cannot be registered as written."""


class AgentNotFoundError(AgentError, KeyError):
    """A name the agent registry does not hold."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        names = list(known)
        hint = _did_you_mean(name, names)
        listing = ", ".join(names) if names else "none registered yet"
        super().__init__(f"No agent named {name!r}.{hint} Registered agents: {listing}.")
        self.name = name

    def __str__(self) -> str:
        # KeyError would otherwise print the message inside quotes.
        return str(self.args[0])


class Unable(AgentError):
    """Raise inside an agent to report that the task is not something it can do.

    The run records an ``unable`` result with this message as the reason, and
    the planner may route the task elsewhere. It is not treated as a crash.

    >>> raise Unable("I only know about flights")  # doctest: +SKIP
    """


class NeedsUserInput(AgentError):
    """Raise inside an agent when it cannot go on without an answer from the user.

    The message is the question. The task ends ``needs_user_input`` and the
    planner asks the user (a clarifying question), then tries again with the
    answer.

    >>> raise NeedsUserInput("Which city are you flying from?")  # doctest: +SKIP
    """


class PlannerError(NotebookRouterError):
    """The planner (a model or a rule set) did not produce a usable decision."""


class MalformedOutputError(PlannerError):
    """The model's reply is not the JSON document that was asked for."""

    def __init__(self, problem: str, raw: str) -> None:
        excerpt = raw if len(raw) <= 300 else raw[:300] + "…"
        super().__init__(f"{problem}. The model replied: {excerpt!r}")
        self.problem = problem
        self.raw = raw


class InvalidDecisionError(PlannerError):
    """A well-formed decision that cannot be carried out in the current state."""


class ProviderError(NotebookRouterError):
    """A model provider failed.

    ``usage`` is what the failed call still cost, when the provider knows
    (a reply cut off at its token limit was decoded, and paid for, in full):
    budgets and usage count it like any other call's.
    """

    def __init__(self, *args: object, usage: Usage | None = None) -> None:
        super().__init__(*args)
        self.usage = usage


class ProviderUnavailableError(ProviderError, ConfigError):
    """A provider that needs an extra or a key that is not there."""


class TransientProviderError(ProviderError):
    """A failure that may go away on its own; retried with backoff."""

    retry_after: float | None = None


class RateLimitedError(TransientProviderError):
    """The provider said "too many requests"."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ProviderTimeoutError(TransientProviderError):
    """The provider did not answer in time."""


class ProviderConnectionError(TransientProviderError):
    """The provider could not be reached."""


class ProviderServerError(TransientProviderError):
    """The provider failed on its side (5xx)."""


class ProviderAuthError(ProviderError):
    """The key was rejected or lacks permission."""


class ProviderRequestError(ProviderError):
    """The provider refused the request as malformed or impossible."""


class ProviderResponseError(ProviderError):
    """The provider answered, but not with something usable."""


class ReplayMissError(ProviderError):
    """A replayed run asked for a model call that was never recorded."""


class ScriptExhaustedError(ProviderError):
    """The scripted test model was asked for more replies than it was given."""


class RunError(NotebookRouterError):
    """A run was used in a way its lifecycle does not allow."""


class NoRunningLoopError(RunError, RuntimeError):
    """``Router.start`` needs a running asyncio event loop."""

    def __init__(self) -> None:
        super().__init__(
            "Router.start() needs a running event loop. Inside async code or a "
            "notebook use `run = router.start(task)` then `await run`; in a plain "
            "script use `router.run_sync(task)`."
        )


class RunNotFinishedError(RunError):
    """``run.result()`` was called before the run finished."""

    def __init__(self, run_id: str) -> None:
        super().__init__(
            f"Run {run_id} is still going. `await run` waits for it; `run.stop()` "
            "ends it early with the answer so far."
        )


class RunFinishedError(RunError):
    """A redirect or answer reached a run that had already finished (or was finishing).

    The message was not delivered: nothing in the run will act on it.
    """

    def __init__(self, run_id: str, ending: str) -> None:
        super().__init__(
            f"Run {run_id} had already finished ({ending}); your message was not delivered. "
            "Start a new run with it (a new %%route cell, or router.start(...)), or resume "
            f"this one if it was interrupted (`%route resume {run_id}`, Router.resume)."
        )
        self.run_id = run_id


class NoPendingApprovalError(RunError):
    """A Run or Skip for agent-written code when no code (or not that code) waits for one."""

    def __init__(self, run_id: str, approval: str | None, waiting: Iterable[str]) -> None:
        ids = sorted(waiting)
        what = f"approval {approval!r}" if approval else "any approval"
        now = (
            f"waiting now: {', '.join(ids)}"
            if ids
            else "no code is waiting: it may have been decided already, or its task has ended"
        )
        super().__init__(f"Run {run_id} has no code waiting for {what} ({now}).")
        self.run_id = run_id


class RunInterrupted(NotebookRouterError):
    """The kernel interrupt stopped a run; raised so Run All stops, shown without a traceback."""

    def __init__(self, run_id: str, done: int, tasks: int) -> None:
        super().__init__(
            f"Run {run_id} was interrupted: {done} of {tasks} tasks had finished; "
            "their answer is shown above. Stopping here so the notebook does not run on."
        )
        self.run_id = run_id

    def _render_traceback_(self) -> list[str]:
        # IPython's hook: one line in place of a traceback the user has no use for.
        return [f"RunInterrupted: {self}"]


# --- Media: reading documents, images, audio and video, making speech ------------------


class MediaError(NotebookRouterError):
    """Media that could not be read, or speech that could not be made."""


class MediaReadError(MediaError, ValueError):
    """Media a reader cannot read: a format it does not know, a broken file, bytes that
    are not what they claim (the message names the format to give or what to install)."""


class MediaToolMissingError(MediaError):
    """A library or program the media agents need is not installed; the message says how."""


def _did_you_mean(word: str, candidates: Iterable[str]) -> str:
    match = closest(word, candidates)
    return f" Did you mean {match[0]!r}?" if match else ""


# --- Tools: the tool store and the single-tool router --------------------------------------


class ToolError(NotebookRouterError):
    """Something went wrong defining, finding, routing to or running a tool."""


class ToolSpecError(ToolError, ConfigError):
    """A tool definition (spec, schema or function) that cannot be used as written."""


class DuplicateToolError(ToolSpecError):
    """A tool name that is already taken in the store or router."""

    def __init__(self, name: str, where: str) -> None:
        super().__init__(
            f"A tool named {name!r} is already registered ({where}). Tool names must be "
            "unique because the model picks a tool by name: rename one, or pass "
            "replace=True to overwrite it."
        )
        self.name = name


class ToolNotFoundError(ToolError, KeyError):
    """A tool name that the store or router does not hold."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        names = sorted(known)
        hint = _did_you_mean(name, names)
        shown = ", ".join(names[:20]) + (" ..." if len(names) > 20 else "")
        super().__init__(f"No tool named {name!r}.{hint} Known tools: {shown or 'none'}.")
        self.name = name

    def __str__(self) -> str:
        return str(self.args[0])


class ToolInputError(ToolError, ValueError):
    """Inputs that do not match a tool's parameters; ``problems`` lists each one."""

    def __init__(self, tool: str, problems: list[str]) -> None:
        listing = "; ".join(problems)
        super().__init__(f"Inputs for tool {tool!r} are not valid: {listing}.")
        self.tool = tool
        self.problems = problems


class ToolRoutingError(ToolError):
    """No usable routing decision came back, even after the model was asked to repair it."""


class ToolExecutionError(ToolError):
    """A tool raised (after its retries), at a point where no fallback message can help."""


class SyncInLoopError(ToolError, ConfigError):
    """A synchronous ToolRouter method was called while an event loop is running."""

    def __init__(self, method: str) -> None:
        super().__init__(
            f"ToolRouter.{method}() cannot be used while an event loop is running (as in a "
            f"notebook): use `await router.a{method}(query)` instead"
            + (" and `async for`." if method == "stream" else ".")
        )


# --- MCP: servers the router takes tools and resources from ---------------------------------


class MCPServerError(NotebookRouterError):
    """Something went wrong with an MCP server: its spec, its connection, or a request to it."""


class MCPUnavailableError(MCPServerError, ConfigError):
    """The ``mcp`` extra (the official MCP SDK) is not installed."""

    def __init__(self) -> None:
        super().__init__(
            "MCP servers need the official MCP SDK: pip install 'notebook-router[mcp]' "
            "(or pip install mcp), then restart the kernel."
        )


class MCPConfigError(MCPServerError, ConfigError):
    """A server spec, a config file or a server name that cannot be used as written."""


class MCPConnectionError(MCPServerError):
    """A server that could not be started or reached; the message has what it said."""

    def __init__(self, server: str, reason: str) -> None:
        super().__init__(f"MCP server {server!r}: {reason}")
        self.server = server


class MCPRequestError(MCPServerError):
    """A request the server refused: an unknown tool or resource, arguments it rejected."""

    def __init__(self, server: str, what: str, message: str) -> None:
        super().__init__(f"MCP server {server!r} refused {what}: {message}")
        self.server = server
        self.message = message


class MCPToolError(MCPServerError, ToolExecutionError):
    """A tool call the server answered with an error (``isError``); the server's own words."""

    def __init__(self, server: str, tool: str, message: str) -> None:
        said = message.strip() or "no message"
        super().__init__(f"The {tool!r} tool of MCP server {server!r} failed: {said}")
        self.server = server
        self.tool = tool
        self.message = said


# ---------------------------------------------------------------- delegation trees


class DelegationError(NotebookRouterError):
    """Something is wrong with a tree of agents or a delegation through it."""


class DelegationCycleError(DelegationError, AgentDefinitionError):
    """An agent would be (or is) its own ancestor; the message names the path."""

    def __init__(self, path: Iterable[str]) -> None:
        self.path = tuple(path)
        super().__init__(
            f"Delegation cycle: {' → '.join(self.path)}. An agent cannot be its own "
            "ancestor: remove one of these parent links (parent.remove_child(name))."
        )


class SupervisorToolError(DelegationError, ValueError):
    """A supervisor tool was called with a name or arguments it cannot use."""


# ---------------------------------------------------------------- a Dask cluster


class ClusterError(NotebookRouterError):
    """Running agents (or analysing data) on a Dask cluster went wrong."""


class ClusterUnavailableError(ClusterError, ConfigError):
    """There is no cluster to run on: the ``[dask]`` extra is missing, or no scheduler
    answers at the address given. The message says which, and what to do."""


# ---------------------------------------------------------------- the session store


class StoreError(NotebookRouterError):
    """The session database cannot do what was asked."""


class StoreVersionError(StoreError):
    """The database's schema is newer than this version of notebook_router understands."""

    def __init__(self, path: str, found: int, supported: int) -> None:
        super().__init__(
            f"The session database {path} has schema version {found}, but this "
            f"notebook_router understands up to {supported}. Upgrade notebook_router "
            "(pip install -U notebook-router), or point the store elsewhere with "
            "NOTEBOOK_ROUTER_STORE=PATH."
        )
        self.found = found
        self.supported = supported


class RunNotStoredError(StoreError, KeyError):
    """No stored run matches the id (or id prefix) given."""

    def __init__(self, ident: str, known: Iterable[str] = (), *, ambiguous: bool = False) -> None:
        names = list(known)
        if ambiguous:
            message = (
                f"{ident!r} matches several stored runs ({', '.join(names)}): give more of the id."
            )
        else:
            listing = ", ".join(names[:10]) if names else "none yet"
            message = f"No stored run {ident!r}. Recent runs: {listing} (`%route runs` lists them)."
        super().__init__(message)
        self.ident = ident

    def __str__(self) -> str:
        return str(self.args[0])


class ResumeError(StoreError):
    """The run cannot be resumed as asked; the message says why and what to do instead."""


class ExportFormatError(StoreError, ValueError):
    """A file that is not a run exported by notebook_router (or is damaged)."""


# ---------------------------------------------------------------- the shared context


class ContextError(NotebookRouterError):
    """The shared context cannot keep or give back a value as asked."""


class ContextLimitError(ContextError, ValueError):
    """A value over the shared context's size limits that it may not (or cannot) spill."""


class CodeStopped(BaseException):
    """Raised into a code run's thread to stop it; ``run_code`` turns it into an outcome."""
