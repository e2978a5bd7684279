"""The research agent: answers from given sources with citations, offline and with a model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from notebook_router.agents.builtin import Research
from notebook_router.media import Media
from tests.agents.builtin.helpers import context_for, equipped, model_replying, prompt_of

NOTES = (
    "The Estates-General met in May 1789. Bread prices had doubled by the spring. "
    "The debt from the American war left the crown unable to pay its interest."
)


async def test_offline_it_quotes_the_passages_that_answer_and_cites_their_sources() -> None:
    outputs = Media(
        mime_type="text/html", data="<p>The harvest of 1788 failed.</p>", source="Out[3]"
    )
    task, context = context_for(
        "Why did bread prices rise, and when did the harvest fail?",
        inputs=[("t1", "loader", NOTES)],
        media=[outputs],
    )
    result = await equipped(Research()).run(task, context)
    assert result.status == "fulfilled"
    assert "Bread prices had doubled" in result.data and "harvest of 1788" in result.data
    assert {c.source for c in result.citations} == {"t1 (loader)", "Out[3]"}


@pytest.fixture
def notes_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("notes.txt").write_text(NOTES)


@pytest.mark.usefixtures("notes_file")
async def test_offline_it_reads_a_file_the_task_names() -> None:
    task, context = context_for("What did the debt in notes.txt come from?")
    result = await equipped(Research()).run(task, context)
    assert result.ok and "American war" in result.data
    assert [c.source for c in result.citations] == ["notes.txt"]


async def test_offline_with_no_source_it_says_it_has_no_general_knowledge_and_what_is_needed() -> (
    None
):
    task, context = context_for("What is the capital of France?")
    result = await equipped(Research()).run(task, context)
    assert result.status == "unable"
    error = result.error or ""
    assert "no general knowledge" in error
    assert "model" in error and "search function" in error and "agent" in error
    assert "which agent" not in error.lower()


@pytest.mark.parametrize("asynchronous", [False, True])
async def test_a_plugged_search_function_is_searched_and_urls_go_through_it(
    asynchronous: bool,
) -> None:
    asked: list[str] = []

    def hits(query: str) -> list[Any]:
        asked.append(query)
        if query.startswith("https://"):
            return ["The Bastille fell on 14 July 1789."]
        return [
            {"title": "Encyclopedia", "text": "The Bastille was a prison.", "url": "https://e.x/b"}
        ]

    async def async_hits(query: str) -> list[Any]:
        return hits(query)

    task, context = context_for("When did the Bastille fall? See https://example.org/bastille")
    result = await equipped(Research(search=async_hits if asynchronous else hits)).run(
        task, context
    )
    assert asked == ["https://example.org/bastille", "When did the Bastille fall? See"]
    assert result.ok and "14 July 1789" in result.data
    urls = {c.url for c in result.citations}
    assert "https://example.org/bastille" in urls


async def test_with_a_model_it_answers_from_numbered_sources_and_cites_those_it_used() -> None:
    model = model_replying({"answer": "Debt and dear bread [1].", "used": [1], "confidence": 0.8})
    task, context = context_for(
        "Why the revolution?", model=model, inputs=[("t1", "loader", NOTES)]
    )
    result = await equipped(Research()).run(task, context)
    prompt = prompt_of(model.requests[0])
    assert model.requests[0].purpose == "agent.research"
    assert "[1] t1 (loader)" in prompt and "Bread prices had doubled" in prompt
    assert result.data == "Debt and dear bread [1]." and result.confidence == 0.8
    assert [c.source for c in result.citations] == ["t1 (loader)"]


async def test_with_a_malformed_reply_it_falls_back_to_the_passages_that_match() -> None:
    model = model_replying('{"answer": ')
    task, context = context_for(
        "Why did bread prices rise?", model=model, inputs=[("t1", "loader", NOTES)]
    )
    result = await equipped(Research()).run(task, context)
    assert result.ok and "Bread prices had doubled" in result.data
    assert "unusable" in (result.error or "")
    assert result.citations


async def test_with_a_model_and_no_source_the_answer_is_marked_as_general_knowledge() -> None:
    model = model_replying({"answer": "Paris.", "used": []})
    task, context = context_for("What is the capital of France?", model=model)
    result = await equipped(Research()).run(task, context)
    assert result.status == "partial" and result.data == "Paris."
    assert "general knowledge" in (result.error or "") and not result.citations


async def test_offline_it_answers_from_the_notebooks_knowledge_base_citing_the_fact() -> None:
    from notebook_router.context.memory import bound
    from notebook_router.store.memory import RunMemory

    memory = RunMemory()
    memory.facts.add("The fiscal year starts in April and ends in March.")
    task, context = context_for("research when the fiscal year starts")
    with bound(memory):
        result = await equipped(Research()).run(task, context)
    assert result.status in ("fulfilled", "partial"), result.error
    assert "April" in (result.summary or "")
    assert [c.source for c in result.citations] == ["fact 1"]
