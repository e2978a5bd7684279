"""Phrase tables: the words of a rule read from ``language/data``, tried in their order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notebook_router.language import tables
from notebook_router.language.phrases import PhraseTable, phrase_table


def _matched(pattern: str, text: str) -> str:
    found = re.match(pattern, text)
    assert found is not None
    return found.group()


def test_a_group_is_tried_in_the_tables_order_as_the_regex_it_replaced() -> None:
    said = PhraseTable("example", {"more": ("more", "more than"), "than": ("more than", "more")})
    text = "more  than 5"
    assert _matched(said.either("more"), text) == "more"
    assert _matched(said.either("than"), text) == "more  than"  # a space stands for a run
    assert _matched(said.either("than", space=" "), text) == "more"  # unless it is one


def test_every_phrase_is_matched_as_written_never_as_a_pattern() -> None:
    said = PhraseTable("example", {"words": ("tl;dr", "a.b", "(x)")})
    assert re.fullmatch(said.either("words"), "a.b")
    assert not re.fullmatch(said.either("words"), "axb")
    assert re.fullmatch(said.either("words"), "(x)")


def test_the_follow_up_table_is_read_once_with_its_sections_as_dotted_groups() -> None:
    said = phrase_table("followups")
    assert phrase_table("followups") is said
    assert said.words("same.verbs")[:2] == ("do", "run")
    assert "median" in said.word_set("entity.statistics")


def test_a_missing_group_names_the_table() -> None:
    with pytest.raises(KeyError, match=r"data/followups\.toml has no phrase group 'same\.nope'"):
        phrase_table("followups").words("same.nope")


def test_a_value_that_is_no_list_of_phrases_is_a_mistake_in_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "broken_phrases.toml").write_text('[lead]\nwords = ["and", ""]\n')
    monkeypatch.setattr(tables, "DATA", tmp_path)
    with pytest.raises(ValueError, match=r"broken_phrases\.toml: lead\.words is not a list"):
        phrase_table("broken_phrases")
