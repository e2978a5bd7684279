"""Semantic compression: three levels by size against a budget, each kind read for what it is."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil

import pandas as pd
import pytest

import notebook_router.context.compress as package
from notebook_router.context.compress import compress, kind_of, retained
from notebook_router.planner import task_digest

REPORT = """\
# Quarterly sales review

**Revenue** in the North region rose 14% to 48,200 EUR in March, led by the Oslo store.
The weather was mild for most of the quarter. Staff were in good spirits.
The West region fell 3% to 21,050 EUR after the Bergen store closed on 2024-02-15.
The weather was mild for most of the quarter.
Most customers paid by card. Opening hours did not change.
Overall, the quarter ended 6% above plan, at 112,400 EUR across all four regions.
"""

CODE = '''\
"""Prices with tax."""

import math

RATE = 0.2  # the standard rate


def with_tax(price: float, rate: float = RATE) -> float:
    """The price with tax added.

    Rounded to cents.
    """
    # tax is charged on the whole price
    if price < 0:
        raise ValueError("a price is never negative")
    total = price * (1 + rate)
    label = "# not a comment"
    return round(total, 2)


class Basket:
    """Items and their prices."""

    def total(self) -> float:
        return math.fsum(self.prices)
'''


def test_a_value_that_fits_is_kept_as_it_is() -> None:
    found = compress("North sold 1,200 units.", budget=50)
    assert (found.level, found.text, found.dropped) == ("none", "North sold 1,200 units.", ())


def test_the_level_is_the_least_that_fits_the_budget() -> None:
    levels = {budget: compress(REPORT, budget).level for budget in (200, 110, 70, 20)}
    assert levels == {200: "none", 110: "light", 70: "medium", 20: "heavy"}
    for budget in (110, 70, 20):
        assert compress(REPORT, budget).tokens <= budget


def test_prose_light_drops_markup_and_repeats_but_keeps_every_fact() -> None:
    light = compress(REPORT, level="light")
    assert "#" not in light.text and "**" not in light.text
    assert light.text.count("The weather was mild") == 1
    assert retained(REPORT, light.text) == (retained(REPORT, REPORT)[1],) * 2
    assert light.dropped == ("markup and blank lines", "1 repeated sentence")


def test_prose_medium_keeps_the_central_sentences_in_order() -> None:
    medium = compress(REPORT, level="medium")
    assert medium.text.splitlines() == [  # a third of the sentences, in the text's order
        "Revenue in the North region rose 14% to 48,200 EUR in March, led by the Oslo store.",
        "The West region fell 3% to 21,050 EUR after the Bergen store closed on 2024-02-15.",
        "Overall, the quarter ended 6% above plan, at 112,400 EUR across all four regions.",
    ]
    assert medium.dropped[0].endswith("of 8 sentences")


def test_prose_heavy_keeps_the_clauses_that_hold_numbers_and_names() -> None:
    heavy = compress(REPORT, level="heavy")
    for fact in ("14%", "48,200", "Oslo", "21,050", "Bergen", "112,400"):
        assert fact in heavy.text
    assert "weather" not in heavy.text and "card" not in heavy.text
    assert heavy.tokens < compress(REPORT, level="medium").tokens * 2
    assert "the words around each fact" in heavy.dropped


def test_over_budget_even_at_heavy_the_text_is_cut_and_says_so() -> None:
    cut = compress(REPORT, budget=8)
    assert cut.level == "heavy" and cut.tokens <= 8 and cut.text.endswith("…")
    assert cut.dropped[-1] == "the rest past 8 tokens"


def test_compression_is_deterministic() -> None:
    assert compress(REPORT, 40) == compress(REPORT, 40)
    assert compress(CODE, 60) == compress(CODE, 60)


def test_code_light_drops_comments_and_docstring_bodies_not_code() -> None:
    light = compress(CODE, level="light")
    assert kind_of(CODE) == "code"
    assert "the standard rate" not in light.text and "charged on" not in light.text
    assert "Rounded to cents" not in light.text and '"""The price with tax added."""' in light.text
    assert 'label = "# not a comment"' in light.text  # a # inside a string is code
    assert "    total = price * (1 + rate)" in light.text
    assert "\n\n" not in light.text


def test_code_medium_keeps_signatures_and_the_lines_that_decide_the_result() -> None:
    medium = compress(CODE, level="medium").text.splitlines()
    assert medium[3:9] == [
        "def with_tax(price: float, rate: float = RATE) -> float:",
        '    """The price with tax added."""',
        "    if price < 0:",  # the block a raise is in comes with it
        '        raise ValueError("a price is never negative")',
        "    return round(total, 2)",
        "    ...",  # the rest of the body, marked
    ]
    assert "RATE = 0.2  # the standard rate" in medium


def test_code_heavy_is_the_outline() -> None:
    heavy = compress(CODE, level="heavy").text.splitlines()
    assert heavy == [
        "imports: math",
        "names: RATE",
        "def with_tax(price: float, rate: float=RATE) -> float",
        "class Basket",
        "  def total(self) -> float",
    ]


def test_real_module_source_shrinks_level_by_level() -> None:
    source = inspect.getsource(task_digest)
    sizes = [compress(source, level=level).tokens for level in ("light", "medium", "heavy")]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] < sizes[0] / 4
    assert "def digest_line(task: Task, width: int) -> str" in compress(source, level="heavy").text


def test_other_languages_are_read_line_by_line() -> None:
    js = "// totals\nfunction total(xs) {\n  let t = 0;\n  for (const x of xs) t += x;\n  return t;\n}\n"
    assert kind_of(js) == "code"
    assert compress(js, level="light").text.startswith("function total(xs) {")
    assert compress(js, level="medium").text == "function total(xs) {\n  return t;"
    assert compress(js, level="heavy").text == "function total(xs) {"


def _sales() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": ["North", "South", "East", "West"] * 250,
            "revenue": [float(i) for i in range(1000)],
            "month": pd.date_range("2024-01-01", periods=1000),
        }
    )


def test_a_dataframe_keeps_its_schema_statistics_and_a_few_rows() -> None:
    frame = _sales()
    medium = compress(frame, level="medium")
    assert medium.kind == "table"
    lines = medium.text.splitlines()
    assert lines[:4] == [
        "table: 1,000 rows × 3 columns",
        "- region: text, 4 distinct: North (250), South (250), East (250)",
        "- revenue: number, min 0, mean 499.5, max 999",
        "- month: date, 2024-01-01 to 2026-09-26",
    ]
    assert lines[4:7] == ["first 5 rows:", "region,revenue,month", "North,0,2024-01-01"]
    assert medium.dropped == ("995 of 1,000 rows",)
    heavy = compress(frame, level="heavy")
    assert "first 2 rows:" in heavy.text and heavy.tokens < medium.tokens
    assert compress(frame, budget=100).level == "medium"  # chosen by size: 1,000 rows do not fit


def test_records_csv_and_markdown_tables_read_the_same_way() -> None:
    records = [{"city": c, "sales": s} for c, s in [("Oslo", 120), ("Paris", 80), ("Rome", 95)]]
    csv_text = "city,sales\nOslo,120\nParis,80\nRome,95\n"
    markdown = "| city | sales |\n|---|---|\n| Oslo | 120 |\n| Paris | 80 |\n| Rome | 95 |\n"
    for table in (records, csv_text, markdown):
        assert kind_of(table) == "table"
        heavy = compress(table, level="heavy").text
        assert heavy.startswith("table: 3 rows × 2 columns\n- city: text, 3 distinct")
        assert "- sales: number, min 80, mean 98.33, max 120" in heavy


def test_structured_data_keeps_its_keys_and_counts_what_it_cuts() -> None:
    value = {"regions": ["North", "South", "East", "West", "Central"], "total": 4200}
    medium = compress(value, level="medium")
    assert medium.kind == "data"
    assert medium.text == '{"regions":["North","South","East","… 2 more"],"total":4200}'
    assert medium.dropped == ("2 list items or keys",)
    heavy = compress({"scores": list(range(100))}, level="heavy")
    assert heavy.text == '{"scores":"100 numbers, 0 to 99"}'


def test_a_text_over_the_read_limit_says_what_was_not_read() -> None:
    huge = "x" * 50_000_000
    found = compress(huge, 100)
    assert found.tokens <= 100
    assert "the text past its first 400,000 characters (of 50,000,000)" in found.dropped


@pytest.mark.parametrize(
    "name", sorted(m.name for m in pkgutil.iter_modules(package.__path__, f"{package.__name__}."))
)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
