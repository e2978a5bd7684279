"""Follow-ups whose words fill a slot of the request before: the opposite value ("what
about unmarried ones?"), other rows by a relative clause ("and of those who exercise
some?"), which group ranks first ("which one is highest?"), a code in capitals ("now the
same for IN"); and words that fill no slot, which are asked about, never answered as the
earlier question again.

The expected rewrites and values were written by hand from the requests and the small
tables here, not from the code.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.agents.roles import ANALYST, DRAWS_TABLES
from notebook_router.context.arc import ArcRun, ArcTask, ArcView
from notebook_router.planner.followup import follow_up
from tests.planner.conftest import RouterOn

ANALYST_ROLES = frozenset({ANALYST, DRAWS_TABLES})


def asked(question: str, table: bool = False) -> ArcView:
    """An arc whose one run asked the data analyst ``question``."""
    said = question[:1].upper() + question[1:]
    task = ArcTask(
        id="t1", description=said, agent="data_analyst", table=table, roles=ANALYST_ROLES
    )
    return ArcView(runs=(ArcRun(run_id="r1", goal=question, tasks=(task,)),))


# (earlier question, follow-up, the question asked again, what changed)
SLOT_CASES = [
    (
        "average wage of married workers",
        "what about unmarried ones?",
        "Average wage of unmarried workers",
        "married → unmarried",
    ),
    (
        "average birth weight of babies born to married mothers",
        "and to unmarried ones?",
        "Average birth weight of babies born to unmarried mothers",
        "married → unmarried",
    ),
    (
        "mean bmi of smokers",
        "and of non-smokers?",
        "Mean bmi of non-smokers",
        "smokers → non-smokers",
    ),
    (
        "average wage of unmarried workers",
        "and married ones?",
        "Average wage of married workers",
        "unmarried → married",
    ),
    (
        "average wage of unmarried workers",
        "what about the other ones?",
        "Average wage of married workers",
        "unmarried → married",
    ),
    (
        "average pulse of students who exercise frequently",
        "and of those who exercise some?",
        "Average pulse of students who exercise some",
        "who exercise frequently → who exercise some",
    ),
    (  # a clause that only negates: the earlier one, negated
        "average wage of people who smoke",
        "what about those who don't?",
        "Average wage of people who do not smoke",
        "who smoke → who do not smoke",
    ),
    (  # ... and affirmed again
        "average wage of people who don't smoke",
        "and those who do?",
        "Average wage of people who smoke",
        "who don't smoke → who smoke",
    ),
    (
        "average age of people who are married",
        "and of those who aren't?",
        "Average age of people who are not married",
        "who are married → who are not married",
    ),
    (
        "average percollege in IL",
        "now the same for IN",
        "Average percollege in IN",
        "IL → IN",
    ),
]


@pytest.mark.parametrize(("earlier", "request_", "again", "change"), SLOT_CASES)
def test_the_follow_ups_words_take_the_place_of_the_slot_they_fill(
    earlier: str, request_: str, again: str, change: str
) -> None:
    followed = follow_up(request_, asked(earlier))
    assert followed is not None and followed.kind == "same"
    assert [t.description for t in followed.tasks] == [again]
    assert followed.goal.lower() == again.lower()
    assert followed.change == change


def test_which_one_is_highest_after_a_breakdown_asks_which_group_ranks_first() -> None:
    followed = follow_up("which one is highest?", asked("average seats by manufacturer", True))
    assert followed is not None
    assert [t.description for t in followed.tasks] == [
        "Which manufacturer has the highest average seats?"
    ]
    lowest = follow_up("and which one is lowest?", asked("total revenue per region", True))
    assert lowest is not None
    assert [t.description for t in lowest.tasks] == ["Which region has the lowest total revenue?"]


def test_which_one_after_no_breakdown_is_no_follow_up_of_it() -> None:
    assert follow_up("which one is highest?", asked("how many planes have 4 engines?")) is None


@pytest.mark.parametrize(
    ("earlier", "request_"),
    [
        # a question of its own about the rows before: asked of them, not in their place
        ("how many quakes were shallower than 100 km?", "of those, how many had mag 5?"),
        ("how many students are left-handed?", "how many of them are female?"),
    ],
)
def test_a_question_about_the_rows_before_still_keeps_them(earlier: str, request_: str) -> None:
    followed = follow_up(request_, asked(earlier))
    assert followed is not None and followed.change == "of the rows of the answer before"


def test_the_others_with_no_value_to_undo_asks_instead_of_answering_again() -> None:
    followed = follow_up("what about the others?", asked("average wage of married workers"))
    assert followed is not None and followed.kind == "ask" and followed.tasks == ()
    assert "others" in followed.question
    assert "average wage of married workers" in followed.question


# ------------------------------------------------------------------ through the Router

PEOPLE = pd.DataFrame(
    {
        "status": ["married", "unmarried", "married", "unmarried", "married", "unmarried"] * 3,
        "wage": [10.0, 6.0, 12.0, 8.0, 11.0, 7.0] * 3,
        "exercise": ["Freq", "Some", "None", "Freq", "Some", "Some"] * 3,
        "pulse": [60, 70, 80, 64, 72, 74] * 3,
        "state": ["IL", "IN", "IL", "IN", "OH", "OH"] * 3,
        "smoker": ["yes", "no", "no", "no", "yes", "no"] * 3,
    }
)


def test_what_about_unmarried_ones_answers_for_the_other_value(router_on: RouterOn) -> None:
    router = router_on("people", PEOPLE)
    router.run_sync("average wage of married people")
    other = router.run_sync("what about unmarried ones?")
    assert [t.description for t in other.tasks] == ["Average wage of unmarried people"]
    truth = PEOPLE[PEOPLE.status == "unmarried"].wage.mean()
    assert other.data("t1") == pytest.approx(truth) == 7.0
    assert "married → unmarried" in other.answer
    back = router.run_sync("what about the other ones?")
    assert back.data("t1") == pytest.approx(PEOPLE[PEOPLE.status == "married"].wage.mean())


def test_of_those_who_swaps_the_rows_the_question_is_asked_of(router_on: RouterOn) -> None:
    router = router_on("people", PEOPLE)
    router.run_sync("average pulse of people who exercise frequently")
    some = router.run_sync("and of those who exercise some?")
    assert [(t.description, t.status) for t in some.tasks] == [
        ("Average pulse of people who exercise some", "fulfilled")
    ]
    assert some.data("t1") == pytest.approx(PEOPLE[PEOPLE.exercise == "Some"].pulse.mean())


def test_those_who_dont_asks_the_question_of_the_rows_the_clause_before_left_out(
    router_on: RouterOn,
) -> None:
    router = router_on("people", PEOPLE)
    router.run_sync("average wage of people who smoke")
    others = router.run_sync("what about those who don't?")
    assert [t.description for t in others.tasks] == ["Average wage of people who do not smoke"]
    assert others.data("t1") == pytest.approx(PEOPLE[PEOPLE.smoker == "no"].wage.mean())
    router.run_sync("average wage of people who are married")
    unmarried = router.run_sync("what about those who aren't?")
    assert [t.description for t in unmarried.tasks] == [
        "Average wage of people who are not married"
    ]
    assert unmarried.data("t1") == pytest.approx(PEOPLE[PEOPLE.status != "married"].wage.mean())


def test_which_one_is_highest_names_the_top_group_of_the_breakdown_before(
    router_on: RouterOn,
) -> None:
    router = router_on("people", PEOPLE)
    router.run_sync("average wage by exercise")
    top = router.run_sync("which one is highest?")
    means = PEOPLE.groupby("exercise").wage.mean()
    assert [t.description for t in top.tasks] == ["Which exercise has the highest average wage?"]
    assert f"{means.idxmax()} has the highest" in top.answer  # None (12) over Freq (9)


def test_a_state_code_that_is_also_a_word_is_swapped_in(router_on: RouterOn) -> None:
    router = router_on("people", PEOPLE)
    router.run_sync("average wage in IL")
    indiana = router.run_sync("now the same for IN")
    assert [t.description for t in indiana.tasks] == ["Average wage in IN"]
    assert indiana.data("t1") == pytest.approx(PEOPLE[PEOPLE.state == "IN"].wage.mean())


def test_words_that_fill_no_slot_are_asked_about_not_answered_as_the_question_before(
    router_on: RouterOn,
) -> None:
    router = router_on("people", PEOPLE)
    router.run_sync("average wage of married people")
    others = router.run_sync("what about the others?")
    assert others.tasks == []
    assert "What should “others” change" in others.answer


def test_a_value_the_question_before_already_named_is_asked_about() -> None:
    followed = follow_up("what about TX?", asked("how many airports are in TX?"))
    assert followed is not None and followed.kind == "ask" and followed.tasks == ()
    assert "already asks about “TX”" in followed.question


def test_a_statistic_after_a_data_answer_that_named_none_is_asked_about() -> None:
    followed = follow_up("now the median", asked("how many airports are in TX?"))
    assert followed is not None and followed.kind == "ask"
    assert "names no statistic" in followed.question


AIRPORTS = pd.DataFrame(
    {"state": ["TX", "TX", "OK", "TX", "OK"], "elevation": [100, 300, 500, 700, 900]}
)


def test_a_follow_up_that_changes_nothing_never_answers_the_question_before_again(
    router_on: RouterOn,
) -> None:
    router = router_on("airports", AIRPORTS)
    router.run_sync("how many airports are in TX?")
    again = router.run_sync("what about TX?")
    assert again.tasks == [] and "already asks about “TX”" in again.answer
    median = router.run_sync("now the median")  # no statistic in a count to swap
    assert median.tasks == [] and "names no statistic" in median.answer
    oklahoma = router.run_sync("what about OK?")  # still follows the count
    assert [t.description for t in oklahoma.tasks] == ["How many airports are in OK?"]
    assert oklahoma.data("t1") == 2


def test_a_why_in_words_of_its_own_about_the_data_answer_goes_to_the_analyst() -> None:
    earlier = asked("compare the average salary of men and women")
    followed = follow_up("why do the men earn more?", earlier)
    assert followed is not None and followed.kind == "why"
    assert [t.description for t in followed.tasks] == [
        "Why: Compare the average salary of men and women"
    ]
    assert follow_up("why is the sky blue?", earlier) is None  # names nothing asked before


SALARIES = pd.DataFrame(
    {
        "sex": ["Male", "Female"] * 6,
        "salary": [120, 100, 130, 98, 125, 104, 118, 99, 140, 101, 122, 97],
        "years": [20, 10, 24, 9, 21, 12, 19, 11, 30, 10, 22, 8],
    }
)


def test_why_do_the_men_earn_more_shows_what_the_data_shows_and_no_cause(
    router_on: RouterOn,
) -> None:
    router = router_on("salaries", SALARIES)
    router.run_sync("compare the average salary of men and women")
    why = router.run_sync("why do the men earn more?")
    assert [(t.agent, t.description) for t in why.tasks] == [
        ("data_analyst", "Why: Compare the average salary of men and women")
    ]
    assert "can't tell causes" in why.answer and "years" in why.answer
    assert why.tasks[0].status == "partial"  # the cause is named as left out, never passed off


# ------------------------------------------------ a preposition of another role

FLIGHTS = pd.DataFrame(
    {
        "origin": ["Paris", "Paris", "London", "London", "Rome", "Paris"],
        "dest": ["London", "Rome", "Paris", "Rome", "London", "London"],
        "delay": [10, 20, 30, 40, 50, 60],
    }
)


@pytest.mark.parametrize(
    ("earlier", "request_", "slot"),
    [
        ("average delay of flights from Paris", "and to London?", "from Paris"),
        ("how many flights went to Paris", "and from London?", "to Paris"),
        ("total revenue in 2019", "and to 2021?", "in 2019"),
    ],
)
def test_a_value_said_after_a_preposition_of_another_role_is_asked_about(
    earlier: str, request_: str, slot: str
) -> None:
    followed = follow_up(request_, asked(earlier))
    assert followed is not None and followed.kind == "ask" and followed.tasks == ()
    assert f"“{slot}”" in followed.question


@pytest.mark.parametrize(
    ("earlier", "request_", "again"),
    [
        ("how many flights went to Paris", "and to London?", "How many flights went to London"),
        ("average wage at Paris", "and in Lyon?", "Average wage at Lyon"),  # a place either way
        ("average wage of married workers", "and for women?", "Average wage of women workers"),
    ],
)
def test_a_value_said_after_a_preposition_of_the_same_role_fills_the_slot(
    earlier: str, request_: str, again: str
) -> None:
    followed = follow_up(request_, asked(earlier))
    assert followed is not None and followed.kind == "same"
    assert [t.description for t in followed.tasks] == [again]


def test_and_to_london_after_flights_from_paris_asks_instead_of_answering_from_london(
    router_on: RouterOn,
) -> None:
    router = router_on("flights", FLIGHTS)
    router.run_sync("average delay of flights from Paris")
    other = router.run_sync("and to London?")
    assert other.tasks == []  # never "from London" (40), the wrong rows
    assert "“from Paris”" in other.answer and "“to London”" in other.answer
    same_role = router.run_sync("and from London?")
    assert [(t.description, t.status) for t in same_role.tasks] == [
        ("Average delay of flights from London", "fulfilled")
    ]
    assert same_role.data("t1") == pytest.approx(35.0)


# ------------------------------------------- acknowledgements and opposite comparisons


@pytest.mark.parametrize("request_", ["ok thanks", "great, got it!", "thanks a lot", "ok", "hello"])
def test_thanks_and_acknowledgements_are_no_follow_up(request_: str) -> None:
    assert follow_up(request_, asked("average income of married people")) is None


@pytest.mark.parametrize(
    ("earlier", "request_", "again"),
    [
        (
            "average wage of people older than 40",
            "and younger ones?",
            "Average wage of people younger than 40",
        ),
        (
            "average wage of people older than 40",
            "what about younger than 30?",
            "Average wage of people younger than 30",
        ),
        (
            "count of cars with more than 4 cylinders",
            "and fewer?",
            "Count of cars with fewer than 4 cylinders",
        ),
        (
            "average price of houses above 300000",
            "and below?",
            "Average price of houses below 300000",
        ),
    ],
)
def test_a_comparison_takes_the_place_of_the_comparison_before(
    earlier: str, request_: str, again: str
) -> None:
    followed = follow_up(request_, asked(earlier))
    assert followed is not None and followed.kind == "same"
    assert [t.description for t in followed.tasks] == [again]


def test_a_comparison_with_no_comparison_before_to_replace_is_asked_about() -> None:
    followed = follow_up("and younger ones?", asked("average wage of married workers"))
    assert followed is not None and followed.kind == "ask" and followed.tasks == ()
    assert "younger" in followed.question


INCOMES = pd.DataFrame(
    {
        "status": ["married", "single", "married", "single", "married", "single"],
        "income": [10.0, 6.0, 12.0, 8.0, 20.0, 4.0],
        "age": [30, 50, 45, 20, 60, 35],
    }
)


def test_ok_thanks_after_an_answer_runs_nothing(router_on: RouterOn) -> None:
    router = router_on("people", INCOMES)
    router.run_sync("average income of married people")
    thanks = router.run_sync("ok thanks")
    assert thanks.tasks == [] and "thanks people" not in thanks.answer.lower()
    assert "nothing was run" not in thanks.answer  # the thanks is answered, not refused


def test_and_younger_ones_answers_for_the_ages_below_the_same_bound(router_on: RouterOn) -> None:
    router = router_on("people", INCOMES)
    router.run_sync("average income of people older than 40")
    younger = router.run_sync("and younger ones?")
    assert [(t.description, t.status) for t in younger.tasks] == [
        ("Average income of people younger than 40", "fulfilled")
    ]
    assert younger.data("t1") == pytest.approx((10.0 + 8.0 + 4.0) / 3)  # ages 30, 20, 35
