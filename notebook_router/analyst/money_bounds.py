"""Money amounts said as a bound: "how many employees make over 95k a year?", "average
age of people earning more than $80,000", "staff paid under 40 thousand dollars".

A figure written as money (a currency sign, a currency or "a year" after it, or a scale
word in a table that holds money) is a bound on the table's one money column, scaled to that column's unit
("salary_in_thousands" keeps 95 of "95k"), never on an age or another number column said
nearby. Where the figure comes right after another column ("age over 95k"), the ordinary
rules read it on that column. Where the table has no money column or several and none is named
right before the figure ("price between $10 and $20" names one), the figure is named as
not applied rather than guessed.
"""

from __future__ import annotations

import re

from notebook_router.analyst import conditions as cond
from notebook_router.analyst.column_names import name_words, pay_columns
from notebook_router.analyst.currency_measures import column_currency, said_currency
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.numbers import SCALES
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_WORDS = table("number_owners")
_MONEY = _WORDS["money"]
_COLUMN_SCALES: dict[str, float] = {k: float(v) for k, v in _MONEY["column_scales"].items()}
_SIGN = rf"(?P<sign>{alternation(_MONEY['signs'])})"
_SCALE = rf"(?P<scale>\s*(?:{alternation(SCALES)})\b)"
_AFTER = rf"(?P<after>\s*(?:{alternation(_MONEY['after'])})(?!\w))"
_BOUNDS = tuple((op, words) for op, words in (*cond.PREFIX_OPS,) if op not in ("==", "!="))
_MONEY_BOUNDS = tuple(
    (
        op,
        re.compile(
            rf"\b(?:{words})\s+{_SIGN}?(?P<n>{cond.UNSIGNED}){_SCALE}?{_AFTER}?"
            rf"(?![\w%])"
        ),
    )
    for op, words in _BOUNDS
)
"""A bound, then a figure; read as money only when a sign, scale or money word is said."""
_MONEY_RANGE = re.compile(
    rf"\b(?:{alternation(_WORDS['range_leads'])})\s+(?P<lowsign>{alternation(_MONEY['signs'])})?"
    rf"(?P<low>{cond.UNSIGNED})(?P<lowscale>\s*(?:{alternation(SCALES)})\b)?\s*"
    rf"(?:(?:{alternation(_WORDS['range_joins'])})\b|-)\s*{_SIGN}?(?P<n>{cond.UNSIGNED}){_SCALE}?"
    rf"{_AFTER}?(?![\w%])"
)
"""A range of money: "between $1,500 and $2,500", "from 40k to 60k dollars"."""
_PERIODS = frozenset(_MONEY["periods"])
_PAY_VERB = re.compile(rf"\b(?:{alternation(_MONEY['pay_verbs'])})\b")
_NEXT = re.compile(r"\s+(?:C(?P<c>\d+)|(?P<w>[a-z]+))\b")
_MAY_FOLLOW_MONEY = frozenset(
    [*STOPWORDS, *_WORDS["money_after"], *_WORDS["money_words"], *_MONEY["pay_words"]]
)
_COLUMN_BEFORE = re.compile(
    rf"\bC(\d+)\s+(?:(?:{alternation(_WORDS['column_links'])})\s+)?(?:(?:{alternation(_WORDS['articles'])})\s+)?$"
)


def _column_scale(column: str) -> float:
    """What one unit of ``column`` is worth ("salary_in_thousands": 1000), else 1."""
    words = name_words(column)
    return _COLUMN_SCALES.get(words[-1], 1.0) if words else 1.0


def money_bounds(r: Reading) -> list[Filter]:
    """The bounds said as money amounts, on the one money column, blanked from
    ``r.skeleton``; with no such column or several, named in ``r.unapplied``."""
    out: list[Filter] = _money_ranges(r)
    for op, pattern in _MONEY_BOUNDS:
        for m in list(pattern.finditer(r.skeleton)):
            found = pay_columns(r)
            marked = m.group("sign") or m.group("after")
            scale = m.group("scale") or ""
            # "95k", "2 million": a scale; "60 m" (a letter after a space) may be a unit
            scaled = bool(scale) and not (scale[0].isspace() and len(scale.strip()) == 1)
            if not (marked or (scaled and found)):
                continue  # a scale alone is money only in a table that holds money
            if not _says_money(r, m, found):
                continue  # "over 1k reviews", "more than 500 per hour": a count or rate
            before = _COLUMN_BEFORE.search(r.skeleton[: m.start()])
            if before is not None and r.column_at(int(before.group(1))) not in found:
                continue  # "age over 95k": read on the column said
            found = _named(r, before, found)
            said = " ".join(m.group().split())
            if len(found) != 1:
                why = (
                    "a money amount, and the table has no money column"
                    if not found
                    else f"a money amount, and several columns hold money ({', '.join(found)})"
                )
                r.unapplied.append(LeftOut(said, f"{why}; name the column it applies to"))
            elif (other := _another_currency(found[0], m)) is not None:
                r.unapplied.append(LeftOut(said, other))
            else:
                figure = cond.said_number(m.group("n") + (m.group("scale") or ""))
                value = figure / _column_scale(found[0])
                said_at = m.start() if before is None else before.start()
                bound = Filter(found[0], op, _as_number(value))
                out.append(cond.kept_unless_excluded(r, said_at, bound))
            # the money column said right before ("earning at least $70,000") is used by it
            start = m.start() if before is None else before.start()
            r.skeleton = r.skeleton[:start] + " " * (m.end() - start) + r.skeleton[m.end() :]
    return out


def _named(r: Reading, before: re.Match[str] | None, found: list[str]) -> list[str]:
    """The money column said right before the figure ("price between $10 and $20"), which
    the bound is on however many columns hold money; else every money column."""
    return found if before is None else [r.column_at(int(before.group(1)))]


def _money_ranges(r: Reading) -> list[Filter]:
    """ "between $1,500 and $2,500": a range marked as money by a sign or a currency, on
    the one money column (or named as not applied), blanked from ``r.skeleton``."""
    out: list[Filter] = []
    for m in list(_MONEY_RANGE.finditer(r.skeleton)):
        if not (m.group("lowsign") or m.group("sign") or m.group("after")):
            continue
        before = _COLUMN_BEFORE.search(r.skeleton[: m.start()])
        found = pay_columns(r)
        if before is not None and r.column_at(int(before.group(1))) not in found:
            continue  # "age between $1 and $2" is no money column's: the ordinary rules
        found = _named(r, before, found)
        said = " ".join(m.group().split())
        if len(found) != 1:
            why = "a money range, and the table has " + (
                f"several money columns ({', '.join(found)})" if found else "no money column"
            )
            r.unapplied.append(LeftOut(said, f"{why}; name the column it applies to"))
        elif (other := _another_currency(found[0], m)) is not None:
            r.unapplied.append(LeftOut(said, other))
        else:
            scale = _column_scale(found[0])
            low = cond.said_number(m.group("low") + (m.group("lowscale") or m.group("scale") or ""))
            high = cond.said_number(m.group("n") + (m.group("scale") or ""))
            ends = (_as_number(low / scale), _as_number(high / scale))
            said_at = m.start() if before is None else before.start()
            out.append(cond.kept_unless_excluded(r, said_at, Filter(found[0], "between", ends)))
        start = m.start() if before is None else before.start()
        r.skeleton = r.skeleton[:start] + " " * (m.end() - start) + r.skeleton[m.end() :]
    return out


def _another_currency(column: str, m: re.Match[str]) -> str | None:
    """Why a figure said in one currency is not applied to a column in another ("$1,500"
    on ``amount_eur``: no exchange rate is known), else None."""
    marks = [m.group(g) for g in ("sign", "after") if m.group(g)]
    if "lowsign" in m.re.groupindex and m.group("lowsign"):
        marks.append(m.group("lowsign"))
    said = next((code for mark in marks if (code := said_currency(mark)) is not None), None)
    held = column_currency(column)
    if said is None or held is None or said == held:
        return None
    return f"a {said} amount, and {column} is in {held}: I do no currency conversion"


def _says_money(r: Reading, m: re.Match[str], found: list[str]) -> bool:
    """Whether the figure ``m`` is money: a sign or currency says so; a period ("per
    hour") only with a pay verb in the question; a scale only when no other column or
    noun follows ("5k followers" is a count of followers)."""
    if m.group("sign"):
        return True
    after = " ".join((m.group("after") or "").split())
    if after:
        return after not in _PERIODS or _PAY_VERB.search(r.text) is not None
    nxt = _NEXT.match(r.skeleton, m.end())
    if nxt is None:
        return True
    if nxt.group("c") is not None:
        return r.column_at(int(nxt.group("c"))) in found
    return nxt.group("w") in _MAY_FOLLOW_MONEY


def _as_number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
