"""Data files named in a task: which paths, which variable names, and how they load."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest

from notebook_router.data.files import (
    DataFile,
    find_data_files,
    identifier,
    load_data_files,
    paths_in_task,
)
from notebook_router.errors import ConfigError, DataFileError


@pytest.mark.parametrize(
    ("task", "paths"),
    [
        ("mean fare in titanic.csv", ["titanic.csv"]),
        (
            "is titanic.csv. clean? (sales.tsv), then x.parquet!",
            ["titanic.csv", "sales.tsv", "x.parquet"],
        ),
        ("revenue in \"Sales 2024.xlsx\" and 'old data.xls'", ["Sales 2024.xlsx", "old data.xls"]),
        ("join data/a.json with ~/b.jsonl and `c d.csv`", ["data/a.json", "~/b.jsonl", "c d.csv"]),
        ("compare A.CSV with a.csv and A.CSV again", ["A.CSV", "a.csv"]),
        ("what's the mean in 'sales.csv'", ["sales.csv"]),
    ],
)
def test_paths_are_the_tokens_ending_in_a_data_extension_bare_or_quoted(
    task: str, paths: list[str]
) -> None:
    assert paths_in_task(task) == paths


@pytest.mark.parametrize(
    "task",
    [
        "summarise the sales table",
        "explain the .csv format and how json differs from csv",
        "fetch https://example.org/titanic.csv",
        "unpack archive.csv.gz and notes.txt",
        "read titanic.csvx",
    ],
)
def test_words_that_are_not_data_file_paths_are_not_taken(task: str) -> None:
    assert paths_in_task(task) == []


@pytest.mark.parametrize(
    ("stem", "name"),
    [
        ("titanic", "titanic"),
        ("Sales 2024", "sales_2024"),
        ("sales-2024 (final)", "sales_2024_final"),
        ("2024", "data_2024"),
        ("class", "class_"),
        ("---", "data"),
        ("Café", "café"),
    ],
)
def test_each_file_stem_becomes_a_python_identifier(stem: str, name: str) -> None:
    assert identifier(stem) == name and name.isidentifier()


def test_names_clash_get_suffixes_and_a_file_named_twice_is_loaded_once(tmp_path: Path) -> None:
    for name in ("sales.csv", "sales.tsv", "Sales.json"):
        (tmp_path / name).write_text("a\n1\n")
    files = find_data_files(
        "compare sales.csv with sales.tsv and ./sales.csv",
        ["Sales.json", "sales.csv"],
        cwd=tmp_path,
    )
    assert [(f.given, f.name) for f in files] == [
        ("sales.csv", "sales"),
        ("sales.tsv", "sales_2"),
        ("Sales.json", "sales_3"),
    ]
    assert all(f.path.is_absolute() for f in files)


def test_a_missing_file_says_where_it_looked_and_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(DataFileError) as caught:
        find_data_files("mean fare in titanic.csv", cwd=tmp_path)
    assert str(caught.value).startswith(f"No such file: titanic.csv (looked in {tmp_path})")
    assert "--data" in str(caught.value)
    assert isinstance(caught.value, ConfigError)  # a usage error: the CLI exits 2


def test_data_option_paths_must_be_readable_kinds_of_file(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hi")
    (tmp_path / "folder.csv").mkdir()
    with pytest.raises(
        DataFileError, match=r"Cannot load notes.txt: the data files read are \.csv"
    ):
        find_data_files("x", ["notes.txt"], cwd=tmp_path)
    with pytest.raises(DataFileError, match=r"folder\.csv is not a file"):
        find_data_files("x", ["folder.csv"], cwd=tmp_path)


def test_each_format_loads_with_its_pandas_reader(tmp_path: Path) -> None:
    frame = pd.DataFrame({"city": ["Oslo", "Rome"], "temp": [4.5, 18.0]})
    frame.to_csv(tmp_path / "a.csv", index=False)
    frame.to_csv(tmp_path / "b.tsv", sep="\t", index=False)
    frame.to_json(tmp_path / "c.json", orient="records")
    frame.to_json(tmp_path / "d.jsonl", orient="records", lines=True)
    files = find_data_files("a.csv b.tsv c.json d.jsonl", cwd=tmp_path)

    loaded = load_data_files(files)

    assert list(loaded) == ["a", "b", "c", "d"]
    for table in loaded.values():
        pd.testing.assert_frame_equal(table, frame)


@pytest.mark.parametrize(
    ("name", "hidden", "package"),
    [
        ("t.parquet", ("pyarrow", "fastparquet"), "pyarrow"),
        ("t.xlsx", ("openpyxl",), "openpyxl"),
    ],
)
def test_a_missing_engine_names_the_package_to_install(
    name: str,
    hidden: tuple[str, ...],
    package: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / name).write_bytes(b"not really")
    for module in hidden:
        monkeypatch.setitem(sys.modules, module, None)  # import fails, installed or not
    with pytest.raises(DataFileError, match=f"needs the {package} package: pip install {package}"):
        load_data_files(find_data_files(f"read {name}", cwd=tmp_path))


def test_a_file_pandas_cannot_parse_names_the_file_and_format(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(DataFileError, match=r"Cannot read broken.json as JSON: .+"):
        load_data_files([DataFile(tmp_path / "broken.json", "broken.json", "broken")])
