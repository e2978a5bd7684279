"""A notebook run and saved in the browser reopens as what it is: static views, no widget error.

The quickstart is run in JupyterLab, saved with Ctrl+S (default settings),
the server is stopped and a new one started on the same folder, and the
notebook reopened in JupyterLab and Notebook 7, trusted (as saved) and not
(a copy without a signature). A copy executed with its widget state saved
reopens with no tree waiting for a kernel, and its ``nbconvert --to html``
page renders our outputs with the network blocked. Screenshots go to
``test-artifacts/browser/``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.conftest import TIMEOUT_MS, JupyterProcess, JupyterServer, shot

pytestmark = pytest.mark.browser

QUICKSTART = Path(__file__).resolve().parents[2] / "notebooks" / "01_quickstart.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ROUTE_CELLS = 4  # the quickstart's %%route cells (one of them a background run)

KERNEL_READY = """() => {
  const visible = (sel) => [...document.querySelectorAll(sel)].find(e => e.offsetParent !== null);
  const name = visible('.jp-Toolbar-kernelName');
  const status = visible('.jp-Notebook-ExecutionIndicator');
  return !!name && !!status && !['', 'No Kernel'].includes(name.getAttribute('aria-label') || '')
    && status.dataset.status === 'idle';
}"""

ALL_RAN = """(n) => {
  const prompts = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')];
  return prompts.length === n && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""

PROMPTS_AND_STATUS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .map(p => p.textContent.trim());
  const status = [...document.querySelectorAll('.jp-Notebook-ExecutionIndicator')]
    .find(e => e.offsetParent !== null);
  return [prompts, status ? status.dataset.status : 'unknown'];
}"""

TREES_LOADED = """(n) => {
  const imgs = [...document.querySelectorAll('.nr-run .nr-diagram img')];
  return imgs.length >= n && imgs.every(i => i.complete && i.naturalWidth > 0);
}"""


SCROLLED_THROUGH = """(n) => {
  const scroller = [...document.querySelectorAll('.jp-WindowedPanel-outer, #main-panel .jp-Notebook')]
    .find(e => e.offsetParent !== null && e.scrollHeight > e.clientHeight);
  if (scroller) scroller.scrollTop += scroller.clientHeight;
  return document.querySelectorAll('.nr-run').length >= n;
}"""


def _blank_quickstart(root: Path, name: str) -> Path:
    """The quickstart without its committed outputs (this test makes its own)."""
    nb = nbformat.read(QUICKSTART, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    path = root / name
    nbformat.write(nb, path)
    shutil.copytree(QUICKSTART.parent / "data", root / "data", dirs_exist_ok=True)
    return path


def _code_cells(path: Path) -> int:
    return sum(c.cell_type == "code" for c in nbformat.read(path, as_version=4).cells)


@dataclass(frozen=True)
class KernelMessage:
    """One message on the page's kernel websocket, as far as telling a cell's end goes."""

    at: float
    sent: bool
    channel: str
    msg_type: str
    msg_id: str
    parent_id: str
    detail: str


class KernelTraffic:
    """The kernel messages the page sends and receives, read off its websockets.

    Lab marks a cell done when both its ``execute_reply`` (shell) and the kernel's
    ``idle`` for its request (iopub) have arrived: when a prompt stays ``[*]``, the
    messages carrying that request as their parent say which of the two never came."""

    def __init__(self, page: Any) -> None:
        self.messages: list[KernelMessage] = []
        self._started = time.monotonic()
        page.on("websocket", self._watch)

    def _watch(self, socket: Any) -> None:
        if "/api/kernels/" in socket.url:
            socket.on("framesent", lambda payload: self._add(payload, sent=True))
            socket.on("framereceived", lambda payload: self._add(payload, sent=False))

    def _add(self, payload: str | bytes, *, sent: bool) -> None:
        message = _kernel_message(payload)
        if message is None:
            return
        header, parent, content = (
            message.get(k) or {} for k in ("header", "parent_header", "content")
        )
        kind = str(header.get("msg_type", ""))
        detail = {
            "status": str(content.get("execution_state", "")),
            "execute_request": str(content.get("code", ""))[:60],
            "execute_input": f"In [{content.get('execution_count')}]",
            "execute_reply": f"{content.get('status')} [{content.get('execution_count')}]",
        }.get(kind, "")
        self.messages.append(
            KernelMessage(
                round(time.monotonic() - self._started, 3),
                sent,
                str(message.get("channel", "")),
                kind,
                str(header.get("msg_id", "")),
                str(parent.get("msg_id", "")),
                detail,
            )
        )

    def unfinished(self) -> list[str]:
        """Each execute request lacking its reply or its idle, with every message it parented,
        and each that got more than one idle (an idle sent under the wrong request: the
        kernel's parent header was overwritten while another cell ran)."""
        said: list[str] = []
        for request in [m for m in self.messages if m.sent and m.msg_type == "execute_request"]:
            children = [m for m in self.messages if m.parent_id == request.msg_id]
            replied = any(m.msg_type == "execute_reply" for m in children)
            idles = sum(m.msg_type == "status" and m.detail == "idle" for m in children)
            if not (replied and idles == 1):
                story = ", ".join(
                    f"{m.at:.2f} {m.channel}:{m.msg_type} {m.detail}".rstrip() for m in children
                )
                said.append(
                    f"{request.detail!r} sent at {request.at:.2f}: reply {replied}, "
                    f"{idles} idle; its messages: [{story}]"
                )
        return said


def _kernel_message(payload: str | bytes) -> dict[str, Any] | None:
    """A kernel websocket frame as a message: JSON text, or the binary v1 protocol
    (a count of offsets, the offsets, then channel, header, parent, metadata, content)."""
    try:
        if isinstance(payload, str):
            parsed: dict[str, Any] = json.loads(payload)
            return parsed
        count = int.from_bytes(payload[:8], "little")
        offsets = [
            int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)
        ]
        parts = [payload[a:b] for a, b in zip(offsets, [*offsets[1:], len(payload)], strict=False)]
        names = ("channel", "header", "parent_header", "metadata", "content")
        return {
            name: part.decode() if name == "channel" else json.loads(part)
            for name, part in zip(names, parts, strict=False)
        }
    except (ValueError, UnicodeDecodeError, IndexError):
        return None


def _run_all_in_lab(page: Any, server: JupyterServer, name: str, cells: int) -> None:
    traffic = KernelTraffic(page)
    page.goto(server.open_url(f"lab/workspaces/{name.replace('.', '-')}/tree/{name}"))
    page.wait_for_function(KERNEL_READY, timeout=60_000)
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item", has_text="Run All Cells").first.click()
    try:
        page.wait_for_function(ALL_RAN, arg=cells, timeout=120_000)
    except PlaywrightTimeoutError:
        # Which prompt stayed [*], and whether the kernel still says it is busy: a kernel
        # idle under a [*] has run every cell it was sent: the end of one never showed.
        # The kernel traffic says which end the page never got (the reply or the idle).
        prompts, status = page.evaluate(PROMPTS_AND_STATUS)
        unfinished = "\n".join(traffic.unfinished()) or "none: every request got both"
        raise AssertionError(
            f"JupyterLab's Run All of {name} did not finish within 120 s: prompts {prompts}, "
            f"kernel {status}; requests the page saw no end of:\n{unfinished}"
        ) from None
    requests = [m for m in traffic.messages if m.sent and m.msg_type == "execute_request"]
    print(
        f"\nRun All: {len(requests)} execute requests, {len(traffic.messages)} kernel messages, "
        f"{len(traffic.unfinished())} requests without their reply or with other than one idle"
    )
    page.wait_for_function(KERNEL_READY, timeout=60_000)


def _save(page: Any, path: Path) -> dict[str, Any]:
    """Ctrl+S in the notebook; the saved file once it holds the run outputs."""
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            saved = nbformat.read(path, as_version=4)  # multiline text joined
        except nbformat.reader.NotJSONError:  # read while the server writes it: not yet
            time.sleep(0.3)
            continue
        html = [
            o["data"]["text/html"]
            for c in saved.cells
            for o in c.get("outputs", [])
            if "nr-run" in o.get("data", {}).get("text/html", "")
        ]
        if len(html) >= ROUTE_CELLS:
            return dict(saved)
        time.sleep(0.3)
    raise AssertionError(f"{path.name} was not saved with its run outputs")


def _assert_static_views(page: Any, where: str, name: str, runs: int = ROUTE_CELLS) -> None:
    """Every run shows its static view (plan, answer, tree picture); no widget error."""
    # Lab renders cells as they scroll into view: scroll through the notebook first.
    page.wait_for_function(SCROLLED_THROUGH, arg=runs, timeout=30_000, polling=300)
    page.wait_for_function(TREES_LOADED, arg=runs, timeout=20_000)
    assert page.locator(".nr-run").count() >= runs
    first = page.locator(".nr-run").first
    first.scroll_into_view_if_needed()
    # Waited for: Lab leaves cells out of view undrawn (content-visibility), and their text
    # reads as "" until the browser draws them after the scroll (at a load of 12 on two
    # cores, not yet when read at once).
    expect(first).to_contain_text(
        "Load the sales table for the North region", use_inner_text=True, timeout=TIMEOUT_MS
    )
    assert first.locator(".nr-answer").is_visible()  # the answer first
    # The plan and its diagram, one click each (a small run folds them).
    for fold in ("details.nr-plan", "details.nr-diagram"):
        details = first.locator(fold).first
        if details.get_attribute("open") is None:
            details.locator(":scope > summary").click()
    assert first.locator("table.nr-plan-table").first.is_visible()
    tree = first.locator(".nr-diagram img")
    box = tree.bounding_box()
    assert box is not None and box["width"] > 100
    body = page.locator("body").inner_text()
    assert "Error displaying widget" not in body and "model not found" not in body
    shot(page, f"reopen-{where}-{name}", first)


def _open_lab(page: Any, server: JupyterServer, name: str) -> None:
    page.goto(server.open_url(f"lab/workspaces/again-{name.replace('.', '-')}/tree/{name}"))
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.wait_for()


def test_a_quickstart_saved_in_lab_reopens_with_static_views(
    jupyter_process: JupyterProcess, page: Any
) -> None:
    server = jupyter_process.server
    assert server is not None
    path = _blank_quickstart(server.root, "quickstart.ipynb")
    _run_all_in_lab(page, server, path.name, _code_cells(path))
    # The background run (stopped by the next cells) ends as its static view too.
    page.wait_for_function(TREES_LOADED, arg=ROUTE_CELLS, timeout=30_000)
    shot(page, "reopen-lab-ran", page.locator(".nr-run").first)
    saved = _save(page, path)
    outputs = [o for c in saved["cells"] for o in c.get("outputs", [])]
    assert not [o for o in outputs if WIDGET_VIEW in o.get("data", {})]
    # An untrusted copy. Trust is kept by content, not by name (an identical copy
    # is trusted too): the copy differs, as a fresh clone's metadata would.
    clone = nbformat.read(path, as_version=4)
    clone.metadata["title"] = "a fresh clone"
    nbformat.write(clone, server.root / "untrusted.ipynb")

    server = jupyter_process.restart()
    for name in ("quickstart.ipynb", "untrusted.ipynb"):
        _open_lab(page, server, name)
        _assert_static_views(page, "lab", name.removesuffix(".ipynb"))
        page.goto(server.open_url(f"notebooks/{name}"))
        page.locator(".jp-Cell").first.wait_for()
        _assert_static_views(page, "notebook7", name.removesuffix(".ipynb"))


def test_saved_widget_state_and_offline_nbconvert_html(
    jupyter_process: JupyterProcess, page: Any, tmp_path: Path
) -> None:
    from nbclient import NotebookClient

    server = jupyter_process.server
    assert server is not None
    path = _blank_quickstart(server.root, "with_state.ipynb")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,  # what Lab's "save widget state" keeps
        resources={"metadata": {"path": str(server.root)}},
    ).execute()
    nbformat.write(nb, path)
    # Every %%route cell ends with its run's static view, the background run's too
    # (its final view comes as part of the cell running when it ends).
    routes = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith("%%route")]
    assert len(routes) == ROUTE_CELLS
    for cell in routes:
        data = [o.get("data", {}) for o in cell.outputs]
        assert any("nr-run" in d.get("text/html", "") for d in data), cell.source
        assert not any(WIDGET_VIEW in d for d in data), cell.source

    _open_lab(page, server, path.name)
    started = time.monotonic()
    # No tree waits for a widget model (that took a 5 s timeout per panel).
    page.wait_for_function(TREES_LOADED, arg=ROUTE_CELLS, timeout=4_000)
    print(f"\nwith widget state: every tree shown {time.monotonic() - started:.1f} s after opening")
    _assert_static_views(page, "lab", "with-widget-state")

    html = tmp_path / "with_state.html"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "html",
            str(path),
            "--output-dir",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
    )
    blocked: list[str] = []

    def only_the_file(route: Any) -> None:
        if route.request.url == html.as_uri():
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_file)
    page.goto(html.as_uri())
    page.wait_for_function(TREES_LOADED, arg=ROUTE_CELLS, timeout=10_000)
    first = page.locator(".nr-run").first
    assert first.is_visible() and first.locator(".nr-answer").is_visible()
    ours = page.locator(".nr-run").evaluate_all("els => els.map(e => e.outerHTML).join('')")
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", ours), "our outputs load nothing"
    shot(page, "nbconvert-offline", first)
    print(f"blocked while showing the exported page: {sorted(set(blocked))}")
