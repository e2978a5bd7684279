"""Questions whose rows were picked otherwise than said, and the answer shown complete.

- "non-cancelled orders in York": the "non-" reached York too (``city != York``);
- "dependents of workers in the west": the 0/1 ``west`` column was added up, shown complete;
- "how many patients died?": every ``patient_id`` counted, "died" unread;
- "how many patients died in ward A?": the verb dropped beside the ward read, and a
  follow-up "now only in ward A" after a partial "how many patients died?" shown complete;
- "how many tests ..." of a ``test_id`` holding two kinds of test: a distinct count, 2;
- "have never been married": ``marital != Married`` (widowed and divorced counted), where
  the table holds "Never Married";
- "median weight of rowers", "the weight of the tallest athlete": the rowers dropped, the
  largest weight given;
- "average weight" of ``wt``, "taller than 190 cm" of ``ht``: declined or dropped;
- "the 3 tallest athletes", "which sports do the 5 heaviest athletes play?": one row.

Each table is a small stand-in built here; each expected figure is plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from notebook_router import Router
from notebook_router.analyst import analyse

ORDERS = pd.DataFrame(
    {
        "city": ["York", "York", "Leeds", "York", "Leeds", "Hull", "York"],
        "status": ["Delivered", "Cancelled", "Delivered", "CANCELLED", "Cancelled", "Late", "Late"],
        "subtotal": [20.0, 35.0, 50.0, 15.0, 60.0, 25.0, 40.0],
    }
)
WORKERS = pd.DataFrame(
    {
        "wage": [3.1, 4.5, 6.0, 5.2, 7.7, 2.9, 8.4, 5.5],
        "numdep": [2, 0, 3, 1, 0, 4, 2, 1],
        "west": [1, 0, 1, 1, 0, 0, 1, 0],
    }
)
VISITS = pd.DataFrame({"patient_id": [1, 2, 3, 4, 5, 6], "ward": ["A", "B", "A", "B", "A", "B"]})
TESTS = pd.DataFrame(
    {
        "test_id": ["covid"] * 9 + ["flu"] * 3,
        "pan_day": [3, 31, 35, 40, 41, 33, 12, 38, 30, 36, 50, 34],
        "result": ["negative", "positive"] * 6,
    }
)
ATHLETES = pd.DataFrame(
    {
        "ht": [195.9, 189.7, 177.8, 185.0, 184.6, 174.0, 186.2, 209.4, 203.4, 170.1],
        "wt": [78.9, 74.4, 69.1, 74.9, 64.6, 63.7, 75.2, 113.7, 98.0, 58.3],
        "sex": ["f", "f", "f", "m", "m", "f", "m", "m", "m", "f"],
        "sport": [
            "BBall",
            "Row",
            "Swim",
            "Row",
            "Swim",
            "Netball",
            "Field",
            "BBall",
            "Field",
            "Gym",
        ],
    }
)


def test_a_negation_glued_to_one_value_does_not_reach_the_next() -> None:
    a = analyse("average subtotal of non-cancelled orders in York", {"orders": ORDERS})
    kept = ORDERS[(ORDERS.city == "York") & (ORDERS.status.str.lower() != "cancelled")]
    assert a.status == "answered", a.text
    assert a.value == kept.subtotal.mean(), a.text


def test_a_yes_no_column_said_as_a_place_is_never_added_up_in_silence() -> None:
    a = analyse("total number of dependents of workers in the west", {"wages": WORKERS})
    assert a.status != "answered", a.text  # "dependents" names no column here
    assert "west" in " ".join(a.left_out) or a.status == "declined", a.text
    b = analyse("total numdep of workers whose west is 1", {"wages": WORKERS})
    assert b.value == WORKERS.numdep[WORKERS.west == 1].sum(), b.text


def test_a_verb_no_column_holds_is_named_when_an_id_is_counted() -> None:
    a = analyse("how many patients died?", {"visits": VISITS})
    assert a.status == "partial", a.text
    assert "died" in " ".join(a.left_out), a.text


def test_an_id_of_a_few_kinds_is_not_counted_as_things() -> None:
    a = analyse("how many tests were there between pandemic day 30 and 40?", {"covid": TESTS})
    rows = int(TESTS.pan_day.between(30, 40).sum())
    assert a.value != TESTS.test_id.nunique(), a.text
    assert a.value == rows, a.text
    assert a.status == "partial", a.text  # whether a test is a row or a kind is named


def test_short_names_of_weight_and_height_are_linked() -> None:
    a = analyse("average weight by sport", {"athletes": ATHLETES})
    assert a.status == "answered", a.text
    assert dict(a.value) == ATHLETES.groupby("sport")["wt"].mean().to_dict(), a.text  # type: ignore[call-overload]
    b = analyse("what percentage of athletes taller than 190 cm are men?", {"athletes": ATHLETES})
    tall = ATHLETES[ATHLETES.ht > 190]
    assert b.status == "answered", b.text
    share = float(b.value)  # type: ignore[arg-type]
    assert abs(share - 100 * (tall.sex == "m").mean()) < 0.01, b.text


def test_a_number_said_with_a_superlative_ranks_that_many_rows() -> None:
    a = analyse("the 3 tallest athletes", {"athletes": ATHLETES})
    assert a.status == "answered", a.text
    assert list(a.value) == ATHLETES.ht.nlargest(3).tolist(), a.text  # type: ignore[call-overload]
    b = analyse("which sports do the 5 heaviest athletes play?", {"athletes": ATHLETES})
    assert b.status == "answered", b.text
    assert list(b.value) == ATHLETES.nlargest(5, "wt").sport.tolist(), b.text  # type: ignore[call-overload]


def test_a_short_name_holds_a_quantity_only_as_a_whole_name() -> None:
    games = pd.DataFrame(
        {"team": ["a", "b", "c", "d"], "ht_goals": [1, 3, 0, 2], "ft_goals": [2, 4, 1, 2]}
    )
    a = analyse("which team is the tallest?", {"games": games})
    assert a.status != "answered", a.text  # ``ht`` of ``ht_goals`` is half time, no height


def test_the_rows_a_superlative_ranks_in_one_group_keep_their_own_labels() -> None:
    players = pd.DataFrame(
        {
            "player": ["ann", "bo", "cy", "di", "ed", "flo"],
            "team": ["X", "X", "X", "Y", "Y", "X"],
            "height": [180, 192, 175, 199, 170, 188],
        }
    )
    a = analyse("the 2 tallest players in team X", {"players": players})
    in_x = players[players.team == "X"]
    assert a.status == "answered", a.text
    assert list(a.value) == in_x.nlargest(2, "height").player.tolist(), a.text  # type: ignore[call-overload]


def test_a_verb_said_of_what_is_counted_is_a_condition_beside_others() -> None:
    a = analyse("how many patients died in ward A?", {"visits": VISITS})
    assert a.status == "partial", a.text
    assert "died" in " ".join(a.left_out), a.text
    b = analyse(
        "how many patients died in ward A?", {"patients": VISITS.drop(columns="patient_id")}
    )
    assert b.status == "partial", b.text
    router = Router(data={"visits": VISITS}, memory=True)
    first = router.run_sync("how many patients died?")
    then = router.run_sync("now only in ward A")
    assert not first.completed and not then.completed, then.answer
    assert "died" in then.answer, then.answer


def test_a_negation_said_before_a_value_finds_the_label_that_spells_it() -> None:
    people = pd.DataFrame(
        {"marital": ["Never Married", "Married", "Married", "Widowed", "Never Married", "Divorced"]}
    )
    a = analyse("how many people have never been married?", {"people": people})
    assert a.value == int((people.marital == "Never Married").sum()), a.text
    b = analyse("how many people are not married?", {"people": people})
    assert b.value == int((people.marital != "Married").sum()), b.text


def test_whose_measure_it_is_and_what_ranks_it_are_never_dropped() -> None:
    for question in (
        "median weight of rowers",
        "average height of female basketball players",
        "what is the average weight of male swimmers?",
        "what is the weight of the tallest athlete?",
        "who are the 2 tallest swimmers?",
    ):
        named = ATHLETES.rename(columns={"ht": "height", "wt": "weight"})
        for table in (ATHLETES, named):
            a = analyse(question, {"athletes": table})
            assert a.status != "answered", (question, a.text)


def test_plain_owners_and_rankings_of_the_measure_itself_are_not_flagged() -> None:
    articles = pd.DataFrame({"section": ["Art", "News", "Art"], "length": [100, 200, 300]})
    a = analyse("what is the average length of the articles?", {"df": articles})
    assert a.status == "answered" and a.value == articles.length.mean(), a.text
    trips = pd.DataFrame({"duration": [10, 50, 5, 30], "fare": [5, 20, 30, 12]})
    b = analyse("what is the max duration of the longest trips?", {"df": trips})
    assert b.status == "answered" and b.value == trips.duration.max(), b.text
    coded = ATHLETES.assign(sex=ATHLETES.sex.str.upper())
    c = analyse("what is the average ht of female athletes?", {"df": coded})
    assert c.status == "answered", c.text
    assert c.value == coded.ht[coded.sex == "F"].mean(), c.text
    d = analyse("what is the weight of the tallest female athlete?", {"df": coded})
    assert d.status != "answered", d.text  # the heaviest woman's weight is not the tallest's
