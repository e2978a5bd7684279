"""Under the answer: each result's table (HTML in notebooks, Markdown in terminals) and code."""

from __future__ import annotations

import pandas as pd

from notebook_router.media import CODE_MIME, Media
from notebook_router.planner.state import RunState, Task
from notebook_router.render.html import render_html
from notebook_router.render.text import render_text
from notebook_router.result import AgentResult


def _state(data: object, *, code: str = "") -> RunState:
    state = RunState(run_id="r1", query="q", goal="q", answer="Done [t1].")
    state.plan.add([Task(id="t1", description="total revenue by month", agent="cells")])
    media = (Media(mime_type=CODE_MIME, data=code, source="t1"),) if code else ()
    state.results["t1"] = AgentResult(data=data, media=media)
    state.plan.tasks["t1"].status = "fulfilled"
    return state


def test_a_dataframe_result_is_shown_as_a_table_not_a_shape() -> None:
    table = pd.DataFrame({"month": ["2024-01", "2024-02"], "revenue": [120.5, 99.0]})
    html = render_html(_state(table))
    assert "<table" in html and "2024-02" in html and "99.0" in html
    assert "t1 · cells · table, 2 × 2" in html

    text = render_text(_state(table))
    assert "| 1 | 2024-02 | 99.0 |" in text  # one precision per column (120.5, 99.0)


def test_a_long_table_shows_its_first_rows_and_says_so() -> None:
    table = pd.DataFrame({"v": range(100)})
    html = render_html(_state(table))
    assert "table, 100 × 1 (first 20 rows)" in html
    shown = html.split('class="nr-evidence"')[1].split("</table>")[0]
    assert ">19<" in shown and ">20<" not in shown and ">99<" not in shown


def test_the_code_that_produced_a_result_is_shown_escaped() -> None:
    code = 'df.groupby("region")["revenue"].sum()  # <b>'
    html = render_html(_state(3.0, code=code))
    assert "<summary>code</summary>" in html
    shown = html.split("<summary>code</summary>")[1].split("</pre>")[0]
    assert "&lt;b&gt;" in shown and "<b>" not in shown
    assert "```python\n" + code + "\n```" in render_text(_state(3.0, code=code))


def test_a_series_is_a_one_column_table_and_plain_values_are_not_tables() -> None:
    assert "table, 3 × 1" in render_html(_state(pd.Series([1, 2, 3], name="n")))
    assert 'class="nr-evidence"' not in render_html(_state([1, 2, 3]))


def test_numbers_in_a_result_table_read_as_numbers_whatever_the_host_aligns() -> None:
    table = pd.DataFrame(
        {"region": ["North", "South"], "revenue": [8974061.0, 120.5], "orders": [120345, 7]}
    )
    html = render_html(_state(table))
    shown = html.split('class="nr-evidence"')[1].split("</table>")[0]
    assert "e+06" not in shown and "8,974,061.0" in shown and "120.5<" in shown
    assert '<td class="nr-num" style="text-align:right">120,345</td>' in shown
    assert '<td style="text-align:left">North</td>' in shown  # text left, even under Lab's rules
    text = render_text(_state(table))
    assert "|  | region | revenue | orders |\n|---:|---|---:|---:|" in text
    assert "| 0 | North | 8,974,061.0 | 120,345 |" in text
