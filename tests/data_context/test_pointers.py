"""Which recent output a pointing phrase means: recency, kind, ordinals, and "it"."""

from __future__ import annotations

from notebook_router.data.pointers import OutputRecord, Pick, Subject, pick
from notebook_router.language.references import kinds_asked, mentions

OUTPUTS = (
    OutputRecord("audio", "a 2 s tone", stamp=2),
    OutputRecord("image", "revenue by month", stamp=3),
    OutputRecord("audio", "a 1 s tone", stamp=4),
    OutputRecord("table", "df.head()", stamp=5),
)


def resolved(
    text: str, subject: Subject | None = None, outputs: tuple[OutputRecord, ...] = OUTPUTS
) -> list[Pick]:
    found = mentions(text)
    asked = kinds_asked(text, found)
    return [pick(m, outputs, asked=asked, subject=subject) for m in found if not m.explicit]


def test_a_kind_phrase_is_the_newest_output_of_that_kind() -> None:
    assert resolved("how long is the audio clip above?") == [Pick((2,))]
    assert resolved("how many seconds does the recording above last?") == [Pick((2,))]
    assert resolved("what's the title of the chart above?") == [Pick((1,))]
    assert resolved("summarise that table") == [Pick((3,))]
    assert resolved("what does the last output say?") == [Pick((3,))]
    assert resolved("describe the video above") == [Pick()]


def test_an_ordinal_counts_among_the_outputs_of_its_kind() -> None:
    assert resolved("how long is the first recording?") == [Pick((0,))]
    assert resolved("and the second audio clip?") == [Pick((2,))]
    assert resolved("the third recording") == [Pick()]  # only two


def test_a_kind_tied_to_an_explicit_output_points_at_nothing_else() -> None:
    assert resolved("how long is the audio in Out[2]?") == [Pick()]


def test_it_is_the_newest_output_when_that_is_a_medium() -> None:
    media_last = OUTPUTS[:3]
    assert resolved("describe it", outputs=media_last) == [Pick((2,))]
    # The newest output is a table: "it" is the data's (the analyst reads it).
    assert resolved("describe it") == [Pick()]


def test_the_properties_asked_narrow_it_to_their_kind() -> None:
    assert resolved("is there silence in it?") == [Pick((2,))]
    assert resolved("what is the trend in it?") == [Pick((1,))]


def test_in_a_follow_up_it_is_what_the_previous_request_was_about() -> None:
    about_the_first = Subject(outputs=(0,), current=True)
    assert resolved("is there silence in it?", about_the_first) == [Pick((0,))]
    assert resolved("describe it", about_the_first) == [Pick((0,))]
    # ... unless what it asks is about another kind
    assert resolved("what is the trend in it?", about_the_first) == [Pick((1,))]
    # Something was shown since: no longer a follow-up.
    shown_since = Subject(outputs=(0,), current=False)
    assert resolved("is there silence in it?", shown_since) == [Pick((2,))]
    # The previous request pointed at no output (it was about data, or a text).
    assert resolved("describe it", Subject((), current=True), OUTPUTS[:3]) == [Pick()]


def test_it_that_may_mean_several_outputs_is_ambiguous() -> None:
    both = Subject(outputs=(1, 2), current=True)
    assert resolved("describe it", both) == [Pick((1, 2), ambiguous=True)]
    assert resolved("is there silence in it?", both) == [Pick((2,))]
    one_cell = (OutputRecord("audio", stamp=7), OutputRecord("image", stamp=7))
    assert resolved("describe it", outputs=one_cell) == [Pick((0, 1), ambiguous=True)]
    assert resolved("what is the trend in it?", outputs=one_cell) == [Pick((1,))]


def test_it_with_an_antecedent_in_the_request_points_at_no_output() -> None:
    assert resolved("load the sales table and plot it", outputs=OUTPUTS[:3]) == [Pick()]
