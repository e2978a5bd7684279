"""The shared context: provenance, dedup, recency, and an exact incremental digest."""

from __future__ import annotations

import random

from notebook_router.context.digest import RunningDigest, entry_hash, value_digest
from notebook_router.context.shared import SharedContext


def test_set_records_source_and_version_and_dedups() -> None:
    ctx = SharedContext({"region": "North"})
    assert ctx.entry("region").source == "user"  # type: ignore[union-attr]
    assert ctx.set("rows", [1, 2, 3], source="loader:t1")
    assert not ctx.set("rows", [1, 2, 3], source="loader:t2")  # same content: no change
    assert ctx.entry("rows").source == "loader:t1"  # type: ignore[union-attr]
    assert ctx.version == 2
    assert ctx.set("rows", [1, 2, 4])
    assert ctx.version == 3


def test_recent_is_newest_last_and_rewrites_move_to_the_end() -> None:
    ctx = SharedContext({f"k{i}": i for i in range(5)})
    ctx.set("k1", 100)
    assert [e.key for e in ctx.recent(3)] == ["k3", "k4", "k1"]
    assert ctx.recent(0) == []


def test_incremental_digest_equals_a_full_recompute() -> None:
    rng = random.Random(7)
    ctx = SharedContext()
    for _ in range(500):
        key = f"k{rng.randrange(40)}"
        if rng.random() < 0.2:
            ctx.delete(key)
        else:
            ctx.set(key, rng.choice([rng.randrange(5), [1, 2], {"a": rng.randrange(3)}, "text"]))
    full = 0
    for key in ctx:
        full = (full + entry_hash(key, value_digest(ctx[key]))) & ((1 << 64) - 1)
    assert ctx.digest == full


def test_digest_is_order_independent_and_content_based() -> None:
    a, b = RunningDigest(), RunningDigest()
    a.put("x", value_digest({"n": [1, 2]}))
    a.put("y", value_digest("v"))
    b.put("y", value_digest("v"))
    b.put("x", value_digest({"n": [1, 2]}))
    assert a.value == b.value
    b.put("x", value_digest({"n": [1, 3]}))
    assert a.value != b.value


def test_opaque_objects_hash_by_identity() -> None:
    class Frame:
        pass

    f = Frame()
    assert value_digest(f) == value_digest(f)
    assert value_digest(Frame()) != value_digest(f)


def test_media_read_as_prompt_text() -> None:
    from notebook_router.media import Media

    table = Media(
        mime_type="text/html", data="<table></table>", source="Out[4]", description="a table"
    )
    assert table.as_prompt_text() == "[text/html from Out[4]: a table]\n<table></table>"
    picture = Media(mime_type="image/png", data=b"\x89PNG", source="Out[3]", description="figure")
    assert picture.as_prompt_text() == "[image/png from Out[3]: figure]"  # described, never dumped
