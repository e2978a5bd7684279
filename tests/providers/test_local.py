"""The local model: in process, and through llama.cpp's own OpenAI-compatible server.

The model tests need the ``[local]`` extra (llama-cpp-python compiles
llama.cpp when installed, which `make test` does not do); without it they
are skipped with that reason, and the missing-extra message is tested.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest

from notebook_router.errors import ProviderUnavailableError
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
