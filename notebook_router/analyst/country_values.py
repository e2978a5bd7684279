"""A country said by its name where the table holds its code, or the other way round.

"how many runners from *Kenya*", "*Ethiopian* runners", "sales in *Germany*" on a
``country`` column holding "KEN", "ETH", "DE"; "*USA*" on one holding "United States".
The countries and their codes are data (:mod:`notebook_router.language.countries`).

Only a column whose distinct values are mostly known countries counts (``share`` in
``language/data/country_columns.toml``), and none whose name says it holds states,
languages or the like: "IN", "ME", "CA" in a ``state`` column are no countries, nor is a
person named "Jordan" in a ``name`` column (a value said as the table holds it is linked
before this reading, and wins). Where two columns hold the country, nothing is guessed:
the answer says which columns could be meant. The answer names each link it used
("country == 'KEN' (Kenya)").
"""

from __future__ import annotations

import re
from typing import Any

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Column, Schema
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.language.countries import Country, countries_said, held_as
from notebook_router.language.tables import table
from notebook_router.language.words import words

_WORDS = table("country_columns")
_NOT_COUNTRIES = frozenset(_WORDS["not_countries"])
_WORD_CODES = frozenset(_WORDS["word_codes"])
_SHARE = float(_WORDS["share"])
_US_STATES = frozenset(_WORDS["us_states"])
_MOST = 300
"""More distinct values than there are countries: no column of countries."""


def country_columns(schema: Schema) -> dict[str, dict[Country, Any]]:
    """Each column of countries → the value it holds for each country (the commonest
    where it holds several spellings of one)."""
    out: dict[str, dict[Country, Any]] = {}
    for column, values in _text_values(schema).items():
        if sum(str(v).strip() in _US_STATES for v in values) >= _SHARE * len(values):
            continue  # "CA", "GA", "PA": states, though most are country codes too
        held: dict[Country, Any] = {}
        for value in values:
            country = _named_or_coded(value)
            if country is not None:
                held.setdefault(country, value)
        if len(held) >= 2 and sum(_named_or_coded(v) is not None for v in values) >= _SHARE * len(
            values
        ):
            out[column] = held
    return out


def _named_or_coded(value: object) -> Country | None:
    """The country a cell holds by its name or a code; a demonym ("Indian" of a cuisine,
    "Kenyan" of a nationality) is no country's place, so a column of them is none."""
    country = held_as(value)
    if country is None:
        return None
    text = str(value).strip()
    own = (country.name, country.alpha2, country.alpha3, country.ioc)
    return country if text in own or text.lower() == country.name.lower() else None


def _text_values(schema: Schema) -> dict[str, list[Any]]:
    """The distinct values of the text columns that might hold countries, commonest first."""
    wanted = {c.name: c for c in schema.columns if _may_hold_countries(c)}
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


def _may_hold_countries(column: Column) -> bool:
    if column.kind not in ("category", "text") or column.distinct > _MOST:
        return False
    return not set(words(column.name.replace("_", " "))) & _NOT_COUNTRIES


def _said(text: str, written: str | None) -> list[tuple[int, int, Country]]:
    return [
        (s, e, c)
        for s, e, c in countries_said(text, written)
        if written is None or written[s:e] not in _WORD_CODES
    ]


def country_mentions(
    text: str, schema: Schema, found: list[Mention], written: str | None
) -> list[Mention]:
    """Mentions of countries said another way than the one column of countries holds them."""
    columns = country_columns(schema)
    out = []
    for start, end, country in _said(text, written) if columns else []:
        if any(m.start < end and start < m.end for m in found):
            continue  # said as a value the table holds ("Jordan" of a name column)
        holding = [c for c, held in columns.items() if country in held]
        if _begins_other_values(text[start:end], schema, columns):
            continue  # "American flights" beside an airline "American Airlines": unclear
        if len(holding) == 1:
            value = columns[holding[0]][country]
            out.append(Mention(start, end, holding[0], value, is_value=True, how="country"))
    return out


def _begins_other_values(said: str, schema: Schema, columns: dict[str, Any]) -> bool:
    """Whether a value of another column begins with the one word said ("American" of
    "American Airlines"; "United States" is no beginning of "United Airlines")."""
    index = schema.values
    said_words = words(said)
    if index is None or len(said_words) != 1:
        return False
    return any(column not in columns for column in index.heads.get(said_words[0], {}))


def unclear_countries(
    text: str, schema: Schema, found: list[Mention], written: str | None
) -> list[LeftOut]:
    """Countries said where two columns hold them: which column is meant is not guessed."""
    columns = country_columns(schema)
    out = []
    for start, end, country in _said(text, written) if len(columns) > 1 else []:
        if any(m.start < end and start < m.end for m in found):
            continue
        holding = [c for c, held in columns.items() if country in held]
        if len(holding) > 1:
            said = (written or text)[start:end]
            why = f"a country that {' and '.join(holding)} both hold; name the column it is of"
            out.append(LeftOut(said, why))
    return out


def country_links(question: str, spec: Spec, schema: Schema | None) -> str:
    """The sentence naming each country a filter holds by a code the question did not
    say ("Read as country == 'KEN' (Kenya).")."""
    if schema is None:
        return ""
    columns = country_columns(schema)
    links = []
    for f in spec.filters + spec.measure:
        if f.column not in columns or f.op not in ("==", "!=", "isin", "notin"):
            continue
        for value in f.value if isinstance(f.value, tuple) else (f.value,):
            country = held_as(value)
            if country is None or _says(question, str(value)):
                continue
            named = "" if str(value) == country.name else f" ({country.name})"
            links.append(f"{f.column} == {value!r}{named}")
    return f"Read as {', '.join(dict.fromkeys(links))}." if links else ""


def _says(question: str, value: str) -> bool:
    """Whether the question says the value as the table holds it: a code as written
    ("IN", never the word "in"), a name in any case."""
    flags = 0 if len(value) <= 3 and value.isupper() else re.IGNORECASE
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", question, flags) is not None
