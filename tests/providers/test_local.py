"""The local model: in process, and through llama.cpp's own OpenAI-compatible server.

The model tests need the ``[local]`` extra (llama-cpp-python compiles
llama.cpp when installed, which `make test` does not do); without it they
are skipped with that reason, and the missing-extra message is tested.
"""

from __future__ import annotations

import asyncio
import importlib.machinery
import importlib.util
import json
import socket
import subprocess
import sys
import time
import types
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from notebook_router import Router
from notebook_router.errors import ProviderUnavailableError
from notebook_router.planner import events as ev
from notebook_router.planner.decisions import Decision
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.providers.local import LocalProvider, smollm2_path

HAVE_LOCAL = importlib.util.find_spec("llama_cpp") is not None and smollm2_path() is not None
needs_local = pytest.mark.skipif(
    not HAVE_LOCAL,
    reason="the [local] extra is not installed: pip install '.[local]' (compiles llama.cpp)",
)


@pytest.mark.skipif(HAVE_LOCAL, reason="checks the message shown when the extra is missing")
def test_missing_extra_says_what_to_install() -> None:
    with pytest.raises(ProviderUnavailableError, match=r"pip install 'notebook-router\[local\]'"):
        LocalProvider()


CHECK = """
import asyncio, json
from notebook_router.planner.decisions import Decision
from notebook_router.providers.base import CompletionRequest, Message
from notebook_router.providers.local import LocalProvider

async def main():
    request = CompletionRequest(
        messages=(
            Message(role="system", content="You plan tasks. Reply with JSON."),
            Message(role="user", content='Agents: "weather". Task: get the weather in Rome. Decide the next step.'),
        ),
        schema=Decision.model_json_schema(),
        schema_name="Decision",
    )
    completion = await LocalProvider().complete(request)
    Decision.model_validate_json(completion.text)
    print(json.dumps({"text": completion.text, "output_tokens": completion.usage.output_tokens}))

asyncio.run(main())
"""


@needs_local
def test_local_model_produces_schema_valid_decisions() -> None:
    # In a child process: llama.cpp is native code, and a crash there must
    # fail this test, not take the whole test session down with it.
    done = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    result = json.loads(done.stdout)
    Decision.model_validate_json(result["text"])  # constrained decoding: always the right shape
    assert result["output_tokens"] > 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def llama_server() -> Iterator[str]:
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(smollm2_path()),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/models", timeout=1) as response:
                    json.load(response)
                    break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("llama_cpp.server did not start within 60 s")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@needs_local
async def test_openai_provider_talks_to_llama_cpp_server(llama_server: str) -> None:
    from notebook_router.providers.openai import OpenAIProvider

    provider = OpenAIProvider("smollm2", base_url=llama_server)
    completion = await asyncio.wait_for(
        provider.complete(
            CompletionRequest(
                messages=(Message(role="user", content="Say hello."),), max_output_tokens=16
            )
        ),
        60,
    )
    assert completion.text.strip()
    assert completion.usage.input_tokens > 0


class _FakeLlama:
    """llama-cpp-python's ``Llama``, answering from a list (exceptions are raised)."""

    replies: list[Any] = []

    def __init__(self, **options: Any) -> None:
        pass

    def create_chat_completion(self, **kwargs: Any) -> Any:
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply


def _reply(text: str, finish: str, prompt: int, completion: int) -> dict[str, Any]:
    return {
        "choices": [{"message": {"content": text}, "finish_reason": finish}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion},
    }


@pytest.fixture
def fake_llama(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """llama_cpp replaced by :class:`_FakeLlama`; returns a model file path."""
    module = types.ModuleType("llama_cpp")
    module.__spec__ = importlib.machinery.ModuleSpec("llama_cpp", None)
    module.Llama = _FakeLlama  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "llama_cpp", module)
    gguf = tmp_path / "model.gguf"
    gguf.write_bytes(b"")
    return gguf


async def test_failed_attempts_of_the_local_model_count_in_usage(fake_llama: Path) -> None:
    # The first decision runs out of tokens mid-JSON, the second fails in
    # llama.cpp; both took decoding time and the first 512 tokens: they are
    # calls like any other, and the run's usage says so.
    complete = json.dumps({"action": "complete", "reason": "nothing to do"})
    _FakeLlama.replies = [
        _reply('{"action": "comp', "length", 300, 512),
        ValueError("Requested tokens (9000) exceed context window of 8192"),
        _reply(complete, "stop", 300, 20),
    ]
    run = Router([], model=LocalProvider(model_path=fake_llama)).start("Say hello")
    result = await run
    failures = [e for e in run.history if isinstance(e, ev.DecisionFailed)]
    assert [f.error for f in failures] == [
        "The local model ran out of tokens before finishing its JSON; raise max_output_tokens "
        "(LocalProvider(max_output_tokens=...)).",
        "The local model failed: ValueError: Requested tokens (9000) exceed context window of 8192",
    ]
    # A completion with nothing run is reported without asking the model to write it.
    assert result.usage.calls == 3
    assert (
        result.usage.input_tokens == 600 and result.usage.output_tokens == 532
    )  # no tokens: failed in llama.cpp
