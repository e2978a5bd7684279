"""A real Jupyter server on loopback and Debian's Chromium driven by Playwright.

Nothing here downloads anything: Chromium comes from Debian (``make test``
installs it with apt when it is missing), Playwright only drives it. When no
Chromium can be found the tests skip and say exactly why and how to fix it.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest

ARTIFACTS = Path(os.environ.get("TEST_ARTIFACTS", "test-artifacts")) / "browser"
TIMEOUT_MS = 30_000
"""How long a page action or an assertion waits for the page (a loaded machine is slow)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if path is None:
        pytest.skip(
            "browser tests need Debian's Chromium: `apt-get install chromium` "
            "(`make test` does this where apt is available), or set CHROMIUM=/path/to/chromium"
        )
    return path


@dataclass
class JupyterServer:
    url: str
    token: str
    root: Path

    def open_url(self, path: str) -> str:
        return f"{self.url}/{path}?token={self.token}"

    def write_notebook(self, name: str, cells: list[str]) -> Path:
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        path = self.root / name
        nbformat.write(nb, path)
        return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, so fixtures can tell a failure."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


class JupyterProcess:
    """A Jupyter server process on ``root``; :meth:`restart` starts a new one on the same root.

    ``theme`` is JupyterLab's (and Notebook 7's) theme, e.g. ``"JupyterLab Dark"``.
    """

    def __init__(self, root: Path, scratch: Path, theme: str | None = None) -> None:
        self.root = root
        self.scratch = scratch
        self.theme = theme
        self.proc: subprocess.Popen[bytes] | None = None
        self.server: JupyterServer | None = None
        self._starts = 0

    def start(self) -> JupyterServer:
        self._starts += 1
        port, token = _free_port(), secrets.token_hex(16)
        log = (self.scratch / f"jupyter-{self._starts}.log").open("w")
        settings = self.scratch / "lab-settings"
        news = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
        news.parent.mkdir(parents=True, exist_ok=True)
        news.write_text('{"fetchNews": "false"}')  # no "get Jupyter news?" toast over the panel
        if self.theme:
            themes = news.with_name("themes.jupyterlab-settings")
            themes.write_text(f'{{"theme": "{self.theme}"}}')
        env = self.env()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyter",
                "lab",
                "--no-browser",
                "--allow-root",
                "--ip=127.0.0.1",
                f"--port={port}",
                f"--IdentityProvider.token={token}",
                f"--ServerApp.root_dir={self.root}",
                "--LabApp.news_url=",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.proc.kill()
                    raise RuntimeError(f"Jupyter did not start; see {log.name}") from None
                time.sleep(0.3)
        self.server = JupyterServer(url, token, self.root)
        return self.server

    def env(self) -> dict[str, str]:
        """The server's environment (also what ``jupyter trust`` needs to sign for it)."""
        # Nothing from this machine's Jupyter config or saved workspaces (a restored
        # workspace would reopen notebooks from earlier runs in other tabs). The
        # data dir (notebook signatures: what is trusted) is shared by every start.
        home = self.scratch / "jupyter-home"
        return {
            **os.environ,
            "JUPYTER_PLATFORM_DIRS": "1",
            "JUPYTER_CONFIG_DIR": str(home / "config"),
            "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
            "JUPYTERLAB_SETTINGS_DIR": str(self.scratch / "lab-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
            "PYTHONUNBUFFERED": "1",
        }

    def trust(self, path: Path) -> None:
        """Sign ``path`` as its owner would (``jupyter trust``): it opens trusted."""
        subprocess.run(
            [sys.executable, "-m", "jupyter", "trust", str(path)],
            check=True,
            capture_output=True,
            env=self.env(),
        )

    def stop(self) -> None:
        """Stop the server (and with it every kernel it started)."""
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc = None

    def restart(self) -> JupyterServer:
        """A new server on the same root: what reopening a notebook another day is."""
        self.stop()
        return self.start()


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """JupyterLab (which also serves Notebook 7's pages) with a temporary token."""
    process = JupyterProcess(
        tmp_path_factory.mktemp("notebooks"), tmp_path_factory.mktemp("jupyter")
    )
    try:
        yield process.start()
    finally:
        process.stop()


@pytest.fixture
def jupyter_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterProcess]:
    """A server of the test's own, started; ``restart()`` replaces it on the same root."""
    process = JupyterProcess(
        tmp_path_factory.mktemp("notebooks"), tmp_path_factory.mktemp("jupyter")
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="session", autouse=True)
def assertions_wait_as_long_as_actions() -> None:
    """``expect(locator)`` waits 5 s unless told: as long as the page's actions here."""
    from playwright.sync_api import expect

    expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Module scope, not session: Playwright's sync API keeps an event loop
    # marked as running in this thread while it is open, which would break
    # every later async test (pytest-asyncio cannot start its own loop).
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    console: list[str] = []
    pg.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    pg.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
    try:
        yield pg
    finally:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            pg.screenshot(path=str(ARTIFACTS / f"FAILED-{request.node.name}.png"))
        (ARTIFACTS / f"{request.node.name}.console.txt").write_text("\n".join(console) + "\n")
        context.close()


SCROLL_TO = "els => els.forEach((e) => e.scrollIntoViewIfNeeded(true))"


def scroll_to(focus: Any) -> None:
    """Scroll to the element ``focus`` (a locator) finds, found again as it scrolls.

    Found and scrolled in one step in the page. Playwright's own
    ``scroll_into_view_if_needed`` (and ``locator.screenshot``) resolve the locator
    once and hold that element while they wait for its box to be still: when the
    panel is re-rendered meanwhile (the starting panel's output updated to the run's,
    a finished panel replaced by its static view) they fail with "Element is not
    attached to the DOM". Nothing found by then (the panel gave way to the static
    view): nothing to scroll to.
    """
    focus.wait_for(state="attached")
    focus.evaluate_all(SCROLL_TO)


def shot(page: Any, name: str, focus: Any = None) -> Path:
    """Save a screenshot as a test artefact, scrolled to what ``focus`` (a locator) finds
    when the screenshot is taken (see :func:`scroll_to`)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    if focus is not None:
        scroll_to(focus)
    page.screenshot(path=str(path), full_page=False)
    return path


SIDEBAR_SHOWN = """() => {
  const stack = document.querySelector('#jp-left-stack');
  return !!stack && !stack.classList.contains('lm-mod-hidden') && stack.offsetWidth > 0;
}"""


def left_sidebar(page: Any, *, shown: bool) -> None:
    """Open or close JupyterLab's left side bar (the file browser), as its tab does."""
    if page.evaluate(SIDEBAR_SHOWN) == shown:
        return
    page.locator('.jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id="filebrowser"]').click()
    page.wait_for_function(f"() => ({SIDEBAR_SHOWN})() === {str(shown).lower()}")
