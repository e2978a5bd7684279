"""Which share a question asks for, and the answer saying which one it computed.

- "What share of revenue came from Gadgets?" is the Gadget rows' part of the money
  column's total, not the share of rows that are Gadgets; a money word that could be
  more than one column (or none) is declined, never answered as a share of rows.
- "Which region had the highest return rate?" is the share of each region's rows whose
  yes/no column (named by a form of the word before "rate") says yes, not the regions'
  sizes.
- "Share of released = Yes by colour" is the share within each colour; "what share of
  released people are White" is the colour make-up of the released rows.

Each expected figure is computed here with plain pandas on a small made-up table, never
by the analyst.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from notebook_router import Router
from notebook_router.analyst import analyse


def _orders() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "product": [
                "Gadget",
                "Widget",
                "Gadget",
                "Widget",
                "Gizmo",
                "Widget",
                "Widget",
                "Gizmo",
            ],
            "amount": [500, 10, 400, 20, 100, 30, 40, 100],
        }
    )


def _tickets() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "venue": ["Arena", "Arena", "Hall", "Park", "Park", "Park", "Hall", "Arena", "Park"],
            "sale_value": [80.0, 120.0, 15.0, 5.0, 5.0, 10.0, 25.0, 60.0, 5.0],
            "seats": [2, 3, 1, 1, 1, 2, 1, 1, 1],
        }
    )


def _returns() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["East"] * 4 + ["West"] * 2 + ["North"] * 2,
            "returned": ["no", "no", "no", "yes", "yes", "no", "yes", "yes"],
        }
    )


def _members() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "plan": ["basic"] * 6 + ["gold"] * 2 + ["pro"] * 3,
            "churned": [1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 0],
            "fee": [10, 10, 10, 10, 10, 10, 50, 50, 30, 30, 30],
        }
    )


def _flights() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "airline": ["Ace", "Ace", "Ace", "Ace", "Bolt", "Bolt", "Cruz", "Cruz", "Cruz"],
            "cancelled": ["No", "No", "No", "Yes", "Yes", "No", "Yes", "Yes", "No"],
        }
    )


def _people() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "colour": ["White"] * 6 + ["Black"] * 4,
            "released": ["Yes", "Yes", "Yes", "No", "No", "No", "Yes", "No", "No", "No"],
        }
    )


def _carriers() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "carrier": ["AA"] * 5 + ["UA"] * 2 + ["DL"] * 3,
            "on_time": ["yes", "yes", "yes", "no", "no", "yes", "yes", "no", "yes", "no"],
        }
    )


def _share_of_total(df: pd.DataFrame, column: str, key: str, value: object) -> float:
    return float(df.loc[df[key] == value, column].sum() / df[column].sum())


def _rates(df: pd.DataFrame, group: str, flag: str, yes: object) -> dict[object, float]:
    rates = (df[flag] == yes).groupby(df[group]).mean()
    return {k: float(v) for k, v in rates.items()}


# -- a share of a column's total ---------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "product"),
    [
        ("what share of revenue came from Gadgets?", "Gadget"),
        ("what share of sales came from Gadget?", "Gadget"),
        ("what fraction of revenue is Widget?", "Widget"),
        ("Gizmo's share of revenue", "Gizmo"),
    ],
)
def test_a_share_of_revenue_is_a_share_of_the_money_columns_total(
    question: str, product: str
) -> None:
    df = _orders()
    a = analyse(question, {"orders": df})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(_share_of_total(df, "amount", "product", product))
    assert "total amount" in a.text and f"product = {product}" in a.text


def test_a_percentage_of_a_named_total_column_is_of_its_sum() -> None:
    df = _orders()
    a = analyse("percentage of total amount from Gizmo", {"orders": df})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(100 * _share_of_total(df, "amount", "product", "Gizmo"))
    assert "%" in a.text and "total amount" in a.text


@pytest.mark.parametrize(
    "question",
    ["what percentage of revenue came from the Arena?", "what share of sale_value is Arena?"],
)
def test_a_share_of_the_one_money_like_column_on_another_table(question: str) -> None:
    df = _tickets()
    a = analyse(question, {"tickets": df})
    assert a.status == "answered", a.text
    expected = _share_of_total(df, "sale_value", "venue", "Arena")
    scale = 100 if "percentage" in question else 1
    assert a.value == pytest.approx(scale * expected)
    assert "total sale_value" in a.text


@pytest.mark.parametrize(
    ("frame", "question", "group", "column"),
    [
        (_tickets(), "share of revenue by venue", "venue", "sale_value"),
        (_orders(), "share of revenue by product", "product", "amount"),
    ],
)
def test_a_share_of_revenue_by_group_is_each_groups_part_of_the_total(
    frame: pd.DataFrame, question: str, group: str, column: str
) -> None:
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    expected = (frame.groupby(group)[column].sum() / frame[column].sum()).to_dict()
    assert a.value == pytest.approx(expected)
    assert f"total {column}" in a.text


@pytest.mark.parametrize(
    ("frame", "question"),
    [
        (
            pd.DataFrame({"product": ["A", "B", "A"], "qty": [1, 2, 3]}),
            "what share of revenue came from A?",
        ),
        (
            pd.DataFrame(
                {"product": ["A", "B", "A"], "amount": [1, 2, 3], "order_value": [2, 4, 6]}
            ),
            "what share of revenue came from product A?",
        ),
    ],
)
def test_a_money_word_no_one_column_holds_is_never_a_share_of_rows(
    frame: pd.DataFrame, question: str
) -> None:
    a = analyse(question, {"t": frame})
    assert a.status in ("declined", "partial"), a.text
    assert a.value != pytest.approx(2 / 3)


def test_a_share_of_orders_stays_a_share_of_rows() -> None:
    df = _orders()
    a = analyse("what share of orders came from Gadget?", {"orders": df})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx((df["product"] == "Gadget").mean())
    assert "Of all 8 rows" in a.text


def test_a_percentage_of_a_column_above_a_bound_stays_a_share_of_rows() -> None:
    df = _tickets()
    a = analyse("what percentage of sale_value is above 20", {"tickets": df})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(100 * (df.sale_value > 20).mean())


async def test_the_router_answers_the_share_of_revenue_as_complete_and_right() -> None:
    result = await Router(data={"orders": _orders()}, memory=True).run(
        "what share of revenue came from Gadgets?"
    )
    assert result.completed, result.answer
    assert "0.75" in result.answer and "total amount" in result.answer


# -- a yes/no column's rate within each group --------------------------------------------


@pytest.mark.parametrize(
    "question",
    ["which region had the highest return rate?", "which region has the top return rate"],
)
def test_the_highest_return_rate_ranks_regions_by_their_share_returned(question: str) -> None:
    df = _returns()
    a = analyse(question, {"orders": df})
    rates = _rates(df, "region", "returned", "yes")
    assert a.status == "answered", a.text
    assert a.value == max(rates, key=lambda k: rates[k]) == "North"
    assert "share of rows with returned = yes within each region" in a.text


@pytest.mark.parametrize(
    "question", ["return rate by region", "what is the return rate for each region"]
)
def test_a_return_rate_by_region_is_each_regions_share_returned(question: str) -> None:
    df = _returns()
    a = analyse(question, {"orders": df})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(_rates(df, "region", "returned", "yes"))
    assert "returned = yes within each region" in a.text


@pytest.mark.parametrize(
    ("question", "best"),
    [("churn rate by plan", None), ("which plan has the highest churn rate?", "gold")],
)
def test_a_churn_rate_on_a_zero_one_column(question: str, best: str | None) -> None:
    df = _members()
    a = analyse(question, {"members": df})
    rates = _rates(df, "plan", "churned", 1)
    assert a.status == "answered", a.text
    if best is None:
        assert a.value == pytest.approx(rates)
    else:
        assert a.value == best == max(rates, key=lambda k: rates[k])
    assert "churned = 1 within each plan" in a.text


@pytest.mark.parametrize(
    ("question", "pick"),
    [
        ("which airline has the lowest cancellation rate?", min),
        ("which airline had the highest cancellation rate", max),
    ],
)
def test_a_cancellation_rate_is_read_from_the_cancelled_column(question: str, pick: object) -> None:
    df = _flights()
    a = analyse(question, {"flights": df})
    rates = _rates(df, "airline", "cancelled", "Yes")
    assert a.status == "answered", a.text
    assert a.value == pick(rates, key=lambda k: rates[k])  # type: ignore[operator]
    assert "cancelled = Yes within each airline" in a.text


@pytest.mark.parametrize(
    ("frame", "question", "flag", "yes"),
    [
        (_flights(), "what is the cancellation rate?", "cancelled", "Yes"),
        (_returns(), "what is the return rate?", "returned", "yes"),
    ],
)
def test_a_rate_with_no_group_is_the_share_of_rows_saying_yes(
    frame: pd.DataFrame, question: str, flag: str, yes: str
) -> None:
    a = analyse(question, {"t": frame})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx((frame[flag] == yes).mean())
    assert f"{flag} = {yes}" in a.text


def test_the_share_of_rows_where_a_flag_is_yes_still_reads_as_before() -> None:
    df = _returns()
    a = analyse("percentage of rows where returned is yes", {"orders": df})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(100 * (df.returned == "yes").mean())


def test_a_rate_column_by_group_is_still_averaged() -> None:
    df = pd.DataFrame({"state": ["A", "A", "B"], "poverty_rate": [10.0, 20.0, 12.0]})
    a = analyse("which state has the highest poverty rate", {"df": df})
    assert a.status == "answered", a.text
    assert a.value == "A"


# -- within each group, or the groups' parts ---------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "share of released = Yes by colour",
        "share of released = Yes in each colour",
        "percentage of released by colour",
    ],
)
def test_a_share_of_a_flag_by_group_is_the_rate_within_each_group(question: str) -> None:
    df = _people()
    a = analyse(question, {"people": df})
    rates = _rates(df, "colour", "released", "Yes")
    scale = 100 if "percentage" in question else 1
    assert a.status == "answered", a.text
    assert a.value == pytest.approx({k: scale * v for k, v in rates.items()})
    assert "of rows with released = Yes within each colour" in a.text


@pytest.mark.parametrize(
    "question",
    [
        "which carrier has the highest share of on_time = yes",
        "which carrier has the highest percentage of on_time = yes flights",
    ],
)
def test_the_highest_share_of_a_flag_ranks_groups_by_their_rate(question: str) -> None:
    df = _carriers()
    a = analyse(question, {"flights": df})
    rates = _rates(df, "carrier", "on_time", "yes")
    assert a.status == "answered", a.text
    assert a.value == max(rates, key=lambda k: rates[k]) == "UA"
    assert "on_time = yes within each carrier" in a.text


@pytest.mark.parametrize(
    ("frame", "question", "column", "value", "flag", "yes"),
    [
        (
            _people(),
            "what share of released people are White",
            "colour",
            "White",
            "released",
            "Yes",
        ),
        (_carriers(), "what share of on_time flights are AA", "carrier", "AA", "on_time", "yes"),
    ],
)
def test_a_share_of_flagged_rows_that_are_a_group_is_the_composition(
    frame: pd.DataFrame, question: str, column: str, value: str, flag: str, yes: str
) -> None:
    a = analyse(question, {"t": frame})
    flagged = frame[frame[flag] == yes]
    assert a.status == "answered", a.text
    assert a.value == pytest.approx((flagged[column] == value).mean())
    assert f"rows where {flag} = {yes}" in a.text


def test_a_share_of_rows_by_group_with_no_flag_is_still_the_groups_parts() -> None:
    df = _flights()
    a = analyse("percentage of flights by airline", {"flights": df})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx((100 * df.airline.value_counts(normalize=True)).to_dict())


def test_a_rate_by_group_runs_on_dask_too() -> None:
    dd = pytest.importorskip("dask.dataframe")
    df = _returns()
    a = analyse("return rate by region", {"orders": dd.from_pandas(df, npartitions=2)})
    assert a.status == "answered", a.text
    assert a.value == pytest.approx(_rates(df, "region", "returned", "yes"))
