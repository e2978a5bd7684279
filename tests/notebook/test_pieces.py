"""The notebook layer's pure parts: interpolation, the transformer, options, outputs, rendering."""

from __future__ import annotations

import base64
import re
from typing import Any

import pytest
from IPython.core.error import UsageError

from notebook_router.notebook.capabilities import KernelCapabilities, _at_least
from notebook_router.notebook.interpolate import interpolate
from notebook_router.notebook.options import (
    parse_agent_options,
    parse_resume_options,
    parse_route_options,
)
from notebook_router.notebook.outputs import OutputRecorder
from notebook_router.notebook.transform import route_transformer
from notebook_router.planner.state import RunState, Task
from notebook_router.render import render_html, render_text

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\nfake").decode()


class Frame:
    """A DataFrame-like object (shape, columns, dtypes, head)."""

    shape = (2, 2)
    columns = ["month", "revenue"]
    dtypes = {"month": "object", "revenue": "float64"}

    def head(self, n: int) -> Frame:
        return self

    def to_dict(self, orient: str) -> list[dict[str, object]]:
        return [{"month": "2025-01", "revenue": 1.0}]


# ---------------------------------------------------------------- interpolation


def test_interpolation_replaces_only_existing_names() -> None:
    ns = {"region": "North", "year": 2025}
    out = interpolate("Sales for {region} in {year}; {missing} stays", ns)
    assert out.text == "Sales for North in 2025; {missing} stays"
    assert [v.name for v in out.variables] == ["region", "year"]


@pytest.mark.parametrize(
    "text",
    [
        'Parse {"region": "x", "n": 1} as JSON',
        "Explain `f'{region}'` and ```\nd = {region: 1}\n```",
        "A set {1, 2} and a format {region:>10}",
        "def f(): return {k: v for k, v in x.items()}",
    ],
)
def test_code_json_and_format_specs_pass_through(text: str) -> None:
    assert interpolate(text, {"region": "North", "k": 1, "x": {}}).text == text


def test_double_braces_escape_and_attributes_work() -> None:
    class Cfg:
        name = "demo"

    out = interpolate(
        "{{region}} is {cfg.name}; {cfg._secret} is private", {"region": "N", "cfg": Cfg()}
    )
    assert out.text == "{region} is demo; {cfg._secret} is private"
    assert interpolate("a {{ b", {}).text == "a { b"
    assert interpolate('{"a": {"b": 1}}', {"a": 1}).text == '{"a": {"b": 1}}'


def test_big_values_travel_by_reference_not_by_text() -> None:
    frame = Frame()
    out = interpolate("Summarise {sales}", {"sales": frame})
    assert out.text.startswith("Summarise sales (")
    assert out.values == {"sales": frame}
    assert out.variables[0].inlined is False


# ----------------------------------------------------------------- transformer


def test_transformer_turns_route_cells_into_an_awaited_call() -> None:
    lines = [
        "%%route --model offline -o report\n",
        "Summarise {region}'s sales\n",
        "and plot them\n",
    ]
    (code,) = route_transformer(lines)
    assert code.startswith("await __import__('notebook_router.notebook.runner'")
    assert "'--model offline -o report'" in code
    assert '"Summarise {region}\'s sales\\nand plot them\\n"' in code
    compile(code, "<cell>", "exec", flags=0x2000)  # valid with top-level await


@pytest.mark.parametrize(
    "lines",
    [["print(1)\n"], ["%%route?\n"], ["%%router x\n", "y\n"], ["%%time\n", "%%route\n"], []],
)
def test_transformer_leaves_other_cells_alone(lines: list[str]) -> None:
    assert route_transformer(lines) == lines


# --------------------------------------------------------------------- options


def test_route_options_parse_into_limits() -> None:
    opts = parse_route_options(
        "-m offline --max-iterations 5 --budget-tokens 900 --timeout 30 -o r --style report"
    )
    assert (opts.model, opts.output, opts.style) == ("offline", "r", "report")
    assert (opts.limits.max_iterations, opts.limits.max_tokens, opts.limits.timeout_s) == (
        5,
        900,
        30,
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("--nope", "unrecognized arguments: --nope"),
        ("--max-iterations zero", "invalid int value"),
        ("--max-iterations 0", "--max-iterations: input should be greater than or equal to 1"),
        ("--timeout nan", "--timeout: input should be greater than 0, not nan"),
        ("--style poem", "invalid choice"),
        ("-o 1abc", "needs a variable name"),
    ],
)
def test_bad_options_are_usage_errors(line: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_route_options(line)


# --------------------------------------------------------------------- outputs


def _recorder() -> OutputRecorder:
    rec = OutputRecorder(max_cells=3)
    rec.start_cell("cell-a", "plt.plot(x)")
    rec.record({"image/png": PNG, "text/plain": "<Figure>"})
    rec.finish_cell(1)
    rec.start_cell("cell-b", "df")
    rec.record(
        {"text/html": "<table><tr><td>1</td></tr></table>", "text/plain": "df"},
        kind="result",
        obj=Frame(),
    )
    rec.finish_cell(2)
    rec.start_cell(None, "print('hi')")
    rec.record({"text/plain": "'hello'"}, kind="result")
    rec.finish_cell(3)
    return rec


def _fmt(obj: object) -> dict[str, object]:
    return {"text/plain": repr(obj)}


def test_explicit_references_resolve_to_media() -> None:
    rec = _recorder()
    refs = rec.resolve("Compare Out[2] with In[1] and @cell:cell-a", {}, _fmt)
    kinds = [(r.phrase, [m.mime_type for m in r.media]) for r in refs]
    assert kinds == [
        ("Out[2]", ["text/html"]),
        ("In[1]", ["text/x-python"]),
        ("@cell:cell-a", ["image/png"]),
    ]
    assert refs[2].media[0].data == b"\x89PNG\r\n\x1a\nfake"
    assert refs[0].media[0].description.startswith("Frame 2×2 (month: object, revenue: float64)")


def test_implicit_references_pick_the_latest_matching_output() -> None:
    rec = _recorder()
    (chart,) = rec.resolve("Describe the chart above", {}, _fmt)
    assert chart.media[0].mime_type == "image/png"
    (table,) = rec.resolve("Summarise that table", {}, _fmt)
    assert table.media[0].mime_type == "text/html"
    (last,) = rec.resolve("What does the last output say?", {}, _fmt)
    assert last.media[0].data == "'hello'"


def test_an_implicit_phrase_tied_to_an_explicit_reference_is_that_output() -> None:
    rec = _recorder()
    rec.start_cell(None, "plt.plot(y)")
    rec.record({"image/png": b"\x89PNG\r\n\x1a\nlater", "text/plain": "<Figure>"})
    rec.finish_cell(4)
    # "the chart in Out[2]" is Out[2], not also the latest chart (cell 4's).
    refs = rec.resolve("What do the chart in Out[2] and the audio note in Out[3] say?", {}, _fmt)
    assert [r.phrase for r in refs] == ["Out[2]", "Out[3]"]
    (latest,) = rec.resolve("Describe the chart above", {}, _fmt)
    assert latest.media[0].data == b"\x89PNG\r\n\x1a\nlater"


def test_unknown_references_say_so_and_memory_is_bounded() -> None:
    rec = _recorder()
    rec.start_cell(None, "x")
    rec.record({"text/plain": "4"})
    rec.finish_cell(4)
    assert list(rec.cells) == [2, 3, 4]  # cell 1 dropped: max_cells=3
    (missing,) = rec.resolve("Look at Out[1]", {}, _fmt)
    assert missing.media == () and "no such output" in missing.note
    assert rec.resolve("Load the sales table and plot it", {}, _fmt) == []


def test_cells_the_kernel_did_not_number_are_numbered_like_run_all() -> None:
    # nbval runs every cell without storing history: the kernel reports the
    # same count each time, and the recorder numbers the cells 1, 2, 3...
    rec = OutputRecorder()
    for source, value in (("x = 1", None), ("'first'", "'first'"), ("'second'", "'second'")):
        rec.start_cell(None, source)
        if value:
            rec.record({"text/plain": value}, kind="result")
        rec.finish_cell(None)
    (second,) = rec.resolve("Describe Out[3]", {}, _fmt)
    assert second.media[0].data == "'second'" and second.note == "Out[3] → Out[3]"
    (cell_in,) = rec.resolve("Explain In[2]", {}, _fmt)
    assert cell_in.media[0].data == "'first'"
    # A numbered cell after them keeps the kernel's number.
    rec.start_cell(None, "'third'")
    rec.record({"text/plain": "'third'"}, kind="result")
    rec.finish_cell(7)
    assert list(rec.cells) == [2, 3, 7] and rec.last_number == 7


def test_a_single_dataframe_variable_counts_as_that_table() -> None:
    rec = OutputRecorder()
    (ref,) = rec.resolve(
        "Summarise that dataframe", {"sales": Frame(), "_hidden": Frame(), "n": 3}, _fmt
    )
    assert ref.note.endswith("the variable sales")


# ------------------------------------------------------------------- rendering


def test_render_html_escapes_and_shows_the_plan_and_answer() -> None:
    state = RunState(run_id="r1", query="q", goal="Plot <b>revenue</b>")
    state.plan.add([Task(id="t1", description="Load & clean", agent="loader")])
    state.plan.set_status("t1", "fulfilled", summary="12 rows")
    state.answer = "Here it is:\n\n- Loaded 12 rows [t1]"
    state.stop_reason = "completed"
    html = render_html(state, elapsed_s=1.5, notes=["used: {region} = North"])
    assert "Plot &lt;b&gt;revenue&lt;/b&gt;" in html and "<b>revenue</b>" not in html
    assert "Load &amp; clean" in html and "nr-st-fulfilled" in html
    assert "<li>Loaded 12 rows <sup" in html
    assert "used: {region} = North" in html
    text = render_text(state)
    assert "✓ t1 loader: Load & clean" in text and text.endswith("- Loaded 12 rows [t1]")


def test_capabilities_say_which_stop_paths_work() -> None:
    assert (
        _at_least("7.4.0", (7, 4)) and _at_least("8.0.1", (7, 4)) and not _at_least("7.3.4", (7, 4))
    )
    assert not _at_least("6.29.5", (7, 4))
    new = KernelCapabilities(ipykernel="7.4.0", comms_while_awaiting=True, frontend="jupyter")
    old = KernelCapabilities(ipykernel="6.29.5", comms_while_awaiting=False, frontend="vscode")
    assert "Stop works from the panel" in new.stop_paths()
    assert "--background runs only" in old.stop_paths() and "ipykernel 6.29.5" in old.stop_paths()


def test_a_figure_output_is_described_by_its_title_labels_and_series() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from notebook_router.notebook.outputs import CellOutput, describe_figure

    fig, ax = plt.subplots()
    ax.plot([1, 2], label="North")
    ax.plot([2, 1], label="South")
    ax.plot([0, 0], label="_hidden")
    ax.set_title("Revenue")
    ax.set_ylabel("EUR")
    plt.close(fig)
    expected = "figure: Revenue (y: EUR; series: North, South)"
    assert describe_figure(fig) == expected
    output = CellOutput(2, None, {"image/png": PNG, "text/plain": "<Figure>"}, "result", fig)
    media = output.to_media("Out[2]")
    assert media is not None and media.description == expected
    bare, _ = plt.subplots()
    plt.close(bare)
    assert describe_figure(bare) == "figure"


def test_interpolated_keys_are_masked_in_the_task_text() -> None:
    key = "sk-" + "proj-FAKE0123456789abcdefINTERP"
    found = interpolate(
        "Call with {key} using {settings}", {"key": key, "settings": {"token": key}}
    )
    assert key not in found.text and "[redacted]" in found.text
    assert all(key not in v.preview for v in found.variables)
    assert found.values["settings"] == {"token": key}  # the agent still gets the real value


@pytest.mark.parametrize(
    ("parse", "line", "message"),
    [
        (parse_route_options, '-o "report', "%%route: No closing quotation"),
        (parse_route_options, "-o for", "needs a variable name, not 'for'"),
        (parse_agent_options, "weigher --timeout -3", "--timeout needs seconds above 0, not -3"),
        (parse_resume_options, '3f2a --model "offline', "%route resume: No closing quotation"),
    ],
)
def test_bad_option_lines_give_a_usage_message(parse: Any, line: str, message: str) -> None:
    with pytest.raises(UsageError, match=re.escape(message)):
        parse(line)
