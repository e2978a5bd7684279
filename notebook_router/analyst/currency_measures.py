"""A currency said as what is measured: "total *euros* of Metformin sales", "how many
*dollars* did we make", "sum of *USD* by region".

The word stands for the money column whose name carries that currency (``sales_eur``,
``amount_usd``) when exactly one does; for the table's one money column when no column
names any currency (and the word names no other unit, as "pounds" does weight); and for
the rows of that currency where a column holds each row's currency ("EUR", "USD"), whose
one money column is then measured. Where the columns carry another currency only, the
question is declined: no exchange rate is known, and a total in dollars is never passed
off as euros. The words are data (``language/data/currency_words.toml``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from notebook_router.analyst.asked_units import column_unit
from notebook_router.analyst.linking import Mention
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Decline, Spec
from notebook_router.language.patterns import alternation, kept_matches
from notebook_router.language.tables import table
from notebook_router.language.words import words

if TYPE_CHECKING:  # reading imports this module for its mentions
    from notebook_router.analyst.reading import Reading

_WORDS = table("currency_words")
CURRENCY_WORDS: dict[str, str] = dict(_WORDS["words"])
_ALSO_UNITS = frozenset(_WORDS["also_units"])
_CURRENCY_COLUMNS = frozenset(_WORDS["currency_columns"])
_OWNERS = table("number_owners")
_MONEY = frozenset(_OWNERS["money_words"]) | frozenset(_OWNERS["money"]["pay_words"])
_SAID = re.compile(
    rf"(?<![\w$€£¥])(?:{alternation(sorted(CURRENCY_WORDS, key=len, reverse=True))})(?![\w$€£¥])"
)
_SIGN = re.compile(r"[^\w\s](?=\s*\d)")
"""A sign before a figure ("$10", "€ 5"): the word pattern keeps only signs said alone."""
_CONVERTING = re.compile(rf"\b(?:{alternation(_WORDS['converting'])})\s+$")
_NUMBER_NEAR = re.compile(rf"\d[\d,.]*\s*(?:{alternation(_WORDS['scales'])})?\s*$")


@dataclass(frozen=True, slots=True)
class Said:
    """A currency word or sign in the question, where it is and its ISO code."""

    start: int
    end: int
    word: str
    code: str


def _currencies_said(text: str) -> list[Said]:
    """Currency words said as a measure: not a figure's unit ("150 dollars", "$150"), not
    the unit an answer is asked in ("in euros")."""
    return [_said(m) for m in kept_matches(_SAID, text, lambda m: not _a_unit(text, m))]


def currencies_as_units(text: str) -> list[Said]:
    """Currency words said as a figure's unit ("$10", "150 dollars") or as the unit an
    answer is asked in ("in dollars"): never what is measured."""
    words = kept_matches(_SAID, text, lambda m: _a_unit(text, m))
    signs = kept_matches(_SIGN, text, lambda m: m.group() in CURRENCY_WORDS)
    return [_said(m) for m in sorted([*words, *signs], key=lambda m: m.start())]


def _a_unit(text: str, m: re.Match[str]) -> bool:
    """Whether the currency ``m`` is a figure's unit or the unit an answer is asked in."""
    before, after = text[: m.start()], text[m.end() :]
    return bool(
        _NUMBER_NEAR.search(before) or _CONVERTING.search(before) or after.lstrip()[:1].isdigit()
    )


def _said(m: re.Match[str]) -> Said:
    return Said(m.start(), m.end(), m.group(), CURRENCY_WORDS[m.group()])


def column_currency(column: str) -> str | None:
    """The currency a number column's name carries (``sales_eur`` → EUR), else None."""
    found = column_unit(column)
    return found[0].upper() if found is not None and found[1] == "currency" else None


def said_currency(said: str) -> str | None:
    """The currency a sign or word says ("$", "dollars" → USD), else None."""
    return CURRENCY_WORDS.get(said.strip().lower()) or CURRENCY_WORDS.get(said.strip())


def named_currencies(schema: Schema) -> dict[str, str]:
    """Number columns whose names carry a currency → its code (``sales_eur`` → EUR)."""
    out = {}
    for column in schema.of_kind("number"):
        found = column_unit(column)
        if found is not None and found[1] == "currency":
            out[column] = found[0].upper()
    return out


def _weighs(schema: Schema) -> bool:
    """Whether a number column's name says it is in a unit of mass ("weight_lbs")."""
    return any((column_unit(c) or ("", "", 0.0))[1] == "mass" for c in schema.of_kind("number"))


def _money_columns(schema: Schema) -> list[str]:
    return [c for c in schema.of_kind("number") if set(words(c.replace("_", " "))) & _MONEY]


def currency_column(schema: Schema) -> str | None:
    """The one column holding each row's currency code, if any."""
    codes = set(CURRENCY_WORDS.values())
    found = [
        c.name
        for c in schema.columns
        if c.kind in ("category", "text")
        and set(words(c.name.replace("_", " "))) & _CURRENCY_COLUMNS
        and c.values
        and sum(str(v).upper() in codes for v in c.values) >= 0.8 * len(c.values)
    ]
    return found[0] if len(found) == 1 else None


def currency_mentions(text: str, schema: Schema, found: list[Mention]) -> list[Mention]:
    """The column (or the rows of a currency) each currency word said as a measure names."""
    out = []
    named = named_currencies(schema)
    for said in _currencies_said(text):
        if any(m.start < said.end and said.start < m.end for m in found):
            continue
        carrying = [c for c, code in named.items() if code == said.code]
        money = _money_columns(schema)
        currency = currency_column(schema)
        if said.word in _ALSO_UNITS and _weighs(schema):
            continue  # "total pounds" of a table that holds weights
        if len(carrying) == 1:
            out.append(Mention(said.start, said.end, carrying[0], how="currency"))
        elif not named and currency is not None and len(money) == 1 and money[0] != currency:
            value = next(
                (v for v in schema.column(currency).values if str(v).upper() == said.code), None
            )
            if value is not None:
                out.append(Mention(said.start, said.end, currency, value, True, "currency"))
        elif not named and currency is None and len(money) == 1 and said.word not in _ALSO_UNITS:
            out.append(Mention(said.start, said.end, money[0], how="currency"))
    return out


def currency_decline(text: str, schema: Schema, mentions: list[Mention]) -> Decline | None:
    """A currency asked for where the money columns carry another one only: declined."""
    named = named_currencies(schema)
    for said in _currencies_said(text):
        if any(m.start < said.end and said.start < m.end for m in mentions) or not named:
            continue
        if said.code in named.values():
            continue  # several columns in that currency: the usual reading says which
        if said.word in _ALSO_UNITS and _weighs(schema):
            continue
        held = ", ".join(f"{c} is in {code}" for c, code in named.items())
        return Decline(
            f"I can't give this in {said.code}: {held}, and I do no currency conversion "
            f"(no exchange rate is known). Ask for it in {', '.join(sorted(set(named.values())))}."
        )
    return None


_AMOUNT_LEAD = re.compile(rf"\b(?:{alternation(_WORDS['amount_leads'])})\s+$")
_GROUPED = re.compile(rf"\b(?:{alternation(_WORDS['group_leads'])})\b")


def currency_spec(r: Reading, outcome: Spec | Decline) -> Spec | Decline:
    """``outcome`` measuring the money a currency word stood for: "how many dollars" is
    their total, not a count; the rows of a currency ("total euros" where ``currency``
    says EUR) total the table's one money column."""
    said = [m for m in r.mentions if m.how == "currency"]
    if not said:
        return outcome
    m = said[0]
    asks_amount = _AMOUNT_LEAD.search(r.text[: m.start]) is not None
    money = m.column if not m.is_value else _one_money_column(r.schema)
    if money is None:
        return outcome
    if isinstance(outcome, Decline):
        if not m.is_value or _GROUPED.search(r.skeleton) or not (asks_amount or r.aggs == ["sum"]):
            return outcome
        others = set(r.mentioned()) - {m.column, money} - {f.column for f in r.filters}
        if others or r.unknown_words():
            # "total euros paid by country", "... by region" (no such column): the total
            # alone would drop a grouping or a word; the decline says what is missing
            return outcome
        return Spec("statistic", r.frame, columns=(money,), filters=tuple(r.filters), aggs=("sum",))
    measured = _measured(outcome, money, m.is_value, asks_amount)
    if measured is outcome:
        return outcome
    word = r.text[m.start : m.end].strip()  # used now: no longer left out
    return replace(measured, left_out=tuple(g for g in measured.left_out if g.said.lower() != word))


def _measured(spec: Spec, money: str, rows_of: bool, asks_amount: bool) -> Spec:
    if spec.op == "count" and not spec.columns and (asks_amount or rows_of):
        return replace(spec, op="statistic", columns=(money,), aggs=("sum",), measure=())
    if spec.op in ("statistic", "groupby") and not spec.columns and rows_of:
        return replace(spec, columns=(money,))
    if spec.op == "statistic" and spec.aggs == ("count",) and asks_amount:
        return replace(spec, aggs=("sum",))
    return spec


def _one_money_column(schema: Schema) -> str | None:
    money = _money_columns(schema)
    return money[0] if len(money) == 1 else None
