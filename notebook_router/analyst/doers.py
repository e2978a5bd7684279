"""Values said as the verb of their doer: "mothers who smoke" for ``habit == "smoker"``.

A value of a two-valued column (or a yes/no column's name) that is an English agent noun
("smoker" of smoker/nonsmoker, "drinker": the verb's stem and "r" or "er") is named by
its verb in a relative clause (of a column of many values, "who work" would pick
``worker`` out of every occupation when it only says the people work):
"who smoke", "that drink", "who don't smoke" (the negation is read by
:mod:`~notebook_router.analyst.negated_values`), a second verb of the same clause ("who
neither smoke *nor drink*") and a verb right after a negation ("people don't smoke").
The words live in ``language/data/value_words.toml`` (``[verbs]``) and
``language/data/negation.toml``.
"""

from __future__ import annotations

from typing import Any

from notebook_router.analyst.schema import Column
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import word_spans

_VERBS = table("value_words")["verbs"]
_RELATIVES = frozenset(_VERBS["relatives"])
_JOINS = frozenset(_VERBS["joins"])
_NEGATIONS = ("do_negations", "aux_negations", "pair_negations")
_LEAD = frozenset(
    w
    for group in (*_NEGATIONS, "auxiliaries")
    for phrase in table("negation")[group]
    for w, _, _ in word_spans(phrase)
)
"""Words of an auxiliary or its negation, between the relative and the verb ("who *don't* smoke")."""
_NEGATION_TAILS = frozenset(
    word_spans(phrase)[-1][0] for group in _NEGATIONS for phrase in table("negation")[group]
)
"""The last word of a negation ("t" of "don't", "not", "never", "neither"): a verb follows."""


def doers(words: list[str], stems: list[str], col: Column) -> list[tuple[int, Any]]:
    """(index of the verb in ``words``, the value of ``col`` it names, or None for the
    yes/no column ``col`` itself) for each verb said where a condition's verb stands."""
    out: list[tuple[int, Any]] = []
    verbs: set[int] = set()  # words read as a clause's verb, for a second one ("and drink")
    for i, word in enumerate(words):
        j = i - 1
        while j >= 0 and words[j] in _LEAD:
            j -= 1
        joined = j >= 1 and words[j] in _JOINS and j - 1 in verbs
        negated = j < i - 1 and words[i - 1] in _NEGATION_TAILS  # "people don't smoke"
        led = j >= 0 and (words[j] in _RELATIVES or joined)
        if not (led or negated) or word in _LEAD:
            continue
        verbs.add(i)
        agents = {stems[i] + ending for ending in _VERBS["agent_endings"]}
        if len(col.values) == 2 and stem(col.name.lower()) in agents:
            out.append((i, None))  # "people who smoke" for a yes/no column ``smoker``
            continue
        if col.kind != "category" or len(col.values) != 2:
            continue  # "who work" is no ``occupation == "worker"`` among six occupations
        out.extend((i, v) for v in col.values if isinstance(v, str) and _agent(v) in agents)
    return out


def _agent(value: str) -> str:
    """The stem of a one-word value ("smokers" → "smoker"); empty for a longer one."""
    said = value.strip().lower()
    return "" if " " in said else stem(said)
