""" "how many items cost more than $10?" where a column says each row's currency: the
rows in dollars.

A table may hold prices in several currencies, with a column naming each row's one
("USD", "EUR", "GBP"). A figure said in a currency ("$10", "150 euros") or an answer
asked in one ("total price in dollars") then speaks of the rows in that currency:
comparing a euro price with ten dollars, or adding euros to dollars, gives a number that
means nothing. The condition ``currency == USD`` is added, so the answer names it ("rows
where price > 10 and currency = USD"). An answer asked *in* a currency of a table that
holds others is partial: the rows in other currencies are not converted (no exchange
rate is known) and the answer says so. A currency no row is in, or several currencies
said at once, is named as not applied, never dropped.

Said as what is measured ("total euros") it is read by
:mod:`~notebook_router.analyst.currency_measures`.
"""

from __future__ import annotations

from notebook_router.analyst.currency_measures import (
    currencies_as_units,
    currency_column,
    named_currencies,
)
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut


def currency_rows(r: Reading, filters: list[Filter]) -> list[Filter]:
    """The condition on the currency column that a currency said as a unit asks for
    (module docstring), or none; what cannot be applied goes to ``r.unapplied``."""
    column = currency_column(r.schema)
    if column is None or named_currencies(r.schema) or any(f.column == column for f in filters):
        return []
    said = currencies_as_units(r.text)
    codes = list(dict.fromkeys(s.code for s in said))
    if not codes:
        return []
    words = " and ".join(dict.fromkeys(r.text[s.start : s.end] for s in said))
    if len(codes) > 1:
        r.unapplied.append(
            LeftOut(
                words,
                f"several currencies said; {column} gives each row's currency, "
                "and I do no currency conversion",
            )
        )
        return []
    values = r.schema.column(column).values
    value = next((v for v in values if str(v).upper() == codes[0]), None)
    if value is None:
        r.unapplied.append(LeftOut(words, f"no row's {column} is {codes[0]}"))
        return []
    converted = [s for s in said if not _beside_a_figure(r.text, s.start, s.end)]
    others = [str(v) for v in values if v != value]
    if converted and others:
        asked = r.text[converted[0].start : converted[0].end]
        r.unapplied.append(
            LeftOut(
                f"in {asked}",
                f"rows in {', '.join(others)} are not converted (no exchange rate is "
                f"known); only rows where {column} = {value} are used",
            )
        )
    return [Filter(column, "==", value)]


def _beside_a_figure(text: str, start: int, end: int) -> bool:
    """Whether the currency at ``start:end`` is a figure's own ("$10", "10 dollars")."""
    after = text[end:].lstrip()
    before = text[:start].rstrip()
    return after[:1].isdigit() or (before[-1:].isdigit() or before[-1:] == "k")
