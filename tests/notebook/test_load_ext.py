"""``%load_ext`` in a running IPython shell: what it sets up before the first magic."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from notebook_router.notebook.outputs import OWN_OUTPUT
from notebook_router.notebook.run_output import WIDGET_VIEW_MIME
from notebook_router.render.display import display_runs_in

NUMBERS = """
from notebook_router import Router, agent

@agent(can=["numbers", "load"])
def numbers(task):
    "Loads a list of numbers."
    return [3, 1, 4]
"""


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch) -> Iterator[InteractiveShell]:
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", "off")
    ip = InteractiveShell.instance()
    try:
        yield ip
    finally:
        ip.run_line_magic("unload_ext", "notebook_router")
        InteractiveShell.clear_instance()


def test_a_route_cell_shows_its_panel_when_runs_were_shown_before_load_ext(
    shell: InteractiveShell,
) -> None:
    display_runs_in(shell)  # what `import notebook_router` does in a kernel
    started = "early = Router([numbers]).start('load the numbers')\nawait early\n"
    shell.run_cell(NUMBERS + started)  # type: ignore[no-untyped-call]
    formatter = shell.display_formatter
    assert formatter is not None
    before, _ = formatter.format(shell.user_ns["early"])  # IPython now holds it by class
    assert "text/vnd.mermaid" in before and WIDGET_VIEW_MIME not in before
    shell.run_line_magic("load_ext", "notebook_router")
    with capture_output():
        done = shell.run_cell("%%route --agents numbers -o run\nload the numbers")  # type: ignore[no-untyped-call]
    assert done.error_in_exec is None, done.error_in_exec
    after, metadata = formatter.format(shell.user_ns["run"])
    # The extension's own formatter: the finished run's static view, marked as ours.
    assert OWN_OUTPUT in metadata
    assert WIDGET_VIEW_MIME not in after and "text/html" in after
