"""The session database opened on a thread of its own while a ``%%route`` cell goes on."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest

from notebook_router.notebook.front import NotebookFront
from notebook_router.notebook.persistence import Persistence
from tests.notebook.kernel import Kernel


def test_the_database_opened_beside_the_cell_is_the_one_the_run_gets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", str(tmp_path))
    persistence = Persistence()
    persistence.open_soon()
    persistence.open_soon()  # a second ask while it opens starts nothing more
    store = persistence.get()
    try:
        assert store is not None
        assert Path(store.path) == tmp_path / "sessions.db"
        assert Path(store.path).exists()
        assert persistence.get() is store
        assert store.runs() == []
    finally:
        persistence.close()


def test_a_database_that_cannot_be_opened_is_said_once_where_the_run_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", str(blocked / "sessions.db"))
    persistence = Persistence()
    persistence.open_soon()
    assert persistence.get() is None
    assert persistence.get() is None
    said = capsys.readouterr().err
    assert said.count("runs will not be saved") == 1, said
    assert "NOTEBOOK_ROUTER_STORE" in said  # what to do about it
    assert persistence.problem is not None


def test_closing_while_the_database_opens_waits_for_it_then_closes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", str(tmp_path))
    persistence = Persistence()
    persistence.open_soon()
    persistence.close()
    # Nothing is left open, and the next run opens it again.
    store = persistence.get()
    try:
        assert store is not None and not store.db.closed
    finally:
        persistence.close()
    assert store.db.closed


def test_store_settings_made_after_loading_the_extension_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # where the default store would go
    monkeypatch.delenv("NOTEBOOK_ROUTER_STORE", raising=False)
    front = NotebookFront(shell=None)  # what %load_ext builds
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE", str(tmp_path / "later"))
    monkeypatch.setenv("NOTEBOOK_ROUTER_STORE_EXPIRY", "12h")
    front.persistence.open_soon()  # as a first %%route cell does
    store = front.persistence.get()
    try:
        assert store is not None
        assert Path(store.path) == tmp_path / "later" / "sessions.db"
        assert store.expiry == timedelta(hours=12)
    finally:
        front.persistence.close()


@pytest.mark.kernel
def test_a_store_turned_off_in_a_cell_after_load_ext_writes_no_database(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.pop("NOTEBOOK_ROUTER_STORE", None)  # the default: ./.notebook_router/sessions.db
    kernel = Kernel(env=env, cwd=str(tmp_path))
    try:
        kernel.execute("%load_ext notebook_router")
        kernel.execute('import os\nos.environ["NOTEBOOK_ROUTER_STORE"] = "off"')
        kernel.execute(
            "from notebook_router import agent\n"
            '@agent(can=["numbers", "load"])\n'
            "def numbers(task):\n"
            '    "Loads a list of numbers."\n'
            "    return [3, 1, 4]\n"
        )
        ran = kernel.execute("%%route --agents numbers\nload the numbers")
        assert ran.status == "ok", ran.errors()
        said = kernel.execute("%route store")
        assert "Session database: off" in said.stdout, said.stdout
    finally:
        kernel.shutdown()
    assert sorted(p.name for p in tmp_path.rglob("*")) == []
