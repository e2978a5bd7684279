"""Word vectors shipped inside a package: loaded with no network, and used by the offline router."""

from __future__ import annotations

import importlib.util
import json
import logging
import socket
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from notebook_router.tools import ToolRouter, ToolSpec, word_vectors
from notebook_router.tools.word_vectors import bundled_embedder

pytestmark = pytest.mark.skipif(
    bundled_embedder() is None, reason="the [embeddings] extra is not installed"
)

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"


def _tools(*names: str) -> list[ToolSpec]:
    specs = {t["function"]["name"]: t for t in json.loads(CATALOG.read_text())}
    return [ToolSpec.from_openai(specs[name]) for name in names]


@pytest.fixture
def fresh_load() -> Any:
    word_vectors.load_bundled.cache_clear()
    yield
    word_vectors.load_bundled.cache_clear()


def test_the_vectors_load_from_the_installed_wheel_with_no_network(
    fresh_load: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the word vectors must never be downloaded")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    root = logging.getLogger()
    handlers = list(root.handlers)
    embedder = bundled_embedder()
    assert embedder is not None
    tip, gratuity, email = embedder.embed(
        ["calculate the tip on a restaurant bill", "how much gratuity to leave", "send an email"]
    )
    assert abs(float(tip @ tip) - 1.0) < 1e-4  # unit vectors
    assert float(gratuity @ tip) > float(gratuity @ email)  # meaning, not shared words
    # wordllama's own __init__ configures the root logger: it is never imported.
    assert "wordllama" not in sys.modules
    assert root.handlers == handlers


def test_the_router_reads_a_request_by_meaning_when_no_word_of_it_names_the_tool() -> None:
    tools = _tools("get_tide_times", "current_time", "get_weather_forecast", "convert_timezone")
    for request in ["what time is it over in Denver", "what's the time in Lima"]:
        decision = ToolRouter(tools, model="offline").choose(request)
        assert decision.tool == "current_time", (request, decision.reason)
        lexical = ToolRouter(tools, model="offline", word_vectors=False).choose(request)
        assert lexical.tool != "current_time"  # the words alone point at the tide table


def test_without_the_extra_routing_is_lexical(
    fresh_load: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(word_vectors, "find_spec", lambda _name: None)
    assert bundled_embedder() is None
    tools = _tools("get_tide_times", "current_time", "get_weather_forecast")
    decision = ToolRouter(tools, model="offline").choose("weather forecast for Oslo")
    assert decision.tool == "get_weather_forecast"
    assert decision.inputs.get("location", decision.inputs.get("city")) == "Oslo"


def test_a_broken_install_falls_back_to_words_and_says_why(
    fresh_load: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: Any
) -> None:
    class Spec:
        submodule_search_locations = [str(tmp_path)]  # a package folder with no vectors in it

    monkeypatch.setattr(word_vectors, "find_spec", lambda _name: Spec())
    with caplog.at_level(logging.WARNING, logger="notebook_router.tools.word_vectors"):
        assert bundled_embedder() is None
    assert "routing is lexical" in caplog.text


@pytest.mark.parametrize(
    ("weights", "tokenizer"),
    [
        (b"\x00" * 64, "{}"),  # a weights file that is not safetensors
        (None, "{not json"),  # the real weights, a tokenizer file cut short
    ],
    ids=["corrupt-weights", "corrupt-tokenizer"],
)
def test_a_corrupt_install_falls_back_to_words(
    fresh_load: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    caplog: Any,
    weights: bytes | None,
    tokenizer: str,
) -> None:
    real = importlib.util.find_spec(word_vectors.PACKAGE)
    assert real is not None and real.submodule_search_locations
    shipped = Path(next(iter(real.submodule_search_locations)))
    (tmp_path / "weights").mkdir()
    (tmp_path / "tokenizers").mkdir()
    target = tmp_path / word_vectors.WEIGHTS
    if weights is None:
        target.symlink_to(shipped / word_vectors.WEIGHTS)
    else:
        target.write_bytes(weights)
    (tmp_path / word_vectors.TOKENIZER).write_text(tokenizer)

    class Spec:
        submodule_search_locations = [str(tmp_path)]

    monkeypatch.setattr(word_vectors, "find_spec", lambda _name: Spec())
    with caplog.at_level(logging.WARNING, logger="notebook_router.tools.word_vectors"):
        decision = ToolRouter(
            _tools("get_weather_forecast", "current_time"), model="offline"
        ).choose("weather forecast for Oslo")
    assert decision.tool == "get_weather_forecast"
    assert "routing is lexical" in caplog.text


def test_threads_asking_at_once_share_one_load(fresh_load: None) -> None:
    loaded: list[object] = []
    start = threading.Barrier(6)

    def ask() -> None:
        start.wait()
        loaded.append(bundled_embedder())

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(loaded) == 6 and all(e is loaded[0] for e in loaded) and loaded[0] is not None


def test_a_pasted_book_is_read_by_its_opening_only() -> None:
    embedder = bundled_embedder()
    assert embedder is not None
    opening = "weather in Oslo " * (word_vectors.MAX_CHARS // 16)
    book = opening + "send an email " * 50_000
    assert (embedder.embed([book]) == embedder.embed([opening[: word_vectors.MAX_CHARS]])).all()


def test_a_request_near_no_tool_by_its_words_is_declined_without_naming_one() -> None:
    tools = _tools("get_tide_times", "current_time", "get_weather_forecast")
    decision = ToolRouter(tools, model="offline").choose("zzzz qqqq")
    assert decision.tool is None
    assert decision.reason == "no tool shares a word with the request"
