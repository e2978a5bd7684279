"""Reading where a request points at an output, and what it asks about it."""

from __future__ import annotations

import pytest

from notebook_router.language.references import (
    asks_about,
    aspects_asked,
    kind_of,
    kinds_asked,
    mentions,
    points_at,
    read_kinds,
)


def pointers(text: str) -> list[tuple[str, list[str], int | None]]:
    return [(m.phrase, sorted(m.kinds), m.position) for m in mentions(text) if m.kinds]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how long is the audio clip above?", [("the audio clip above", ["audio"], None)]),
        (
            "how many seconds does the recording above last?",
            [("the recording above", ["audio", "video"], None)],
        ),
        ("what's the title of the chart above?", [("the chart above", ["image"], None)]),
        ("describe the image", [("the image", ["image"], None)]),
        ("summarise that plot", [("that plot", ["image"], None)]),
        ("what does the last output say?", [("the last output", ["any"], -1)]),
        (
            "compare the second chart with the first plot",
            [("the second chart", ["image"], 1), ("the first plot", ["image"], 0)],
        ),
        ("and the second to last chart", [("the second to last chart", ["image"], -2)]),
        ("how long are the audio clips above?", [("the audio clips above", ["audio"], None)]),
        # New things, not pointers: no determiner, or "the result" of a sum
        ("plot a chart of revenue by month", []),
        ("what is the result of 2 + 2?", []),
    ],
)
def test_a_kind_of_output_named_as_a_pointer(
    text: str, expected: list[tuple[str, list[str], int | None]]
) -> None:
    assert pointers(text) == expected


def test_a_kind_named_next_to_an_explicit_output_says_what_that_output_is() -> None:
    found = mentions("What do the chart in Out[2] and the audio note in Out[3] tell us?")
    assert [(m.phrase, m.explicit, m.target, m.pinned) for m in found] == [
        ("the chart", None, "", True),
        ("Out[2]", "Out", "2", False),
        ("the audio note", None, "", True),
        ("Out[3]", "Out", "3", False),
    ]
    assert [(m.phrase, m.explicit) for m in mentions("explain In[4] and @cell:ab-1")] == [
        ("In[4]", "In"),
        ("@cell:ab-1", "cell"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("is there silence in it?", [("it", False)]),
        ("what is the trend in it?", [("it", False)]),
        ("how long is it?", [("it", False)]),
        ("what is its duration?", [("its", False)]),
        ("what is the sample rate of it?", [("it", False)]),
        ("can you describe what is in it", [("it", False)]),
        # after words it may stand for: the request's own thing, no output
        ("load the sales table and plot it", [("it", True)]),
        ("listen to it and tell me how long it is", [("it", False), ("it", True)]),
        # the dummy "it", and a clause's own
        ("is it possible to forecast?", []),
        ("it would be better to wait", []),
        ("retry if it fails", []),
    ],
)
def test_it_points_unless_it_is_a_dummy_or_stands_for_words_before_it(
    text: str, expected: list[tuple[str, bool]]
) -> None:
    assert [(m.phrase, m.antecedent) for m in mentions(text) if m.pronoun] == expected


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("what is the duration of Out[2]?", {"audio", "video"}),
        ("how many seconds does it last?", {"audio", "video"}),
        ("is there silence in it?", {"audio"}),
        ("how loud is the clip?", {"audio"}),
        ("what is the trend in it?", {"image"}),
        ("what is on the y axis?", {"image"}),
        ("how many pages does it have?", {"document"}),
        ("compare the second chart with the first", set()),  # "second" points, asks nothing
        ("summarise the sales by region", set()),
    ],
)
def test_the_kinds_a_request_asks_about_by_their_properties(text: str, kinds: set[str]) -> None:
    assert kinds_asked(text) == kinds


def test_aspects_say_which_property_is_asked() -> None:
    assert aspects_asked("what is the trend in it?", "image") == {"trend"}
    assert aspects_asked("how long is it, and is it quiet anywhere?", "audio") == {
        "duration",
        "silence",
    }
    assert aspects_asked("what text is written on it?", "image") == {"text"}
    assert aspects_asked("what is the trend in it?", "nothing") == frozenset()


def test_a_reader_is_asked_for_by_a_pointer_or_a_property_of_its_media() -> None:
    assert asks_about("what is the duration of Out[2]?", ("audio/wav",)) == 0  # "duration"
    assert asks_about("what is the duration of Out[2]?", ("image/png",)) is None
    assert asks_about("tell me about the recording above", ("audio/",)) == 1
    assert asks_about("what is the trend of revenue?", ("image/png",)) == 0
    assert asks_about("what is the trend of revenue?", ()) is None
    assert read_kinds(("audio/",)) == {"audio"} == read_kinds(("audio/wav", "text/html"))
    assert kind_of("image/png") == "image" and kind_of("text/html") is None


def test_the_phrase_that_pointed_at_an_attachment_points_again() -> None:
    pointed = [("it", "Out[2]")]
    assert points_at("describe it", pointed) == 1
    assert points_at("what is in Out[2]?", pointed) == 0
    assert points_at("is it possible to forecast?", pointed) is None
    assert points_at("load the sales table and plot it", pointed) is None
