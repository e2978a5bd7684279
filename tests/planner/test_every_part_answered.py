"""Every part of a request is answered or named as left out, offline, as the user sees it.

- two questions joined by "and": both answered, or the run is partial and names the part
  it did not answer (never the first part's number alone under "the goal was met");
- a follow-up about "their" / "of those" rows keeps the rows the answer before chose;
- "and 5.5 or more?" after a count swaps the threshold in (a number is a value);
- a data question that shares a word with a built-in holding no data goes to the data
  analyst, while a request in that built-in's own words stays with it;
- an answer that names a part of its task it left out is never ``fulfilled``, and an
  answer's wording alone ("only part of the question", quoted or not) changes no status.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router, agent
from notebook_router.agents.builtin.data_analyst import DATA_ANALYST
from notebook_router.agents.group import AgentGroup
from notebook_router.analyst.result import Analysis
from notebook_router.offline.team.data_analyst import unanswered_parts
from notebook_router.result import AgentResult

TEAMS = pd.DataFrame(
    {
        "team": ["Rangers", "Rangers", "Comets", "Comets"],
        "year": [2020, 2021, 2020, 2021],
        "wins": [61, 70, 88, 92],
        "losses": [101, 92, 74, 70],
    }
)
PLANES = pd.DataFrame(
    {
        "tailnum": ["N1", "N2", "N3", "N4", "N5", "N6"],
        "engine": ["Piston", "Piston", "Turbo-fan", "Turbo-fan", "Turbo-fan", "Piston"],
        "year": [1971, 1985, 2004, 2010, 2012, 1990],
        "seats": [4, 6, 180, 200, 150, 8],
    }
)
QUAKES = pd.DataFrame(
    {
        "depth": [40, 80, 120, 350, 420, 610, 55, 500],
        "mag": [4.1, 5.2, 4.6, 5.0, 5.6, 4.4, 5.9, 5.1],
        "stations": [10, 30, 22, 41, 60, 15, 70, 33],
    }
)
AIR = pd.DataFrame(
    {
        "Ozone": [41, None, 12, 18, None, 28, 23, 19],
        "Month": [5, 5, 5, 6, 6, 6, 7, 7],
        "Day": [1, 2, 3, 1, 2, 3, 1, 2],
    }
)


def _numbers(result: object) -> list[float]:
    from notebook_router.planner.result import RunResult

    assert isinstance(result, RunResult)
    found: list[float] = []
    for task in result.tasks:
        r = result.results.get(task.id)
        for v in () if r is None else (r.data, r.value):
            items = v if isinstance(v, tuple) else (v,)
            found.extend(float(x) for x in items if isinstance(x, int | float))
    return found


# ------------------------------------------------------------------ joined questions


def test_a_joined_question_is_answered_in_full_or_names_the_part_left_out() -> None:
    router = Router(data={"teams": TEAMS})
    result = router.run_sync(
        "how many games did the Rangers win in 2021 and how many did they lose?"
    )
    numbers = _numbers(result)
    task = result.tasks[-1]
    if task.status == "fulfilled":  # both parts read: both numbers, 70 wins and 92 losses
        assert 70 in numbers and 92 in numbers
        assert result.completed
    else:  # one part not read: the run says so, and names that part
        assert task.status == "partial" and not result.completed
        assert "how many did they lose" in result.answer
        assert "was not answered" in result.answer
        assert result.answer.startswith("Not every part")


def test_the_parts_a_two_part_answer_left_unanswered_are_named() -> None:
    question = "How many planes have Piston engines; how many did they retire?"
    one = Analysis("answered", "There are 3 rows.", value=3, operation="count")
    both = Analysis("answered", "3 and 1.", value=(3, 1), operation="count+count")
    assert unanswered_parts(question, one) == ("how many did they retire",)
    assert unanswered_parts(question, both) == ()
    assert unanswered_parts("How many planes have Piston engines?", one) == ()


# -------------------------------------------------------- follow-ups about the rows


def test_their_average_is_over_the_rows_the_count_before_chose() -> None:
    router = Router(data={"planes": PLANES}, memory=True)
    first = router.run_sync("how many planes have Piston engines?")
    assert 3 in _numbers(first)
    result = router.run_sync("what is their average year?")
    piston_mean = PLANES.loc[PLANES["engine"] == "Piston", "year"].mean()  # 1982
    assert [(t.agent, t.description) for t in result.tasks] == [
        (DATA_ANALYST, "How many planes have Piston engines; what is their average year?")
    ]
    assert piston_mean in _numbers(result)
    assert PLANES["year"].mean() not in _numbers(result)  # not the mean of every plane
    assert "of the rows of the answer before" in result.answer


def test_of_those_combines_the_earlier_filter_with_the_new_one() -> None:
    router = Router(data={"quakes": QUAKES}, memory=True)
    router.run_sync("how many quakes had a depth over 300?")
    result = router.run_sync("of those, how many had a mag of 5 or more?")
    both = int(((QUAKES["depth"] > 300) & (QUAKES["mag"] >= 5)).sum())  # 3
    alone = int((QUAKES["mag"] >= 5).sum())  # 5
    numbers = _numbers(result)
    if result.tasks[-1].status == "fulfilled":
        assert both in numbers
        assert alone not in numbers
    else:  # the earlier rows could not be carried: said, never a count over every quake
        assert result.tasks[-1].status == "partial" and not result.completed


def test_and_a_new_threshold_reruns_the_count_with_it() -> None:
    router = Router(data={"quakes": QUAKES}, memory=True)
    router.run_sync("how many quakes had mag 4.5 or more")
    result = router.run_sync("and 5.5 or more?")
    assert [t.agent for t in result.tasks] == [DATA_ANALYST]
    assert result.tasks[0].description == "How many quakes had mag 5.5 or more"
    assert _numbers(result) == [float((QUAKES["mag"] >= 5.5).sum())]  # 2
    assert "4.5 or more → 5.5 or more" in result.answer


# ------------------------------------------------------------------ routing to data


def test_a_data_question_sharing_a_word_with_the_narrator_goes_to_the_analyst() -> None:
    router = Router(data={"air": AIR})
    result = router.run_sync("how many days with an ozone reading are there in each month")
    assert [t.agent for t in result.tasks] == [DATA_ANALYST]


SQUAD = pd.DataFrame(
    {"player": ["Al", "Bo", "Cy", "Di"], "age": [21, 34, 25, 29], "height_cm": [180, 175, 190, 185]}
)


@pytest.mark.parametrize(
    ("question", "truth"),
    [
        ("who is the oldest player?", "Bo"),  # "player" is the narrator's word and a column
        ("which player is the tallest?", "Cy"),
        ("who is the youngest?", "Al"),  # no column named: "youngest" ranks by age
    ],
)
def test_a_superlative_of_a_column_goes_to_the_analyst(question: str, truth: str) -> None:
    result = Router(data={"squad": SQUAD}).run_sync(question)
    assert [t.agent for t in result.tasks] == [DATA_ANALYST]
    assert result.completed and truth in result.answer


FILMS = pd.DataFrame(
    {
        "movie": ["Iron Man", "Thor", "Hulk", "Ant-Man"],
        "opening_weekend_us": [98.6, 65.7, 55.4, 57.2],
        "gross_world": [585.0, 449.0, 264.0, 519.0],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "which film had the biggest opening weekend?",  # "opening" is no OpenAI
        "how many films made more than 500 worldwide?",  # "films" is no media to play
    ],
)
def test_a_question_about_a_table_of_films_goes_to_the_analyst(question: str) -> None:
    result = Router(data={"mcu": FILMS}).run_sync(question)
    assert [t.agent for t in result.tasks] == [DATA_ANALYST]


def test_a_request_in_the_narrators_own_words_stays_with_it() -> None:
    router = Router(data={"air": AIR})
    result = router.run_sync("narrate aloud the ozone note")
    assert [t.agent for t in result.tasks] != [DATA_ANALYST]


# ------------------------------------------------------------- status and admission


def test_an_answer_that_admits_a_gap_is_partial_and_the_run_says_so() -> None:
    @agent(can=["tally"])
    def tally(task: str) -> AgentResult:
        return AgentResult(
            data=12, summary="12 orders.", left_out=("“in 2020” (no column holds a year)",)
        )

    result = Router(agents=[tally]).run_sync("tally the orders in 2020")
    task = result.tasks[0]
    assert (task.agent, task.status) == ("tally", "partial")
    assert not result.completed
    assert result.answer.startswith("Not every part")
    assert "left out “in 2020” (no column holds a year)" in result.answer


def test_a_gap_a_child_agent_admits_reaches_the_run_through_its_parent() -> None:
    orders = AgentGroup("orders", can=["orders", "tally"])

    @agent(can=["tally"], parent=orders)
    def tally(task: str) -> AgentResult:
        return AgentResult(data=12, summary="12 orders.", left_out=("“in 2020” (no year)",))

    result = Router(agents=[orders]).run_sync("tally the orders in 2020")
    assert [t.status for t in result.tasks] == ["partial"]
    assert "left out “in 2020” (no year)" in result.answer


def test_the_analysts_partial_answer_names_what_it_left_out_as_data() -> None:
    result = Router(data={"teams": TEAMS}).run_sync("what is the mean wins of the Atlantis team?")
    task = result.tasks[0]
    assert task.status == "partial" and not result.completed
    # the list the status is read from, as the answer's text says it
    left_out = result.results[task.id].left_out
    assert any("“Atlantis”" in part for part in left_out)
    assert "Atlantis" in result.answer


def test_a_qualifier_said_once_holds_for_every_statistic_before_it() -> None:
    router = Router(data={"quakes": QUAKES})
    result = router.run_sync(
        "give me the mean mag and the mean depth of quakes with at least 30 stations"
    )
    rows = QUAKES[QUAKES["stations"] >= 30]
    assert [t.description for t in result.tasks] == [
        "Give me the mean mag of quakes with at least 30 stations",
        "The mean depth of quakes with at least 30 stations",
    ]
    numbers = _numbers(result)
    assert rows["mag"].mean() in numbers and rows["depth"].mean() in numbers
    assert QUAKES["mag"].mean() not in numbers  # not the mean over every quake


def test_statistics_with_rows_of_their_own_keep_them() -> None:
    router = Router(data={"teams": TEAMS})
    result = router.run_sync("the total wins in 2020 and the mean losses for the Comets")
    assert [t.description for t in result.tasks] == [
        "The total wins in 2020",
        "The mean losses for the Comets",
    ]


def test_a_part_asking_a_figure_is_answered_from_the_data_not_checked() -> None:
    from tests.data.trust.tables import load

    weather = load("seattle_weather").copy()
    result = Router(data={"weather": weather}).run_sync(
        "the mean wind in 2014, and the number of snow days overall"
    )
    first, second = result.tasks
    in_2014 = weather.loc[weather["date"].dt.year == 2014, "wind"].mean()
    assert (first.status, result.data(first.id)) == ("fulfilled", in_2014)
    # "the number of ..." asks a figure: a question for the data, never a claim to check
    snow_days = int((weather["weather"] == "snow").sum())
    assert (second.status, result.data(second.id)) == ("fulfilled", snow_days)
    assert second.agent == first.agent


# ------------------------------------------------------------------ what must stay apart


def test_a_new_question_that_names_its_own_rows_is_not_joined_to_the_one_before() -> None:
    router = Router(data={"planes": PLANES}, memory=True)
    router.run_sync("how many planes have Piston engines?")
    result = router.run_sync("Planes built after 1980: what is their mean seats?")
    after_1980 = PLANES.loc[PLANES["year"] > 1980, "seats"].mean()  # 108.8
    both = PLANES.loc[(PLANES["year"] > 1980) & (PLANES["engine"] == "Piston"), "seats"].mean()
    assert all("Piston" not in t.description for t in result.tasks)
    numbers = _numbers(result)
    assert both not in numbers
    if result.completed:
        assert after_1980 in numbers


def test_these_as_a_determiner_is_no_reference_to_the_rows_before() -> None:
    router = Router(data={"planes": PLANES}, memory=True)
    router.run_sync("how many planes have Piston engines?")
    result = router.run_sync("what is the mean year of these planes with more than 100 seats")
    assert all("Piston" not in t.description for t in result.tasks)
    assert PLANES.loc[PLANES["seats"] > 100, "year"].mean() in _numbers(result)


def test_a_qualifier_of_a_question_of_its_own_stays_with_it() -> None:
    router = Router(data={"planes": PLANES})
    result = router.run_sync("what is the max seats and how many planes were built in 1990?")
    assert all("1990" not in t.description for t in result.tasks if "max" in t.description.lower())
    if result.completed:
        assert PLANES["seats"].max() in _numbers(result)  # over every plane: 200


def test_a_count_keeps_its_qualifier_to_itself() -> None:
    router = Router(data={"planes": PLANES})
    result = router.run_sync(
        "show the mean year, and the number of planes with more than 100 seats"
    )
    assert PLANES["year"].mean() in _numbers(result)  # the mean over every plane
    assert PLANES.loc[PLANES["seats"] > 100, "year"].mean() not in _numbers(result)


@pytest.mark.parametrize(
    "said",
    [
        "The new pilot covers only part of the region.",
        "Sent all 12 invoices. I did not apply late fees: none was due.",
        'The memo reads: "This answers only part of the question: no year."',
    ],
)
def test_an_answers_wording_alone_changes_no_status(said: str) -> None:
    @agent(can=["tally"])
    def memo(task: str) -> AgentResult:
        return AgentResult(data=said, summary=said)

    result = Router(agents=[memo]).run_sync("tally the orders")
    assert [t.status for t in result.tasks] == ["fulfilled"]
    assert result.completed
