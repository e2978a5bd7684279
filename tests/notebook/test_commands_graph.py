"""``%route graph`` in a real IPython shell: a diagram, or the Mermaid source with --text."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from notebook_router.render import svg

AGENTS = """
from notebook_router import agent

@agent(can=["numbers", "load"])
def numbers(task):
    "Loads a list of numbers."
    return [3, 1, 4]

@agent(can=["sum", "total", "add"])
def total(inputs):
    "Adds the numbers up."
    return sum(next(iter(inputs.values())))
"""


@pytest.fixture
def shell(monkeypatch: pytest.MonkeyPatch) -> Iterator[InteractiveShell]:
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", "off")
    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "notebook_router")
    ip.run_cell(AGENTS)  # type: ignore[no-untyped-call]
    with capture_output():
        done = ip.run_cell("%%route -o run\nLoad the numbers, then add them up")  # type: ignore[no-untyped-call]
    assert done.error_in_exec is None, done.error_in_exec
    try:
        yield ip
    finally:
        ip.run_line_magic("unload_ext", "notebook_router")
        InteractiveShell.clear_instance()


def _graph(shell: InteractiveShell, line: str) -> Any:
    with capture_output() as captured:
        shell.run_line_magic("route", line)
    return captured


def test_route_graph_shows_the_tree_as_a_picture_and_a_mermaid_fence(
    shell: InteractiveShell,
) -> None:
    if not svg.dot_available():
        pytest.skip("graphviz's dot is not installed (apt-get install graphviz)")
    captured = _graph(shell, "graph")
    assert captured.stdout == ""  # no raw Mermaid source printed
    [shown] = captured.outputs
    data = shown.data
    assert set(data) == {"text/html", "image/svg+xml", "text/markdown", "text/plain"}
    assert data["image/svg+xml"].startswith("<svg")
    assert "t1 · Load the numbers" in data["image/svg+xml"]
    # What notebooks and nbconvert pages show: the picture itself, nothing to fetch.
    encoded = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', data["text/html"])
    assert encoded is not None
    assert base64.b64decode(encoded.group(1)).decode() == data["image/svg+xml"]
    source = data["text/plain"]
    assert source.startswith("flowchart TD")
    assert data["text/markdown"] == f"```mermaid\n{source.rstrip()}\n```\n"


def test_without_graphviz_the_outline_is_the_picture(
    shell: InteractiveShell, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(svg, "dot_available", lambda: False)
    [shown] = _graph(shell, "graph").outputs
    assert set(shown.data) == {"text/html", "text/markdown", "text/plain"}
    assert shown.data["text/markdown"].startswith("```mermaid\nflowchart TD")
    html = shown.data["text/html"]
    assert '<ul class="nr-outline">' in html and 'data-node="t2"' in html
    assert "Add them up" in html and "apt-get install graphviz" in html


def test_route_graph_text_prints_the_mermaid_source(shell: InteractiveShell) -> None:
    run = shell.user_ns["run"]
    captured = _graph(shell, f"graph {run.id} --text")
    assert captured.outputs == []
    assert captured.stdout.startswith("flowchart TD")
    assert "Load the numbers" in captured.stdout
