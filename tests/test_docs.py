"""The documentation a reader gets: a short README that leads into docs/, a docs site that
builds strictly, and text that speaks of the product rather than of how it was built."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

# Words of a build log, not of a product: numbered sessions and rounds, "this issue",
# issue numbers, and who wrote something.
BUILD_HISTORY = re.compile(
    r"\bsession \d+\b|\bround \d+\b|\b(?:this|previous|last|next) round\b|\bthis issue\b"
    r"|\bissue #?\d+\b|\bhelper\b",
    re.IGNORECASE,
)


def _read_by_users() -> list[Path]:
    """README, the docs, the example notebooks, the benchmarks and the tests' data."""
    files = [README, ROOT / "mkdocs.yml"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    files += sorted((ROOT / "notebooks").glob("*.ipynb"))
    files += sorted((ROOT / "bench").glob("*.py"))
    files += sorted(
        path
        for path in (ROOT / "tests" / "data").rglob("*")
        if path.is_file() and path.suffix in {".md", ".txt", ".json", ".jsonl", ".toml", ".py"}
    )
    return files


def test_nothing_a_reader_sees_speaks_of_how_it_was_built() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)!r}"
        for path in _read_by_users()
        for match in BUILD_HISTORY.finditer(path.read_text(errors="replace"))
    ]
    assert found == []


def test_the_build_history_pattern_catches_a_build_log() -> None:
    log = "Re-measured in session 4; this round made it faster (see issue 20), written by helper"
    assert [m.group(0) for m in BUILD_HISTORY.finditer(log)] == [
        "session 4",
        "this round",
        "issue 20",
        "helper",
    ]
    # ... and not the product's own words.
    assert not BUILD_HISTORY.search("Sessions, resuming and Binder; round(2); the helpers refuse")


def test_the_readme_is_short_and_its_links_lead_somewhere() -> None:
    text = README.read_text()
    assert len(text.splitlines()) <= 200
    for command in ("make demo", "make test"):
        assert command in text
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert "docs/index.md" in local
    assert [t for t in local if not (ROOT / t).exists()] == []


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """``make docs``: the site built in strict mode (not quiet, which would hide warnings)."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def test_the_docs_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("material", reason="the docs theme comes with the dev extra")
    done = _build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "guide" / "media" / "index.html").exists()


def test_a_broken_link_or_a_page_left_out_of_the_nav_fails_the_build(tmp_path: Path) -> None:
    pytest.importorskip("material", reason="the docs theme comes with the dev extra")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    media = tmp_path / "docs" / "guide" / "media.md"
    media.write_text(media.read_text() + "\nSee [the panel](panel.md#no-such-section).\n")
    (tmp_path / "docs" / "orphan.md").write_text("# A page nobody links to\n")
    done = _build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0
    assert "does not contain an anchor '#no-such-section'" in done.stderr
    assert "orphan.md" in done.stderr
