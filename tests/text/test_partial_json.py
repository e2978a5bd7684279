"""FieldStream: one string field of a JSON object, decoded while the object arrives."""

from __future__ import annotations

import json

import pytest

from notebook_router.text.partial_json import FieldStream

ANSWER = 'Line one\nsaid "hi" \\ path/to \t tab, café, 😀 and 𝄞 [t1]'
# The answer last, after fields holding what could be mistaken for it; escaped as a
# model escapes (\uXXXX for everything past ASCII: emoji as surrogate pairs).
DOC = json.dumps(
    {
        "attributions": [{"task_id": "t1", "text": 'an "answer": "no", {braces} \\'}],
        "note": None,
        "answer": ANSWER,
        "after": {"answer": "not this one"},
    },
    ensure_ascii=True,
)


def _streamed(pieces: list[str]) -> str:
    got: list[str] = []
    stream = FieldStream("answer", got.append)
    returned = "".join(stream.feed(p) for p in pieces)
    assert returned == "".join(got)
    assert all(got)  # nothing empty is forwarded
    return returned


def test_the_document_is_what_a_model_sends() -> None:
    assert "\\ud83d\\ude00" in DOC and "\\u00e9" in DOC and '\\"hi\\"' in DOC
    assert json.loads(DOC)["answer"] == ANSWER


@pytest.mark.parametrize("cut", range(len(DOC) + 1))
def test_a_cut_at_any_position_gives_the_same_text(cut: int) -> None:
    assert _streamed([DOC[:cut], DOC[cut:]]) == ANSWER


def test_every_pair_of_cuts_gives_the_same_text() -> None:
    for i in range(len(DOC) + 1):
        for j in range(i, len(DOC) + 1, 3):
            assert _streamed([DOC[:i], DOC[i:j], DOC[j:]]) == ANSWER, (i, j)


def test_one_character_at_a_time_streams_the_text_as_it_is_written() -> None:
    got: list[str] = []
    stream = FieldStream("answer", got.append)
    for char in DOC:
        stream.feed(char)
    assert "".join(got) == ANSWER and len(got) > 20


def test_a_code_fence_before_the_object_is_skipped() -> None:
    fenced = "  ```json\n" + DOC + "\n```"
    assert _streamed([fenced[:3], fenced[3:8], fenced[8:]]) == ANSWER
    assert _streamed(list(fenced)) == ANSWER


@pytest.mark.parametrize(
    "reply",
    [
        "The answer is 42.",
        'Here it is: {"answer": "42"}',
        "`not a fence` {}",
        '["answer", "42"]',
        '{"answer": 42, "other": "text"}',
        '{"nested": {"answer": "deep"}}',
        "",
    ],
)
def test_a_reply_without_the_field_as_a_top_level_string_gives_nothing(reply: str) -> None:
    assert _streamed([reply[: len(reply) // 2], reply[len(reply) // 2 :]]) == ""


@pytest.mark.parametrize(
    ("escaped", "text"),
    [
        ("\\ud83d\\ude00", "😀"),  # a surrogate pair
        ("\\ud83d", "\ufffd"),  # a lone high surrogate at the end
        ("\\ud83dx", "\ufffdx"),  # one followed by text
        ("\\ud83d\\n", "\ufffd\n"),  # one followed by another escape
        ("\\ude00", "\ufffd"),  # a lone low surrogate
        ("\\u00E9\\u0041", "éA"),
        ("\\b\\f\\r\\/", "\b\f\r/"),
    ],
)
def test_escapes_decode_as_the_json_reader_would_then_replace_lone_surrogates(
    escaped: str, text: str
) -> None:
    doc = '{"answer": "' + escaped + '"}'
    for cut in range(len(doc) + 1):
        assert _streamed([doc[:cut], doc[cut:]]) == text


def test_an_escaped_key_is_read_as_the_name_it_spells() -> None:
    assert _streamed(['{"answ\\u0065r"', ': "yes"}']) == "yes"


def test_nothing_is_read_after_the_field() -> None:
    stream = FieldStream("answer")
    assert stream.feed('{"answer": "a"') == "a"
    assert stream.feed(', "answer": "b"}') == ""
