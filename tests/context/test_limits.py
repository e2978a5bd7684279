"""The shared context's schema in use: size limits (spill or refuse), dedup, lifetimes."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from notebook_router.context.shared import ContextLimits, SharedContext
from notebook_router.context.spill import Shelf
from notebook_router.errors import ContextLimitError

BIG = "x" * 50_000_000


def test_a_50_mb_value_is_spilled_to_disk_with_a_message(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ctx = SharedContext()
    with caplog.at_level(logging.WARNING, logger="notebook_router"):
        assert ctx.set("big", BIG)
    entry = ctx.entry("big")
    assert entry is not None and entry.spilled
    assert entry.note == (
        "spilled to disk: 50.0 MB, over the 8.0 MB one value may hold in memory "
        "(read back when asked for)"
    )
    assert "context entry 'big' spilled to disk: 50.0 MB" in caplog.text
    assert ctx.memory_bytes == 0  # not held in memory
    assert ctx.get("big") == BIG and ctx.expand("big") == BIG  # nothing lost
    assert entry.kept() == f"(50.0 MB {entry.note})"  # what a store or preview takes
    assert ctx.stats()["spilled_bytes"] == 50_000_000


def test_with_overflow_error_a_50_mb_value_is_refused_and_nothing_changes() -> None:
    ctx = SharedContext({"region": "North"}, limits=ContextLimits(overflow="error"))
    with pytest.raises(ContextLimitError) as refused:
        ctx.set("big", BIG)
    message = str(refused.value)
    assert message.startswith("'big' is 50.0 MB, over the 8.0 MB one value may hold in memory.")
    assert "ContextLimits(entry_bytes=..., total_bytes=...)" in message  # says what to do
    assert list(ctx) == ["region"] and ctx.version == 1 and ctx.memory_bytes == 5


def test_the_total_limit_spills_the_value_that_would_cross_it(tmp_path: Path) -> None:
    limits = ContextLimits(entry_bytes=None, total_bytes=1_000, spill_folder=tmp_path)
    ctx = SharedContext(limits=limits)
    ctx.set("a", "a" * 600)
    ctx.set("b", "b" * 600)
    assert not ctx.entry("a").spilled  # type: ignore[union-attr]
    assert ctx.entry("b").spilled  # type: ignore[union-attr]
    assert "over the 1.0 KB the context may hold in memory (600 bytes held)" in (
        ctx.entry("b").note  # type: ignore[union-attr]
    )
    assert len(list(tmp_path.glob("*.pickle"))) == 1 and ctx.get("b") == "b" * 600
    ctx.delete("b")  # the last key holding it: its file goes with it
    import gc

    gc.collect()
    assert list(tmp_path.glob("*.pickle")) == []


def test_a_value_under_two_keys_is_held_once() -> None:
    ctx = SharedContext()
    ctx.set("report", "y" * 1_000_000, source="writer:t1")
    ctx.set("copy", "y" * 1_000_000, source="reader:t2")  # equal, not the same object
    assert ctx.memory_bytes == 1_000_000
    assert ctx.stats() == {
        "entries": 2,
        "values": 1,
        "memory_bytes": 1_000_000,
        "spilled_bytes": 0,
        "deduplicated_bytes": 1_000_000,
    }
    # Provenance stays per key.
    assert [ctx.entry(k).source for k in ("report", "copy")] == ["writer:t1", "reader:t2"]  # type: ignore[union-attr]
    ctx.set("report", "short")
    assert ctx.get("copy") == "y" * 1_000_000 and ctx.memory_bytes == 1_000_005


def test_an_unpicklable_value_over_the_limit_is_refused_with_what_to_do() -> None:
    ctx = SharedContext(limits=ContextLimits(entry_bytes=100))
    with pytest.raises(ContextLimitError, match="cannot be written to its spill folder"):
        ctx.set("handles", [lambda: None] * 50)
    assert "handles" not in ctx


def test_run_entries_end_with_the_run_and_notebook_ones_carry_over() -> None:
    notebook = SharedContext()
    first = notebook.child({"references": ["sales = DataFrame"]})
    first.set("currency", "EUR", source="user", lifetime="notebook")
    first.set("scratch", [1, 2, 3], source="calc:t1")
    second = notebook.child()
    assert list(second) == ["currency"]
    assert second.entry("currency").lifetime == "notebook"  # type: ignore[union-attr]
    assert second.entry("currency").source == "user"  # type: ignore[union-attr]
    second.set("currency", "USD")  # rewritten, it stays a notebook entry
    assert notebook.child().get("currency") == "USD"
    second.delete("currency")
    assert "currency" not in notebook.child()


def test_persistent_entries_outlive_the_kernel(tmp_path: Path) -> None:
    notebook = SharedContext(shelf=Shelf(tmp_path))
    notebook.child().set("fiscal_year_start", "April", source="user", lifetime="persistent")
    notebook.child().set("today", "Monday", lifetime="notebook")
    restarted = SharedContext(shelf=Shelf(tmp_path))  # a new kernel, the same folder
    assert restarted.get("fiscal_year_start") == "April"
    assert restarted.entry("fiscal_year_start").lifetime == "persistent"  # type: ignore[union-attr]
    assert "today" not in restarted


def test_a_persistent_entry_that_holds_a_key_is_never_written(tmp_path: Path) -> None:
    notebook = SharedContext(shelf=Shelf(tmp_path))
    with pytest.raises(ContextLimitError, match="looks like it holds an API key"):
        notebook.child().set("creds", "sk-proj-" + "a" * 40, lifetime="persistent")
    assert list(tmp_path.iterdir()) == []


def test_bad_lifetimes_and_limits_say_what_is_allowed() -> None:
    with pytest.raises(ContextLimitError, match="use 'run'"):
        SharedContext().set("k", 1, lifetime="forever")  # type: ignore[arg-type]
    with pytest.raises(ContextLimitError, match="give a size in bytes above 0"):
        ContextLimits(entry_bytes=0)
    with pytest.raises(ContextLimitError, match="use 'spill'"):
        ContextLimits(overflow="drop")  # type: ignore[arg-type]


def test_a_big_value_compresses_for_a_budget_and_expands_whole() -> None:
    rows = [{"region": r, "revenue": i} for i, r in enumerate(["North", "South"] * 500)]
    ctx = SharedContext({"sales": rows})
    small = ctx.compressed("sales", 60)
    assert small.kind == "table" and small.tokens <= 60
    assert small.text.startswith("table: 1,000 rows × 2 columns")
    assert ctx.compressed("sales", 60) is small  # made once per budget
    assert ctx.expand("sales") == rows
    with pytest.raises(KeyError, match="No context entry 'sale'; the newest keys: sales"):
        ctx.expand("sale")
