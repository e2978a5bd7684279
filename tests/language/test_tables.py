"""The word tables: each loads, says where its words come from, and holds no duplicate."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from notebook_router.language.tables import DATA, table, word_list

FILES = sorted(DATA.iterdir())


def test_every_table_is_in_the_data_folder() -> None:
    assert {f.suffix for f in FILES} == {".txt", ".toml"}
    assert len(FILES) >= 10


@pytest.mark.parametrize("file", FILES, ids=lambda f: f.name)
def test_each_table_opens_with_where_its_words_come_from(file: Path) -> None:
    first = file.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# ") and len(first) > 20, first


@pytest.mark.parametrize("file", [f for f in FILES if f.suffix == ".txt"], ids=lambda f: f.name)
def test_word_lists_have_one_lower_case_word_a_line_and_no_repeats(file: Path) -> None:
    entries = [
        line.strip() for line in file.read_text().splitlines() if line and not line.startswith("#")
    ]
    assert entries == [e.lower() for e in entries]
    assert len(entries) == len(set(entries)) == len(word_list(file.stem))


@pytest.mark.parametrize("file", [f for f in FILES if f.suffix == ".toml"], ids=lambda f: f.name)
def test_toml_tables_parse_and_are_read_once(file: Path) -> None:
    parsed = tomllib.loads(file.read_text(encoding="utf-8"))
    assert parsed and table(file.stem) == parsed
    assert table(file.stem) is table(file.stem)
