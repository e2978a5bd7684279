"""Documents and charts in a real kernel, offline: a PDF on disk summarised with its words
quoted, and a chart drawn in a cell described by its title and axes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel


MAKE_PDF = """
import os, matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
os.chdir({folder!r})
os.makedirs("data", exist_ok=True)
with PdfPages("data/report.pdf", metadata={{"Title": "Quarterly report"}}) as pdf:
    for lines in (["Revenue grew by 12 percent in the third quarter.",
                   "The office plants were watered on Tuesdays."],
                  ["Therefore the margin improved to 18 percent."]):
        page = plt.figure(figsize=(8.5, 11))
        for i, line in enumerate(lines):
            page.text(0.08, 0.92 - 0.04 * i, line)
        pdf.savefig(page)
        plt.close(page)
"""

CHART = """
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot(range(1, 13), [10 + 3 * m for m in range(1, 13)], label="North")
ax.set_title("Revenue by month")
ax.set_xlabel("month")
ax.set_ylabel("revenue")
ax.legend();
"""


def _answer(builtins_kernel: Kernel, task: str) -> str:
    result = builtins_kernel.execute(f"%%route\n{task}")
    assert result.status == "ok", (result.errors(), result.stderr)
    final = result.result()
    assert final is not None
    return str(final["text/plain"])


def test_a_pdf_on_disk_is_summarised_with_its_words_quoted(
    builtins_kernel: Kernel, tmp_path: Path
) -> None:
    made = builtins_kernel.execute(MAKE_PDF.format(folder=str(tmp_path)))
    assert made.status == "ok", made.errors()
    answer = _answer(builtins_kernel, "Summarise data/report.pdf in 2 sentences")
    assert "“Revenue grew by 12 percent in the third quarter.” (page 1)" in answer
    assert "“Therefore the margin improved to 18 percent.” (page 2)" in answer


def test_a_chart_made_in_a_cell_is_described_by_its_title_and_axes(builtins_kernel: Kernel) -> None:
    drawn = builtins_kernel.execute(CHART)
    assert drawn.status == "ok", drawn.errors()
    answer = _answer(builtins_kernel, "What does the chart above show?")
    assert (
        "A line chart titled “Revenue by month” with x axis “month” (1 to 12) and "
        "y axis “revenue” (13 to 46); series: North."
    ) in " ".join(answer.split())
