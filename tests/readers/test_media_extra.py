"""Without the ``media`` extra, the media agents answer with the line that installs it.

The readers' libraries (pypdf, pdfplumber, python-docx, Beautiful Soup, pytesseract,
soundfile, PyAV) come with ``pip install 'notebook-router[media]'``, not with the core
install. Each test runs a fresh interpreter in which those packages cannot be imported
(a folder first on ``PYTHONPATH`` holds a package of each name whose import raises
``ModuleNotFoundError``, as a missing package does; the document reader's own process
inherits it), and checks what a user would see: the install line, never a traceback.
Pillow is not hidden: matplotlib, a core dependency, requires it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import wave
from pathlib import Path

import pytest

from notebook_router.readers.extra import MEDIA_EXTRA
from tests.readers.make import docx_bytes, pdf_bytes, text_image

ROOT = Path(__file__).resolve().parents[2]
HIDDEN = ("pypdf", "pdfplumber", "docx", "bs4", "pytesseract", "soundfile", "av")


@pytest.fixture
def without_media_extra(tmp_path: Path) -> dict[str, str]:
    """The environment of an interpreter in which the media extra is not installed."""
    # A finder that says "not installed", as Python does when a package is absent: no
    # module object is ever made. (A package whose __init__ raises instead is a broken
    # install, and a read-ahead thread importing it at the same moment as a reader can
    # hand the reader the half-made module: not what a user without the extra sees.)
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "sitecustomize.py").write_text(
        "import sys\n"
        f"HIDDEN = {set(HIDDEN)!r}\n"
        "class NotInstalled:\n"
        "    @staticmethod\n"
        "    def find_spec(name, path=None, target=None):\n"
        "        if name.partition('.')[0] in HIDDEN:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, NotInstalled)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env["PYTHONPATH"] = os.pathsep.join([str(hidden), str(ROOT)])
    env["NOTEBOOK_ROUTER_STORE"] = "off"
    env.pop("NOTEBOOK_ROUTER_MODEL", None)
    return env


def _files(folder: Path) -> None:
    (folder / "report.pdf").write_bytes(pdf_bytes())
    (folder / "notes.docx").write_bytes(docx_bytes())
    (folder / "page.html").write_text("<html><body><h1>Notes</h1><p>Counts doubled.</p></body>")
    (folder / "scan.png").write_bytes(text_image())
    (folder / "clip.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(64))
    with wave.open(str(folder / "note.wav"), "wb") as clip:
        clip.setnchannels(1)
        clip.setsampwidth(2)
        clip.setframerate(8000)
        clip.writeframes(bytes(16000))


READ_EACH = """
import json, sys
from notebook_router.errors import MediaError
from notebook_router.readers.audio import read_audio
from notebook_router.readers.document import read_document
from notebook_router.readers.files import file_media
from notebook_router.readers.image import read_image
from notebook_router.readers.video import read_video

imported = [name for name in sys.argv[1:] if name in sys.modules]
said = {"imported": imported}
for name, read in [("report.pdf", read_document), ("notes.docx", read_document),
                   ("page.html", read_document), ("note.wav", read_audio),
                   ("clip.mp4", read_video)]:
    try:
        read(file_media(name))
        said[name] = "read"
    except MediaError as exc:
        said[name] = type(exc).__name__ + ": " + str(exc)
said["scan.png"] = " ".join(read_image(file_media("scan.png")).notes)
print(json.dumps(said))
"""


def test_each_reader_names_the_media_extra_when_its_library_is_missing(
    tmp_path: Path, without_media_extra: dict[str, str]
) -> None:
    _files(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", READ_EACH, *HIDDEN],
        cwd=tmp_path,
        env=without_media_extra,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    said = json.loads(done.stdout)
    assert said.pop("imported") == []  # the hidden packages really were not importable
    assert said == {
        "report.pdf": f"MediaReadError: Reading a PDF needs pypdf, part of the media extra: "
        f"{MEDIA_EXTRA}",
        "notes.docx": "MediaReadError: Reading a Word file needs python-docx, part of the "
        f"media extra: {MEDIA_EXTRA}",
        "page.html": "MediaReadError: Reading HTML needs beautifulsoup4, part of the media "
        f"extra: {MEDIA_EXTRA}",
        "note.wav": "MediaToolMissingError: Reading audio needs soundfile, part of the media "
        f"extra: {MEDIA_EXTRA} (its wheels bundle libsndfile; where none fits, apt-get "
        "install libsndfile1 too).",
        "clip.mp4": "MediaToolMissingError: Reading video needs PyAV, part of the media "
        f"extra: {MEDIA_EXTRA} (its wheels bundle ffmpeg).",
        # Pillow (a matplotlib dependency) still reads the image; only its words are missing.
        "scan.png": "OCR skipped: reading text in images needs pytesseract, part of the "
        f"media extra: {MEDIA_EXTRA}",
    }


@pytest.mark.parametrize(
    ("task", "agent"),
    [
        ("summarise report.pdf", "documents"),
        ("summarise notes.docx", "documents"),
        ("how long is note.wav", "audio"),
        ("describe the frames of clip.mp4", "video"),
        ("what text is in scan.png", "images"),
    ],
)
def test_a_run_over_media_without_the_extra_says_what_to_install(
    tmp_path: Path, without_media_extra: dict[str, str], task: str, agent: str
) -> None:
    _files(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", task, "--json"],
        cwd=tmp_path,
        env=without_media_extra,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    run = json.loads(done.stdout)
    (only,) = run["tasks"]
    # The media agent's own result names the extra: in the answer when it could still
    # read something (the image without its words), else in the record of the task that
    # it handed on.
    said = run["answer"] if only["agent"] == agent else only["note"]
    assert f"{agent} after:" in said or only["agent"] == agent
    assert MEDIA_EXTRA in said


MEDIA_PACKAGES = {
    "pypdf",
    "pdfplumber",
    "python-docx",
    "beautifulsoup4",
    "pillow",
    "pytesseract",
    "soundfile",
    "av",
}


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=\[ ;]", r.strip(), maxsplit=1)[0].lower() for r in requirements}


def test_the_core_install_leaves_the_readers_to_the_media_extra() -> None:
    """``pip install notebook-router`` brings no reader; ``[media]`` and ``[all]`` bring them all."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert not MEDIA_PACKAGES & _names(project["dependencies"])
    assert _names(extras["media"]) == MEDIA_PACKAGES
    (everything,) = extras["all"]
    assert "media" in everything.removeprefix("notebook-router[").removesuffix("]").split(",")
    # The example notebooks read media and the readers' tests read real files, so the
    # installs behind `make demo` and `make test` include the extra.
    for what_installs in ("demo", "dev"):
        assert any("notebook-router[" in r and "media" in r for r in extras[what_installs])
