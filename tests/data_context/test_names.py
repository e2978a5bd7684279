"""Words of a task that point at notebook objects: names, descriptions, "it", ordinals."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router.data import DataContext, NamespaceScanner, OutputRecord, resolve_references

pd: Any = pytest.importorskip("pandas")


@pytest.fixture
def context() -> DataContext:
    scanner = NamespaceScanner()
    ns: dict[str, Any] = {
        "sales_2024": pd.DataFrame({"price": [1.0]}),
        "customers": pd.DataFrame({"id": [1]}),
        "threshold": 0.5,
        "a": 1,
    }
    scanner.scan(ns)
    ns["df"] = pd.DataFrame({"x": [1]})  # the most recent
    return scanner.scan(ns)


def targets(
    text: str, context: DataContext, outputs: tuple[OutputRecord, ...] = ()
) -> list[tuple[str, Any]]:
    return [
        (r.phrase, r.name if r.output is None else r.output)
        for r in resolve_references(text, context, outputs)
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plot df by x", [("df", "df")]),
        ("merge `customers` into df", [("`customers`", "customers"), ("df", "df")]),
        ("use df.x and customers['id']", [("df", "df"), ("customers", "customers")]),
        ("filter with threshold", [("threshold", "threshold")]),
        ("plot the sales table by month", [("the sales table", "sales_2024")]),
        ("join the customer dataframe", [("the customer dataframe", "customers")]),
        ("clean the custmers data", [("the custmers data", "customers")]),
        ("describe that dataframe", [("that dataframe", "df")]),
        ("plot it", [("it", "df")]),
        ("summarise the data", [("the data", "df")]),
        ("is it possible to forecast?", []),
        ("a chart of a trend", []),  # "a" is a variable, but here only an article
        ("add 1 to a.real", [("a", "a")]),
    ],
)
def test_references_to_variables(
    text: str, expected: list[tuple[str, Any]], context: DataContext
) -> None:
    assert targets(text, context) == expected


def test_spans_point_back_into_the_text(context: DataContext) -> None:
    text = "then plot the sales table"
    (ref,) = resolve_references(text, context)
    assert text[ref.start : ref.end] == "the sales table"
    assert ref.how == "described"


def test_ordinals_count_over_the_recent_outputs(context: DataContext) -> None:
    outputs = (
        OutputRecord("figure", "revenue"),
        OutputRecord("table", "top 5"),
        OutputRecord("figure", "costs"),
        OutputRecord("figure", "margin"),
    )
    assert targets("compare the second chart with the first plot", context, outputs) == [
        ("the second chart", 2),
        ("the first plot", 0),
    ]
    assert targets("redo the last figure", context, outputs) == [("the last figure", 3)]
    assert targets("and the second to last chart", context, outputs) == [
        ("the second to last chart", 2)
    ]
    assert targets("export the last table", context, outputs) == [("the last table", 1)]
    assert targets("the fifth chart", context, outputs) == []  # only three charts


def test_it_is_the_newest_output_when_that_is_newer_than_any_data(context: DataContext) -> None:
    newer = (OutputRecord("figure", "chart", stamp=context.generation + 1),)
    assert targets("save it", context, newer) == [("it", 0)]
    older = (OutputRecord("figure", "chart", stamp=0),)
    assert targets("save it", context, older) == [("it", "df")]


def test_a_described_table_with_one_table_in_the_notebook_is_that_table() -> None:
    context = NamespaceScanner().scan({"df": pd.DataFrame({"x": [1]}), "n": 3})
    assert targets("plot the revenue table", context) == [("the revenue table", "df")]
