"""Follow-ups read against the run before them (the offline planner's rules).

The expected plans below were written by hand from the requests, not from the code.
"""

from __future__ import annotations

import pytest

from notebook_router.agents.roles import ANALYST, DRAWS_TABLES, GENERALIST
from notebook_router.context.arc import ArcRun, ArcTask, ArcView
from notebook_router.planner.followup import follow_up, substitute

ANALYST_ROLES = frozenset({ANALYST, DRAWS_TABLES})
"""The data analyst's roles: it answers questions about tables and draws the ones it makes."""

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
TOTAL = ArcRun(  # the data analyst's single number
    run_id="r6",
    goal="What is the total revenue for North?",
    tasks=(
        ArcTask(
            id="t1",
            description="What is the total revenue for North?",
            agent="data_analyst",
            roles=ANALYST_ROLES,
        ),
    ),
)
BY_REGION = ArcRun(  # the data analyst's table
    run_id="r7",
    goal="What is the total revenue by region?",
    tasks=(
        ArcTask(
            id="t1",
            description="What is the total revenue by region?",
            agent="data_analyst",
            table=True,
            roles=ANALYST_ROLES,
        ),
    ),
)
PLAN = ArcRun(  # the team's note: nothing to redo or draw
    run_id="r8",
    goal="Plan a product launch",
    tasks=(
        ArcTask(
            id="t1",
            description="Plan a product launch",
            agent="planning",
            table=True,
            roles=frozenset({GENERALIST}),
        ),
    ),
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
    (
        "what about East?",
        TOTAL,
        "What is the total revenue for East?",
        [("What is the total revenue for East?", "data_analyst")],
    ),
    (
        "now for the median",  # a statistic takes the place of the one the run named
        TOTAL,
        "What is the median revenue for North?",
        [("What is the median revenue for North?", "data_analyst")],
    ),
    (
        "now the median",
        TOTAL,
        "What is the median revenue for North?",
        [("What is the median revenue for North?", "data_analyst")],
    ),
    (
        "What about New York City?",  # three words are still one entity
        CITY,
        "Find hotels in New York City",
        [("Find hotels in New York City", "hotels")],
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


def test_as_a_chart_adds_a_plotting_task_after_a_table_of_a_users_agent() -> None:
    rows = CITY.model_copy(update={"tasks": (CITY.tasks[0].model_copy(update={"table": True}),)})
    followed = follow_up("show it as a pie chart", arc(rows))
    assert followed is not None
    assert [(t.description, t.depends_on) for t in followed.tasks] == [
        ("Find hotels in Lisbon", ()),
        ("Plot the result as a pie chart", ("t1",)),
    ]


def test_as_a_chart_asks_the_analyst_to_draw_the_table_it_made() -> None:
    followed = follow_up("and as a bar chart", arc(BY_REGION))
    assert followed is not None and followed.kind == "present"
    assert followed.goal == "What is the total revenue by region as a bar chart"
    assert [(t.description, t.agent) for t in followed.tasks] == [
        ("What is the total revenue by region as a bar chart", "data_analyst")
    ]


@pytest.mark.parametrize("earlier", [TOTAL, CITY])  # a single number; a text
def test_as_a_chart_of_a_result_that_is_no_table_plans_nothing(earlier: ArcRun) -> None:
    followed = follow_up("and as a bar chart", arc(earlier))
    assert followed is not None and followed.kind == "present"
    assert followed.tasks == ()
    assert followed.change == "nothing to chart: its result was not a table"


def test_runs_of_team_notes_only_are_never_followed() -> None:
    assert follow_up("and as a bar chart", arc(PLAN)) is None
    assert follow_up("what about East?", arc(PLAN)) is None
    followed = follow_up("and as a bar chart", arc(BY_REGION, PLAN))  # the data run before it
    assert followed is not None and followed.source.run_id == "r7"


@pytest.mark.parametrize("request_", ["why is that?", "Why?", "and why did that happen?"])
def test_why_recalls_the_previous_run(request_: str) -> None:
    followed = follow_up(request_, arc(NORTH, CITY))
    assert followed is not None and followed.kind == "why"
    assert followed.source.run_id == "r4"
    assert [(t.description.split(":")[0], t.agent) for t in followed.tasks] == [
        ("Recall run r4", "")  # whoever recalls: the planner finds it by role
    ]


@pytest.mark.parametrize(
    "request_",
    ["Plot monthly revenue for the West region", "Summarise the sales table", "hello"],
)
def test_requests_that_stand_on_their_own_are_not_follow_ups(request_: str) -> None:
    assert follow_up(request_, arc(NORTH)) is None


@pytest.mark.parametrize(
    "request_",
    [
        "How about a line chart of revenue by month?",  # a chart, not an entity
        "Again, which region has the most revenue?",  # a question
        "do the same for",  # nothing after
        "do it again",
        "what about it?",
        "now show me the mean",  # a verb
        "now tabulate",
        "How about we plot it?",
        "what about the regions with the most revenue last year?",  # more than three words
    ],
)
def test_new_requests_that_open_like_a_follow_up_are_not_rewritten(request_: str) -> None:
    assert follow_up(request_, arc(TOTAL)) is None


def test_a_statistic_is_swapped_only_for_one_the_run_named() -> None:
    assert follow_up("now the median", arc(CITY)) is None
    assert follow_up("now for the median", arc(UNNAMED)) is None


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
