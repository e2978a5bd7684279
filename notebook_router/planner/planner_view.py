"""The bounded, JSON-ready view of a run that a model planner reads.

A planner prompt must not grow with the run: beyond ``max_tasks`` tasks the
view shows the most relevant ones in full (running, in trouble, pending,
then the most recent), counts every task by status and lists the rest one
line each up to a character budget, then grouped ("t57–t480: 424 fulfilled
by lookup", see :mod:`~notebook_router.planner.task_digest`). With the
newest context keys and the tail of the history, each cut to a fixed size,
its size is bounded whatever the state holds. ``condense`` levels shrink it
further (fewer tasks in full, shorter previews) for a token budget, and the
view says what was condensed. Readers in the process that decide or write
from the view (the rule planner, the template answer) ask for
``every_task=True``: they must see the whole run, and nothing they read is a
prompt.

The fields come in the order a prompt should: what stays the same over a run
(agents, goal, data, earlier runs) first, what changes at every call (the
tasks, the history) after, so consecutive prompts share their opening and
providers' prompt caching applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from notebook_router.agents.card import AgentCard, agent_card
from notebook_router.agents.registry import AgentRegistry
from notebook_router.agents.tree import tree_generation
from notebook_router.context.arc import ArcView
from notebook_router.language.lexicon import terms
from notebook_router.language.references import kind_of
from notebook_router.language.superlatives import superlatives_of
from notebook_router.planner.followup import column_terms, column_values, flag_columns
from notebook_router.planner.media_notes import MediaNote, choices, pointers
from notebook_router.planner.state import NOT_DONE_STATUSES, RunState, Task
from notebook_router.planner.task_digest import TaskDigest, digest
from notebook_router.planner.view_values import compressed_result, context_values, result_values
from notebook_router.result import AgentResult
from notebook_router.styles import ResponseStyle, RunMode
from notebook_router.text.preview import preview
from notebook_router.verification.critic import CriticVerdict


class TaskView(BaseModel):
    """A task as the planner sees it."""

    id: str
    description: str
    agent: str
    status: str
    depends_on: list[str] = Field(default_factory=list)
    checkpoint: bool = False
    """The planner is asked again when this task finishes (its result decides what is next)."""
    attempts: int = 0
    summary: str | None = None
    error: str | None = None
    note: str | None = None
    confidence: float | None = None
    suggestions: list[str] = Field(default_factory=list)
    critic: str | None = None
    """The critic's verdict on the result, e.g. ``needs_more: asked for 3 items, got 1``."""
    verified: list[str] | None = None
    """Claims of the result that verification found in the evidence (with where)."""
    unverified: list[str] | None = None
    """Claims of the result that verification could not find in the evidence (and why)."""
    sources: list[str] | None = None
    """The sources the result cites, scored: ``name (score 0.8: relevance 0.9, ...)``."""
    data: Any = Field(default=None, exclude=True, repr=False)
    """A list or mapping the result holds (no summary of its own), for the answer to
    write out as a list or table; in-process readers only, never in a prompt."""

    @model_serializer(mode="wrap")
    def _drop_empty(self, handler: SerializerFunctionWrapHandler) -> Any:
        # Nothing to say costs tokens all the same: a 100-task view is mostly
        # "null" and "[]" otherwise.
        data = handler(self)
        if isinstance(data, dict):
            for key in [k for k, v in data.items() if v is None or v == [] or v is False]:
                del data[key]
        return data


class HistoryLine(BaseModel):
    """One line of the run's history."""

    role: str
    content: str


class PlannerView(BaseModel):
    """What a planner knows when it decides, redirects or synthesises."""

    agents: list[AgentCard] = Field(default_factory=list)
    more_agents: str | None = None
    """Set when ``agents`` shows only some of the agents: how many, and how to see others."""
    goal: str
    query: str
    style: ResponseStyle = "conversational"
    mode: RunMode = "normal"
    """``quick``, ``normal`` or ``thorough``: how the user wants the run handled."""
    data: str | None = None
    """The notebook's data, described as far as the run's data-sharing level allows
    (names, shapes and columns; statistics and first rows when shared): never the data."""
    tables: list[str] = Field(default_factory=list)
    """The names of the tables the data analyst can work on."""
    data_words: frozenset[str] = Field(default=frozenset(), exclude=True)
    """Table and column names as words (for the rule planner's routing; not in prompts)."""
    column_words: frozenset[str] = Field(default=frozenset(), exclude=True)
    """The terms of the column names alone (the slots a follow-up's words may fill)."""
    column_values: tuple[tuple[str, tuple[str, ...], bool], ...] = Field(default=(), exclude=True)
    """Each text column with its most common values and whether they are all of them (the
    column a follow-up's word is a value of, so the slot it fills; not in prompts)."""
    flag_columns: frozenset[str] = Field(default=frozenset(), exclude=True)
    """The yes/no columns by name (the slot a follow-up's yes/no column fills; not in
    prompts)."""
    arc: ArcView | None = None
    """Earlier runs of the session (goal, short answer, plan, data used) and the facts
    that bear on this goal: what follow-ups ("now do the same for South") build on."""
    media: list[MediaNote] = Field(default_factory=list)
    """The media that came with the request, described (sent as media parts only once)."""
    held: frozenset[str] = Field(default=frozenset(), exclude=True)
    """The media types the run holds, attached or made by a task (for the rule planner's
    routing to readers; not in prompts)."""
    pointers: list[tuple[str, str, str]] = Field(default_factory=list, exclude=True)
    """The attachments the request pointed at: (phrase, source, media type), for the rule
    planner (a task saying "it" or "Out[2]" is for the agent reading that medium)."""
    choices: list[MediaNote] = Field(default_factory=list, exclude=True)
    """Attachments a word of the request ("it") may each mean: the user says which (for
    the rule planner; a model planner reads ``ambiguous`` in ``media``)."""
    iteration: int = 0
    tasks: list[TaskView] = Field(default_factory=list)
    omitted_tasks: int = 0
    more_tasks: TaskDigest | None = None
    """What ``tasks`` leaves out, in brief (absent when every task is shown)."""
    condensed: str | None = None
    """How this view was condensed to fit, when it was."""
    context: dict[str, str] = Field(default_factory=dict)
    """The newest shared-context values, each compressed to its share of the budget
    (:mod:`~notebook_router.planner.view_values`)."""
    context_keys: list[str] = Field(default_factory=list)
    """Newer context keys whose values did not fit (the rest of the newest ones)."""
    context_size: int = 0
    history: list[HistoryLine] = Field(default_factory=list)
    stopping: str | None = None
    """Why the run is ending, when it ends for any reason but completion."""
    question: str | None = None
    """The planner's open question to the user, if any."""
    message: str | None = None
    """The user's redirect message, when handling one."""
    dropped: dict[str, str] = Field(default_factory=dict)
    """Tasks the user dropped (id: description): do not plan them again unless asked."""
    superseded: list[str] = Field(default_factory=list)
    """Tasks planned for the request before a restart: the answer leaves them out unless
    a new task uses their result, so plan again what the new request still wants."""
    feedback: str | None = None
    """Why the previous reply was rejected, when retrying."""
    answering: bool = Field(default=False, exclude=True)
    """The view an answer is written from (its tasks leave out those a restart superseded)."""

    @model_serializer(mode="wrap")
    def _drop_empty_digest(self, handler: SerializerFunctionWrapHandler) -> Any:
        # Runs that fit the view keep the prompt they always had.
        data = handler(self)
        if isinstance(data, dict):
            for key in ("more_agents", "condensed", "stopping", "question", "message", "feedback"):
                if data.get(key) is None:
                    data.pop(key, None)
            if not self.dropped:
                data.pop("dropped", None)
            if not self.superseded:
                data.pop("superseded", None)
            if not self.context:
                data.pop("context", None)
            if self.mode == "normal":  # runs in the usual mode keep the prompt they had
                data.pop("mode", None)
            if not self.media:
                data.pop("media", None)
            if self.more_tasks is None:
                data.pop("more_tasks", None)
            if self.data is None:  # runs given no data keep the prompt they always had
                data.pop("data", None)
                data.pop("tables", None)
            if not self.arc:  # and runs with no memory, or nothing in it yet
                data.pop("arc", None)
            elif isinstance(data.get("arc"), dict):
                _without_run_ids(data["arc"])
        return data


def _without_run_ids(arc: dict[str, Any]) -> None:
    """Earlier runs as a prompt shows them: without their random ids (the model needs none,
    and a recording replays only if the next execution's prompt is the same)."""
    for run in arc.get("runs") or ():
        if isinstance(run, dict):
            run.pop("run_id", None)
            run.pop("followed", None)


@dataclass(frozen=True, slots=True)
class Condense:
    """How much of the tasks a view shows, at one level of condensing."""

    tasks: int
    """Most tasks shown in full (the most relevant ones)."""
    chars: int
    """Most characters of a result's preview in a full view (0: no preview)."""
    described: int
    """Most characters of a task's description in a full view (0: all of it)."""
    lines: int
    """Characters for the one-line entries of the tasks not shown in full."""
    groups: int
    """Most lines for the tasks past those entries, grouped."""


CONDENSE = (
    Condense(tasks=60, chars=1200, described=0, lines=4000, groups=12),
    Condense(tasks=30, chars=160, described=300, lines=1500, groups=10),
    Condense(tasks=15, chars=80, described=160, lines=0, groups=8),
    Condense(tasks=6, chars=40, described=100, lines=0, groups=5),
    Condense(tasks=2, chars=0, described=60, lines=0, groups=3),
)
"""The levels a token budget tries in turn (level 0 is the builder's own limits);
each shows fewer tasks in full, with shorter previews, and groups the rest."""
_NO_CUT = 1 << 30


class ViewBuilder:
    """Builds :class:`PlannerView` objects, caching agent cards per registry version."""

    def __init__(
        self,
        max_tasks: int = 60,
        summary_chars: int = 300,
        context_keys: int = 20,
        history: int = 12,
        digest_chars: int = 4000,
    ) -> None:
        self.max_tasks = max_tasks
        self.summary_chars = summary_chars
        self.context_keys = context_keys
        self.history = history
        self.digest_chars = digest_chars
        """Characters for the one-line entries of the tasks left out of a bounded view."""
        self._cards: tuple[int, int, int, list[AgentCard]] | None = None
        self._data_words: tuple[object, frozenset[str]] = (None, frozenset())
        """The words of the last data description seen (a run describes its data once)."""
        self._views_of: str | None = None
        self._task_views: dict[tuple[str, int, int], _CachedView] = {}
        """Per task and condensing, its last view and what it was made from (for the run
        ``_views_of``)."""

    def build(
        self,
        state: RunState,
        agents: AgentRegistry,
        *,
        summary_chars: int | None = None,
        stopping: str | None = None,
        message: str | None = None,
        feedback: str | None = None,
        iteration: int | None = None,
        every_task: bool = False,
        offered: Sequence[AgentCard] | None = None,
        media: Sequence[MediaNote] = (),
        condense: int = 0,
        answering: bool = False,
    ) -> PlannerView:
        """A view of ``state`` bounded by this builder's limits (``iteration``: the
        decision being asked for, when it is not the state's latest).

        ``offered``: the agents to show (all of them when None); ``media``: the
        request's media, described; ``condense``: how hard to condense the tasks
        (0 to ``len(CONDENSE) - 1``, see :data:`CONDENSE`).

        ``every_task=True`` shows every task in full, for readers in the process
        that decide or write the answer from the view: never send it as a prompt.
        ``answering=True``: the view an answer is written from (see
        :meth:`~notebook_router.planner.state.RunState.answer_tasks`).
        """
        level = self._level(condense)
        chars = min(summary_chars or self.summary_chars, level.chars)
        # An answer is about the current request: work done before a restart is left out.
        pool = state.answer_tasks() if answering else state.tasks
        tasks = pool if every_task else self._pick_tasks(state, pool, level.tasks)
        everyone = self.cards_for(state, agents)
        shown = everyone if offered is None else list(offered)
        left_out = len(pool) - len(tasks)
        more = self._digest(pool, tasks, chars, level) if left_out else None
        # Values are for a prompt: readers in the process have the state itself.
        context, keys = (
            ({}, [e.key for e in state.context.recent(self.context_keys)])
            if every_task
            else context_values(state.context, self.context_keys, condense)
        )
        return PlannerView(
            agents=shown,
            more_agents=_more_agents(len(shown), len(everyone)),
            goal=state.goal,
            query=state.query,
            style=state.style,
            mode=state.mode,
            data=None if state.data is None else state.data.text,
            tables=[] if state.data is None else [t.name for t in state.data.tables],
            data_words=self.data_words(state),
            column_words=column_terms(state.data),
            column_values=column_values(state.data),
            flag_columns=flag_columns(state.data),
            arc=state.arc,
            media=list(media),
            held=frozenset(_held(state)),
            pointers=pointers(state),
            choices=choices(state),
            iteration=state.iteration if iteration is None else iteration,
            tasks=[self._task_view(state, t, chars, level.described, condense) for t in tasks],
            omitted_tasks=left_out,
            more_tasks=more,
            condensed=_condensed(more, len(tasks), len(pool), chars, condense),
            context=context,
            context_keys=keys,
            context_size=len(state.context),
            history=[
                HistoryLine(role=h.role, content=h.content) for h in state.history[-self.history :]
            ],
            stopping=stopping,
            question=state.pending_question,
            message=message,
            feedback=feedback,
            dropped=_dropped(state, self.max_tasks, chars),
            superseded=[t.id for t in tasks if t.id in set(state.superseded)],
            answering=answering,
        )

    def _level(self, condense: int) -> Condense:
        """This builder's limits, condensed as level ``condense`` asks (0: as they are)."""
        base = Condense(self.max_tasks, _NO_CUT, 0, self.digest_chars, CONDENSE[0].groups)
        if condense <= 0:
            return base
        level = CONDENSE[min(condense, len(CONDENSE) - 1)]
        return Condense(
            min(base.tasks, level.tasks),
            level.chars,
            level.described,
            min(base.lines, level.lines),
            level.groups,
        )

    def _pick_tasks(self, state: RunState, all_tasks: list[Task], most: int) -> list[Task]:
        """The ``most`` most relevant of ``all_tasks``, in plan order."""
        if len(all_tasks) <= most:
            return all_tasks

        # Most relevant first: what runs, what went wrong or waits on the user
        # (newest first), what waits to start (next to start first), then the
        # newest of the rest.
        def rank(i: int) -> tuple[int, int]:
            relevance = _relevance(state, all_tasks[i])
            return relevance, i if relevance == 2 else -i

        ranked = sorted(range(len(all_tasks)), key=rank)
        keep = sorted(ranked[:most])
        return [all_tasks[i] for i in keep]

    def _digest(
        self, pool: list[Task], shown: list[Task], chars: int, level: Condense
    ) -> TaskDigest:
        """Counts by status, the left-out tasks one line each while the budget lasts, then
        grouped."""
        ids = {t.id for t in shown}
        return digest(pool, ids, line_chars=level.lines, chars=chars, groups=level.groups)

    def fill_values(self, state: RunState, view: PlannerView, chars: int) -> int:
        """Give the grouped tasks of ``view`` their results, compressed, in ``chars``
        characters (the room the view's budget leaves; see
        :func:`~notebook_router.planner.view_budget.fit_view`); how many finished ones
        were left without."""
        more = view.more_tasks
        if more is None or not more.groups:
            return 0
        shown = {t.id for t in view.tasks} | {line.split(" ", 1)[0] for line in more.lines}
        pool = state.answer_tasks() if view.answering else state.tasks
        more.values, missing = result_values(state, pool, shown, chars)
        return missing

    def _task_view(
        self, state: RunState, task: Task, chars: int, described: int, condense: int = 0
    ) -> TaskView:
        # A decision per result, over every task, would build views quadratic in
        # the run's size; a finished task's view only changes when the task does.
        # Kept per condensing (chars, described): a budget may try several.
        if self._views_of != state.run_id:
            self._views_of, self._task_views = state.run_id, {}
        result = state.results.get(task.id)
        verdict = state.critiques.get(task.id) if state.critiques else None
        fields: tuple[Any, ...] = (task.status, task.attempts, task.agent, task.description)
        fields += (task.depends_on, task.checkpoint, task.error, task.note)
        key = (task.id, chars, described)
        cached = self._task_views.get(key)
        if (
            cached is not None
            and cached.fields == fields
            and cached.result is result
            and cached.verdict is verdict
        ):
            return cached.view
        view = _make_task_view(state, task, result, chars, described, condensed=condense > 0)
        self._task_views[key] = _CachedView(fields, result, verdict, view)
        return view

    def data_words(self, state: RunState) -> frozenset[str]:
        """The words naming the run's tables and columns, worked out once per description."""
        if self._data_words[0] is not state.data:
            self._data_words = (state.data, _data_words(state))
        return self._data_words[1]

    def cards_for(self, state: RunState, agents: AgentRegistry) -> list[AgentCard]:
        """The cards of the agents that can work in this run (see :func:`usable`)."""
        return usable(self.agent_cards(agents), state)

    def agent_cards(self, agents: AgentRegistry) -> list[AgentCard]:
        """Cards for every agent, tree members included (cached until anything changes)."""
        key = (id(agents), agents.version, tree_generation())
        if self._cards is None or self._cards[:3] != key:
            members = agents.tree().members.values()
            self._cards = (*key, [agent_card(m.agent, m.parent, m.depth) for m in members])
        return self._cards[3]


@dataclass(slots=True, frozen=True)
class _CachedView:
    fields: tuple[Any, ...]
    result: AgentResult | None
    verdict: CriticVerdict | None
    view: TaskView


def _make_task_view(
    state: RunState,
    task: Task,
    result: AgentResult | None,
    chars: int,
    described: int,
    *,
    condensed: bool = False,
) -> TaskView:
    summary = None
    if result is not None and result.ok and chars > 0:
        # Condensed for a budget, a result is compressed (its facts kept), not cut short.
        shorten = compressed_result if condensed else preview
        summary = shorten(result.summary or result.data, chars)
    return TaskView(
        id=task.id,
        description=preview(task.description, described) if described else task.description,
        agent=task.agent,
        status=task.status,
        depends_on=list(task.depends_on),
        checkpoint=task.checkpoint,
        attempts=task.attempts,
        summary=summary,
        error=task.error,
        note=task.note,
        confidence=None if result is None else result.confidence,
        suggestions=[] if result is None else list(result.suggestions[:5]),
        critic=_critic_line(state, task.id),
        data=_structured(result),
        **_checked(state.critiques.get(task.id) if state.critiques else None),
    )


def _structured(result: AgentResult | None) -> Any:
    """The result's data when it is a list or mapping it does not summarise itself."""
    if result is None or not result.ok or result.summary:
        return None
    return result.data if isinstance(result.data, (list, tuple, dict)) else None


def _relevance(state: RunState, task: Task) -> int:
    """0 for the most relevant task to show in full, 3 for the least."""
    status = task.status
    if status == "running":
        return 0
    if status in NOT_DONE_STATUSES or (_critic_line(state, task.id) or "").startswith("needs_more"):
        return 1
    if status == "pending":
        return 2
    return 3


def _more_agents(shown: int, total: int) -> str | None:
    if shown >= total:
        return None
    return (
        f"{shown} of {total:,} agents shown: those most relevant to the goal and the plan. "
        'If none fits a task, reply "retrieve_agents" with a "query" saying what the agent '
        "must do, to see others."
    )


def _condensed(
    more: TaskDigest | None, shown: int, total: int, chars: int, level: int
) -> str | None:
    """What a view left out or cut, in a sentence the planner reads (None: nothing)."""
    parts = []
    if more is not None:
        how = [
            "one line each" if more.lines else "",
            'grouped as "ids: count status by agent"' if more.groups else "",
        ]
        parts.append(
            f"{shown} of {total} tasks in full (running, in trouble, pending, then the newest); "
            f"the others in more_tasks, {', then '.join(h for h in how if h)}"
        )
    if level:
        cut = f"cut to {chars} characters" if chars else "left out"
        parts.append(f"result previews {cut}")
    return "; ".join(parts) + "." if parts else None


def _dropped(state: RunState, most: int, chars: int) -> dict[str, str]:
    """The tasks the user dropped, newest ``most`` of them (the view stays bounded)."""
    if not state.dropped:
        return {}
    tasks = state.plan.tasks
    return {t: preview(tasks[t].description, chars) for t in state.dropped[-most:] if t in tasks}


def _checked(verdict: CriticVerdict | None) -> dict[str, list[str] | None]:
    """The claims verification checked and the sources it scored, as a task's view shows them."""
    if verdict is None or not (verdict.claims or verdict.sources):
        return {}
    said = [
        (c.verified, f"{c.text} ({c.evidence})" if c.evidence else c.text) for c in verdict.claims
    ]
    sources = [
        f"{s.source} (score {s.score:.2f}: relevance {s.relevance:.2f}, recency "
        f"{s.recency:.2f}, use {s.use:.2f})"
        for s in verdict.sources
    ]
    return {
        "verified": [text for ok, text in said if ok] or None,
        "unverified": [text for ok, text in said if not ok] or None,
        "sources": sources or None,
    }


def _critic_line(state: RunState, task_id: str) -> str | None:
    verdict = state.critiques.get(task_id) if state.critiques else None
    return None if verdict is None else f"{verdict.verdict}: {verdict.notes}"


def _data_words(state: RunState) -> frozenset[str]:
    """The words that name the run's tables and their columns ("order_date" gives "order
    date"), and the superlatives that rank by a column ("oldest" of an ``age`` column)."""
    if state.data is None:
        return frozenset()
    names = [n for t in state.data.tables for n in (t.name, *t.columns, *t.values)]
    words = frozenset(w for n in names for w in terms(n.replace("_", " ")))
    columns = [c for t in state.data.tables for c in t.columns]
    ranked = superlatives_of(w for c in columns for w in terms(c.replace("_", " ")))
    return words | frozenset(terms(" ".join(sorted(ranked))))


def usable(cards: list[AgentCard], state: RunState) -> list[AgentCard]:
    """The agents that can work in this run: those that read media only when it holds some."""
    if not any(card.reads for card in cards):
        return cards
    kinds = _held(state)
    return [card for card in cards if not card.reads or _reads_any(card.reads, kinds)]


def held_by(card: AgentCard, view: PlannerView) -> tuple[str, ...]:
    """The media types the run holds that ``card`` reads (sorted)."""
    return tuple(sorted(kind for kind in view.held if _reads_any(card.reads, {kind})))


def pointed_for(card: AgentCard, view: PlannerView) -> list[tuple[str, str]]:
    """The (phrase, source) of each attachment the request pointed at that ``card`` reads,
    when it is a medium (a table shown as HTML is the data's, not the documents')."""
    return [
        (p, s)
        for p, s, kind in view.pointers
        if _reads_any(card.reads, {kind}) and kind_of(kind) is not None
    ]


def _held(state: RunState) -> set[str]:
    kinds = {m.mime_type for m in state.attachments}
    kinds.update(m.mime_type for result in state.results.values() for m in result.media)
    return kinds


def _reads_any(reads: tuple[str, ...], kinds: set[str]) -> bool:
    return any(
        kind == r or (r.endswith("/") and kind.startswith(r)) for r in reads for kind in kinds
    )
