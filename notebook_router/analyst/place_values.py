"""A place said by its name where the table holds its code, or the other way round.

"how many runners from *Kenya*", "*Ethiopian* runners", "sales in *Germany*" on a
``country`` column holding "KEN", "ETH", "DE"; "*USA*" on one holding "United States";
"airports in *Texas*" on a ``state`` column holding "TX". The places and their codes are
data (:mod:`notebook_router.language.countries`, :mod:`notebook_router.language.us_states`).

Only a column whose distinct values are mostly known places of one kind counts (``share``
in ``language/data/country_columns.toml``). A column of countries is none whose name says
it holds states, languages or the like ("IN", "ME", "CA" in a ``state`` column are no
countries), nor one of mostly US state codes whatever its name; nor is a person named
"Jordan" in a ``name`` column a place (a value said as the table holds it is linked before
this reading, and wins). Where two columns hold the place, nothing is guessed: the answer
says which columns could be meant. The answer names each link it used
("country == 'KEN' (Kenya)", "state == 'TX' (Texas)").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Column, Schema
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.countries import country_gazetteer
from notebook_router.language.gazetteer import Gazetteer
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.us_states import state_gazetteer
from notebook_router.language.words import words

_WORDS = table("country_columns")
_NOT_COUNTRIES = frozenset(_WORDS["not_countries"])
_WORD_CODES = frozenset(_WORDS["word_codes"])
_SHARE = float(_WORDS["share"])
_AFTER_PLACE_WORD = re.compile(
    rf"(?<![\w'])(?:{alternation(_WORDS['place_words'])})\s+(?:the\s+)?$", re.IGNORECASE
)
"""A place word just before a code ("in OK", "for DE"): there the code names a place."""
_MOST = 300
"""More distinct values than there are countries: no column of places."""


class Place(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def own_forms(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class _Kind:
    """One list of places, and which columns may hold them."""

    noun: str
    gazetteer: Callable[[], Gazetteer[Any]]
    named_for: Callable[[str], bool]
    """Whether a column's name allows it to hold these places."""


def _not_named_otherwise(name: str) -> bool:
    return not set(words(name.replace("_", " "))) & _NOT_COUNTRIES


_COUNTRIES = _Kind("country", country_gazetteer, _not_named_otherwise)
_STATES = _Kind("state", state_gazetteer, lambda name: True)
_KINDS = (_COUNTRIES, _STATES)


def place_columns(schema: Schema) -> dict[str, tuple[_Kind, dict[Any, Any]]]:
    """Each column of places → its kind, and the value it holds for each place (the
    commonest where it holds several spellings of one). A column is of one kind at most:
    one of mostly US state codes ("CA", "GA", "PA") holds states, though most are
    country codes too."""
    out: dict[str, tuple[_Kind, dict[Any, Any]]] = {}
    for column, values in _text_values(schema).items():
        for kind in (_STATES, _COUNTRIES):
            if not kind.named_for(column):
                continue
            held: dict[Any, Any] = {}
            for value in values:
                place = _named_or_coded(kind, value)
                if place is not None:
                    held.setdefault(place, value)
            known = sum(_named_or_coded(kind, v) is not None for v in values)
            mostly = known >= _SHARE * len(values) or _rows_known(schema, column, kind)
            if len(held) >= 2 and mostly:
                out[column] = (kind, held)
                break
    return out


def _rows_known(schema: Schema, column: str, kind: _Kind) -> bool:
    """Whether most of the rows hold known places, though some values are none (a list
    of companies' countries with "Netherlands/ United Kingdom" and "Bermuda" in it)."""
    labels = schema.labels(column)
    if labels is None or not labels.rows:
        return False
    known = sum(n for v, n in labels.counts if _named_or_coded(kind, v) is not None)
    return known >= _SHARE * labels.rows


def _named_or_coded(kind: _Kind, value: object) -> Place | None:
    """The place a cell holds by its name or a code; a demonym ("Indian" of a cuisine,
    "Kenyan" of a nationality) is no place, so a column of them is none."""
    place: Place | None = kind.gazetteer().held_as(value)
    if place is None:
        return None
    text = str(value).strip()
    return place if text in place.own_forms or text.lower() == place.name.lower() else None


def _text_values(schema: Schema) -> dict[str, list[Any]]:
    """The distinct values of the text columns that might hold places, commonest first."""
    wanted = {c.name: c for c in schema.columns if _may_hold_places(c)}
    out: dict[str, list[Any]] = {n: list(c.values) for n, c in wanted.items() if c.values}
    index = schema.values
    if index is None:
        return out
    rows: dict[str, dict[Any, int]] = {}
    for hits in (*index.codes.values(), *index.by_words.values()):
        for h in hits:
            if h.column in wanted and h.column not in out:
                rows.setdefault(h.column, {})[h.value] = h.rows
    for column, counted in rows.items():
        out[column] = sorted(counted, key=lambda v: -counted[v])
    return out


def _may_hold_places(column: Column) -> bool:
    return column.kind in ("category", "text") and column.distinct <= _MOST


_JOINS = alternation(_WORDS["list_joins"])
_LISTED = re.compile(rf"\s*(?:,\s*(?:(?:{_JOINS})\b)?|&|/|\b(?:{_JOINS})\b\.?)\s*")
"""What stands between two places of one list ("WA, OR and ID", "TX vs OK"); a space
alone does not ("Texas OR Ohio" is Texas or Ohio)."""


def _said(kind: _Kind, text: str, written: str | None) -> list[tuple[int, int, Any]]:
    """The places said. A code that is also a word in capitals ("OR", "IN", "ID") names
    a place only after a place word ("airports in OK") or in a list beside another one
    ("WA and OR"), never alone ("A OR B", "OK, how many ...")."""
    hits = kind.gazetteer().said(text, written)
    if written is None:
        return hits
    kept = [
        h
        for h in hits
        if written[h[0] : h[1]] not in _WORD_CODES or _AFTER_PLACE_WORD.search(written[: h[0]])
    ]
    waiting = [h for h in hits if h not in kept]
    grew = True
    while waiting and grew:
        grew = False
        for hit in list(waiting):
            if any(_side_by_side(written, hit, other) for other in kept):
                kept.append(hit)
                waiting.remove(hit)
                grew = True
    return sorted(kept, key=lambda h: (h[0], h[1]))


def _side_by_side(written: str, a: tuple[int, int, Any], b: tuple[int, int, Any]) -> bool:
    first, second = sorted((a, b), key=lambda h: h[0])
    return _LISTED.fullmatch(written[first[1] : second[0]]) is not None


def place_mentions(
    text: str, schema: Schema, found: list[Mention], written: str | None
) -> list[Mention]:
    """Mentions of places said another way than the one column of them holds them."""
    columns = place_columns(schema)
    out: list[Mention] = []
    for kind in _KINDS:
        of_kind = {c: held for c, (k, held) in columns.items() if k is kind}
        for start, end, place in _said(kind, text, written) if of_kind else []:
            if any(m.start < end and start < m.end for m in (*found, *out)):
                continue  # said as a value the table holds ("Jordan" of a name column)
            holding = [c for c, held in of_kind.items() if place in held]
            if _begins_other_values(text[start:end], schema, of_kind):
                continue  # "American flights" beside an airline "American Airlines": unclear
            if len(holding) == 1:
                value = of_kind[holding[0]][place]
                out.append(Mention(start, end, holding[0], value, is_value=True, how="place"))
    return out


def _begins_other_values(said: str, schema: Schema, columns: dict[str, Any]) -> bool:
    """Whether a value of another column begins with the one word said ("American" of
    "American Airlines"; "United States" is no beginning of "United Airlines")."""
    index = schema.values
    said_words = words(said)
    if index is None or len(said_words) != 1:
        return False
    return any(column not in columns for column in index.heads.get(said_words[0], {}))


def unclear_places(
    text: str, schema: Schema, found: list[Mention], written: str | None
) -> list[LeftOut]:
    """Places said where two columns hold them: which column is meant is not guessed.
    And a code that is also a word ("IN" of "IN or OH") said in a list of places that no
    row holds: the other words of a question are accounted for elsewhere, but this one
    would pass for the word "in"."""
    columns = place_columns(schema)
    out = []
    for kind in _KINDS:
        of_kind = {c: held for c, (k, held) in columns.items() if k is kind}
        for start, end, place in _said(kind, text, written) if of_kind else []:
            if any(m.start < end and start < m.end for m in found):
                continue
            holding = [c for c, held in of_kind.items() if place in held]
            said = (written or text)[start:end]
            if len(holding) > 1:
                why = f"a {kind.noun} that {' and '.join(holding)} both hold; name the column it is of"
                out.append(LeftOut(said, why))
            elif not holding and said in _WORD_CODES:
                where = " or ".join(of_kind)
                out.append(LeftOut(said, f"{place.name}, a {kind.noun} no row's {where} holds"))
    return out


def place_links(question: str, spec: Spec, schema: Schema | None) -> str:
    """The sentence naming each place a filter holds by a code the question did not say
    ("Read as country == 'KEN' (Kenya).")."""
    if schema is None:
        return ""
    columns = place_columns(schema)
    links = []
    for f in spec.filters + spec.measure:
        if f.column not in columns or f.op not in ("==", "!=", "isin", "notin"):
            continue
        kind = columns[f.column][0]
        for value in f.value if isinstance(f.value, tuple) else (f.value,):
            place = _named_or_coded(kind, value)
            if place is None or _says(question, str(value)):
                continue
            named = "" if str(value) == place.name else f" ({place.name})"
            links.append(f"{f.column} == {value!r}{named}")
    return f"Read as {', '.join(dict.fromkeys(links))}." if links else ""


def _says(question: str, value: str) -> bool:
    """Whether the question says the value as the table holds it: a code as written
    ("IN", never the word "in"), a name in any case."""
    flags = 0 if len(value) <= 3 and value.isupper() else re.IGNORECASE
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", question, flags) is not None
