"""The one stemmer is shared by every thread: the kernel's warm-up thread stems while a
cell does, and a Snowball stemmer keeps its word in the instance, so two threads stemming
at once broke it (IndexError) and a cell failed."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from notebook_router.language import stems


def test_many_threads_stem_the_same_words_as_one() -> None:
    words = [
        f"{root}{end}"
        for root in ("plot", "summar", "salar", "run", "analys")
        for end in ("ing", "ed", "ies", "es", "ised", "ation", "s", "er", "ers", "ingly")
    ] * 40
    unique = [f"{w}{i}x" for i, w in enumerate(words)]  # past the cache: every call stems
    expected = [str(stems._STEMMER.stemWord(stems.american(w))) for w in unique]
    stems.stem.cache_clear()
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(stems.stem, unique))
    assert got == expected
