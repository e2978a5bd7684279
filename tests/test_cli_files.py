"""The command line over data files a task names (or --data gives), as a user types it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from notebook_router.cli import main

TITANIC = pd.DataFrame(
    {
        "name": ["Braund", "Cumings", "Heikkinen", "Futrelle"],
        "fare": [7.25, 72.0, 9.75, 53.0],
        "survived": [0, 1, 1, 1],
    }
)
SALES = pd.DataFrame(
    {
        "region": ["North", "South", "North", "East", "South"],
        "revenue": [10.0, 20.0, 31.0, 5.5, 7.0],
    }
)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notebook_router", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=dict(os.environ),
    )


def test_mean_of_a_column_in_a_csv_the_task_names(tmp_path: Path) -> None:
    TITANIC.to_csv(tmp_path / "titanic.csv", index=False)
    mean = TITANIC["fare"].mean()

    done = _cli("run", "mean fare in titanic.csv", cwd=tmp_path)

    assert done.returncode == 0, done.stderr
    answer, evidence = done.stdout.split("t1 · data_analyst", 1)
    assert f"{mean:g}" in answer
    assert "```python\n" in evidence and "titanic['fare'].mean()" in evidence


def test_a_grouped_result_is_printed_as_a_markdown_table_with_its_code(tmp_path: Path) -> None:
    SALES.to_csv(tmp_path / "sales.csv", index=False)
    means = SALES.groupby("region")["revenue"].mean()

    done = _cli("run", "average revenue by region in sales.csv", "-q", cwd=tmp_path)

    assert done.returncode == 0, done.stderr
    rows = [f"| {region} | {value:.6g} |" for region, value in means.items()]
    table = "\n".join(["| region | revenue |", "|---|---:|", *rows])  # numbers right-aligned
    assert table in done.stdout
    assert "sales.groupby('region')['revenue'].mean()" in done.stdout
    assert done.stdout.index(table) > done.stdout.index("Here is what I found")


def test_json_gives_each_task_its_table_as_records_and_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --data: the task names no file; the option loads it under its stem's name.
    SALES.to_csv(tmp_path / "Sales 2024.csv", index=False)
    monkeypatch.chdir(tmp_path)
    expected = SALES.groupby("region")["revenue"].mean().reset_index().to_dict("records")

    assert main(["run", "average revenue by region", "--data", "Sales 2024.csv", "--json"]) == 0

    task = json.loads(capsys.readouterr().out)["tasks"][0]
    assert task["agent"] == "data_analyst"
    assert task["table"] == expected
    assert "sales_2024.groupby('region')" in task["code"]


@pytest.mark.parametrize("name", ["titanic.tsv", "titanic.jsonl"])
def test_tab_separated_and_json_lines_files_load(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if name.endswith(".tsv"):
        TITANIC.to_csv(tmp_path / name, sep="\t", index=False)
    else:
        TITANIC.to_json(tmp_path / name, orient="records", lines=True)
    monkeypatch.chdir(tmp_path)

    assert main(["run", f"mean fare in {name}", "--json"]) == 0

    data = json.loads(capsys.readouterr().out)
    assert f"{TITANIC['fare'].mean():g}" in data["answer"]
    assert "titanic['fare'].mean()" in data["tasks"][0]["code"]


def test_a_missing_data_path_is_a_usage_error_that_says_where_it_looked(tmp_path: Path) -> None:
    done = _cli("run", "mean fare", "--data", "titanic.csv", cwd=tmp_path)

    assert done.returncode == 2
    assert f"error: No such file: titanic.csv (looked in {tmp_path})" in done.stderr
    assert done.stdout == ""


def test_a_file_the_task_names_that_does_not_exist_is_noted_not_fatal(tmp_path: Path) -> None:
    # It may be an output ("save it as poem.json"): the run goes on, and says so.
    done = _cli(
        "run", "write a short greeting and save it to poem.json", "--model", "offline", cwd=tmp_path
    )

    assert done.returncode == 0, done.stderr
    assert "note: poem.json is named in the task but no such file exists here" in done.stderr


def test_a_task_that_names_no_file_runs_without_data(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    TITANIC.to_csv(tmp_path / "titanic.csv", index=False)  # present, but not named
    monkeypatch.chdir(tmp_path)
    args = ["run", "Compare the regions", "--agents", "notebook_router.examples.sales", "--json"]

    assert main(args) == 0

    tasks = json.loads(capsys.readouterr().out)["tasks"]
    assert [t["agent"] for t in tasks] == ["region_compare"]  # no data analyst joined
