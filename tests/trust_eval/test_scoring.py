"""The trust set's judge: each rule, and the representations a right answer may take."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd  # type: ignore[import-untyped, unused-ignore]
import pytest

from tests.data.trust.make_answers import read_items
from tests.data.trust.tables import load
from tests.trust_eval.scoring import (
    SMALL,
    best_verdict,
    heldout,
    judge,
    part_matched,
    summarise,
)


@dataclass(frozen=True)
class Run:
    """A finished run as the owner's adapter would describe it."""

    status: str
    values: Sequence[object] = field(default_factory=list)
    text: str = ""


def item(*parts: dict[str, Any], family: str = "basic", id: str = "t-001") -> dict[str, Any]:
    return {
        "id": id,
        "frames": {"df": "penguins"},
        "turns": ["q"],
        "family": family,
        "parts": list(parts),
    }


def number(answer: float, tolerance: float = 0.01, **flags: bool) -> dict[str, Any]:
    return {"kind": "number", "answer": answer, "tolerance": tolerance, "what": "x", **flags}


def label(answer: str) -> dict[str, Any]:
    return {"kind": "label", "answer": answer, "what": "x"}


def listing(answer: list[object], tolerance: float = 0) -> dict[str, Any]:
    return {"kind": "list", "answer": answer, "tolerance": tolerance, "what": "x"}


def mapping(answer: dict[str, object], tolerance: float = 0.01, **flags: bool) -> dict[str, Any]:
    return {"kind": "mapping", "answer": answer, "tolerance": tolerance, "what": "x", **flags}


def members(answer: list[str]) -> dict[str, Any]:
    return {"kind": "set", "answer": answer, "what": "x"}


UNANSWERABLE = {"kind": "unanswerable", "answer": None, "what": "no such column"}


# --------------------------------------------------------------------------- the three verdicts


def test_a_fulfilled_answer_that_matches_every_part_is_right() -> None:
    assert judge(Run("fulfilled", [43.92]), item(number(43.92))) == "right"


def test_a_fulfilled_wrong_answer_is_silent_wrong() -> None:
    # A dropped filter: the right answer to a simpler question, presented as complete.
    assert judge(Run("fulfilled", [36]), item(number(26, 0))) == "silent_wrong"


def test_a_fulfilled_answer_with_no_values_is_silent_wrong() -> None:
    assert judge(Run("fulfilled", [], "Done."), item(number(26, 0))) == "silent_wrong"


@pytest.mark.parametrize("status", ["partial", "unable", "declined", "failed"])
def test_any_status_that_tells_the_user_is_flagged_whatever_the_values(status: str) -> None:
    assert judge(Run(status, [26]), item(number(26, 0))) == "flagged"
    assert judge(Run(status, [36]), item(number(26, 0))) == "flagged"


def test_an_unknown_status_is_an_error_not_a_verdict() -> None:
    with pytest.raises(ValueError, match="unknown status"):
        judge(Run("completed", [26]), item(number(26, 0)))


def test_every_part_must_be_matched_when_two_questions_are_joined() -> None:
    joined = item(number(47.5, 0.01), number(124, 0), family="joined")
    assert judge(Run("fulfilled", [47.5, 124]), joined) == "right"
    assert judge(Run("fulfilled", [47.5]), joined) == "silent_wrong"
    assert (
        judge(Run("partial", [47.5], "I did not count the Gentoo on Biscoe."), joined) == "flagged"
    )


def test_an_unanswerable_question_is_never_right() -> None:
    question = item(UNANSWERABLE, family="unanswerable")
    assert judge(Run("fulfilled", [4201.75]), question) == "silent_wrong"
    assert judge(Run("fulfilled", []), question) == "silent_wrong"
    assert judge(Run("declined", [], "There is no age column."), question) == "flagged"
    assert best_verdict(question) == "flagged"


def test_a_half_answerable_question_is_best_answered_as_a_partial() -> None:
    question = item(number(5076.02, 0.5), UNANSWERABLE, family="unanswerable")
    assert judge(Run("partial", [5076.02], "No lifespan column."), question) == "flagged"
    assert judge(Run("fulfilled", [5076.02]), question) == "silent_wrong"
    assert best_verdict(question) == "flagged"
    assert best_verdict(item(number(1))) == "right"


# --------------------------------------------------------------------------- numbers


def test_numbers_match_within_the_tolerance_only() -> None:
    part = number(43.92, 0.01)
    assert part_matched(part, [43.925])
    assert not part_matched(part, [43.94])


def test_large_totals_match_within_a_relative_millionth() -> None:
    part = number(22_142_531_549, 0.5)
    assert part_matched(part, [22_142_540_000.0])
    assert not part_matched(part, [22_150_000_000.0])


def test_numeric_text_counts_as_a_number() -> None:
    assert part_matched(number(4201.75, 0.5), ["4,201.75"])
    assert part_matched(number(38.2, 0.05, percent=True), ["38.2%"])
    assert not part_matched(number(1980, 0), ["the year 1980"])


def test_numpy_and_pandas_scalars_are_numbers_but_booleans_are_not() -> None:
    assert part_matched(number(344, 0), [np.int64(344)])
    assert part_matched(number(0.5, 0.01), [np.float32(0.5)])
    assert not part_matched(number(1, 0), [True])


def test_a_percent_part_also_matches_the_share() -> None:
    assert part_matched(number(38.197, 0.05, percent=True), [0.38197])
    assert not part_matched(number(38.197, 0.05), [0.38197])


def test_a_difference_matches_either_sign_only_when_the_part_allows_it() -> None:
    assert part_matched(number(683.41, 0.5, either_sign=True), [-683.41])
    assert not part_matched(number(683.41, 0.5), [-683.41])


def test_a_two_row_comparison_table_matches_each_side() -> None:
    table = pd.DataFrame(
        {"mean_flipper_length_mm": [189.95, 195.82]}, index=pd.Index(["Adelie", "Chinstrap"])
    )
    question = item(number(189.953642), number(195.823529), family="compare_groups")
    assert judge(Run("fulfilled", [table]), question) == "right"


def test_a_long_column_cannot_match_a_number_by_accident() -> None:
    column = pd.Series(range(SMALL + 1))
    assert not part_matched(number(7, 0), [column])
    assert part_matched(number(7, 0), [column.head(SMALL)])


def test_numbers_inside_a_dict_or_tuple_of_results_match() -> None:
    question = item(number(189.953642), number(195.823529))
    assert judge(Run("fulfilled", [{"Adelie": 189.95, "Chinstrap": 195.82}]), question) == "right"
    assert judge(Run("fulfilled", [(189.95, 195.82)]), question) == "right"


# --------------------------------------------------------------------------- labels


def test_labels_compare_trimmed_and_case_insensitive() -> None:
    assert part_matched(label("Biscoe"), [" biscoe "])
    assert not part_matched(label("Biscoe"), ["Dream"])


def test_a_label_may_be_a_number_or_a_date_by_its_shown_form() -> None:
    assert part_matched(label("1980"), [1980])
    assert part_matched(label("1980"), [np.float64(1980.0)])
    assert part_matched(label("2013-12-07"), [pd.Timestamp("2013-12-07")])


def test_a_label_may_sit_in_a_one_element_container() -> None:
    assert part_matched(label("Biscoe"), [pd.Series({"Biscoe": 4716.0})])
    assert part_matched(label("Biscoe"), [["Biscoe"]])
    assert part_matched(
        label("Giraffe"), [pd.DataFrame({"name": ["Giraffe"], "sleep_total": [1.9]})]
    )
    assert not part_matched(label("Biscoe"), [pd.Series({"Biscoe": 4716.0, "Dream": 3713.0})])


# --------------------------------------------------------------------------- lists and sets


def test_a_top_n_list_matches_a_series_index_in_order() -> None:
    ranked = pd.Series({"Houston": 1_043_999, "Dallas": 816_122, "Austin": 373_381})
    assert part_matched(listing(["Houston", "Dallas", "Austin"]), [ranked])
    assert part_matched(listing(["houston", "dallas", "austin"]), [ranked.index])
    assert not part_matched(listing(["Dallas", "Houston", "Austin"]), [ranked])
    assert not part_matched(listing(["Houston", "Dallas"]), [ranked])


def test_a_list_matches_a_frame_column_or_its_index() -> None:
    frame = pd.DataFrame({"city": ["Houston", "Dallas"], "sales": [1_043_999, 816_122]})
    assert part_matched(listing(["Houston", "Dallas"]), [frame])
    assert part_matched(listing(["Houston", "Dallas"]), [frame.set_index("city")])
    assert part_matched(listing([1_043_999, 816_122], 0.5), [frame])


def test_rows_that_repeat_a_group_do_not_match_a_top_n_of_groups() -> None:
    # "top 5 countries by X" answered with five rows, repeats included.
    rows = pd.Series([9.1, 8.8, 8.7], index=["Gibraltar", "Israel", "Israel"])
    assert not part_matched(listing(["Gibraltar", "Israel", "United Arab Emirates"]), [rows])


def test_a_set_ignores_order_and_case() -> None:
    part = members(["discipline", "rank", "salary"])
    assert part_matched(part, [pd.Index(["Salary", "rank", "discipline"])])
    assert part_matched(part, [{"rank", "salary", "discipline"}])
    assert not part_matched(part, [["rank", "salary"]])


def test_an_empty_set_matches_an_empty_answer() -> None:
    assert part_matched(members([]), [[]])
    assert not part_matched(members([]), [["Austin"]])


# --------------------------------------------------------------------------- mappings


def test_a_mapping_matches_a_series_a_dict_or_a_one_column_frame() -> None:
    part = mapping({"Adelie": 3700.66, "Chinstrap": 3733.09, "Gentoo": 5076.02}, 0.5)
    series = pd.Series({"Adelie": 3700.662, "Chinstrap": 3733.088, "Gentoo": 5076.016})
    assert part_matched(part, [series])
    assert part_matched(part, [series.to_dict()])
    assert part_matched(part, [series.to_frame("body_mass_g")])
    assert part_matched(part, [series.rename(index=str.lower)])


def test_a_mapping_matches_a_frame_with_a_label_column() -> None:
    part = mapping({"Biscoe": 168, "Dream": 124, "Torgersen": 52}, 0)
    frame = pd.DataFrame({"island": ["Biscoe", "Dream", "Torgersen"], "count": [168, 124, 52]})
    assert part_matched(part, [frame])


def test_a_mapping_needs_every_key_and_no_other() -> None:
    part = mapping({"Biscoe": 168, "Dream": 124}, 0)
    assert not part_matched(part, [{"Biscoe": 168}])
    assert not part_matched(part, [{"Biscoe": 168, "Dream": 124, "Torgersen": 52}])
    assert not part_matched(part, [{"Biscoe": 168, "Dream": 125}])


def test_a_missing_group_key_is_ignored() -> None:
    part = mapping({"carni": 10.38, "herbi": 9.51}, 0.01)
    series = pd.Series([10.38, 9.51, 10.2], index=["carni", "herbi", np.nan])
    assert part_matched(part, [series])


def test_mapping_keys_may_be_numbers_or_dates() -> None:
    assert part_matched(
        mapping({"1999": 23.43, "2008": 23.45}), [pd.Series({1999.0: 23.43, 2008.0: 23.45})]
    )
    monthly = pd.Series([7.05, 9.28], index=pd.to_datetime(["2012-01-31", "2012-02-29"]))
    assert part_matched(mapping({"2012-01": 7.05, "2012-02": 9.28}), [monthly])


def test_a_percent_mapping_also_matches_shares() -> None:
    part = mapping({"female": 72.75, "male": 19.10}, 0.05, percent=True)
    assert part_matched(part, [pd.Series({"female": 0.7275, "male": 0.1910})])
    assert not part_matched(
        mapping({"female": 72.75, "male": 19.10}, 0.05), [{"female": 0.7275, "male": 0.191}]
    )


# --------------------------------------------------------------------------- on real items of the set


def _item(item_id: str) -> dict[str, Any]:
    return next(i for i in read_items() if i["id"] == item_id)


def test_a_plot_of_means_is_right_and_a_plot_of_totals_is_silent_wrong() -> None:
    plot = _item("penguins-021")  # "plot body mass by species"
    penguins = load("penguins")
    means = penguins.groupby("species")["body_mass_g"].mean()
    totals = penguins.groupby("species")["body_mass_g"].sum()
    assert judge(Run("fulfilled", [means]), plot) == "right"
    assert judge(Run("fulfilled", [totals]), plot) == "silent_wrong"


def test_a_dropped_filter_is_silent_wrong_on_a_real_item() -> None:
    question = _item("airports-005")  # "how many airports are there in Houston, TX?"
    airports = load("airports")
    every_houston = int((airports["city"] == "Houston").sum())
    texan = int(((airports["city"] == "Houston") & (airports["state"] == "TX")).sum())
    assert judge(Run("fulfilled", [texan]), question) == "right"
    assert judge(Run("fulfilled", [every_houston]), question) == "silent_wrong"


# --------------------------------------------------------------------------- held out and summaries


def test_the_held_out_third_is_fixed_by_the_id() -> None:
    ids = [f"x-{n:03d}" for n in range(600)]
    chosen = [i for i in ids if heldout({"id": i})]
    assert chosen == [i for i in ids if heldout({"id": i})]
    assert 0.28 < len(chosen) / len(ids) < 0.39


def test_summarise_counts_and_shares_overall_per_family_and_per_split() -> None:
    answerable = item(number(1), id="a-1", family="filter")
    other = item(number(1), id="a-2", family="basic")
    unanswerable = item(UNANSWERABLE, id="a-3", family="unanswerable")
    pairs: list[tuple[dict[str, Any], Any]] = [
        (answerable, "right"),
        (other, "silent_wrong"),
        (unanswerable, "flagged"),
    ]
    summary = summarise(pairs)
    overall = summary["overall"]
    assert isinstance(overall, dict)
    assert overall["items"] == 3
    assert (overall["right"], overall["flagged"], overall["silent_wrong"]) == (1, 1, 1)
    assert overall["best"] == 2
    assert overall["right_share"] == pytest.approx(1 / 3, abs=1e-4)
    by_family = summary["by_family"]
    assert isinstance(by_family, dict)
    assert by_family["filter"]["right"] == 1
    assert by_family["unanswerable"]["best"] == 1
    heldout_part, tuning = summary["heldout"], summary["tuning"]
    assert isinstance(heldout_part, dict) and isinstance(tuning, dict)
    assert heldout_part["items"] + tuning["items"] == 3
    assert heldout_part["items"] == sum(heldout(i) for i, _ in pairs)


def test_a_tuple_holds_the_answers_to_parts_and_a_list_is_one_answer() -> None:
    parts = item({"kind": "label", "answer": "msleep", "what": "x"}, number(3, 0))
    assert judge(Run("fulfilled", [("msleep", 3)]), parts) == "right"
    # A ranking that happens to hold the label answers another question.
    ranking = item({"kind": "label", "answer": "Oceania", "what": "x"})
    assert judge(Run("fulfilled", [["Oceania", "Europe"]]), ranking) == "silent_wrong"
