"""Values found in a text: every one, none overlapping another, however many there are."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from notebook_router.language.spans import find_spans

PIECES = ["1", "1,200", "14%", "ECB", "North", "Rome", "3 pm", "12:30", "2024-01-05", " ", "-", "."]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
def test_no_two_values_found_overlap_and_each_is_the_text_it_spans(text: str) -> None:
    spans = find_spans(text)
    for left, right in pairwise(spans):
        assert left.end <= right.start
    assert all(text[s.start : s.end] == s.text for s in spans)


def test_a_text_of_a_hundred_thousand_numbers_gives_every_one() -> None:
    # Every number used to be tested against every value found before it: this text
    # (what a model or an agent may return) kept the kernel's loop busy for hours.
    text = " ".join(str(i % 97) for i in range(100_000))
    spans = find_spans(text)
    assert len(spans) == 100_000 and spans[-1].text == str(99_999 % 97)
