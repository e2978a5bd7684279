"""Where a question names a table's columns and values (schema and value linking).

A column is named by its own words, whatever their case, separators, plural or a unit
in parentheses ("sepal lengths" for ``sepal length (cm)``, "passenger id" for
``PassengerId``), by the initials of a name of several words ("mpg" for
``Miles_per_Gallon``), by its words in another order with their first letters
("max temperature" for ``temp_max``), by one distinctive word of its name ("class" for
``Pclass``, "salaries" for ``salary_in_thousands``) or by an everyday word for it
(``language/data/column_words.toml``: "rainfall" for ``precipitation``).

A value is named by its words ("united states", "Chinstrap"), by its plural
("chinstraps"), or, for a short upper-case code ("CA", "LAX"), as written. Values come
from the data: every distinct value of every text column (:mod:`~notebook_router.data.values`).
Longer mentions win, and a column's own name wins over a value spelt the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from notebook_router.analyst.asked_units import column_unit
from notebook_router.analyst.doers import doers
from notebook_router.analyst.per_one_names import (
    label_of_units,
    naming_words,
    per_one_modifier,
)
from notebook_router.analyst.prefixed_names import is_prefix, no_side, prefixed_word, unnegated
from notebook_router.analyst.schema import Column, Schema
from notebook_router.data.values import ValueHit
from notebook_router.language.abbreviations import stands_for
from notebook_router.language.compounds import split_compound
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import forms, stem, verb_form_only
from notebook_router.language.tables import table, word_list
from notebook_router.language.value_words import NAMING_VERBS, other_words, value_group
from notebook_router.language.words import identifier_words, word_spans

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_PARENS = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_PREFIX = 4
_NAMING = NAMING_VERBS
_FLAG_LEADS = frozenset(table("word_prefixes")["flag_leads"])
_ARTICLES = frozenset(stem(w) for w in table("each_value")["articles"])
"""A question's word may stand for a longer name's word it begins ("temp" in "temperature")."""


@dataclass(frozen=True, slots=True)
class Mention:
    """A span of the question that names a column (``value`` is None) or one of its values."""

    start: int
    end: int
    column: str
    value: Any = None
    is_value: bool = False
    how: str = "name"
    """``name``, ``words``, ``part``, ``synonym``, ``abbreviation``, ``value``, ``code``,
    ``place`` (a country or state said another way than the column holds it), or
    ``contains`` (a word that begins several values: "manual" of "manual(m5)") or
    ``unnegated`` (a yes/no column's name without its negating prefix, for its "no" side:
    "employed" of ``unemployed``)."""
    also: tuple[str, ...] = ()
    """Other columns holding the same value (the mention chose the most common one)."""


_NAMED_AT = re.compile(rf"\b(?:{'|'.join(map(re.escape, sorted(_NAMING)))})\s+$")


def after_naming_verb(text: str, start: int) -> bool:
    """Whether the word at ``start`` of ``text`` follows a naming verb ("called *Max*")."""
    return _NAMED_AT.search(text[:start]) is not None


def _written_words(name: str) -> list[str]:
    return [w for w, _, _ in word_spans(_CAMEL.sub(" ", _PARENS.sub(" ", name)))]


def _words_of(name: str) -> list[str]:
    """The words of a column name, a run-together one read back into its words
    ("percbelowpoverty" → perc, below, poverty)."""
    written = _written_words(name)
    if len(written) == 1:
        return split_compound(written[0]) or written
    return written


@lru_cache(maxsize=4096)
def name_variants(name: str) -> frozenset[tuple[str, ...]]:
    """Every stemmed word sequence that names column ``name`` (its words, joined, initials)."""
    variants: set[tuple[str, ...]] = set()
    for form in {name, _PARENS.sub(" ", name)}:
        for spaced in {form, _CAMEL.sub(" ", form)}:
            toks = tuple(stem(w) for w, _, _ in word_spans(spaced))
            if toks:
                variants.add(toks)
                variants.add((stem("".join(w for w, _, _ in word_spans(spaced))),))
    parts = _written_words(name)
    if len(parts) >= 2 and all(p.isalpha() for p in parts):
        variants.add(("".join(p[0] for p in parts),))  # "mpg" for Miles_per_Gallon
    if len(parts) >= 2 and parts[0].lower() in _FLAG_LEADS:
        # "a second income" for has_second_income: the verb only says the rest holds
        variants.add(tuple(stem(w) for w in parts[1:]))
    compound = _words_of(name)
    if compound != parts:  # "pop total" for poptotal
        variants.add(tuple(stem(w) for w in compound))
    unit = column_unit(name)
    if unit is not None and len(parts) >= 2 and parts[-1].lower() == unit[0]:
        # "finish time" for finish_time_sec: the unit need not be said, and the name's
        # own words outrank a shorter name they begin (``finished``)
        variants.add(tuple(stem(w) for w in parts[:-1]))
    return frozenset(variants)


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, frozenset[str]]:
    """Each everyday word (stemmed) → the stems of the column words it may stand for."""
    out: dict[str, set[str]] = {}
    for group in [*table("column_words")["groups"], *table("trust")["column_words"]["groups"]]:
        # an entry of several words ("brand_name") stands only as a whole: its words alone
        # would fold "manufacturers" to any ``name`` column and "name" to the maker's
        stems = {stem("".join(_words_of(g))) for g in group}
        for word in group:
            out.setdefault(stem("".join(_words_of(word))), set()).update(stems)
    return {k: frozenset(v) for k, v in out.items()}


def find_mentions(
    text: str, schema: Schema, ignore: Iterable[str] = (), *, written: str | None = None
) -> list[Mention]:
    """Non-overlapping column and value mentions in ``text`` (lower case), longest first.

    ``ignore``: words never read as a value (function words, operation words); they
    name a column only when they are its own word ("years" for ``year``, not "yearly").
    ``written``: the question as written, aligned with ``text``, for case-sensitive codes.
    """
    toks = word_spans(text)
    stems = [stem(w) for w, _, _ in toks]
    ignored = set(ignore)
    # "pets called Max": a word named by a naming verb is a value, though it is also an
    # operation's word elsewhere ("the max")
    named = {stems[i] for i, (_, start, _) in enumerate(toks) if after_naming_verb(text, start)}
    skip = {stem(w) for w in ignored} - named
    found: list[tuple[int, float, int, Mention]] = []
    names = {n.lower() for n in schema.names()}
    for col in schema.columns:
        own = {form for w in _words_of(col.name) for form in forms(w)}
        labels_units = label_of_units(col, schema, _written_words(col.name))
        for variant in name_variants(col.name):
            for i, j in _spaced_occurrences(stems, variant):
                said = {w for w, _, _ in toks[i : j + 1]}
                if said <= ignored and not said & own:
                    continue  # "yearly" is a period, not the column ``year`` ("years" is)
                if labels_units and said != {w.lower() for w in _written_words(col.name)}:
                    continue  # "the most units": an amount, not the ``unit`` labels (kg, ea)
                # a name said only by its stem ("employed" of ``employment``) gives way
                # to a value said as written (the value "employed")
                rank = 2 if said & (own | forms(col.name.strip().lower())) else 1.25
                if _value_of_its_own(col, toks[i : j + 1], text):
                    rank = 0  # "homeless patients" of ``homeless`` (housed, homeless)
                found.append((len(variant), rank, i, Mention(toks[i][1], toks[j][2], col.name)))
        found.extend(_in_other_order(toks, stems, col, ignored))
        found.extend(_measure_of_owner(toks, stems, col, ignored))
        found.extend(_run_together(toks, col))
        found.extend(_initials(toks, col, names))
        found.extend(_said_in_full(toks, col, ignored, names, written))
        found.extend(_yes_no_said_another_way(toks, col))
        for i, value in doers([w for w, _, _ in toks], stems, col):
            _, start, end = toks[i]
            doer = Mention(start, end, col.name, value, value is not None, "verb")
            found.append((0, 0, i, doer))  # any other reading of the word comes first
        for value in _category_values(col, skip):
            variant = tuple(stem(w) for w, _, _ in word_spans(str(value)))
            held = [w for w, _, _ in word_spans(str(value))]
            for i in _occurrences(stems, variant):
                j = i + len(variant) - 1
                if set(variant) <= skip and "-" not in text[toks[i][1] : toks[j][2]]:
                    continue  # "no show" of "No-show": read only as one hyphened word
                spoken = [w for w, _, _ in toks[i : j + 1]]
                if any(verb_form_only(w, h) for w, h in zip(spoken, held, strict=True)):
                    continue  # "pets *named* Luna" names no value "Name"
                if _sign_unsaid(text, toks[i][1], value):
                    continue  # "60 or older" names no band ">60"
                start = _with_its_sign(text, toks[i][1], str(value))
                mention = Mention(start, toks[j][2], col.name, value, True, "value")
                # said as written ("employed"), above a name read by its stem alone
                exact = spoken == [w.lower() for w in held]
                found.append((len(variant), 1.5 if exact else 1, i, mention))
    found.extend(_indexed_values(text, toks, schema, skip, written))
    found.extend(_negated_names(text, toks, schema, ignored))
    found.extend(_unit_said_in_full(toks, schema))  # "miles per gallon": ``mpg``
    opener = opening_word(text)
    if opener is not None:  # "OK, how many ...": a greeting, not the value "OK"
        found = [f for f in found if not (f[3].is_value and f[3].end <= opener)]
    return _longest_first(found)


_CODE_WORDS = frozenset(w.lower() for w in table("country_columns")["word_codes"])


def opening_word(text: str) -> int | None:
    """Where a request's first word ends when it is a code that is also a word or a greeting
    said alone before a comma ("OK, ...", "hi, ..."), so names no value: a user asking
    about the place says where ("airports in OK")."""
    toks = word_spans(text)
    if len(toks) < 2 or toks[0][0].lower() not in _CODE_WORDS:
        return None
    end = toks[0][2]
    return end if text[end:].lstrip().startswith(",") else None


_ACRONYM = re.compile(r"[A-Z]{2,4}")
_PER_WORDS = frozenset(table("period_means")["ratio"]["per"])
_MONTHS = frozenset(table("analysis")["calendar"]["months"])
# Words that say what to do with a column, never part of its spelled-out name: "the
# *highest RBI*" is not ``HR``.
_STATISTIC_WORDS = frozenset(
    w
    for section in ("aggregations", "order")
    for words in table("analysis")[section].values()
    for phrase in words
    for w in phrase.split()
)


def _said_in_full(
    toks: list[tuple[str, int, int]],
    col: Column,
    ignored: set[str],
    names: set[str],
    written: str | None,
) -> list[tuple[int, int, int, Mention]]:
    """An upper-case short name said in full: "home runs" for ``HR``, "runs batted in"
    for ``RBI``, "at bats" for ``AB`` (the words' initials spell it, plural or not).

    Never through a name or a month ("in Dublin", "in December" spell ``ID``), and it
    yields to any other reading of the same words (it is ranked as the shortest)."""
    if not _ACRONYM.fullmatch(col.name):
        return []
    n = len(col.name)
    letters = col.name.lower()
    out = []
    for i in range(len(toks) - n + 1):
        window = [w for w, _, _ in toks[i : i + n]]
        if "".join(w[0] for w in window) != letters or all(w in ignored for w in window):
            continue
        if sum(w in ignored for w in window) > 1 or any(w in names for w in window):
            continue  # "OBP by position" names OBP by its name, then a group
        if any(w in _STATISTIC_WORDS or w in _MONTHS for w in window):
            continue  # "the highest RBI" asks for the highest of RBI
        if written is not None and any(written[a : a + 1].isupper() for _, a, _ in toks[i : i + n]):
            continue  # a capitalised word is a name: "in Dublin" is a place, not ``ID``
        if n == 2 and (window[-1] in ignored or len(window[-1]) < 3):
            continue  # the last of two words names the thing: "at bats", not "at the"
        mention = Mention(toks[i][1], toks[i + n - 1][2], col.name, how="abbreviation")
        out.append((0, 0, i, mention))  # any other reading of these words comes first
    return out


def _yes_no_said_another_way(
    toks: list[tuple[str, int, int]], col: Column
) -> list[tuple[int, int, int, Mention]]:
    """A yes/no column named by another word for what its name says: "died" for a 0/1
    ``death`` column, "survivors" for ``survived`` (the groups of ``value_words.toml``)."""
    words = identifier_words(col.name)
    if len(words) != 1 or not _yes_no(col):
        return []
    group = value_group(words[0])
    if group is None:
        return []
    return [
        (1, 0, i, Mention(start, end, col.name, how="synonym"))
        for i, (w, start, end) in enumerate(toks)
        if w in group and w != words[0]
    ]


def _unit_said_in_full(
    toks: list[tuple[str, int, int]], schema: Schema
) -> list[tuple[int, int, int, Mention]]:
    """A unit said in full, "<a> per <b>", naming the one number column whose name is its
    short form or ends with it ("miles per gallon" for ``mpg`` or ``fuel_economy_mpg``):
    ranked above the first word alone, which may name another column (``miles``)."""
    out = []
    for i in range(len(toks) - 2):
        (first, start, _), (per, _, _), (last, _, end) = toks[i : i + 3]
        if per not in _PER_WORDS or len(first) < 3 or len(last) < 3:
            continue
        short = f"{first[0]}p{last[0]}"
        held = [
            c.name for c in schema.columns
            if c.kind == "number" and _words_of(c.name) and _words_of(c.name)[-1] == short
        ]  # fmt: skip
        if len(held) == 1:
            out.append((3, 2, i, Mention(start, end, held[0], how="abbreviation")))
    return out


_GROUP_LEADS = re.compile(
    rf"\b(?:{alternation(table('intents_words')['groups']['lead'])})\s+(?:the\s+)?$"
)


_NEXT_WORD = re.compile(r"\s+([a-z][a-z'-]*)")
_RECORDED_WORDS = frozenset(table("families_tests")["missing"]["recorded"])
_OPERATION_WORDS = word_list("operation_words")
_OPERATION_STEMS = frozenset(stem(w) for w in _OPERATION_WORDS)


def _value_of_its_own(col: Column, said: list[tuple[str, int, int]], text: str) -> bool:
    """Whether the words said as ``col``'s name are also one of its values, written the
    same ("homeless" of a column ``homeless`` holding "housed" and "homeless"), and not
    said as a grouping ("by homeless"): then they pick that value's rows."""
    if col.kind not in ("text", "category"):
        return False
    words = " ".join(w for w, _, _ in said)
    if not any(" ".join(str(v).lower().split()) == words for v in col.values):
        return False
    if _GROUP_LEADS.search(text[: said[0][1]]) is not None:
        return False  # "by homeless": a grouping
    # said of a noun it describes ("homeless *patients*"), not of the column's values
    # ("value counts of homeless", "homeless counts by region", "no coma value recorded")
    after = _NEXT_WORD.match(text, said[-1][2])
    if after is None:
        return False
    noun = after.group(1)
    if noun in STOPWORDS or noun in _RECORDED_WORDS:
        return False
    return noun not in _OPERATION_WORDS and stem(noun) not in _OPERATION_STEMS


_VALUE_SIGNS = "".join(table("column_words")["value_signs"]["leading"])


def _with_its_sign(text: str, start: int, value: str) -> int:
    """Where a value said at ``start`` begins with the sign its label starts with, written
    before its first word ("<1l" of a label "<1l", "$5-10"): the sign is part of the
    value said, never a stray character that hides it from the words before it."""
    lead = value[: len(value) - len(value.lstrip(_VALUE_SIGNS))]
    if lead and text[max(0, start - len(lead)) : start] == lead:
        return start - len(lead)
    return start


def _longest_first(found: list[tuple[int, float, int, Mention]]) -> list[Mention]:
    found.sort(key=lambda f: (-f[0], -f[1], f[2]))
    chosen: list[Mention] = []
    for _, _, _, m in found:
        if all(m.end <= c.start or m.start >= c.end for c in chosen):
            chosen.append(m)
    return sorted(chosen, key=lambda m: m.start)


def _spaced_occurrences(stems: list[str], variant: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where a column's name is said, first and last word: its words in a row, or with an
    article between them ("own *a* car" for ``owns_car``, "has *a* pet" for ``has_pet``)."""
    found = [(i, i + len(variant) - 1) for i in _occurrences(stems, variant)]
    if len(variant) < 2:
        return found
    for i in range(len(stems)):
        j, k = i, 0
        while j < len(stems) and k < len(variant):
            if stems[j] == variant[k]:
                j, k = j + 1, k + 1
            elif k > 0 and stems[j] in _ARTICLES:
                j += 1
            else:
                break
        if k == len(variant) and (i, j - 1) not in found:
            found.append((i, j - 1))
    return found


def _occurrences(stems: list[str], variant: tuple[str, ...]) -> list[int]:
    n = len(variant)
    return [i for i in range(len(stems) - n + 1) if tuple(stems[i : i + n]) == variant]


def _in_other_order(
    toks: list[tuple[str, int, int]], stems: list[str], col: Column, ignored: set[str]
) -> list[tuple[int, int, int, Mention]]:
    """A name of two or three words said in another order or with longer words:
    "max temperature" for ``temp_max``, "temperature max" too."""
    parts = [p for p in _words_of(col.name) if p.isalpha()]
    trailing = table("analysis")["names"]["trailing"]
    core = list(parts)
    while len(core) > 2 and core[-1] in trailing:
        core.pop()  # "bill length" for bill_length_mm: the unit need not be said
    out = []
    for wanted in {tuple(parts), tuple(core)}:
        n = len(wanted)
        if not 2 <= n <= 3:
            continue
        for i in range(len(toks) - n + 1):
            window = toks[i : i + n]
            if all(w in ignored for w, _, _ in window):
                continue
            if _covers([w for w, _, _ in window], stems[i : i + n], list(wanted)):
                mention = Mention(window[0][1], window[-1][2], col.name, how="words")
                out.append((n, 1, i, mention))
    return out


_OWNER_DETERMINERS = frozenset(table("analysis")["names"]["owner_determiners"])
_OWNER_AND_MEASURE = 2
"""The words of a name said as its measure of its owner."""


def _measure_of_owner(
    toks: list[tuple[str, int, int]], stems: list[str], col: Column, ignored: set[str]
) -> list[tuple[int, int, int, Mention]]:
    """A two-word name said as its measure "of" its owner: "height of children" for
    ``childHeight``, "age of the players" for ``player_age``. Operation words never take
    part ("number of orders" counts orders; it is no ``order_number``)."""
    parts = [p for p in _words_of(col.name) if p.isalpha()]
    if len(parts) != _OWNER_AND_MEASURE:
        return []
    out = []
    for i in range(len(toks) - 2):
        if toks[i + 1][0] != "of":
            continue
        k = i + 3 if toks[i + 2][0] in _OWNER_DETERMINERS and i + 3 < len(toks) else i + 2
        said = [toks[i][0], toks[k][0]]
        if any(w in ignored for w in said) or said[0] == said[1]:
            continue
        if _covers(said[::-1], [stems[k], stems[i]], parts) and _covers(
            said[:1], stems[i : i + 1], parts[1:]
        ):
            out.append((k - i + 1, 1, i, Mention(toks[i][1], toks[k][2], col.name, how="words")))
    return out


def _run_together(
    toks: list[tuple[str, int, int]], col: Column
) -> list[tuple[int, int, int, Mention]]:
    """A name written as one word said as several: "gdp per capita" for ``gdpPercap``,
    "life expectancy" for ``lifeExp`` (the name begins them, reaching into the last)."""
    joined_name = "".join(_words_of(col.name))
    if len(joined_name) < 5 or not joined_name.isalpha():
        return []
    out = []
    for size in (2, 3):
        for i in range(len(toks) - size + 1):
            said = [w for w, _, _ in toks[i : i + size]]
            joined = "".join(said)
            reaches_last = len(joined_name) > len(joined) - len(said[-1])
            if (joined.startswith(joined_name) and reaches_last) or joined == joined_name:
                mention = Mention(toks[i][1], toks[i + size - 1][2], col.name, how="words")
                out.append((size, 1, i, mention))
    return out


def _initials(
    toks: list[tuple[str, int, int]], col: Column, names: set[str]
) -> list[tuple[int, int, int, Mention]]:
    """A name made of the first letters of words said, and maybe more of their letters in
    order: "student teacher ratio" for ``str``, "test score" for ``testscr``. Only a name
    of one word no dictionary holds, and two or three words said, each giving its first
    letter: one word alone ("test" for ``testscr``) is no short form of a name. The first
    word may not be another column's name, nor any word a function word, nor a statistic's word
    unless the name opens with that statistic's short form ("*average income*" for
    ``avginc``, never "*average* monthly temperature" for ``amt``)."""
    name = col.name
    if not (3 <= len(name) <= 8 and name.isalpha() and name.islower()):
        return []
    if name in word_list("common_words") or name in word_list("name_parts"):
        return []  # a word, or a short form of one word ("pct", "qty"): no initials
    named = {stem(n) for n in names}
    statistic_named = name.startswith(_STATISTIC_FORMS)
    out = []
    for size in (3, 2):
        for i in range(len(toks) - size + 1):
            said = [w for w, _, _ in toks[i : i + size]]
            if any(len(w) < 3 or w in STOPWORDS for w in said) or stem(said[0]) in named:
                # "*sales* across locations" beside ``sales``: a column's name said first is
                # that column; said later it may be part of a compound ("student *teacher*
                # ratio" for ``str``, beside ``teachers``), whose head noun comes last
                continue
            if not statistic_named and any(w in _STATISTIC_WORDS for w in said):
                continue
            if stands_for(name, said):
                mention = Mention(toks[i][1], toks[i + size - 1][2], col.name, how="words")
                out.append((size, 1, i, mention))
    return out


_STATISTIC_FORMS = tuple(table("initials")["statistic_forms"])
_STATISTIC_WORDS = frozenset(
    w for words in table("analysis")["aggregations"].values() for w in words if " " not in w
)


def _stands_for(part: str) -> bool:
    """Whether a name's part may stand for a longer word it begins: long enough not to be
    chance ("temp" for temperature), or a short form names use ("pop" for population)."""
    return len(part) >= _PREFIX or part in word_list("name_parts")


def _covers(said: list[str], said_stems: list[str], parts: list[str]) -> bool:
    left = list(parts)
    for word, word_stem in zip(said, said_stems, strict=True):
        hit = next(
            (
                p for p in left
                if stem(p) == word_stem or (_stands_for(p) and word.startswith(p))
                or abbreviates(p, word)  # "group" for the "grp" of ``flc.grp``
            ),
            None,
        )  # fmt: skip
        if hit is None:
            return False
        left.remove(hit)
    return not left


def _shortest(value: str) -> int:
    """The fewest characters a value needs to be read as named: three in an alphabet
    ("in", "a" are words of the question), two in a script whose characters are whole
    words or syllables ("東京", "大阪")."""
    return 2 if value.isalpha() and not value.isascii() else 3


def _category_values(col: Column, skip: set[str]) -> list[Any]:
    if col.kind != "category":
        return []
    out = []
    for value in col.values:
        if not isinstance(value, str) or len(value.strip()) < _shortest(value):
            continue
        value_stems = {stem(w) for w, _, _ in word_spans(value)}
        if value_stems and (not value_stems <= skip or _HYPHENED.fullmatch(value.strip())):
            out.append(value)  # "No-show" is one word, though "no" and "show" are not values
    return out


_HYPHENED = re.compile(r"[^\W_]+(?:-[^\W_]+)+")
"""A label of words joined by hyphens ("No-show", "walk-in"): said only as written."""


def _indexed_values(
    text: str,
    toks: list[tuple[str, int, int]],
    schema: Schema,
    skip: set[str],
    written: str | None,
) -> list[tuple[int, int, int, Mention]]:
    """Values of any text column named by their words (or as an exact upper-case code)."""
    index = schema.values
    if index is None:
        return []
    searched = _TEXT_SEARCH.search(text) is not None  # "comments that mention salary"
    out: list[tuple[int, int, int, Mention]] = []
    for i in range(len(toks)):
        for size in range(min(index.longest, len(toks) - i), 0, -1):
            said = tuple(w for w, _, _ in toks[i : i + size])
            if {stem(w) for w in said} <= skip:
                continue
            hits = _signs_said(text, toks[i][1], index.lookup(said))
            if hits:
                out.append((size, 0, i, _value_mention(toks[i][1], toks[i + size - 1][2], hits)))
                break
        else:
            word = toks[i][0]
            if stem(word) not in skip:
                hits, how = _loose_values(word, schema, searched)
                if hits:
                    out.append((1, 0, i, _value_mention(toks[i][1], toks[i][2], hits, how)))
    if written is not None and len(written) == len(text):
        for _, start, end in toks:
            hits = index.code(written[start:end])
            if hits and not written[start:end].islower():
                out.append((1, 0, 0, _value_mention(start, end, hits, "code")))
    return out


_TEXT_SEARCH = re.compile(rf"\b(?:{'|'.join(table('column_words')['text_search']['verbs'])})\b")
_SIGNED = re.compile(r"^\s*[<>=≤≥]+\s*")
"""A label that is a bound itself (">60", "<=45" of a binned measure)."""


def _signs_said(text: str, start: int, hits: list[Any]) -> list[Any]:
    """``hits`` without a label that is a bound whose sign is not said (:func:`_sign_unsaid`)."""
    return [hit for hit in hits if not _sign_unsaid(text, start, hit.value)]


def _sign_unsaid(text: str, start: int, value: object) -> bool:
    """Whether ``value`` is a label that is a bound (">60") and the question does not say
    its sign before the number at ``start``, in signs or words ("over 60"): "patients 60
    or older" names no ``po2`` band."""
    sign = _SIGNED.match(str(value))
    if sign is None:
        return False
    before = text[:start].rstrip()
    said = sign.group(0).strip()
    words = _SIGN_WORDS.get(said)
    return not before.endswith(said) and not (words is not None and words.search(before))


_COMPARISONS = table("analysis")["comparisons"]["before"]
_SIGN_WORDS = {
    sign: re.compile(rf"\b(?:{'|'.join(re.escape(w) for w in _COMPARISONS.get(sign, [sign]))})$")
    for sign in (">", ">=", "<", "<=", "=", "≥", "≤")
}
"""Each sign a band may begin with, and the words that say it before a number."""


def _loose_values(word: str, schema: Schema, searched: bool = False) -> tuple[list[Any], str]:
    """Values a word names in other words: "women" for "female" (``value_words.toml``),
    "foggy" for "fog", "carnivores" for the short category "carni". ``searched``: the
    question searches text for words ("mention"), so a word of a column's name may be one."""
    index = schema.values
    assert index is not None
    for other in other_words(word):
        hits = index.lookup((other,))
        if hits:
            return hits, "words"
    if len(word) > 4 and word.endswith("y"):  # "foggy", "rainy", "sunny"
        base = word[:-1]
        base = base[:-1] if len(base) > 3 and base[-1] == base[-2] else base
        hits = index.lookup((base,))
        if hits:
            return hits, "words"
    heads = index.heads.get(word, {})
    named = _names_a_column(word, schema) and not searched
    if len(heads) == 1 and len(word) >= 4 and not named:
        # "manual" for manual(m5), manual(m6), ...; never "salary", a word of the name of
        # ``current_salary``, for the comments of a free-text column that begin with it
        column, count = next(iter(heads.items()))
        if count >= 2:
            return [ValueHit(column, word, 0, False)], "contains"
    if len(word) >= 8:  # an abbreviated category: "carni" for "carnivores" (not "rain")
        for col in schema.columns:
            if col.kind != "category":
                continue
            short = [v for v in col.values if isinstance(v, str) and 5 <= len(v) < len(word) - 2]
            found = [v for v in short if word.startswith(v.lower())]
            if len(found) == 1:
                return [ValueHit(col.name, found[0], 0, False)], "words"
    return [], "words"


def _names_a_column(word: str, schema: Schema) -> bool:
    """Whether ``word`` is a word of some column's name ("salary" of ``current_salary``)."""
    said = stem(word)
    return any(said == stem(w.lower()) for c in schema.columns for w in identifier_words(c.name))


def _value_mention(start: int, end: int, hits: list[Any], how: str = "value") -> Mention:
    """The value in the column that holds it most (others kept in ``also``)."""
    ranked = sorted(hits, key=lambda h: (-h.exact, -h.rows, h.column))
    best = ranked[0]
    others = tuple(dict.fromkeys(h.column for h in ranked[1:] if h.column != best.column))
    return Mention(start, end, best.column, best.value, True, how, others)


def _head_stems(parts: list[str], yes_no: bool = False) -> set[str]:
    """The word of a name that can stand for it alone: its head noun, the last word
    before a preposition, units and qualifiers at the end skipped ("class" of
    ``passengerClass``, "salary" of ``salary_in_thousands``, "mass" of ``body_mass_g``,
    "review" of ``review_count``).

    A prefix said as a word of a yes/no column's name makes its condition another one
    ("paid" is not ``pre_paid``, "employed" not ``self_employed``); in any other column's
    name it only qualifies the thing held ("category" of ``sub_category``, "price" of
    ``mid_price``)."""
    names = table("analysis")["names"]
    words = [p for p in parts if p.isalnum()]
    cut = next((i for i, p in enumerate(words) if p in names["prepositions"] and i > 0), None)
    before = words[:cut] if cut is not None else words
    while len(before) > 1 and before[-1] in names["trailing"]:
        before = before[:-1]
    head = before[-1] if before else ""
    if yes_no and len(before) > 1 and is_prefix(before[-2]):
        return set()  # "paid" of ``pre_paid``, "smoker" of ``non_smoker``: another thing
    heads = {stem(head)} if len(head) > 1 and head.isalpha() else set()
    measured = len(before) > 1 and before[-2].isalpha()
    measured = measured and not per_one_modifier(before, len(before) - 2)  # "unit" of unit_cost
    if head in names["measures"] and measured:
        heads.add(stem(before[-2]))  # "flipper" of flipper_length_mm: the thing measured
    return heads


def _yes_no(col: Column) -> bool:
    """Whether a column holds two values, one a yes and the other a no (True/False too)."""
    return col.kind == "binary" or no_side(col) is not None


_SHORT_FORM_BOUNDS: dict[str, list[float]] = table("column_words")["short_form_bounds"]


def _holds_unit(schema: Schema, column: str, unit: str) -> bool:
    """Whether ``column``, a short form of ``unit``, holds values that unit can take: an
    ``hr`` of 150 and 170 is a heart rate (or home runs), never the hour "by hour" asks
    for. A unit with no bounds listed, or a column whose values are not at hand, keeps
    the short form's reading."""
    bounds = _SHORT_FORM_BOUNDS.get(unit)
    frame = schema.frame
    if bounds is None or frame is None or column not in getattr(frame, "columns", ()):
        return True
    try:
        low, high = float(frame[column].min()), float(frame[column].max())
    except (TypeError, ValueError):
        return False  # text in an hour column: not the hour of a day
    return bool(bounds[0] <= low and high <= bounds[1])


def abbreviates(short: str, word: str) -> bool:
    """``short`` is a column name shortened from ``word``: its letters in order, the first
    letter the same ("cty" for city, "hwy" for highway, "cyl" for cylinders, "yrs" for
    years)."""
    if not (3 <= len(short) <= 5 and short.isalpha() and len(word) > len(short)):
        return False
    if short[0] != word[0]:
        return False
    if len(word) == len(short) + 1 and _two_everyday_words(short, word):
        return False  # "trip" is no shortened ``tip``: two words a letter apart, both real
    letters = iter(word)
    if not all(ch in letters for ch in short):
        return False
    # Shortened, not a far-fetched subsequence ("cpi" is not "consumption"): a prefix,
    # or ending as the word ends, or keeping half its letters.
    return word.startswith(short) or short[-1] == word[-1] or len(word) <= 2 * len(short)


def _two_everyday_words(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are both everyday English words (then a letter between
    them makes another word, not a short form: "tip" and "trip", "cat" and "cart")."""
    everyday = word_list("common_words")
    if a.replace("our", "or") == b.replace("our", "or"):
        return False  # one word in two spellings ("colour" of ``color``), no two words
    return a in everyday and b in everyday


_NOMINALIZED: dict[str, str] = table("nominalizations")["verbs"]


def _part_hits(w: str, schema: Schema) -> dict[str, str]:
    """The columns whose name a lone word (lower case) stands for by its letters: its
    last or first word, an abbreviated name, an inflected run-together name, its head."""
    hits: dict[str, str] = {}
    if len(w) < 4:
        return hits
    w_stem = stem(w)
    for col in schema.columns:
        parts = _words_of(col.name)
        joined = "".join(parts)
        # "class" of ``Pclass``; not "admitted" of ``readmitted`` (another word, prefixed)
        ends = joined.endswith(w) and not prefixed_word(joined, w)
        close = (ends or joined.startswith(w)) and len(joined) - len(w) <= 3
        # an abbreviated name: "unemp" for unemployment, "infl" for inflation
        short = len(joined) >= 4 and w.startswith(joined) and joined.isalpha()
        # an inflected word whose stem starts a name written as one word: "homers" for
        # homeruns (not "sleeps" for sleep_rem, a name written in several words)
        inflected = (
            col.name.isalpha()
            and col.name[1:].islower()
            and w_stem != w
            and len(w_stem) >= 5
            and joined.startswith(w_stem)
            and len(joined) - len(w_stem) <= 3
        )
        # "denial" of ``deny``: a noun made from the verb a yes/no column is named by
        verb = _NOMINALIZED.get(w)
        made = verb is not None and _yes_no(col) and stem(verb) == stem(joined.lower())
        if close or short or inflected or made or w_stem in _head_stems(parts, _yes_no(col)):
            hits.setdefault(col.name, "part")
        elif shortened_identifier(joined.lower(), w, col):
            hits.setdefault(col.name, "abbreviation")
    return hits


_RUN_TOGETHER_ID = re.compile(
    rf"([a-z]{{3,5}})(?:{alternation(table('column_words')['run_together_ids']['endings'])})[a-z]{{0,3}}"
)


def shortened_identifier(name: str, word: str, col: Column) -> bool:
    """``name`` is the identifier of ``word``'s things, shortened and run together with
    an identifier ending: "schools" for ``schidkn``, "customers" for ``custid``. Only a
    column of identifiers (whole numbers or text) stands for the things themselves."""
    found = _RUN_TOGETHER_ID.fullmatch(name)
    if found is None or not word.startswith(found.group(1)) or name in word_list("common_words"):
        return False
    if col.kind == "number":
        return col.whole
    # codes with a digit ("S0042"), never words
    return (
        col.kind in ("text", "category")
        and bool(col.values)
        and all(any(ch.isdigit() for ch in str(v)) for v in col.values)
    )


def partial_column(word: str, schema: Schema) -> Mention | None:
    """The one column a lone word stands for ("class" for ``Pclass``, "salaries" for
    ``salary_in_thousands``, "rainfall" for ``precipitation``), if exactly one; a
    mention spanning nothing (start and end are set by the caller). The "no" side of a
    yes/no column a word's negation names is read by :func:`find_mentions`, which sees
    how the word is used."""
    w = word.lower()
    if len(w) < 3:
        return None
    w_stem = stem(w)
    # "the most units" is no ``unit`` label (kg, ea): an amount, a quantity's synonym
    labels = {
        c.name
        for c in schema.columns
        if label_of_units(c, schema, _written_words(c.name)) and c.name.lower() != w
    }
    hits = {c: how for c, how in _part_hits(w, schema).items() if c not in labels}
    if not hits:
        synonyms = _synonyms().get(w_stem, frozenset())
        for col in schema.columns:
            if col.name in labels:
                continue
            if synonyms & {stem(p) for p in naming_words(_words_of(col.name))}:
                hits.setdefault(col.name, "synonym")
        # "people" with ``population`` and ``population_growth_rate``: the column named by
        # the everyday word's own group alone is the one meant; the other only qualifies it
        whole = [c for c in hits if {stem(p) for p in _words_of(c)} <= synonyms]
        if len(hits) > 1 and len(whole) == 1:
            hits = {whole[0]: "synonym"}
    if not hits:
        short_forms = table("column_words")["short_forms"]
        for col in schema.columns:
            short = col.name.lower()
            # "manufacturers" of ``mfr``: a plural's stem ends as the short form does
            said = abbreviates(short, w) or abbreviates(short, w_stem)
            listed = stem(short_forms.get(short, "")) == w_stem
            if said or (listed and _holds_unit(schema, col.name, short_forms[short])):
                hits.setdefault(col.name, "abbreviation")
    if len(hits) != 1:
        return None
    column, how = next(iter(hits.items()))
    return Mention(0, 0, column, how=how)


_CONDITION_BEFORE = frozenset(table("word_prefixes")["row_condition_before"])


def _negated_names(
    text: str, toks: list[tuple[str, int, int]], schema: Schema, ignored: set[str]
) -> list[tuple[int, int, int, Mention]]:
    """Words said of the rows that a yes/no column's name negates: "employed" in "how
    many are employed" or "employed people" for ``unemployed == "no"``. A word used as
    a measure ("total profit", "profit by state" beside ``nonprofit``) is not read so:
    it names no column and the question says so."""
    out = []
    for i, (word, start, end) in enumerate(toks):
        if word in ignored or len(word) < 3:
            continue
        before = toks[i - 1][0] if i > 0 else ""
        after = toks[i + 1][0] if i + 1 < len(toks) else ""
        next_start = toks[i + 1][1] if i + 1 < len(toks) else len(text)
        # the rows' noun may have been read already and blanked out ("paid [bills]")
        blanked = not text[end:next_start].strip() and next_start - end > 2
        noun_after = blanked or (after.isalpha() and after not in ignored)
        of_rows = before in _CONDITION_BEFORE or noun_after
        if not of_rows or _part_hits(word, schema):
            continue
        negated = _negated_by_name(word, schema)
        if negated is not None:
            out.append((0, 0, i, replace(negated, start=start, end=end)))
    return out


def _negated_by_name(word: str, schema: Schema) -> Mention | None:
    """The "no" side of the one yes/no column whose name is ``word`` negated by a prefix:
    "employed" for ``unemployed == "no"``, "paid" for ``unpaid == False`` (a value mention
    spanning nothing; a negation before the word turns it round like any value's)."""
    found = [
        (col.name, no)
        for col in schema.columns
        if unnegated("".join(_words_of(col.name)).lower(), word)
        and (no := no_side(col)) is not None
    ]
    if len(found) != 1:
        return None
    column, value = found[0]
    return Mention(0, 0, column, value, True, "unnegated")
