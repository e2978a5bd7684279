"""Structured results written as Markdown never fail on values JSON cannot encode."""

from __future__ import annotations

from typing import Any

from notebook_router.text.markdown_data import markdown_lines


def test_a_value_nested_deeper_than_json_can_encode_is_shown_cut_short() -> None:
    deep: Any = "bottom"
    for _ in range(5000):
        deep = [deep]
    lines = markdown_lines(["first", deep])
    assert lines is not None and lines[0] == "- first"
    assert lines[1].startswith("- [[[") and len(lines[1]) <= 82


def test_a_record_that_holds_itself_is_shown_without_looping() -> None:
    record: dict[str, Any] = {"name": "loop"}
    record["self"] = record
    lines = markdown_lines(["a", record])
    assert lines is not None and lines[1].startswith("- name: loop, self: ")


def test_text_with_lone_surrogates_is_written_as_valid_unicode() -> None:
    lines = markdown_lines({"city": "caf\udce9", "items": ["caf\udce9", "bar"]})
    assert lines is not None
    "\n".join(lines).encode()  # would raise on a lone surrogate
    assert lines[0].startswith("- city: caf")


def test_records_whose_keys_hold_lone_surrogates_get_valid_column_names() -> None:
    # Keys parsed from a model's escaped JSON ("caf\\udce9") or read with surrogateescape.
    lines = markdown_lines([{"caf\udce9": None, "n": 1}, {"caf\udce9": "x", "n": 2}])
    assert lines is not None
    assert lines[0] == "| caf\ufffd | n |"
    assert lines[2:] == ["| null | 1 |", "| x | 2 |"]  # the cells still found under it
