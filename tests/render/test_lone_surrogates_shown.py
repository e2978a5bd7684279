"""Text with lone surrogates (bytes read with ``errors="surrogateescape"``, half an
emoji) is shown, never a crash: in the request, a table's values and names, an
agent's description and a file's name, whether the run is offline or scripted,
in the HTML view, the static finished view, the terminal text and the store."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pandas as pd

from notebook_router import AgentResult, Router, agent
from notebook_router.agents.base import BaseAgent
from notebook_router.agents.card import agent_card
from notebook_router.media import Media, MediaRef
from notebook_router.planner import events as ev
from notebook_router.planner.rails import Limits
from notebook_router.planner.run import Run
from notebook_router.providers.base import Completion, CompletionRequest
from notebook_router.render import run_bundle
from notebook_router.render.html import render_html
from notebook_router.render.text import evidence_text, markdown_table, render_text
from notebook_router.store import SessionStore
from tests.planner.fuzz_model import Reply, TapeProvider, make_agents

ESCAPED = "caf\udce9"
"""A byte that is not UTF-8, as ``errors="surrogateescape"`` keeps it."""
HALF = "ok\ud800"
"""Half of a surrogate pair."""
QUERY = f"load the {ESCAPED} table \ud800 for me"


def _encodes(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _table() -> pd.DataFrame:
    # object columns: pandas' Arrow strings refuse surrogates, a user's object data holds them.
    table = pd.DataFrame(
        [[ESCAPED, 1], [HALF, 2]],
        columns=pd.Index(["city", f"n{ESCAPED}"], dtype=object),
        index=pd.Index([ESCAPED, "b"], name=f"k{HALF}", dtype=object),
        dtype=object,
    )
    return table


@agent(can=["load table"])
def loader(task: str) -> AgentResult:
    "Loads the table."
    return AgentResult(status="fulfilled", data=_table(), summary="loaded")


def _shown(run: Run) -> dict[str, str]:
    """Every text a user sees of ``run``: state, events, result, each view."""
    state = run.state
    texts = {"answer": state.answer or "", "goal": state.goal, "detail": state.stop_detail}
    for task in state.plan:
        texts[f"{task.id} task"] = f"{task.description} {task.summary or ''} {task.error or ''}"
    for i, published in enumerate(run.history):
        texts[f"event {i}"] = json.dumps(ev.event_to_dict(published), ensure_ascii=False)
    texts["result"] = str(run.result())
    texts["html"] = render_html(state, events=run.history)
    texts["text"] = render_text(state, run.history)
    texts["evidence"] = "\n".join(evidence_text(state))  # what the command line prints
    texts.update({f"bundle {k}": v for k, v in run_bundle(run).items()})
    return texts


def _unencodable(run: Run) -> list[str]:
    return [name for name, text in _shown(run).items() if not _encodes(text)]


def test_a_tables_values_and_names_are_shown_with_replacement_characters() -> None:
    table = _table()
    markdown = markdown_table(table)
    assert _encodes(markdown)
    assert "caf\ufffd" in markdown and "ok\ufffd" in markdown and "kok\ufffd" in markdown
    assert "ncaf\ufffd" in markdown


async def test_an_offline_run_whose_agent_returns_such_a_table_shows_it_everywhere() -> None:
    run = Router([loader]).start(QUERY)
    await run

    assert run.state.plan.tasks["t1"].status == "fulfilled"
    assert _unencodable(run) == []
    assert "caf\ufffd" in "\n".join(evidence_text(run.state))


async def test_a_scripted_model_run_with_surrogates_everywhere_shows_them(tmp_path: Path) -> None:
    """The fuzz test's model: the request, the model's decision, the agent's table and the
    answer all carry lone surrogates (raw and escaped); the run is also stored."""
    decision = {
        "action": "execute",
        "run": [{"id": "t1", "description": f"load {ESCAPED}", "agent": "loader"}],
    }
    tapes = {
        "router.decide": [
            Reply(json.dumps(decision, ensure_ascii=False)),
            Reply(json.dumps({"action": "complete", "reason": HALF})),
        ],
        "router.redirect": [Reply("{}")],
        "router.synthesise": [Reply(json.dumps({"answer": f"{ESCAPED} \ud800"}))],
        "agent": [Reply(ESCAPED)],
    }
    store = SessionStore(tmp_path)
    try:
        router = Router([loader], model=TapeProvider(tapes), limits=Limits(), store=store)
        run = router.start(QUERY)
        await run
        await asyncio.to_thread(store.flush)

        assert run.state.plan.tasks["t1"].status == "fulfilled"
        assert _unencodable(run) == []
        info = store.run(run.id)
        assert (info.status, info.stop_reason) == ("finished", run.state.stop_reason)
        rebuilt = store.rebuild(run.id)
        html = render_html(rebuilt.state, events=rebuilt.events)
        assert _encodes(html) and "caf\ufffd" in html
    finally:
        store.close()


async def test_records_a_model_sent_with_an_escaped_surrogate_key_are_shown_in_the_answer() -> None:
    """The fuzz test's smallest failing run: the model gives the parser agent JSON records
    whose key escapes a lone surrogate, and the synthesis reply is unreadable, so the
    answer is written without the model, the records as a table."""
    decision = {"action": "execute", "run": [{"id": "t1", "description": "x", "agent": "parser"}]}
    tapes = {
        "router.decide": [Reply(json.dumps(decision))],
        "router.redirect": [Reply("{}")],
        "router.synthesise": [Reply("garbage")],
        "agent": [Reply('[{"caf\\udce9": null}]')],
    }
    router = Router(make_agents(), model=TapeProvider(tapes), limits=Limits(max_iterations=1))
    run = router.start("plan it")
    await run

    assert run.state.plan.tasks["t1"].status == "fulfilled"
    assert "| caf\ufffd |" in (run.state.answer or "")
    assert _unencodable(run) == []


def test_an_agents_description_from_its_docstring_is_valid_text() -> None:
    def summer(task: str) -> str:
        return "8"

    # A docstring of an agent file read with errors="surrogateescape".
    summer.__doc__ = f"Sums {ESCAPED} sales \ud800."
    assert agent(can=["sum sales"])(summer).description == "Sums caf\ufffd sales \ufffd."
    assert agent(description=HALF)(summer).description == "ok\ufffd"


def test_any_agents_description_is_valid_text_in_its_card() -> None:
    class Hand(BaseAgent):
        name = "hand"
        description = f"Reads {ESCAPED} files."

    assert agent_card(Hand()).description == "Reads caf\ufffd files."


def test_a_media_file_name_and_caption_are_valid_text() -> None:
    media = Media(
        mime_type="text/plain", data="x", source=f"{ESCAPED}.txt", description=f"{HALF} notes"
    )
    assert (media.source, media.description) == ("caf\ufffd.txt", "ok\ufffd notes")
    ref = MediaRef(digest="0" * 16, mime_type="text/plain", source=f"{ESCAPED}.txt")
    assert ref.source == "caf\ufffd.txt"


async def test_the_planner_sees_a_result_whose_key_escapes_a_lone_surrogate() -> None:
    """An agent's data (here a mapping a model sent, one key escaping a lone surrogate)
    reaches the planner's next prompt shown, never as an error that ends the run."""
    decision = {"action": "execute", "run": [{"id": "t1", "description": "x", "agent": "parser"}]}
    tapes = {
        "router.decide": [Reply(json.dumps(decision))],
        "router.redirect": [Reply("{}")],
        "router.synthesise": [Reply('{"answer": "done"}')],
        "agent": [Reply('{"caf\\udce9": null, "": [1.5]}')],
    }
    seen: list[str] = []

    class Seen(TapeProvider):
        async def complete(self, request: CompletionRequest) -> Completion:
            if request.purpose == "router.synthesise":
                seen.append(str(request))
            return await super().complete(request)

    router = Router(make_agents(), model=Seen(tapes), limits=Limits(max_iterations=1))
    run = router.start("plan it")
    await run

    assert run.state.plan.tasks["t1"].status == "fulfilled"
    assert len(seen) == 1  # the answer was asked for, the result in the run state it sees
    assert "caf\ufffd" in seen[0]
    assert run.state.answer == "done"
