"""Files a task names are read from the notebook's folder only, unless the user named them.

A task may be a model's words, steered by what it has read: "read ~/.ssh/id_rsa.pdf"
must not reach an agent. The user's own request attaches what it names, anywhere.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from notebook_router import Router
from notebook_router.agents.builtin import Documents
from notebook_router.readers.files import media_named, outside
from tests.agents.builtin.helpers import context_for
from tests.readers.make import pdf_bytes


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    notebook, elsewhere = tmp_path / "notebook", tmp_path / "private"
    notebook.mkdir()
    elsewhere.mkdir()
    (notebook / "report.pdf").write_bytes(pdf_bytes())
    (elsewhere / "secret.pdf").write_bytes(pdf_bytes(title="Private"))
    monkeypatch.chdir(notebook)
    return notebook, elsewhere


def test_paths_leading_out_of_the_folder_are_outside(folders: tuple[Path, Path]) -> None:
    _notebook, elsewhere = folders
    assert not outside("report.pdf") and not outside("./sub/../report.pdf")
    assert outside("../private/secret.pdf") and outside(str(elsewhere / "secret.pdf"))
    assert media_named("read ../private/secret.pdf") == []
    assert [m.source for m in media_named("read ../private/secret.pdf", anywhere=True)] == [
        "../private/secret.pdf"
    ]


async def test_an_agents_task_never_reads_a_file_outside_the_folder(
    folders: tuple[Path, Path],
) -> None:
    _notebook, elsewhere = folders
    task, context = context_for(f"Summarise {elsewhere / 'secret.pdf'}")
    result = await Documents().run(task, context)
    assert result.status == "unable"


async def test_the_users_own_request_attaches_a_file_anywhere(folders: tuple[Path, Path]) -> None:
    _notebook, elsewhere = folders
    result = await Router().run(f"Summarise {elsewhere / 'secret.pdf'}")
    assert [t.agent for t in result.tasks] == ["documents"]
    assert "Private" in result.answer


async def test_a_missing_file_named_outside_the_folder_is_called_missing(
    folders: tuple[Path, Path],
) -> None:
    from notebook_router.agents.builtin.audio import Audio

    _notebook, elsewhere = folders
    task, context = context_for(f"How long is the audio {elsewhere / 'talk.wav'}?")
    result = await Audio().run(task, context)
    said = f"{result.summary} {result.error}"
    assert "no such file" in said and "outside the notebook" not in said
