"""A request about an output it points at goes to the agent that reads that medium, and an
"it" that may mean several outputs is asked about, not guessed. Offline (the rule
planner), through the Router, with the media a notebook attaches."""

from __future__ import annotations

from notebook_router import Router
from notebook_router.media import AMBIGUOUS, POINTED, Media
from tests.media_fixtures import tone_wav
from tests.readers.make import chart_media


def _audio(source: str = "Out[2]", **meta: str) -> Media:
    return Media(mime_type="audio/wav", data=tone_wav(), source=source, metadata=meta)


def _chart(source: str = "Out[3]", **meta: str) -> Media:
    chart = chart_media(source)
    return chart.model_copy(update={"metadata": {**chart.metadata, **meta}})


async def test_a_property_of_the_audio_sends_the_task_to_the_audio_agent() -> None:
    # No word of the audio agent's topics: "duration" is what audio has.
    for goal in ("What is the duration of Out[2]?", "How many seconds does Out[2] last?"):
        result = await Router().run(goal, media=[_audio(**{POINTED: "Out[2]"})])
        assert [t.agent for t in result.tasks] == ["audio"], goal
        assert "The audio from Out[2] is 2.30 s long" in result.answer


async def test_the_trend_of_a_chart_is_the_images_agents_and_says_where_each_line_goes() -> None:
    result = await Router().run("What is the trend in it?", media=[_chart(**{POINTED: "it"})])
    assert [t.agent for t in result.tasks] == ["images"]
    assert (
        "Trend: North rises from 13 to 46 (month 1 to 12); South rises from 13 to 24 "
        "(month 1 to 12)."
    ) in result.answer


async def test_the_phrase_that_pointed_at_a_medium_sends_a_plain_request_to_its_reader() -> None:
    result = await Router().run("Describe it", media=[_audio(**{POINTED: "it"})])
    assert [t.agent for t in result.tasks] == ["audio"]
    # A table shown as HTML is the data's, not the documents agent's.
    table = Media(mime_type="text/html", data="<table><tr><td>1</td></tr></table>")
    pointed = table.model_copy(update={"metadata": {POINTED: "it"}})
    result = await Router().run("Describe it", media=[pointed])
    assert "documents" not in [t.agent for t in result.tasks]


async def test_one_clause_about_two_media_reads_each_in_the_order_it_is_asked() -> None:
    media = [_audio(**{POINTED: "Out[2]"}), _chart(**{POINTED: "Out[3]"})]
    result = await Router().run(
        "What is the trend of Out[3] and the duration of Out[2]?", media=media
    )
    assert [t.agent for t in result.tasks] == ["images", "audio"]


async def test_an_ambiguous_it_is_asked_about_and_the_answer_picks_the_output() -> None:
    media = [_audio(**{POINTED: "it", AMBIGUOUS: "it"}), _chart(**{POINTED: "it", AMBIGUOUS: "it"})]
    asked: list[str] = []

    async def user(question: str) -> str:
        asked.append(question)
        return "the audio"

    result = await Router(on_clarify=user).run("Describe it", media=media)
    assert asked == [
        "Which output do you mean by “it”: Out[2] (audio (audio/wav)) or Out[3] (image "
        "(image/png))? Answer with its name (e.g. “Out[3]”) or its kind."
    ]
    assert [(t.agent, t.description) for t in result.tasks] == [("audio", "Describe Out[2]")]
    assert "The audio from Out[2] is 2.30 s long" in result.answer


async def test_nobody_to_answer_which_output_ends_the_run_on_the_question() -> None:
    media = [_audio(**{POINTED: "it", AMBIGUOUS: "it"}), _chart(**{POINTED: "it", AMBIGUOUS: "it"})]
    result = await Router().run("Describe it", media=media)
    assert result.tasks == [] and result.stop_reason == "needs_clarification"
    assert "Which output do you mean by “it”: Out[2] (audio (audio/wav)) or Out[3]" in (
        result.answer
    )


async def test_an_answer_naming_no_option_is_asked_again() -> None:
    media = [_audio(**{POINTED: "it", AMBIGUOUS: "it"}), _chart(**{POINTED: "it", AMBIGUOUS: "it"})]
    replies = iter(["the blue one", "Out[3]"])
    asked: list[str] = []

    async def user(question: str) -> str:
        asked.append(question)
        return next(replies)

    result = await Router(on_clarify=user).run("Describe it", media=media)
    assert len(asked) == 2
    assert [(t.agent, t.description) for t in result.tasks] == [("images", "Describe Out[3]")]
