"""Answers read as lists and tables: structured results and Markdown-ish text, escaped."""

from __future__ import annotations

from typing import Any

from notebook_router import Router, agent
from notebook_router.render import run_bundle
from notebook_router.render.answer import render_answer

L = ' style="text-align:left"'
R = ' class="nr-num" style="text-align:right"'


def test_bullets_numbered_lists_nesting_and_tables_render_escaped() -> None:
    text = "\n".join(
        [
            "Found <b>two</b>:",
            "",
            "- Cities [t1]:",
            "  - Paris",
            "  - <script>alert(1)</script>",
            "- Sizes [t2]:",
            "  | city | pop |",
            "  |---|---|",
            "  | Paris | <i>2.1</i> |",
            "",
            "1. first",
            "2) **second**",
        ]
    )
    assert render_answer(text) == (
        "<p>Found &lt;b&gt;two&lt;/b&gt;:</p>"
        '<ul><li>Cities <sup title="task t1">[t1]</sup>:'
        "<ul><li>Paris</li><li>&lt;script&gt;alert(1)&lt;/script&gt;</li></ul></li>"
        '<li>Sizes <sup title="task t2">[t2]</sup>:<table class="nr-md">'
        f"<tr><th{L}>city</th><th{L}>pop</th></tr>"
        f"<tr><td{L}>Paris</td><td{L}>&lt;i&gt;2.1&lt;/i&gt;</td></tr></table></li></ul>"
        "<ol><li>first</li><li><b>second</b></li></ol>"
    )


def test_a_numbered_list_that_starts_later_keeps_its_number() -> None:
    assert (
        render_answer("3. third\n4. fourth") == '<ol start="3"><li>third</li><li>fourth</li></ol>'
    )


@agent(can=["cities", "list"])
def cities(task: str) -> list[str]:
    "Lists cities."
    return ["Paris", "Rome <b>", "Oslo"]


@agent(can=["populations", "table"])
def populations(task: str) -> list[dict[str, Any]]:
    "Lists populations."
    return [{"city": "Paris", "millions": 2.1}, {"city": "Ro|me", "millions": 2.8}]


@agent(can=["capitals", "mapping"])
def capitals(task: str) -> dict[str, Any]:
    "Maps countries to capitals."
    return {"France": "Paris", "Italy": {"capital": "Rome", "regions": ["Lazio", "Umbria"]}}


async def test_a_list_answer_reads_as_a_list_not_as_json() -> None:
    run = Router([cities]).start("List the cities")
    result = await run
    assert result.answer == (
        "Here is what I found for “List the cities”:\n\n"
        "- List the cities [t1]:\n  - Paris\n  - Rome <b>\n  - Oslo"
    )
    html = run_bundle(run)["text/html"]
    assert (
        '<ul><li>List the cities <sup title="task t1">[t1]</sup>:'
        "<ul><li>Paris</li><li>Rome &lt;b&gt;</li><li>Oslo</li></ul></li></ul>"
    ) in html


async def test_records_read_as_a_table_and_a_mapping_as_nested_bullets() -> None:
    result = await Router([populations]).start("Show the populations")
    assert result.answer.endswith(
        "- Show the populations [t1]:\n"
        "  | city | millions |\n  |---|---|\n  | Paris | 2.1 |\n  | Ro\\|me | 2.8 |"
    )
    html = render_answer(result.answer)
    assert (
        f'<table class="nr-md"><tr><th{L}>city</th><th{R}>millions</th></tr>'
        f"<tr><td{L}>Paris</td><td{R}>2.1</td></tr><tr><td{L}>Ro|me</td><td{R}>2.8</td></tr>"
        "</table>"
    ) in html
    mapped = await Router([capitals]).start("Map the capitals")
    assert mapped.answer.endswith(
        "- Map the capitals [t1]:\n"
        "  - France: Paris\n"
        "  - Italy:\n"
        "    - capital: Rome\n"
        "    - regions:\n"
        "      - Lazio\n"
        "      - Umbria"
    )
    assert "<li>Italy:<ul><li>capital: Rome</li><li>regions:<ul><li>Lazio</li>" in render_answer(
        mapped.answer
    )


async def test_a_list_of_numbers_stays_on_its_line() -> None:
    @agent(can=["numbers", "load"])
    def numbers(task: str) -> list[int]:
        "Loads numbers."
        return [3, 1, 4]

    result = await Router([numbers]).start("Load the numbers")
    assert result.answer.endswith("- Load the numbers: [3, 1, 4] [t1]")


def test_numbers_in_answers_read_as_numbers() -> None:
    html = render_answer(
        "Revenue was 8.974061e+06 in 2024 (1234567.891 per store).\n\n"
        "| region | revenue |\n|---|---|\n| North | 8974061.0 |\n| South | 1.2e+03 |"
    )
    assert "Revenue was 8,974,061 in 2024 (1,234,567.89 per store)." in html
    assert f"<td{R}>8,974,061</td>" in html and f"<td{R}>1,200</td>" in html
    assert "e+0" not in html


def test_a_long_list_shows_its_first_items_and_folds_the_rest() -> None:
    html = render_answer("\n".join(f"- item {i} [t{i}]" for i in range(1, 61)))
    shown, folded = html.split('<details class="nr-more">')
    assert shown.count("<li>") == 8 and "item 8 " in shown and "item 9 " not in shown
    assert "<summary>52 more</summary>" in folded and folded.count("<li>") == 52
    numbered = render_answer("\n".join(f"{i}. step {i}" for i in range(1, 15)))
    assert '<ol start="9"><li>step 9</li>' in numbered  # the fold goes on counting


def test_a_long_table_in_an_answer_shows_ten_rows_then_the_rest() -> None:
    rows = "\n".join(f"| r{i} | {i} |" for i in range(30))
    html = render_answer("| name | n |\n|---|---|\n" + rows)
    shown, folded = html.split('<details class="nr-more">')
    assert shown.count("<tr>") == 11 and "<summary>20 more rows</summary>" in folded
    assert folded.count("<th") == 2  # the header again over the rest
