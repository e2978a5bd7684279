"""The session database opened on a thread of its own while a ``%%route`` cell goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebook_router.notebook.persistence import Persistence


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
