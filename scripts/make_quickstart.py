"""Write notebooks/01_quickstart.ipynb from the cells below (outputs come from executing it).

Kept as a script so the notebook's source is reviewable as plain Python;
run it, then `python scripts/execute_notebooks.py notebooks/01_quickstart.ipynb`.
"""

from __future__ import annotations

from nbformat.v4 import new_code_cell, new_markdown_cell
from nbsource import write

CELLS = [
    new_markdown_cell(
        "# notebook_router quickstart\n\n"
        "A `%%route` cell hands a task to a planner that runs **on this kernel's event loop**: it "
        "splits the task, gives each piece to an agent, runs independent pieces in parallel, and "
        "answers with citations. Everything here runs on the built-in `offline` model: no API key, "
        "no network."
    ),
    new_code_cell("%load_ext notebook_router"),
    new_markdown_cell(
        "## Agents\n\n"
        "Any `@agent` function in the notebook is available to `%%route`. These five work on a small "
        "monthly sales table that ships with the package."
    ),
    new_code_cell(
        "from notebook_router.examples.sales import sales_data, chart, trend_writer, forecaster, region_compare\n"
        "\n"
        'region = "North"\n'
        "%route agents"
    ),
    new_markdown_cell(
        "## A run\n\n"
        "`{region}` is replaced by the variable's value (only names that exist; other braces are "
        "left alone). `-o report` keeps the run in a variable. The cell waits for the answer, so "
        "*Run All* works. While it runs, the panel under the cell shows the plan, the delegation "
        "tree and a trace; its **Stop** button ends the run with what it has (so does ■, the "
        "kernel interrupt) and **Redirect** sends the planner a new instruction. When the run "
        "ends, the panel gives way to the run's static view (plan, answer, tree picture), which "
        "is what a saved notebook keeps and shows anywhere."
    ),
    new_code_cell(
        "%%route -o report\n"
        "Load the sales table for the {region} region, then plot monthly revenue, "
        "summarise the trend and forecast next quarter"
    ),
    new_code_cell(
        "result = report.result()\n"
        "print(result.stop_reason, [(t.id, t.agent, t.depends_on) for t in result.tasks])\n"
        'result.data("t4")'
    ),
    new_code_cell("%route graph"),
    new_markdown_cell(
        "## A cell as an agent\n\n"
        "`%%agent` registers the cell itself. When the planner calls it, the cell runs here with "
        "`task` and `inputs` bound; what it displays (this figure) comes back as media."
    ),
    new_code_cell(
        '%%agent margin --can "margin, profit, cost"\n'
        "# Computes the gross margin per month and plots it.\n"
        "import matplotlib\n"
        "import matplotlib.pyplot as plt\n"
        "rows = next(iter(inputs.values()))\n"
        'months = [r["month"][-2:] for r in rows]\n'
        'margins = [round(1 - r["cost"] / r["revenue"], 3) for r in rows]\n'
        "fig, ax = plt.subplots(figsize=(5, 2.4))\n"
        "ax.bar(months, margins)\n"
        'ax.set_title("gross margin by month")\n'
        '{"mean margin": round(sum(margins) / len(margins), 3), "best month": months[margins.index(max(margins))]}'
    ),
    new_code_cell(
        "%%route -o margin_run\nLoad the sales table for the South region, then compute the margin"
    ),
    new_code_cell(
        "m = margin_run.result()\n"
        'print(m.task("t2").agent, m.data("t2"), [x.mime_type for x in m.results["t2"].media])'
    ),
    new_markdown_cell(
        "## Media from cell outputs\n\n"
        '`Out[n]`, `In[n]`, "the chart above" or "that table" attach those outputs to the run, '
        "as media parts (a multimodal model sees the image itself). Offline, an agent can still "
        "say what it received."
    ),
    new_code_cell(
        "from notebook_router import agent\n"
        "\n"
        '@agent(can=["describe", "chart", "image"])\n'
        "def describer(media):\n"
        '    """Says what media it was given."""\n'
        '    return [f"{m.mime_type} from {m.source}" for m in media]\n'
        "\n"
        'revenue = result.data("t2")\n'
        "plt.figure(figsize=(5, 2.4))\n"
        'plt.plot(revenue["months"], revenue["revenue"])\n'
        "plt.xticks(rotation=45)\n"
        'plt.title("North revenue")\n'
        "plt.show()"
    ),
    new_code_cell("%%route -o described --agents describer\nDescribe the chart above"),
    new_markdown_cell(
        "## Steering\n\n"
        '`--background` returns at once; `%route stop`, `%route redirect "..."` and '
        "`%route status` steer it from later cells. Its view under the cell keeps updating after "
        "the cell has returned (so nbval, which records a cell's first output only, skips it)."
    ),
    new_code_cell(
        "import asyncio\n"
        "\n"
        '@agent(can=["research", "market"])\n'
        "async def deep_research(task):\n"
        '    """Researches the market, slowly."""\n'
        "    await asyncio.sleep(60)\n"
        '    return "done"'
    ),
    new_code_cell(
        "%%route --background -o bg --agents deep_research,region_compare\n"
        "Compare the regions and research the market",
        # The view under this cell keeps updating after the cell returns; nbval
        # only records a cell's first output, so it cannot compare this one.
        metadata={"tags": ["nbval-ignore-output"]},
    ),
    # A real pause, as a user would take: the comparison takes milliseconds, the
    # research a minute, so the stop below always finds the first done and keeps it.
    new_code_cell(
        "await asyncio.sleep(1)  # the comparison is done; the research is not\n%route status"
    ),
    new_code_cell("%route stop"),
    new_code_cell(
        "stopped = await bg\n"
        "print(stopped.stop_reason, [(t.agent, t.status) for t in stopped.tasks])"
    ),
]


def main() -> None:
    write("01_quickstart.ipynb", CELLS)


if __name__ == "__main__":
    main()
