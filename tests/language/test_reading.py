"""One reading of English for every consumer: the stems, terms and words a user's text gets."""

from __future__ import annotations

import pytest

from notebook_router.language.lexicon import STOPWORDS, is_filler, term, terms
from notebook_router.language.spelling import Speller, closest
from notebook_router.language.stems import forms, stem
from notebook_router.language.words import identifier_words, plain, word_spans, words


@pytest.mark.parametrize(
    ("inflected", "base"),
    [("plotting", "plot"), ("plots", "plot"), ("plotted", "plot"), ("running", "run"),
     ("runs", "run"), ("summarise", "summarize"), ("analysed", "analyzed"),
     ("visualising", "visualizing"), ("salaries", "salary"), ("litres", "liter"),
     ("centre", "center")],
)  # fmt: skip
def test_inflections_and_british_spellings_share_one_stem(inflected: str, base: str) -> None:
    assert stem(inflected) == stem(base)


def test_short_words_keep_their_spelling() -> None:
    assert stem("rise") != stem("rize")
    assert forms("year") == {"year", "years"} and "yearly" not in forms("year")


def test_terms_fold_synonyms_and_units_and_drop_stopwords() -> None:
    assert terms("Plot the charts") == [term("plot"), term("plot")]
    assert term("visualize") == term("graph") == term("plot")
    assert terms("5 km in miles") == ["5", term("kilometer"), term("mile")]
    assert not set(terms("what is the")) and "the" in STOPWORDS
    assert is_filler("please") and not is_filler("revenue")


def test_words_read_any_script_and_keep_where_they_stand() -> None:
    text = "Revenue in São Paulo, 2024"
    assert words(text) == ["revenue", "in", "são", "paulo", "2024"]
    assert [text[s:e] for _, s, e in word_spans(text)] == ["Revenue", "in", "São", "Paulo", "2024"]
    assert identifier_words("unitPrice_usd") == ["unit", "price", "usd"]
    assert plain("≥ 5 – “x”") == '>= 5 - "x"'


def test_one_speller_fixes_typos_and_suggests_names() -> None:
    speller = Speller({"population": 3, "weather": 2})
    assert speller.correct("popluation") == "population"
    assert speller.correct("zzzzzzzz") is None
    assert closest("revnue", ["revenue", "region"]) == ["revenue"]


def test_a_speller_sharing_an_index_corrects_as_if_it_held_every_word() -> None:
    shared = Speller(dict.fromkeys(["population", "forecast", "summary", "temperature"], 1))
    counts = {"population": 1, "forecast": 5, "summary": 2, "temperature": 1, "revenue": 4}
    alone, layered = Speller(counts), Speller(counts, shared=shared)
    # A typo of a shared word, of the speller's own word, a word form, and nothing near.
    for typo in ("popluation", "forecats", "revenu", "summar", "temperatures", "zzzzzzzz"):
        assert layered.correct(typo) == alone.correct(typo)
    assert layered.correct("forecats") == "forecast" and layered.correct("revenu") == "revenue"
    # A shared word this speller does not count is no correction of its own.
    assert Speller({"revenue": 1}, shared=shared).correct("popluation") is None
