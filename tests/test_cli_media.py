"""The command line saves the figures a run made, says where, and opens them on request."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
from PIL import Image

CHART = "bar chart of revenue by region in sales.csv"


def _cli(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notebook_router", "run", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env or dict(os.environ),
        stdin=subprocess.DEVNULL,
    )


def _sales(folder: Path) -> None:
    pd.DataFrame(
        {"region": ["North", "South", "North", "East"], "revenue": [10.0, 20.0, 31.0, 5.5]}
    ).to_csv(folder / "sales.csv", index=False)


def test_a_chart_is_saved_in_a_folder_named_after_the_run_and_its_path_printed(
    tmp_path: Path,
) -> None:
    _sales(tmp_path)
    done = _cli(CHART, "--code", "auto", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    saved = done.stdout.split("\nsaved:\n", 1)[1].split()
    [path] = [tmp_path / p for p in saved]
    assert path.parent.name.startswith("route-") and path.name == "t1-mean-revenue-by-region.png"
    with Image.open(path) as picture:  # a real chart, at the size the analyst drew it
        assert picture.format == "PNG" and picture.width > 500


def test_out_chooses_the_folder_and_json_lists_the_files(tmp_path: Path) -> None:
    _sales(tmp_path)
    done = _cli(CHART, "--code", "auto", "--json", "--out", "charts", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    files = json.loads(done.stdout)["files"]
    assert files == [str(Path("charts") / "t1-mean-revenue-by-region.png")]
    assert (tmp_path / files[0]).stat().st_size > 1000


def test_open_hands_each_figure_to_the_systems_viewer(tmp_path: Path) -> None:
    _sales(tmp_path)
    viewer = tmp_path / "bin" / "xdg-open"
    viewer.parent.mkdir()
    opened = tmp_path / "opened.txt"
    viewer.write_text(f'#!/bin/sh\necho "$1" >> {opened}\n')
    viewer.chmod(0o755)
    env = {**os.environ, "PATH": f"{viewer.parent}{os.pathsep}{os.environ['PATH']}"}
    done = _cli(CHART, "--code", "auto", "-q", "--open", "--out", "out", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 10
    while not opened.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert opened.read_text().split() == [str(Path("out") / "t1-mean-revenue-by-region.png")]


def test_a_run_that_made_no_figure_writes_no_folder(tmp_path: Path) -> None:
    _sales(tmp_path)
    done = _cli("mean revenue in sales.csv", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "saved:" not in done.stdout
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("route-")]
