"""The rule planner's next step: start what can start, wait, ask, or complete.

Stateless: every call re-reads the whole view, so the same view always gives
the same decision (which is what makes offline runs reproducible).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from notebook_router.agents.card import AgentCard, holder
from notebook_router.agents.matcher import AgentMatcher, matcher_for
from notebook_router.agents.roles import ANALYST, FALLBACK, GENERALIST, RECALL, VERIFY
from notebook_router.language.clauses import Clause, carries_material, decompose
from notebook_router.language.counts import count_with_no_noun, says_a_count
from notebook_router.language.figure_requests import asks_for_a_figure
from notebook_router.language.lexicon import terms
from notebook_router.language.patterns import alternation
from notebook_router.language.references import asks_about, points_at
from notebook_router.language.tables import table
from notebook_router.language.words import words
from notebook_router.offline.planner.carried_filters import carry_restrictions
from notebook_router.offline.planner.data_links import data_outweighs
from notebook_router.offline.planner.shared_filters import share_qualifiers
from notebook_router.offline.planner.shared_groups import share_groups
from notebook_router.planner.decisions import Decision, TaskSpec
from notebook_router.planner.followup import follow_up, same_again
from notebook_router.planner.followup_types import FollowUp
from notebook_router.planner.planner_view import PlannerView, TaskView, held_by, pointed_for
from notebook_router.text.preview import clip

UNROUTABLE_MARK = "No agent fits"
ANALYSIS_WORDS = frozenset(table("analysis")["routing"]["words"])
"""Words that make a request a question for the table (``language/data/analysis.toml``)."""
_REFERS_BACK = re.compile(
    rf"\b(?:{alternation(table('analysis')['parts']['back_references'])})\b", re.IGNORECASE
)
_ASKS_A_TABLE = re.compile(r"\bhow (?:many|much)\b|\b(?:1[6-9]|20)\d\d\b", re.IGNORECASE)
_OK = ("fulfilled", "partial")
_GONE = ("cancelled", "skipped")
_RETRY = ("failed", "unable")


def decide(view: PlannerView) -> Decision:
    """The next step for ``view``: start what can start, wait, ask, or complete."""
    matcher = matcher_for(tuple(view.agents))
    tasks = {t.id: t for t in view.tasks}
    followed = follow_up(
        view.goal, view.arc, view.column_words, view.column_values, view.flag_columns
    )
    agent_names = {card.name for card in view.agents}
    if followed is not None and followed.kind == "why" and _why_agent(view, followed) is None:
        return Decision(
            action="complete",
            reason=f"a question about the answer of run {followed.source.run_id}, and no "
            "agent to recall it",
        )
    if followed is not None and followed.kind == "present" and not followed.tasks:
        return Decision(
            action="complete",
            reason=f"there is nothing to chart: the result of run {followed.source.run_id} "
            "was not a table (ask for a breakdown, by month or by group, to chart one)",
        )
    if followed is not None and followed.kind == "ask":
        return Decision(
            action="clarify",
            reason=f"a follow-up of run {followed.source.run_id} whose words fill no part "
            "of its request",
            question=followed.question,
        )
    # Work for the request before a restart is not the new request's, even when a clause
    # repeats: planned again, it is part of the answer (the old result stays recorded).
    before = set(view.superseded)
    planned = {
        _key(t.description) for t in view.tasks if t.status not in _GONE and t.id not in before
    }
    planned.update(_key(d) for d in view.dropped.values())  # the user said no: stays dropped
    all_clauses, carried = _plan_of(view, followed)
    if not carried:
        all_clauses = _joined_for_data(view, all_clauses)
    new_clauses = [(i, c) for i, c in enumerate(all_clauses) if _key(c.text) not in planned]

    # Route the clauses that are not in the plan yet (a follow-up keeps its run's agents).
    routed: list[tuple[int, Clause, str | None]] = []
    for index, clause in new_clauses:
        agent = (
            (carried[index] if carried.get(index) in agent_names else None)
            or _answered_agent(view, clause)
            or _route(view, matcher, clause.text)
        )
        routed.append((index, clause, agent))
    missing = [c for _, c, agent in routed if agent is None]
    if missing:
        # The user's own agents: the built-ins are always there, and naming a dozen
        # of them would bury the ones the user wrote.
        own = [a.name for a in view.agents if not a.builtin]
        names = ", ".join(own or [a.name for a in view.agents]) or "none are registered"
        return Decision(
            action="clarify",
            reason="part of the request matches no agent",
            question=(
                f"{UNROUTABLE_MARK} “{clip(missing[0].text)}”. Which agent should do it "
                f"({names}), or how should I rephrase it?"
            ),
        )

    run: list[TaskSpec] = []
    later: list[TaskSpec] = []
    ids = _IdMaker(tasks)
    clause_ids: dict[int, list[str]] = {}
    for index, clause, agent in routed:
        deps = [t for d in clause.depends_on for t in _dep_ids(all_clauses, d, clause_ids, view)]
        new_ids = {t for planned_ids in clause_ids.values() for t in planned_ids}
        clause_ids[index] = []
        readers = [agent] if agent is None else media_readers(view, clause.text, agent)
        for reader in readers:
            task_id = ids.next()
            clause_ids[index].append(task_id)
            spec = TaskSpec(id=task_id, description=clause.text, agent=reader, depends_on=deps)
            if all(tasks[d].status in _OK for d in deps if d in tasks) and not any(
                d in new_ids for d in deps
            ):
                run.append(spec)
            else:
                later.append(spec)

    # The team answers what nothing else fits; it does not stand in for a user's agent
    # that failed (a built-in that could not, like the analyst declining, it may).
    team = frozenset(c.name for c in view.agents if c.builtin and GENERALIST in c.roles)
    builtins = frozenset(c.name for c in view.agents if c.builtin)
    analyst = holder(view.agents, ANALYST)
    drop: list[str] = []
    for task in view.tasks:
        if task.status != "pending":
            continue
        upstream = [tasks[d] for d in task.depends_on if d in tasks]
        if any(
            u.status in _RETRY + _GONE
            and not _will_retry(
                u, matcher, team, builtins, _names_data(view, u), analyst, _data_first(view, u)
            )
            for u in upstream
        ):
            drop.append(task.id)
        elif all(u.status in _OK for u in upstream):
            run.append(TaskSpec(id=task.id))

    for task in view.tasks:
        alternative = _will_retry(
            task, matcher, team, builtins, _names_data(view, task), analyst, _data_first(view, task)
        )
        if alternative:
            run.append(TaskSpec(id=task.id, agent=alternative))

    # Agents that asked the user something: once answered, try again with the answer.
    unanswered: list[TaskView] = []
    for task in view.tasks:
        if task.status != "needs_user_input":
            continue
        answer = _answer_to(view, task.error or "")
        if answer is None:
            unanswered.append(task)
            continue
        refined = f"{task.description} ({answer})"
        if not any(t.description == refined for t in view.tasks):
            run.append(
                TaskSpec(
                    id=ids.next(),
                    description=refined,
                    agent=task.agent,
                    depends_on=list(task.depends_on),
                )
            )

    if run:
        names = ", ".join(f"{s.id} → {s.agent or tasks[s.id].agent}" for s in run if s.id)
        return Decision(
            action="execute" if len(run) == 1 else "parallel",
            reason=f"ready to start: {names}",
            run=run,
            later=later,
            drop=drop,
        )
    if unanswered:
        # Asked now, not after the rest: the planner is told of a surprise once, and a
        # question waits alongside running work (it cancels nothing).
        return Decision(
            action="clarify",
            reason=f"{unanswered[0].agent} needs an answer from the user",
            question=unanswered[0].error or f"{unanswered[0].agent} needs more information.",
            later=later,
            drop=drop,
        )
    if later or any(t.status == "running" for t in view.tasks):
        return Decision(action="wait", reason="waiting for running tasks", later=later, drop=drop)
    if drop:
        # Pending tasks whose inputs failed: drop them, then there is nothing left.
        return Decision(
            action="complete", reason="the remaining tasks lost their inputs", drop=drop
        )
    if not view.tasks:
        return Decision(action="complete", reason="the request names no work to do")
    done = sum(1 for t in view.tasks if t.status in _OK)
    return Decision(
        action="complete",
        reason=f"all planned tasks have ended ({done} of {len(view.tasks)} succeeded)",
    )


def _will_retry(
    task: TaskView,
    matcher: AgentMatcher,
    team: frozenset[str] = frozenset(),
    builtins: frozenset[str] = frozenset(),
    names_data: bool = False,
    analyst: str | None = None,
    data_first: Callable[[str], bool] = lambda _: False,
) -> str | None:
    """The agent to retry a failed or unable task with (once), if another fits.

    A usable result the critic marked ``needs_more`` counts as a failure here. The
    ``team`` (built-in generalists) takes over only from a built-in (another of the
    team, or the analyst declining a question that is not about the data). No
    built-in takes over from the user's own agent: its error is the answer.
    """
    critic_wants_more = task.status in _OK and (task.critic or "").startswith("needs_more")
    if (task.status not in _RETRY and not critic_wants_more) or task.attempts >= 2:
        return None
    tried = frozenset({task.agent, *_rerouted_from(task)})
    # A user's agent's task goes only to another of the user's agents.
    own = task.agent not in builtins | team
    alternative = matcher.best(task.description, exclude=tried | builtins if own else tried)
    if alternative is not None and alternative == analyst and task.agent in team and not names_data:
        # A question the team could not answer offline is not one about the data just
        # because it says "summarise": the team's reply says what it needs.
        return None
    if task.agent == analyst and names_data and alternative in team:
        # A question about the data the analyst declined stays declined, with its reason:
        # a generalist would answer some other question ("verified 1 of 1 claims").
        return None
    if task.agent == analyst and alternative is not None and data_first(alternative):
        # nor does a built-in matched by fewer words than name the data ("who played more
        # than twice?" is the table's, not the narrator's: it could only say it has no text)
        return None
    return alternative


def _rerouted_from(task: TaskView) -> list[str]:
    note = task.note or ""
    if not note.startswith("re-routed from "):
        return []
    return note.removeprefix("re-routed from ").split(" after:")[0].split()[:1]


def _answer_to(view: PlannerView, question: str) -> str | None:
    """The user's reply to ``question``, if the planner asked it and the user answered."""
    history = view.history
    for i, line in enumerate(history[:-1]):
        if line.role == "planner" and line.content == question and history[i + 1].role == "user":
            return history[i + 1].content.strip() or None
    return None


def _answered_agent(view: PlannerView, clause: Clause) -> str | None:
    """The agent the user named when asked who should do ``clause``."""
    names = {a.name.lower(): a.name for a in view.agents}
    history = view.history
    for i, line in enumerate(history[:-1]):
        if (
            line.role == "planner"
            and UNROUTABLE_MARK in line.content
            and clause.text in line.content
        ):
            reply = history[i + 1]
            if reply.role == "user":
                candidates = [
                    *words(reply.content.replace("-", "_")),
                    reply.content.strip().lower(),
                ]
                for word in candidates:
                    if word in names:
                        return names[word]
    return None


class _IdMaker:
    def __init__(self, tasks: dict[str, TaskView]) -> None:
        self.taken = set(tasks)
        self.n = len(tasks)

    def next(self) -> str:
        while True:
            self.n += 1
            candidate = f"t{self.n}"
            if candidate not in self.taken:
                self.taken.add(candidate)
                return candidate


def _route(view: PlannerView, matcher: AgentMatcher, text: str) -> str | None:
    """The agent for ``text``: the best match, but the data analyst over a team agent
    when the text names the run's data (the knowledge agent when it shares words
    with a fact the notebook knows), and the team's research agent when nothing
    matches and the user has no agents of their own (it answers with what it would
    need; asking "which agent?" has no answer there), and else the agent nearest in
    meaning (:meth:`AgentMatcher.nearest`)."""
    best = matcher.best(text)
    if best is not None and asks_for_a_figure(text):
        # "number of observations above 20": a question, not a claim; its 20 is a bound
        best = matcher.best(text, exclude=_checkers(view))
    reader = _named_reader(view, matcher, text)
    if reader is not None and (best is None or _is_generalist(view, best)):
        return reader  # "summarise data/report.pdf": the PDF the run holds is the documents'
    if best is not None and reader is None and not carries_material(text):
        # a built-in holding no data, matched by fewer words than name the data
        best = data_outweighs(view, matcher, text, best) or best
    if best is None or (_is_team(view, best) and not carries_material(text)):
        # ("summarise: <text>" brings its own material: the words of the data in it
        # do not make it a question about the data)
        best = _data_agent(view, text) or _knowledge_agent(view, text) or best
    if best is None and all(card.builtin for card in view.agents):
        best = holder((c for c in view.agents if c.builtin), FALLBACK)
    if best is None:
        # Said in other words than any card's ("boil the report down" to the summariser):
        # the nearest in meaning, when word vectors are installed, before asking the user.
        best = matcher.nearest(text)
    return best


def _checkers(view: PlannerView) -> frozenset[str]:
    """The agents whose role is to check claims: no fit for a request asking a figure."""
    return frozenset(c.name for c in view.agents if VERIFY in c.roles)


def _named_reader(view: PlannerView, matcher: AgentMatcher, text: str) -> str | None:
    """The agent reading a kind of media the run holds that ``text`` names ("pdf",
    "chart", "audio", "the recording above") or asks about ("how long", "silence",
    "the trend"), the best ranked first; None when it names none.

    Agents that read media are offered only when the run holds some of theirs,
    so naming one's topic means naming media that is there: a summary of
    "data/report.pdf" is the documents agent's, not the summariser's (which
    has no words to read) nor the analyst's (the path says "data"); "what is
    the duration of Out[2]?" is the audio agent's when Out[2] is audio.
    """
    said = set(terms(text))
    named = [c.name for c in view.agents if c.reads and _names_medium(view, c, said, text)]
    if not named:
        return None
    ranked = [name for name, _ in matcher.rank(text) if name in named]
    return (ranked or named)[0]


def _names_medium(view: PlannerView, card: AgentCard, said: set[str], text: str) -> bool:
    """Whether ``text`` names the medium ``card`` reads: one of its topics, a pointer at or
    a property of a kind of media the run holds that it reads ("the recording above",
    "how long": see ``language.references.asks_about``), or the phrase that pointed at
    such an attachment ("describe it", "what is in Out[2]?")."""
    if not said.isdisjoint(_topic_words(card)):
        return True
    return _medium_at(view, card, text) is not None


def _medium_at(view: PlannerView, card: AgentCard, text: str) -> int | None:
    """Where ``text`` first points at or asks about a medium ``card`` reads (a term index)."""
    found = [
        at
        for at in (
            asks_about(text, held_by(card, view)),
            points_at(text, pointed_for(card, view)),
        )
        if at is not None
    ]
    return min(found) if found else None


def _is_generalist(view: PlannerView, name: str) -> bool:
    """A built-in that answers anything it has words for (the team, the data analyst)."""
    return name == holder(view.agents, ANALYST) or _is_team(view, name)


def _data_first(view: PlannerView, task: TaskView) -> Callable[[str], bool]:
    """Whether the run's data outweighs an agent's words for ``task`` (``data_links``)."""
    matcher = matcher_for(tuple(view.agents))
    return lambda agent: data_outweighs(view, matcher, task.description, agent) is not None


def _names_data(view: PlannerView, task: TaskView) -> bool:
    return _data_agent(view, task.description) is not None


def _is_team(view: PlannerView, name: str) -> bool:
    return any(c.name == name and c.builtin and GENERALIST in c.roles for c in view.agents)


def _data_agent(view: PlannerView, text: str) -> str | None:
    """The data analyst for a request that names a table or a column and fits no agent.

    "which region had the highest total revenue?" shares no word with any agent's
    topics, but ``region`` and ``revenue`` are columns of a table the run can read.
    """
    analyst = holder(view.agents, ANALYST)
    if not view.data_words or analyst is None:
        return None
    if not view.data_words.isdisjoint(terms(text)):
        return analyst
    # Asked the way one asks a table ("how many ...", "the average ...", "compare ...",
    # "in 2007"): with tables in the run, the analyst answers or says what is missing,
    # where a generalist could only say it has no model.
    said = set(words(text))
    if said & ANALYSIS_WORDS or _ASKS_A_TABLE.search(text) or asks_for_a_figure(text):
        return analyst
    return None


def _joined_for_data(view: PlannerView, clauses: tuple[Clause, ...]) -> tuple[Clause, ...]:
    """Clauses about the data that refer back ("total population of Asia in 2007, then its
    average life expectancy that year") stay one task: the analyst reads the second
    with the rows the first chose, which two separate tasks could not share."""
    if len(clauses) < 2 or not view.data_words or holder(view.agents, ANALYST) is None:
        return clauses

    def about_data(clause: Clause) -> bool:
        return _data_agent(view, clause.text) is not None

    clauses = tuple(share_qualifiers(clauses, about_data))
    clauses = tuple(share_groups(clauses))
    clauses = tuple(carry_restrictions(clauses, view.column_values, about_data))
    out: list[Clause] = []
    moved: dict[int, int] = {}
    for i, clause in enumerate(clauses):
        previous = out[-1] if out else None
        again = (
            None if previous is None else same_again(clause.text, previous.text, view.column_words)
        )
        if again is not None:  # "average yield in 1931; then the same for 1932": asked again
            out.append(Clause(again, previous.verb if previous else None))
            moved[i] = len(out) - 1
            continue
        # "how many Toys items in Newark and how many in Reno?": a count with no noun of
        # its own counts the earlier count's things, which only the analyst can carry
        elliptic = (
            previous is not None and count_with_no_noun(clause.text) and says_a_count(previous.text)
        )
        joins = (
            previous is not None
            and (_REFERS_BACK.search(clause.text) is not None or elliptic)
            and _data_agent(view, previous.text) is not None
            and not carries_material(clause.text)
        )
        if previous is not None and joins:
            text = f"{previous.text.rstrip(' .;,')}; {clause.text[:1].lower()}{clause.text[1:]}"
            out[-1] = Clause(text, previous.verb, previous.after_previous, previous.depends_on)
        else:
            depends = [moved[d] for d in clause.depends_on if d in moved]
            out.append(
                Clause(clause.text, clause.verb, clause.after_previous, sorted(set(depends)))
            )
        moved[i] = len(out) - 1
    return tuple(out)


def _plan_of(
    view: PlannerView, followed: FollowUp | None
) -> tuple[tuple[Clause, ...], dict[int, str]]:
    """The clauses to plan, and the agent a follow-up carries over for some of them
    ("why is that?" goes to whoever recalls earlier runs)."""
    if followed is None or not followed.tasks:
        return _clauses(view.goal), {}
    clauses, carried = _followed_clauses(followed)
    if followed.kind == "why":
        who = _why_agent(view, followed)
        carried = {i: who for i in range(len(clauses))} if who else {}
    return clauses, carried


def _why_agent(view: PlannerView, followed: FollowUp) -> str | None:
    """Who answers "why is that?": the analyst after a data answer, else whoever recalls."""
    if any(ANALYST in t.roles for t in followed.tasks):
        return holder(view.agents, ANALYST) or holder(view.agents, RECALL)
    return holder(view.agents, RECALL)


@lru_cache(maxsize=64)
def _followed_clauses(followed: FollowUp) -> tuple[tuple[Clause, ...], dict[int, str]]:
    """The earlier run's plan as clauses (dependencies by position), and its agents."""
    index = {t.id: i for i, t in enumerate(followed.tasks)}
    clauses = tuple(
        Clause(
            t.description,
            None,
            depends_on=[index[d] for d in t.depends_on if d in index and index[d] < i],
        )
        for i, t in enumerate(followed.tasks)
    )
    return clauses, {i: t.agent for i, t in enumerate(followed.tasks) if t.agent}


def _knowledge_agent(view: PlannerView, text: str) -> str | None:
    """The knowledge agent for a question that fits no agent but a fact the notebook knows.

    "When does the fiscal year start?" names no agent's topic; the fact
    "the fiscal year starts in April" shares its words.
    """
    recaller = holder(view.agents, RECALL)
    if view.arc is None or recaller is None:
        return None
    wanted = set(terms(text))
    known = any(wanted & set(terms(f"{f.topic} {f.text}")) for f in view.arc.facts)
    return recaller if known else None


@lru_cache(maxsize=64)
def _clauses(goal: str) -> tuple[Clause, ...]:
    """The goal's clauses: the same goal is decomposed once, not at every decision
    (a goal listing hundreds of items would cost a long run time quadratic in them)."""
    return tuple(decompose(goal))


@lru_cache(maxsize=8192)
def _key(text: str) -> str:
    return " ".join(terms(text))


def _dep_ids(
    clauses: tuple[Clause, ...], index: int, clause_ids: dict[int, list[str]], view: PlannerView
) -> list[str]:
    """The tasks doing clause ``index`` (several when it named several media)."""
    if index in clause_ids:
        return clause_ids[index]
    # The dependency was planned earlier: find its tasks by description.
    wanted = _key(clauses[index].text)
    return [
        task.id
        for task in view.tasks
        if _key(task.description) == wanted and task.status not in _GONE
    ]


def media_readers(view: PlannerView, text: str, agent: str) -> list[str]:
    """The agents to give ``text``: ``agent``, and when it reads media, every other
    agent reading media that the text names by its topics.

    "What do the chart in Out[2] and the audio note in Out[3] tell us?" is one
    clause but two media: the images agent reads the chart, the audio agent
    hears the note, each a task of its own with the same words (each takes the
    media of its kind), and the answer gives what each found, citing its
    source. Only media the run holds count (agents reading other media are
    not offered), and a user's own agent keeps the whole clause.
    """
    cards = {card.name: card for card in view.agents}
    first = cards.get(agent)
    if first is None or not first.reads:
        return [agent]
    words = terms(text)
    said = set(words)
    others = [
        card.name
        for card in view.agents
        if card.reads and card.name != agent and _names_medium(view, card, said, text)
    ]
    if not others:
        return [agent]

    def first_named(name: str) -> int:
        topics = _topic_words(cards[name])
        named = next((i for i, word in enumerate(words) if word in topics), len(words))
        asked = _medium_at(view, cards[name], text)
        return named if asked is None else min(named, asked)

    # In the order the text names them: the chart's task before the audio note's.
    return sorted([agent, *others], key=first_named)


@lru_cache(maxsize=256)
def _topic_words(card: AgentCard) -> frozenset[str]:
    return frozenset(terms(" ".join(topic for topic, _ in card.capabilities)))
