"""The analyst in a real kernel: a DataFrame in the namespace, no agents of the user's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel

SALES = (
    "import pandas as pd\n"
    "df = pd.DataFrame({\n"
    "    'month': pd.date_range('2024-01-01', periods=120, freq='D'),\n"
    "    'region': ['North', 'South', 'East', 'West'] * 30,\n"
    "    'revenue': [float((i * 37) % 101) for i in range(120)],\n"
    "})\n"
)


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    """A kernel with the extension loaded and a DataFrame, but no agents of the user's own."""
    k = Kernel()
    try:
        _run(k, "%load_ext notebook_router\n" + SALES)
        yield k
    finally:
        k.shutdown()


def _run(kernel: Kernel, code: str) -> str:
    result = kernel.execute(code)
    assert result.status == "ok", (result.errors(), result.stderr)
    return result.stdout


def test_describe_and_plot_shows_the_table_the_figure_and_the_code(kernel: Kernel) -> None:
    result = kernel.execute("%%route -o described\ndescribe df and plot revenue by month")
    assert result.status == "ok", result.errors()
    final = result.result()
    assert final is not None
    html = final["text/html"]
    assert "data_analyst" in html
    assert 'class="nr-table"' in html  # the summary as a table, not "DataFrame 8×2"
    assert "data:image/png;base64," in html  # the monthly line chart
    assert "df.describe()" in html and "resample" in html  # the code that ran
    # The table holds the true figures, computed again here with plain pandas.
    out = _run(
        kernel,
        "r = described.result()\n"
        "summary = r.data('t1')\n"
        "print(r.stop_reason, summary.loc['mean', 'revenue'] == df['revenue'].mean(),\n"
        "      summary.loc['max', 'revenue'] == df['revenue'].max())",
    )
    assert out.split() == ["completed", "True", "True"]


def test_which_region_names_the_right_one_and_shows_how(kernel: Kernel) -> None:
    result = kernel.execute("%%route -o ranked\nwhich region had the highest total revenue?")
    assert result.status == "ok", result.errors()
    best = _run(kernel, "print(df.groupby('region')['revenue'].sum().idxmax())").strip()
    out = _run(kernel, "print(ranked.result().answer)")
    assert f"{best} has the highest total revenue" in out
    html = result.result()["text/html"]  # type: ignore[index]
    assert "groupby(&#x27;region&#x27;)" in html or "groupby('region')" in html


def test_what_dataframes_do_i_have_is_answered_at_once_with_no_model_call(kernel: Kernel) -> None:
    _run(kernel, "other = df[df['region'] == 'North']")
    result = kernel.execute("%%route -o listed\nwhat dataframes do I have?")
    assert result.status == "ok", result.errors()
    out = _run(
        kernel,
        "r = listed.result()\nprint(len(r.tasks), r.usage.calls)\nprint(r.answer)",
    )
    counts, *answer = out.splitlines()
    assert counts == "0 0"  # no task, no model call
    rows = [line for line in answer if line.startswith("| ")]
    assert rows[0].startswith("| name | kind | shape | columns")
    names = [row.split(" | ")[0].removeprefix("| ") for row in rows[1:]]
    assert names[0] == "other" and "df" in names  # the newest first
    assert "<table" in result.result()["text/html"]  # type: ignore[index]


def test_no_data_keeps_the_kernels_variables_out_of_the_run(kernel: Kernel) -> None:
    result = kernel.execute("%%route --no-data -o blind\nwhat dataframes do I have?")
    assert result.status == "ok", result.errors()
    out = _run(
        kernel,
        "r = blind.result()\n"
        "print(blind.state.data is None, 'data_analyst' in blind.agents.names())\n"
        "print(r.answer)",
    )
    first, *answer = out.splitlines()
    assert first == "True False"  # nothing described, and no analyst to read it
    assert "| df |" not in "\n".join(answer)
