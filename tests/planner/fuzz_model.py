"""The fuzz tests' model: every call answered from a tape of generated replies.

Replies are picked by index from pools built once at import (valid
decisions, broken ones, unknown ids, cycles, wrong types, truncated and
fenced JSON, lone surrogates, hostile sizes and nesting), plus one reply per
run that Hypothesis builds from scratch (random JSON of any shape). Picking
by index keeps a run's draw small: Hypothesis' time per draw, not the run,
is what limits how many runs a test can afford, and an index still shrinks
(to pool entry 0, the plainest reply).
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from notebook_router import AgentResult, Unable, agent
from notebook_router.errors import (
    MalformedOutputError,
    NeedsUserInput,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRequestError,
    ProviderResponseError,
    ProviderServerError,
    ProviderTimeoutError,
    RateLimitedError,
)
from notebook_router.providers.base import Completion, CompletionRequest, ModelClient
from notebook_router.usage import Usage

HANG_S = 30.0
"""A model call that never answers in a run's lifetime (cut by Stop or the time budget)."""
PURPOSES = ("router.decide", "router.redirect", "router.synthesise", "agent")
AGENTS = ("asker", "parser", "plain", "refuser", "sleepy", "lead")
SURROGATE = "\ud800"
LONE = ("\ud83d", "\udc80abc", "caf\udce9")
"""Lone surrogates as a model may send them: half an emoji, escaped bytes."""


class ProviderBug(Exception):
    """An exception no provider should raise (not a ProviderError): a bug in the provider."""


def _errors() -> dict[str, Callable[[], Exception]]:
    def raised(cls: type[Exception]) -> Callable[[], Exception]:
        return lambda: cls(f"{cls.__name__} (fuzz)")

    return {
        "rate": lambda: RateLimitedError("RateLimitedError (fuzz)", retry_after=0.5),
        "malformed": lambda: MalformedOutputError("MalformedOutputError (fuzz)", "{"),
        **{
            cls.__name__: raised(cls)
            for cls in (
                ProviderTimeoutError,
                ProviderConnectionError,
                ProviderServerError,
                ProviderAuthError,
                ProviderRequestError,
                ProviderResponseError,
                ProviderError,
                ProviderBug,
                KeyError,
                TypeError,
            )
        },
    }


ERRORS = _errors()
UNEXPECTED = ("ProviderBug", "KeyError", "TypeError")
"""Not provider errors: a run that meets one ends (``planner_error``) and re-raises it."""


# -------------------------------------------------------------------- pools


def _spec(n: int, agent: str, deps: tuple[str, ...] = (), what: str = "load the table") -> Any:
    return {"id": f"t{n}", "description": what, "agent": agent, "depends_on": list(deps)}


def _sane_decisions() -> list[Any]:
    """Decisions a model means, the first seven valid as a run's first decision too."""
    return [
        {"action": "execute", "run": [_spec(1, "asker")]},
        {"action": "parallel", "run": [_spec(1, "plain"), _spec(2, "parser")]},
        {"action": "execute", "run": [_spec(2, "lead", what="plan the trip")]},
        {"action": "execute", "run": [_spec(3, "refuser", what="which")]},
        {"action": "execute", "run": [_spec(4, "sleepy")]},
        {"action": "parallel", "run": [_spec(3, "asker", what="caf\udce9"), _spec(4, "plain")]},
        {"action": "complete", "reason": "done"},
        {"action": "execute", "run": [{"id": "t1"}]},  # start (again) a planned task
        {"action": "execute", "run": [_spec(2, "plain", ("t1",))], "later": [_spec(3, "asker")]},
        {"action": "wait"},
        {"action": "clarify", "question": "which region?"},
        {"action": "execute", "run": [_spec(5, "parser")], "drop": ["t3"]},
        {"action": "complete", "reason": LONE[0]},
        {"action": "execute", "run": [_spec(6, "plain", what=LONE[1])]},
        {"action": "clarify", "question": f"which {LONE[0]}?"},
    ]


def _broken_decisions() -> list[Any]:
    return [
        {"action": "execute", "run": [_spec(1, "ghost")]},  # no such agent
        {"action": "execute", "run": [_spec(1, "plain", ("t9",))]},  # no such task
        {"action": "execute", "run": [_spec(1, "plain", ("t1",))]},  # depends on itself
        {"action": "parallel", "run": [_spec(1, "plain", ("t2",)), _spec(2, "asker", ("t1",))]},
        {"action": "execute", "run": [_spec(1, "plain"), _spec(1, "asker")]},  # one id twice
        {"action": "complete", "run": [_spec(1, "plain")]},
        {"action": "wait", "run": [_spec(1, "plain")]},
        {"action": "stop"},
        {"action": "execute"},
        {"action": "execute", "run": [{"description": "x"}]},
        {
            "action": "execute",
            "run": [{"id": "t1 ", "description": "", "agent": "", "depends_on": [""]}],
        },
        {"action": "execute", "run": [_spec(1, "plain")], "extra": 1},
        {"action": "clarify"},
        {"action": "parallel", "run": [_spec(n, "plain") for n in range(1, 30)]},
        {"action": 5},
        {"action": "execute", "run": "t1"},
        {"action": "execute", "drop": ["t1", "t1"]},
        {"run": [_spec(1, "plain")]},
        [],
        None,
        "complete",
    ]


REDIRECTS: list[Any] = [
    {"kind": "status", "reply": "going well"},
    {"kind": "refine", "goal": "only the north", "cancel": ["t1"]},
    {"kind": "restart", "goal": "something else"},
    {"kind": "clarify", "question": "new task or a change?"},
    {"kind": "refine", "cancel": ["t9", "t1", "t1"]},
    {"kind": "restart"},
    {"kind": "clarify"},
    {"kind": "abort"},
    {"kind": "status", "reply": "caf\udce9"},
    {"kind": "refine", "cancel": "t1"},
    {"kind": "refine", "goal": f"only {LONE[0]}"},
    {"kind": "restart", "goal": LONE[1]},
    {},
]
SYNTHESES: list[Any] = [
    {"answer": "the answer"},
    {"answer": "from t1", "attributions": [{"task_id": "t1", "agent": "asker", "text": "t1 said"}]},
    {"answer": "", "attributions": []},
    {"answer": "ghosts", "attributions": [{"task_id": "t9", "agent": "ghost", "text": "x"}]},
    {"answer": "caf\udce9 \ud800"},
    {"answer": "é" * 5_000},
    {"answer": None},
    {"answer": ["a", "b"]},
    {"answers": "typo"},
    {"answer": "x", "attributions": "t1"},
    {"answer": LONE[1], "attributions": [{"task_id": "t1", "agent": "asker", "text": LONE[0]}]},
]
AGENT_REPLIES: list[Any] = [
    "plain text",
    {"answer": "forty-two"},
    [1, 2, {"k": None}],
    {"answer": {"nested": [1, 2.5, None]}},
    "caf\udce9",
    3.5e300,
    "",
    {"answer": LONE[0]},
]

HOSTILE: tuple[Callable[[int], str], ...] = (
    lambda n: "[" * n + "]" * n,
    lambda n: '{"action": ' + '{"a": ' * n + "1" + "}" * (n + 1),
    lambda n: '{"action": "complete", "reason": ' + "9" * n + "}",
    lambda n: '{"action": "complete", "reason": "' + "x" * n + '"}',
    lambda n: '{"answer": "' + "é" * n + '"}',
    lambda n: "```json\n" + " " * n + "\n```",
    lambda n: "\\ud800" * (n // 6),
    lambda n: "{" * n,
)
"""Replies that used to crash readers: nested past the recursion limit, too long to
convert or parse, long runs of spaces, escaped lone surrogates."""


def _renderings(value: Any) -> list[str]:
    """``value`` as models send it: plain, fenced, chatty, cut short, with a raw surrogate."""
    text = json.dumps(value)
    return [
        text,
        f"```json\n{text}\n```",
        f"Sure! Here it is: {text} Hope that helps.",
        text[: len(text) // 2],
        text.replace("\\udce9", SURROGATE).replace("\\ud800", SURROGATE),
    ]


def _raw(value: Any) -> str:
    """``value`` as JSON whose lone surrogates are raw characters, not ``\\u`` escapes
    (text a provider decoded with ``surrogateescape``, or a local model's broken output)."""
    return json.dumps(value, ensure_ascii=False)


def _pool(sane: list[Any], broken: list[Any], common: int) -> list[str]:
    """Plain sane replies first (what shrinking goes to), the ``common`` first of them
    most often, then every way of breaking them."""
    plain = [json.dumps(v) for v in sane]
    varied = [r for v in sane[:3] for r in _renderings(v)[1:]]
    varied += [_raw(v) for v in (*sane, *broken) if _raw(v) != json.dumps(v)]
    hostile = [make(n) for make in HOSTILE for n in (5_000, 300_000)]
    texts = ["", " ", "no JSON at all", "caf\udce9", "null", "{", "}{"]
    return plain[:common] * 10 + plain + varied + [json.dumps(v) for v in broken] + hostile + texts


POOLS: dict[str, list[str]] = {
    "router.decide": _pool(_sane_decisions(), _broken_decisions() + REDIRECTS[:2], 7),
    "router.redirect": _pool(REDIRECTS[:4], REDIRECTS[4:] + SYNTHESES[:1], 4),
    "router.synthesise": _pool(SYNTHESES[:4], SYNTHESES[4:] + _sane_decisions()[:1], 4),
    "agent": _pool(AGENT_REPLIES, [], 4) + [f"plain {s}" for s in LONE],
}


OPENERS = [json.dumps(v) for v in _sane_decisions()[:6]]
"""Valid first decisions that start work: most runs open with one, to go on from there."""


@dataclass(frozen=True)
class Manner:
    """How a call answers: after ``delay`` s, raising ``error``, spending tokens and money."""

    delay: float = 0.0
    error: str | None = None
    tokens: int = 0
    cost_usd: float = 0.0


MANNERS: tuple[Manner, ...] = (
    *[Manner()] * 60,
    Manner(delay=0.0005),
    Manner(delay=0.002),
    Manner(tokens=200),
    Manner(tokens=3_000),
    Manner(cost_usd=0.0005),
    Manner(cost_usd=0.01),
    *(Manner(error=name) for name in ERRORS),
)
HANG = Manner(delay=HANG_S)


@dataclass(frozen=True)
class Reply:
    """One model answer: the text (or error) and how it comes."""

    text: str
    manner: Manner = Manner()

    def __repr__(self) -> str:  # huge replies keep Hypothesis' failure report readable
        text = self.text if len(self.text) < 120 else f"{self.text[:60]}...<{len(self.text)}>"
        return f"Reply({text!r}, {self.manner})"


def replies(purpose: str, *, hangs: bool) -> st.SearchStrategy[Reply]:
    """A reply for ``purpose`` calls; ``hangs``: some never answer (where something cuts them)."""
    manners = (*MANNERS, HANG) if hangs else MANNERS
    return st.builds(Reply, st.sampled_from(POOLS[purpose]), st.sampled_from(manners))


_text = st.text(max_size=6) | st.sampled_from(("t1", "asker", "caf\udce9", "execute"))
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=6,
)
_keys = st.sampled_from(("action", "run", "later", "kind", "cancel", "answer", "id", "agent"))
wild = st.builds(
    Reply,
    st.builds(json.dumps, _json | st.dictionaries(_keys, _json, max_size=4)),
    st.sampled_from(MANNERS[:60]),
)
"""A reply of any JSON shape, drawn whole: the pools' blind spots."""


@dataclass
class TapeProvider:
    """A model whose answers come from pre-drawn tapes, one per kind of call.

    Drawn before the run: the run's timing decides which call gets which reply,
    never what Hypothesis draws (draws during a run would make it flaky).
    """

    tapes: dict[str, list[Reply]]
    name: str = "fuzz"
    model: str = "tape"
    taken: Counter[str] = field(default_factory=Counter)

    async def complete(self, request: CompletionRequest) -> Completion:
        kind = request.purpose if request.purpose in self.tapes else "agent"
        tape = self.tapes[kind]
        reply = tape[self.taken[kind] % len(tape)]
        self.taken[kind] += 1
        manner = reply.manner
        if manner.delay:
            await asyncio.sleep(manner.delay)
        if manner.error is not None:
            raise ERRORS[manner.error]()
        usage = Usage(
            input_tokens=manner.tokens, output_tokens=3, cost_usd=manner.cost_usd, calls=1
        )
        return Completion(text=reply.text, model="fuzz:tape", usage=usage)


# ------------------------------------------------------------------- agents


def make_agents() -> list[Any]:
    """Agents that ask the model, parse its reply, refuse, need input, hang or delegate."""

    @agent(can=["ask"])
    async def asker(task: str, model: ModelClient) -> str:
        return await model.ask(task, purpose="agent.asker")

    @agent(can=["parse"])
    async def parser(task: str, model: ModelClient) -> Any:
        data = json.loads(await model.ask(task, purpose="agent.parser"))
        if isinstance(data, dict) and "answer" in data:
            return AgentResult(status="partial", data=data, summary=str(data["answer"]))
        return data

    @agent(can=["plain"])
    def plain(task: str) -> str:
        return f"done: {task}"

    @agent(can=["refuse"])
    async def refuser(task: str) -> str:
        if len(task) % 2:
            raise Unable(f"not {task}")
        raise NeedsUserInput(f"which {task}?")

    @agent(can=["sleep"])
    async def sleepy(task: str) -> str:
        await asyncio.sleep(HANG_S)  # always outlives its timeout
        return "late"

    @agent(can=["lead"])
    def lead(task: str) -> str:
        raise Unable("delegates")

    @agent(can=["help"], parent=lead)
    async def helper(task: str, model: ModelClient) -> str:
        return await model.ask(task, purpose="agent.helper")

    return [asker, parser, plain, refuser, sleepy, lead, helper]
