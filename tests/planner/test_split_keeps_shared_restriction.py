"""A restriction said once before the "and" for two statistics ("the total qty *of Toys*
in Newark and the average price in Reno") is kept by the second part when the grammar
says it is shared: said after the first measure, before the restriction the second part
contrasts. When the grammar cannot tell, the second answer is partial and names it.

Cases marked ``guard`` passed before the change (neighbours that must stay right)."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router.language.clauses import Clause
from notebook_router.offline.planner.carried_filters import carry_restrictions, not_carried
from tests.planner.conversation import STOCK, asked

ORDERS = pd.DataFrame(
    {
        "customer": ["Acme", "Acme", "Bolt", "Acme", "Bolt", "Acme", "Cora", "Bolt"],
        "year": [2023, 2023, 2023, 2024, 2024, 2024, 2024, 2023],
        "amount": [100.0, 50.0, 70.0, 200.0, 30.0, 40.0, 90.0, 60.0],
    }
)


def test_of_toys_is_kept_for_the_average_price_in_reno() -> None:
    answer = asked(
        "w", STOCK, "what is the total qty of Toys in Newark and the average price in Reno?"
    )
    assert answer.fulfilled
    assert answer.numbers[-2:] == [7, 12]
    assert answer.text.count("category = Toys") == 2


def test_from_acme_is_kept_for_the_average_amount_in_2024() -> None:
    answer = asked("o", ORDERS, "how many orders from Acme in 2023 and the average amount in 2024?")
    assert answer.fulfilled
    assert answer.numbers[-2:] == [2, 120]
    assert answer.text.count("customer = Acme") == 2


def test_for_bolt_is_kept_for_the_number_of_orders_in_2024() -> None:
    answer = asked(
        "o", ORDERS, "what is the total amount for Bolt in 2023 and the number of orders in 2024?"
    )
    assert answer.fulfilled
    assert answer.numbers[-2:] == [130, 1]


@pytest.mark.parametrize(
    ("frame", "question", "value"),
    [
        # said after the contrasted year: it may be the first part's alone
        (ORDERS, "how many orders in 2023 from Acme and the average amount in 2024?", "Acme"),
        # said with no preposition: the first part's counted things
        (STOCK, "how many Toys were sold in Newark and the average price in Reno?", "Toys"),
        # nothing contrasted: nothing tells whether it was meant for both
        (STOCK, "what is the total qty of Toys and the average price?", "Toys"),
    ],
)
def test_an_unsure_restriction_makes_the_second_part_partial(
    frame: pd.DataFrame, question: str, value: str
) -> None:
    answer = asked("t", frame, question)
    assert answer.partial
    assert f"“{value}” (said for the part before; not applied" in answer.text


def test_guard_no_restriction_of_the_first_part_is_left_over() -> None:
    answer = asked("w", STOCK, "what is the total qty in Newark and the average price in Reno?")
    assert answer.fulfilled
    assert answer.numbers[-2:] == [9, 64]


def test_guard_a_statistic_asked_before_the_qualifier_takes_it() -> None:
    answer = asked("w", STOCK, "what is the mean qty and the mean price of Toys?")
    assert answer.fulfilled
    assert answer.text.count("category = Toys") == 2


def test_guard_two_whole_questions_keep_their_own_rows() -> None:
    answer = asked("o", ORDERS, "how many orders from Acme in 2023 and how many from Bolt in 2024?")
    assert answer.fulfilled
    assert answer.numbers[-2:] == [2, 1]


def test_the_reading_gives_the_restriction_to_the_second_statistic() -> None:
    values = (("customer", ("Acme", "Bolt"), True),)
    texts = ["how many orders from Acme in 2023", "the average amount in 2024?"]
    out = carry_restrictions([Clause(t, None) for t in texts], values)
    assert [c.text for c in out][1] == "the average amount from Acme in 2024?"
    goal = "how many orders in 2023 from Acme and the average amount in 2024?"
    assert not_carried(goal, "The average amount in 2024?", values) == ["Acme"]
