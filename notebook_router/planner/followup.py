"""Reading a follow-up against the run before it, by rules (what the offline planner does).

A goal such as "now do the same for South" only means something next to the
previous run. :func:`follow_up` recognises three kinds and works out what to
do from the session's arc:

- **same**: "do the same for South", "what about 2023?", "do it again for
  Q3": the previous plan again, with the entity it was about swapped for the
  new one in its goal, its task descriptions and its agents' names ("North"
  → "South", case kept). Which word to swap is chosen by kind first (years,
  quarters, months, compass points), then a capitalised name after "for",
  "in", "of" ..., then any capitalised name, then the word after such a
  preposition; with none, the new entity is added to the goal ("... for South").
- **present**: "and as a bar chart": the previous plan again, its plotting
  task asking for that kind of chart (or a plotting task added at the end).
- **why**: "why is that?": the knowledge agent recalls what the previous run
  found and how (its plan, the facts that bear on it); the answer cites it.

A model planner needs none of this: it reads the arc in its view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from notebook_router.agents.builtin.knowledge import KNOWLEDGE
from notebook_router.planner.arc import ArcRun, ArcTask, ArcView
from notebook_router.text.preview import clip

FollowKind = Literal["same", "present", "why"]


@dataclass(frozen=True)
class FollowUp:
    """How a goal follows up an earlier run."""

    kind: FollowKind
    source: ArcRun
    """The run it follows."""
    goal: str
    """The source's goal, changed as asked (for "why": the source's goal)."""
    tasks: tuple[ArcTask, ...]
    """The plan to run, in the source's order with its ids (for "why": one recall task)."""
    change: str
    """What changed, for the answer: "North → South", "as a bar chart"."""


_LEAD = r"^(?:(?:and|so|ok|okay|now|then|please|great|thanks|but)[\s,]+)*"
_SAME = re.compile(
    _LEAD + r"(?:(?:can\s+you|could\s+you|please)\s+)?"
    r"(?:(?:do|run|repeat|redo|try)\s+(?:(?:the\s+)?same(?:\s+(?:thing|analysis|again))?|"
    r"(?:it|that|this)(?:\s+again)?|again)|(?:the\s+)?same|again|"
    r"what\s+about|how\s+about)\s*,?\s*(?:(?:for|with|on|in|about|but\s+for)\s+)?(?P<new>.+?)"
    r"\s*[?.!]*$",
    re.IGNORECASE,
)
_PRESENT = re.compile(
    _LEAD + r"(?:(?:show|plot|draw|make|display|do)\s+(?:it|that|this|them)\s+)?"
    r"as\s+an?\s+(?P<kind>[\w-]+(?:\s+[\w-]+)?)\s*[?.!]*$",
    re.IGNORECASE,
)
_WHY = re.compile(
    _LEAD + r"why(?:\s+(?:is|was|did|does|do|are|were)\s+(?:that|this|it|so|they)"
    r"(?:\s+(?:so|happen|the\s+case))?)?\s*[?.!]*$",
    re.IGNORECASE,
)
# A chart named as a thing ("a line chart", "the graph"), not "plot" the verb.
_CHART = re.compile(
    r"\b(?:line|bar|pie|scatter|area|column|stacked\s+bar)\s+(?:chart|plot|graph)\b"
    r"|\b(?:chart|graph)\b",
    re.IGNORECASE,
)
_PLOTS = re.compile(r"\b(?:plot|chart|graph|draw|visuali[sz]e)\w*\b", re.IGNORECASE)
_CHART_KINDS = ("chart", "plot", "graph", "histogram", "table")

_WORDS = re.compile(r"[\w-]+")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_QUARTER = re.compile(r"^q[1-4]$", re.IGNORECASE)
_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_COMPASS = "north south east west northeast northwest southeast southwest central".split()
_PREPOSITION = r"(?:for|in|of|from|at|about|on|across|within|by)\s+(?:the\s+)?"
_NAME = r"[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*"
_NAME_AFTER_PREPOSITION = re.compile(rf"\b{_PREPOSITION}(?P<name>{_NAME})")
_NAME_INSIDE = re.compile(rf"(?<![.!?]\s)(?<!^)\b(?P<name>{_NAME})")
_WORD_AFTER_PREPOSITION = re.compile(rf"\b{_PREPOSITION}(?P<name>[a-z][\w-]*)")


def follow_up(goal: str, arc: ArcView | None) -> FollowUp | None:
    """How ``goal`` follows the arc's latest run, or None when it stands on its own."""
    if arc is None or not arc.runs:
        return None
    return _follow_up(" ".join(goal.split()), arc)


@lru_cache(maxsize=64)
def _follow_up(goal: str, arc: ArcView) -> FollowUp | None:
    # Cached: the rule planner asks at every decision, and the view is frozen.
    if _WHY.match(goal):
        source = arc.last
        if source is None:
            return None
        recall = f"Recall run {source.run_id}: what it found for “{clip(source.goal)}” and how"
        task = ArcTask(id="t1", description=recall, agent=KNOWLEDGE)
        return FollowUp("why", source, source.goal, (task,), "why its answer")
    # Work to redo: a run that only remembered or recalled facts is not one.
    planned = [r for r in arc.runs if any(t.agent != KNOWLEDGE for t in r.tasks)]
    if not planned:
        return None
    source = planned[-1]
    present = _PRESENT.match(goal)
    if present and _presentation(present["kind"]):
        return _present(source, present["kind"].strip())
    same = _SAME.match(goal)
    if same:
        return _same(source, _entity(same["new"]))
    return None


def _presentation(kind: str) -> bool:
    return kind.lower().split()[-1] in _CHART_KINDS


def _entity(text: str) -> str:
    text = text.strip(" \t?.!,;:\"'")
    return re.sub(r"^the\s+", "", text, flags=re.IGNORECASE)


# ---------------------------------------------------------------------- same


def _same(source: ArcRun, new: str) -> FollowUp:
    texts = [source.goal, *(t.description for t in source.tasks)]
    old = old_entity(texts, new)
    if old is None:
        goal = f"{source.goal.rstrip(' .')} for {new}"
        tasks = tuple(
            t.model_copy(update={"description": f"{t.description.rstrip(' .')} for {new}"})
            if i == 0
            else t
            for i, t in enumerate(source.tasks)
        )
        return FollowUp("same", source, goal, tasks, f"for {new}")
    tasks = tuple(
        t.model_copy(
            update={
                "description": substitute(t.description, old, new),
                "agent": substitute(t.agent, old, new),
            }
        )
        for t in source.tasks
    )
    return FollowUp("same", source, substitute(source.goal, old, new), tasks, f"{old} → {new}")


def old_entity(texts: list[str], new: str) -> str | None:
    """The word or name in ``texts`` that ``new`` takes the place of, if one is found."""
    kind = _kind(new)
    if kind is not None:
        for text in texts:
            for word in _WORDS.findall(text):
                if _kind(word) == kind and word.lower() != new.lower():
                    return str(word)
        if kind == "year":  # a year with no year before it: nothing to swap
            return None
    patterns = [_NAME_AFTER_PREPOSITION]
    if new[:1].isupper():  # "South" may take the place of a name anywhere but a sentence start
        patterns.append(_NAME_INSIDE)
    patterns.append(_WORD_AFTER_PREPOSITION)
    for pattern in patterns:
        for text in texts:
            for match in pattern.finditer(text):
                name: str = match["name"].strip(".'")
                if name and name.lower() != new.lower():
                    return name
    return None


def _kind(word: str) -> str | None:
    low = word.lower()
    if _YEAR.match(word):
        return "year"
    if _QUARTER.match(word):
        return "quarter"
    if low in _MONTHS:
        return "month"
    if low in _COMPASS:
        return "compass"
    return None


def substitute(text: str, old: str, new: str) -> str:
    """``text`` with each whole-word ``old`` replaced by ``new``, keeping the case it had there.

    >>> substitute("Load the sales table for the North region (north_sales)", "North", "South")
    'Load the sales table for the South region (south_sales)'
    """
    pattern = re.compile(rf"(?<![^\W_]){re.escape(old)}(?![^\W_])", re.IGNORECASE)

    def cased(match: re.Match[str]) -> str:
        found = match.group(0)
        if found.isupper() and len(found) > 1:
            return new.upper()
        if found.islower():
            return new.lower()
        if found[:1].isupper():
            return new[:1].upper() + new[1:]
        return new

    return pattern.sub(cased, text)


# ------------------------------------------------------------------- present


def _present(source: ArcRun, kind: str) -> FollowUp:
    wanted = kind if kind.lower().split()[-1] in _CHART_KINDS else f"{kind} chart"
    tasks = list(source.tasks)
    plotting = [i for i, t in enumerate(tasks) if _PLOTS.search(t.description)]
    if plotting:
        for i in plotting:
            tasks[i] = tasks[i].model_copy(
                update={"description": _as(tasks[i].description, wanted)}
            )
    else:
        ids = {t.id for t in tasks}
        n = len(tasks) + 1
        while f"t{n}" in ids:
            n += 1
        last = tasks[-1].id if tasks else None
        tasks.append(
            ArcTask(
                id=f"t{n}",
                description=f"Plot the result as a {wanted}",
                agent="",
                depends_on=(last,) if last else (),
            )
        )
    goal = f"{source.goal.rstrip(' .')} as a {wanted}"
    return FollowUp("present", source, goal, tuple(tasks), f"as a {wanted}")


def _as(description: str, wanted: str) -> str:
    """``description`` asking for a ``wanted`` (a chart it names becomes that one)."""
    if _CHART.search(description):
        return _CHART.sub(wanted, description, count=1)
    return f"{description.rstrip(' .')} as a {wanted}"
