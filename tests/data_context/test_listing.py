"""Listing questions are recognised by a phrase grammar and answered from the scan, no model."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router.data import (
    ListingRequest,
    NamespaceScanner,
    answer_listing,
    is_listing_question,
    parse_listing_question,
)

pd: Any = pytest.importorskip("pandas")

NAMES = ["df", "sales", "threshold"]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("what dataframes do I have?", "data"),
        ("What DataFrames do I have", "data"),
        ("which tables are loaded?", "data"),
        ("what data is available", "data"),
        ("what data do we have in memory?", "data"),
        ("how many dataframes are there?", "data"),
        ("list my dataframes", "data"),
        ("show me all the tables", "data"),
        ("can you list the available datasets please", "data"),
        ("what variables do I have?", "variables"),
        ("which variables are defined in the namespace", "variables"),
        ("show me the variables", "variables"),
        ("what's loaded?", "variables"),
        ("what do I have?", "variables"),
    ],
)
def test_collection_questions(text: str, what: str) -> None:
    assert parse_listing_question(text, NAMES) == ListingRequest(what)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "what's in df?",
        "What is inside the sales table?",
        "what columns does df have",
        "what are the columns of sales?",
        "show me the columns of df",
        "describe df",
        "what does `sales` look like?",
        "what is threshold?",
    ],
)
def test_questions_about_one_object(text: str) -> None:
    request = parse_listing_question(text, NAMES)
    assert request is not None and request.what == "object" and request.name in NAMES


@pytest.mark.parametrize(
    "text",
    [
        "what variables affect price in df?",
        "which columns correlate with price?",
        "what dataframes should I merge to get revenue?",
        "list the top 5 customers by revenue",
        "show me the sales by region",
        "what is the mean of price in df?",
        "what's in df that explains churn?",
        "what data do I need to predict churn?",
        "describe the relationship between price and demand",
        "what is churn?",  # not a variable: a question about the world
        "plot df",
        "",
    ],
)
def test_analysis_questions_are_not_listings(text: str) -> None:
    assert not is_listing_question(text, NAMES)


def test_answers_come_from_the_scan_as_a_table_and_markdown() -> None:
    ns = {"df": pd.DataFrame({"price": [1.0, 2.0], "city": ["Oslo", "Rome"]}), "rate": 0.1}
    context = NamespaceScanner().scan(ns)
    frames = answer_listing("what dataframes do I have?", context)
    assert frames is not None
    assert [row["name"] for row in frames.rows] == ["df"]
    assert "| df | pandas.DataFrame | 2 rows × 2 columns | price, city |" in frames.markdown
    table = frames.frame()
    assert table is not None and list(table["name"]) == ["df"]
    variables = answer_listing("what variables do I have", context)
    assert variables is not None and {r["name"] for r in variables.rows} == {"df", "rate"}
    inside = answer_listing("what's in df?", context)
    assert inside is not None
    assert [r["column"] for r in inside.rows] == ["price", "city"]
    assert "First rows:" in inside.markdown and "Oslo" in inside.markdown
    assert answer_listing("what is the mean price in df?", context) is None


def test_a_listing_counts_in_good_english_and_orders_by_recency_alone() -> None:
    from notebook_router.data import NamespaceScanner, answer_listing

    one = answer_listing(
        "what dataframes do I have?", NamespaceScanner().scan({"rows": [{"a": 1}] * 2})
    )
    assert one is not None
    assert one.title == "1 data object (most recently changed first)"
    assert list(one.rows[0]) == ["name", "kind", "shape", "columns"]
