"""Follow-ups read against the run before them (the offline planner's rules).

The expected plans below were written by hand from the requests, not from the code.
"""

from __future__ import annotations

import pytest

from notebook_router.planner.arc import ArcRun, ArcTask, ArcView
from notebook_router.planner.followup import follow_up, substitute

NORTH = ArcRun(
    run_id="r1",
    goal="Load the sales table for the North region, then plot monthly revenue",
    answer="North grew 36%",
    tasks=(
        ArcTask(id="t1", description="Load the sales table for the North region", agent="sales"),
        ArcTask(id="t2", description="Plot monthly revenue", agent="chart", depends_on=("t1",)),
    ),
)
BY_AGENT = ArcRun(
    run_id="r2",
    goal="Summarise revenue for North",
    tasks=(ArcTask(id="t1", description="Summarise revenue for North", agent="north_desk"),),
)
YEARLY = ArcRun(
    run_id="r3",
    goal="Total revenue in 2024 by region",
    tasks=(ArcTask(id="t1", description="Total revenue in 2024 by region", agent="analyst"),),
)
CITY = ArcRun(
    run_id="r4",
    goal="Find hotels in Lisbon",
    tasks=(ArcTask(id="t1", description="Find hotels in Lisbon", agent="hotels"),),
)
UNNAMED = ArcRun(
    run_id="r5",
    goal="Count the orders",
    tasks=(ArcTask(id="t1", description="Count the orders", agent="orders"),),
)


def arc(*runs: ArcRun) -> ArcView:
    return ArcView(runs=runs)


# (request, earlier run, expected goal, expected (description, agent) per task)
SAME_CASES = [
    (
        "now do the same for South",
        NORTH,
        "Load the sales table for the South region, then plot monthly revenue",
        [("Load the sales table for the South region", "sales"), ("Plot monthly revenue", "chart")],
    ),
    (
        "What about the south?",  # the new word takes the case of the one it replaces
        NORTH,
        "Load the sales table for the South region, then plot monthly revenue",
        [("Load the sales table for the South region", "sales"), ("Plot monthly revenue", "chart")],
    ),
    (
        "do the same for South",
        BY_AGENT,
        "Summarise revenue for South",
        [("Summarise revenue for South", "south_desk")],
    ),
    (
        "do it again for 2023",
        YEARLY,
        "Total revenue in 2023 by region",
        [("Total revenue in 2023 by region", "analyst")],
    ),
    (
        "and the same for Porto",
        CITY,
        "Find hotels in Porto",
        [("Find hotels in Porto", "hotels")],
    ),
    (
        "do it again for 2023",
        UNNAMED,
        "Count the orders for 2023",
        [("Count the orders for 2023", "orders")],
    ),
]


@pytest.mark.parametrize(("request_", "earlier", "goal", "plan"), SAME_CASES)
def test_same_for_another_entity_reruns_the_plan_with_it_swapped(
    request_: str, earlier: ArcRun, goal: str, plan: list[tuple[str, str]]
) -> None:
    followed = follow_up(request_, arc(earlier))
    assert followed is not None and followed.kind == "same"
    assert followed.source.run_id == earlier.run_id
    assert followed.goal == goal
    assert [(t.description, t.agent) for t in followed.tasks] == plan
    assert [t.depends_on for t in followed.tasks] == [t.depends_on for t in earlier.tasks]


def test_as_a_bar_chart_asks_the_plotting_task_for_one() -> None:
    followed = follow_up("and as a bar chart", arc(NORTH))
    assert followed is not None and followed.kind == "present"
    assert [t.description for t in followed.tasks] == [
        "Load the sales table for the North region",
        "Plot monthly revenue as a bar chart",
    ]


def test_as_a_chart_adds_a_plotting_task_when_there_was_none() -> None:
    followed = follow_up("show it as a pie chart", arc(CITY))
    assert followed is not None
    assert [(t.description, t.depends_on) for t in followed.tasks] == [
        ("Find hotels in Lisbon", ()),
        ("Plot the result as a pie chart", ("t1",)),
    ]


@pytest.mark.parametrize("request_", ["why is that?", "Why?", "and why did that happen?"])
def test_why_recalls_the_previous_run(request_: str) -> None:
    followed = follow_up(request_, arc(NORTH, CITY))
    assert followed is not None and followed.kind == "why"
    assert followed.source.run_id == "r4"
    assert [(t.description.split(":")[0], t.agent) for t in followed.tasks] == [
        ("Recall run r4", "knowledge")
    ]


@pytest.mark.parametrize(
    "request_",
    ["Plot monthly revenue for the West region", "Summarise the sales table", "hello"],
)
def test_requests_that_stand_on_their_own_are_not_follow_ups(request_: str) -> None:
    assert follow_up(request_, arc(NORTH)) is None


def test_no_arc_no_follow_up() -> None:
    assert follow_up("now do the same for South", None) is None
    assert follow_up("now do the same for South", ArcView()) is None


@pytest.mark.parametrize(
    ("text", "old", "new", "expected"),
    [
        (
            "North sales (north_desk), NORTH total",
            "North",
            "South",
            "South sales (south_desk), SOUTH total",
        ),
        ("Northern lights in the North", "North", "South", "Northern lights in the South"),
        ("revenue in 2024 vs 20245", "2024", "2023", "revenue in 2023 vs 20245"),
    ],
)
def test_substitution_keeps_case_and_whole_words(
    text: str, old: str, new: str, expected: str
) -> None:
    assert substitute(text, old, new) == expected
