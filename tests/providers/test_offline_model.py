"""The offline model as a model: extractive chat replies, honest media notes, no structured output."""

from __future__ import annotations

from pathlib import Path

import pytest

from notebook_router.errors import ProviderError
from notebook_router.planner import prompts
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.providers.offline import OfflineProvider, is_offline
from notebook_router.providers.recording import RecordingProvider
from notebook_router.providers.registry import resolve_model
from notebook_router.providers.scripted import ScriptedProvider


async def test_offline_chat_is_extractive_and_honest() -> None:
    model = OfflineProvider()
    text = "Revenue rose in March. Costs were flat. The team hired two people. Revenue fell in May."
    reply = await model.complete(
        CompletionRequest(
            messages=(Message(role="user", content=f"What happened to revenue?\n{text}"),)
        )
    )
    assert reply.text == "Revenue rose in March. Costs were flat. Revenue fell in May."
    empty = await model.complete(
        CompletionRequest(messages=(Message(role="user", content="Tell me a joke"),))
    )
    assert "can only work from text it is given" in empty.text


@pytest.mark.parametrize("purpose", ["chat", "router.decide", "router.synthesise", "tools.route"])
async def test_offline_refuses_structured_output_and_says_to_use_a_real_model(
    purpose: str,
) -> None:
    # Planning and tool routing included: offline runs do those with rules, not model calls.
    content = f"{prompts.VIEW_MARKER}\n```json\n{{}}\n```"
    request = CompletionRequest(
        messages=(Message(role="user", content=content),),
        schema={"type": "object"},
        purpose=purpose,
    )
    with pytest.raises(ProviderError, match="cannot produce structured output") as info:
        await OfflineProvider().complete(request)
    assert f"({purpose!r})" in str(info.value)
    assert "Use a real model (e.g. --model openai:gpt-4o-mini)" in str(info.value)


def test_the_offline_model_is_known_by_its_name_also_when_recorded(tmp_path: Path) -> None:
    assert is_offline(OfflineProvider()) and is_offline(resolve_model("offline:tiny"))
    recorded = RecordingProvider(
        "offline:default", tmp_path / "r.jsonl", mode="record", inner=OfflineProvider()
    )
    assert is_offline(recorded)
    assert not is_offline(ScriptedProvider())


def test_model_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve_model(None).name == "offline"
    monkeypatch.setenv("NOTEBOOK_ROUTER_MODEL", "offline:tiny")
    assert resolve_model(None).model == "tiny"
    assert resolve_model("offline").model == "default"
    with pytest.raises(ValueError, match=r"Unknown model 'ofline'\. Did you mean 'offline'\?"):
        resolve_model("ofline")


async def test_offline_says_plainly_what_it_can_tell_about_media_it_cannot_see() -> None:
    import struct

    from notebook_router.media import Media
    from notebook_router.providers.base import ModelClient

    png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 640, 280)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><text x="1">Revenue &amp; cost</text>'
        '<text x="2">2025-01</text></svg>'
    )
    media = [
        Media(
            mime_type="image/png", data=png + b"rest", source="Out[2]", description="figure: Sales"
        ),
        Media(mime_type="image/svg+xml", data=svg, source="agent:chart"),
        Media(mime_type="audio/wav", data=b"RIFF....", source="In[4]"),
    ]
    spent = []
    client = ModelClient(OfflineProvider(), lambda usage, source: spent.append(source), "agent.x")
    reply = await client.ask("What does the chart show?", media=media)
    lines = reply.splitlines()
    assert lines[0].startswith("Offline model: I cannot see images or hear audio")
    assert lines[1] == "1. image/png from Out[2]; 640×280 px; figure: Sales"
    assert (
        lines[2] == "2. image/svg+xml from agent:chart; text in the image: Revenue & cost, 2025-01"
    )
    assert lines[3] == "3. audio/wav from In[4]"
    assert spent == ["agent.x"]
    # Text given alongside still gets the usual extractive answer after the note.
    both = await client.ask("Which month?\nMarch was best. April was flat.", media=media[:1])
    assert both.endswith("\n\nMarch was best. April was flat.")


def test_offline_reads_html_media_as_a_reader_would() -> None:
    from notebook_router.media import Media
    from notebook_router.providers.offline.media import describe_media

    html = (
        "<div><style scoped>.dataframe td {color: red}</style><table>"
        "<tr><th>region</th><th>units</th></tr><tr><td>North &amp; East</td><td>12</td></tr>"
        "</table></div>"
    )
    table = Media(mime_type="text/html", data=html, source="Out[3]")
    assert describe_media(table) == "text/html from Out[3]; text: region units North & East 12"
    code = Media(mime_type="text/x-python", data="x = 1\n\ny = 2\n", source="In[1]")
    assert describe_media(code) == "text/x-python from In[1]; 2 lines, starting: x = 1 y = 2"
