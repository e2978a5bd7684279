"""The namespaced tool store: registration, retrieval, primary and fallback namespaces."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router.errors import ConfigError, DuplicateToolError, ToolNotFoundError
from notebook_router.language.spelling import Speller
from notebook_router.tools import EmbeddingRetriever, HashingEmbedder, ToolStore
from notebook_router.tools.retrieval import LexicalRetriever, Retriever
from notebook_router.tools.store import matches


def _spec(name: str, description: str, **props: str) -> dict[str, object]:
    return {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in props.items()}},
    }


def _store(retriever: Retriever | None = None) -> ToolStore:
    store = ToolStore(retriever=retriever)
    store.add(
        _spec("scb_population", "Population of a Swedish municipality by year."),
        "tools/statistics/scb",
    )
    store.add(
        _spec("compute_mean", "Average of a list of numbers.", values="array"), "tools/statistics"
    )
    store.add(
        _spec("generate_podcast", "Turn a text into a spoken podcast episode."), "tools/action"
    )
    store.add(_spec("smhi_weather", "Weather forecast for a Swedish town."), "tools/action")
    store.add(
        _spec("search_knowledge_base", "Search the documents in the knowledge base."),
        "tools/knowledge",
    )
    store.add(_spec("save_memory", "Remember a fact about the user for later."), "tools/general")
    return store


def test_registration_namespaces_and_lookup() -> None:
    store = _store()
    assert len(store) == 6 and "compute_mean" in store
    assert store.namespace_of("scb_population") == "tools/statistics/scb"
    assert store.namespaces() == [
        "tools/action",
        "tools/general",
        "tools/knowledge",
        "tools/statistics",
        "tools/statistics/scb",
    ]
    assert [t.name for t in store.tools("tools/statistics/*")] == ["scb_population", "compute_mean"]
    assert [t.name for t in store.tools("tools/statistics")] == ["compute_mean"]
    with pytest.raises(DuplicateToolError, match="replace=True"):
        store.add(_spec("compute_mean", "again"), "tools/general")
    store.add(_spec("compute_mean", "Mean of numbers."), "tools/general", replace=True)
    assert store.namespace_of("compute_mean") == "tools/general"
    store.remove("compute_mean")
    assert "compute_mean" not in store
    with pytest.raises(ToolNotFoundError, match="Did you mean 'smhi_weather'") as info:
        store.get("smhi_wether")
    assert str(info.value).startswith("No tool named 'smhi_wether'")
    with pytest.raises(ConfigError, match="patterns with"):
        store.add(_spec("x", "y"), "tools/*")


def test_search_finds_only_relevant_tools_and_respects_namespaces() -> None:
    store = _store()
    hits = store.search("what is the population of Hjo in 2023", k=3)
    assert hits[0].tool.name == "scb_population" and hits[0].namespace == "tools/statistics/scb"
    assert all(h.relevance > 0 for h in hits)
    assert store.search("make a podcast episode of it", namespaces="tools/statistics/*") == []
    assert [h.tool.name for h in store.search("podcast episode", namespaces=["tools/action"])] == [
        "generate_podcast"
    ]


def test_misspelt_requests_still_find_their_tool() -> None:
    store = _store()
    assert store.search("weathr forcast for Lund", k=1)[0].tool.name == "smhi_weather"
    assert store.search("popluation", k=1)[0].tool.name == "scb_population"


def test_primary_namespace_first_then_fallback() -> None:
    store = _store()
    stats = store.scope(
        primary="tools/statistics/*", fallback=["tools/action/*", "tools/general/*"]
    )
    found = stats.retrieve("average of 3, 5 and 8")
    assert found.source == "primary" and found.tools[0].name == "compute_mean"
    # Nothing relevant in statistics: the worker falls back ("statistics -> media").
    found = stats.retrieve("make a podcast of it")
    assert found.source == "fallback" and found.tools[0].name == "generate_podcast"
    assert found.searched == ["tools/statistics/*", "tools/action/*", "tools/general/*"]
    assert stats.retrieve("order a pizza").source == "none"


def test_the_index_follows_additions() -> None:
    store = _store()
    assert store.search("translate a sentence") == []
    store.add(_spec("translate_text", "Translate text into another language."), "tools/action")
    assert store.search("translate a sentence")[0].tool.name == "translate_text"


def test_namespace_patterns() -> None:
    assert matches("tools/statistics/*", "tools/statistics")
    assert matches("tools/statistics/*", "tools/statistics/scb")
    assert not matches("tools/statistics/*", "tools/statisticsx")
    assert not matches("tools/statistics", "tools/statistics/scb")
    assert matches("*", "anything")


def test_embedding_retriever_behind_the_same_protocol() -> None:
    store = _store(retriever=EmbeddingRetriever(HashingEmbedder(256)))
    hits = store.search("spoken podcast from text", k=2)
    assert hits[0].tool.name == "generate_podcast" and 0 < hits[0].relevance <= 1
    assert store.search("podcasts", k=1, namespaces="tools/knowledge")[0].tool.name == (
        "search_knowledge_base"
    )


def test_speller_corrects_one_edit_and_word_forms() -> None:
    speller = Speller({"weather": 3, "reminder": 1, "median": 2, "medium": 1})
    assert speller.correct("wether") == "weather"
    assert speller.correct("medain") == "median"  # a swap of neighbours
    assert speller.correct("remind") == "reminder"  # a word form, not a typo
    assert speller.correct("pizza") is None
    assert speller.correct("weather") is None  # already a word


def test_search_rejects_a_bad_k() -> None:
    with pytest.raises(ConfigError, match="at least 1"):
        _store().search("x", k=0)


def test_vectorised_and_plain_python_search_agree() -> None:
    pytest.importorskip("numpy")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from tool_workloads import make_queries, make_tools

    tools = make_tools(2000)
    store = ToolStore()
    for namespace, spec in tools:
        store.add(spec, namespace)
    store.search("warm up")
    assert isinstance(store.retriever, LexicalRetriever)  # the default
    index = store.retriever.index
    assert index.vectorised
    queries = [q for q, _ in make_queries(tools, 50)]
    fast = [
        [(h.tool.name, round(h.score, 9)) for h in store.search(q, 5, "tools/finance/*")]
        for q in queries
    ]
    fast_all = [[round(h.score, 9) for h in store.search(q, 5)] for q in queries]
    index.vectorised = False
    plain = [
        [(h.tool.name, round(h.score, 9)) for h in store.search(q, 5, "tools/finance/*")]
        for q in queries
    ]
    plain_all = [[round(h.score, 9) for h in store.search(q, 5)] for q in queries]
    assert fast_all == plain_all
    # Names agree too, except where equal scores may come back in either order.
    for a, b in zip(fast, plain, strict=True):
        assert sorted(a, key=lambda x: (-x[1], x[0])) == sorted(b, key=lambda x: (-x[1], x[0])) or [
            s for _, s in a
        ] == [s for _, s in b]


def _bench_tools(n: int) -> tuple[list[tuple[str, dict[str, Any]]], list[str]]:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from tool_workloads import make_queries, make_tools

    tools = make_tools(n)
    return tools, [q for q, _ in make_queries(tools, 40)]


def test_the_first_search_after_adding_10000_tools_ranks_as_a_full_build_without_building() -> None:
    tools, queries = _bench_tools(10_000)
    store = ToolStore()
    for namespace, spec in tools:
        store.add(spec, namespace)
    retriever = store.retriever
    assert isinstance(retriever, LexicalRetriever)
    built = retriever.builds
    incremental = [
        [(h.tool.name, h.score, h.relevance) for h in store.search(q, 5)] for q in queries
    ]
    scoped = [[h.tool.name for h in store.search(q, 5, "tools/finance/*")] for q in queries]
    assert retriever.builds == built  # the index was up to date when the first search came
    fresh = LexicalRetriever()
    fresh.build([(store.namespace_of(t.name), t) for t in store])
    store.retriever = fresh  # the same store over an index built from all the tools at once
    assert [
        [(h.tool.name, h.score, h.relevance) for h in store.search(q, 5)] for q in queries
    ] == incremental
    assert [[h.tool.name for h in store.search(q, 5, "tools/finance/*")] for q in queries] == scoped


def test_a_search_sees_a_namespace_added_after_an_earlier_search() -> None:
    store = _store()
    assert store.search("weather forecast", 5, "tools/action/*")
    store.add(_spec("storm_warning", "Storm warnings for a town."), "tools/action/alerts")
    hits = store.search("storm warnings", 5, "tools/action/*")
    assert [h.tool.name for h in hits][:1] == ["storm_warning"]
    assert store.tools("tools/action/*")[-1].name == "storm_warning"
