"""A follow-up that asks for the result before drawn another way ("and as a bar chart"),
read by :mod:`notebook_router.planner.followup`: the previous plan again, its plotting
task asking for that kind of chart. Without one, the run's last result must have been a
table: the data analyst (or coder) that made it is asked to draw it, another agent's
table gets a plotting step after it. When the result was no table (a single number, a
text), there is nothing to chart and the follow-up has no tasks.
"""

from __future__ import annotations

import re

from notebook_router.agents.roles import DRAWS_TABLES
from notebook_router.context.arc import ArcRun, ArcTask
from notebook_router.planner.followup_types import LEAD, SAID, FollowUp, analyst_tasks

_W = SAID.either
PRESENT = re.compile(
    LEAD + rf"(?:{_W('present.verbs')}\s+{_W('present.pronouns')}\s+)?"
    r"as\s+an?\s+(?P<kind>[\w-]+(?:\s+[\w-]+)?)\s*[?.!]*$",
    re.IGNORECASE,
)
"""A follow-up asking for a way to present ("and as a bar chart", "show it as a table")."""
# A chart named as a thing ("a line chart", "the graph"), not "plot" the verb.
_CHART = re.compile(
    rf"\b{_W('present.chart_kinds')}\s+{_W('present.chart_nouns')}\b"
    rf"|\b{_W('present.chart_words')}\b",
    re.IGNORECASE,
)
_PLOTS = re.compile(rf"\b{_W('present.plotting')}\w*\b", re.IGNORECASE)
_CHART_KINDS = SAID.words("present.kinds")
_AS_A_CHART = re.compile(r"\s+as\s+an?\s+[\w-]+(?:\s+[\w-]+)?\s*$", re.IGNORECASE)

NOTHING_TO_CHART = "nothing to chart: its result was not a table"
"""The change of a "present" follow-up of a run whose last result was no table (it has no tasks)."""


AS_PARTS = re.compile(
    LEAD + rf"(?:{_W('present.verbs')}\s+{_W('present.pronouns')}\s+)?"
    rf"(?:as|in)\s+(?P<parts>{_W('present.parts')})(?P<whole>\s+{_W('present.whole_leads')}\b[^?.!]*)?"
    r"\s*[?.!]*$",
    re.IGNORECASE,
)
"""A follow-up asking for the figures before as parts of a whole ("now as percentages
within each job", "show it as shares")."""


def as_parts(goal: str, source: ArcRun) -> FollowUp | None:
    """``source`` again, its data question's figures asked as parts of a whole ("number
    per job and gender" → "... as percentages within each job"); None when ``goal`` asks
    no such thing or ``source`` asked the analyst nothing. Read alone, "as percentages
    within each job" was a question of its own: each job's share of every row."""
    said = AS_PARTS.match(goal.strip())
    asked = [i for i, t in enumerate(source.tasks) if t in analyst_tasks(source)]
    if said is None or not asked or not _COUNTED.search(source.tasks[asked[-1]].description):
        return None  # (a total or a mean "as percentages": a question of its own)
    whole = (said["whole"] or "").strip()
    whole = "" if _OF_ALL.fullmatch(whole) else f" {whole}"
    wanted = f"as {said['parts'].lower()}{whole}"
    tasks = list(source.tasks)
    last = asked[-1]
    tasks[last] = tasks[last].model_copy(
        update={"description": f"{_without_parts(tasks[last].description)} {wanted}"}
    )
    goal_text = f"{_without_parts(source.goal)} {wanted}"
    return FollowUp("same", source, goal_text, tuple(tasks), wanted)


_COUNTED = re.compile(rf"\b{_W('present.counted')}\b", re.IGNORECASE)
_OF_ALL = re.compile(_W("present.whole_of_all"), re.IGNORECASE)
_SAID_AS_PARTS = re.compile(
    rf"\s+(?:as|in)\s+{_W('present.parts')}(?:\s+{_W('present.whole_leads')}\b[^?.!]*)?\s*[?.!]*$",
    re.IGNORECASE,
)


def _without_parts(text: str) -> str:
    """``text`` without the parts it asked before ("... as percentages within each job"):
    a second such follow-up takes their place."""
    return _SAID_AS_PARTS.sub("", text.rstrip(" .?!"))


def presentation(kind: str) -> bool:
    """Whether "as a ``kind``" names a way to present a result ("bar chart", "table")."""
    return kind.lower().split()[-1] in _CHART_KINDS


def present(source: ArcRun, kind: str) -> FollowUp:
    """``source`` again, its result drawn as a ``kind`` (a chart kind, or a table)."""
    wanted = kind if presentation(kind) else f"{kind} chart"
    goal = _as(_AS_A_CHART.sub("", source.goal.rstrip(" .?!")), wanted)
    tasks = list(source.tasks)
    plotting = [i for i, t in enumerate(tasks) if _PLOTS.search(t.description)]
    if not plotting and not (tasks and tasks[-1].table):
        # A single number or a text: "plotting" it would only print it again.
        return FollowUp("present", source, goal, (), NOTHING_TO_CHART)
    if not plotting and DRAWS_TABLES in tasks[-1].roles:  # it draws in its own task
        plotting = [len(tasks) - 1]  # "the total revenue by region as a bar chart"
    if plotting:
        for i in plotting:
            tasks[i] = tasks[i].model_copy(
                update={"description": _as(tasks[i].description, wanted)}
            )
    else:  # a user's agent made the table: a plotting step (their chart agent, say) draws it
        ids = {t.id for t in tasks}
        n = len(tasks) + 1
        while f"t{n}" in ids:
            n += 1
        tasks.append(
            ArcTask(
                id=f"t{n}",
                description=f"Plot the result as a {wanted}",
                agent="",
                depends_on=(tasks[-1].id,),
            )
        )
    return FollowUp("present", source, goal, tuple(tasks), f"as a {wanted}")


def _as(description: str, wanted: str) -> str:
    """``description`` asking for a ``wanted`` (a chart it names becomes that one)."""
    if _CHART.search(description):
        return _CHART.sub(wanted, description, count=1)
    return f"{description.rstrip(' .?!')} as a {wanted}"
