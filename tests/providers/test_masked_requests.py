"""No key reaches a model: every text sent is masked, file contents included.

A run with a model on an OpenAI-compatible server on loopback: the task names a
``.txt`` holding keys, and the request comes with a text output holding one.
What the server receives, byte for byte, holds none of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router
from notebook_router.media import Media
from notebook_router.providers.openai import OpenAIProvider
from notebook_router.providers.retry import RetryPolicy
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.servers import (
    LoopbackServer,
    Reply,
    openai_completion,
    openai_stream,
)

# Not shaped like any provider's key: only knowing the variable can mask it.
PLAIN_KEY = "plain-secret-value-" + "0123456789"
SHAPED_KEY = "sk-" + "proj-Zyxwvutsrqponmlkjih9876543210"
NOTES = f"Staging notes. The Gemini key is {PLAIN_KEY}; the other one is {SHAPED_KEY}. Ship in May."


def _reply(body: dict[str, Any]) -> Reply:
    """The model's answer, chosen by what the request asks for."""
    schema = body.get("response_format", {}).get("json_schema", {}).get("name", "")
    system = str(body["messages"][0].get("content", ""))
    if "research assistant" in system:
        text = json.dumps({"answer": "They ship in May [1].", "used": [1]})
    elif schema == "Decision":
        run = [{"id": "t1", "agent": "research", "description": "Summarise notes.txt"}]
        text = json.dumps({"action": "execute", "reason": "read the notes", "run": run})
    else:
        text = json.dumps({"answer": "The notes say they ship in May."})
    if body.get("stream"):  # the answer is streamed
        return Reply(200, {}, events=openai_stream([text]))
    return Reply(200, openai_completion(text))


async def test_keys_in_a_named_file_and_in_an_output_never_reach_the_model(
    server: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", PLAIN_KEY)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text(NOTES)
    server.respond = _reply
    provider = OpenAIProvider(
        "gpt-4o-mini",
        api_key=FAKE_OPENAI_KEY,
        base_url=server.url + "/v1",
        retry=RetryPolicy(attempts=1),
    )
    output = Media(mime_type="text/plain", data=f"token: {PLAIN_KEY}", source="Out[3]")
    run = Router(model=provider).start("What do notes.txt and Out[3] say?", media=[output])
    result = await run
    sent = json.dumps([seen.body for seen in server.requests])
    assert "research assistant" in sent and "Ship in May" in sent  # the file was read
    for key in (PLAIN_KEY, SHAPED_KEY, FAKE_OPENAI_KEY):
        assert key not in sent
    assert "The Gemini key is [redacted]; the other one is [redacted]" in sent
    assert "token: [redacted]" in sent  # the text output, sent as a text part
    assert [t.status for t in result.tasks] == ["fulfilled"]
    assert "ship in May" in result.answer


def test_a_message_masks_its_text_and_its_text_media() -> None:
    from notebook_router.providers.base import Message

    document = Media(mime_type="text/markdown", data=f"key {SHAPED_KEY}".encode(), source="a.md")
    image = Media(mime_type="image/png", data=b"\x89PNG" + SHAPED_KEY.encode())
    message = Message(role="user", content=f"use {SHAPED_KEY}", media=(document, image))
    assert message.content == "use [redacted]"
    assert message.media[0].data == "key [redacted]" and message.media[0].source == "a.md"
    assert message.media[1] is image  # binary media travel as they are
