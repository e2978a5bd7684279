"""Whether text is an amount, a figure with what it may carry in a table's cell: a
currency sign or code ("$1,234.50", "€80", "1,200.00 USD"), thousands separators, and
a minus or parentheses for a negative ("-$45.00", "(45.00)").

The shape is strict, so text that only holds digits is not taken for an amount: an id
("A-1,234"), a phone number ("555-0134"), a version ("1.2.3"), a postcode ("02139", a
leading zero), a percentage ("12%", a share and not an amount) or a decimal comma
("1.234,50", whose figure the English reading would get wrong) is no amount. The signs
and codes are data (``data/amount_texts.toml``).

>>> read_amount("(US$1,234.50)")
Amount(value=-1234.5, currency='USD', sign='US$')
>>> read_amount("A-1,234") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from notebook_router.language.tables import table

_TABLE = table("amount_texts")
SIGNS: dict[str, str] = dict(_TABLE["signs"])
"""Each currency sign and the ISO 4217 code it stands for."""
CODES: frozenset[str] = frozenset(_TABLE["codes"]["codes"])
"""ISO 4217 codes written beside a figure."""


def _either(words: Iterable[str]) -> str:
    # longest first, so "US$" is read before "$"
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_MARK = rf"(?:{_either(SIGNS)}|{_either(CODES)})"
_FIGURE = r"(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)(?:\.\d+)?"
"""A figure: thousands grouped by commas (or not at all), an optional decimal part; a
leading zero ("02139") is a code's, never an amount's."""
_SHAPE = re.compile(
    rf"\s*(?P<open>\()?\s*(?P<minus1>-)?\s*(?:(?P<before>{_MARK})\s*)?(?P<minus2>-)?\s*"
    rf"(?P<figure>{_FIGURE})\s*(?P<after>{_MARK})?\s*(?P<close>\))?\s*"
)


@dataclass(frozen=True, slots=True)
class Amount:
    """One amount read from text: its value, and its currency code and sign when written
    ('' when the text carries none)."""

    value: float
    currency: str = ""
    sign: str = ""


@dataclass(frozen=True, slots=True)
class AmountTexts:
    """A column of text whose every value is an amount: the currency codes written in it
    (none for plain figures with separators) and the signs or codes as written."""

    currencies: tuple[str, ...]
    signs: tuple[str, ...]

    @property
    def mixed(self) -> bool:
        """Amounts in more than one currency: never added up or compared as one figure."""
        return len(self.currencies) > 1

    @property
    def unit(self) -> str:
        """The one sign or code the column is written in ('' when none or several)."""
        return self.signs[0] if len(self.signs) == 1 else ""


def read_amount(text: str) -> Amount | None:
    """The amount ``text`` writes, or None when it is not one (see the module)."""
    m = _SHAPE.fullmatch(text)
    if m is None or bool(m["open"]) != bool(m["close"]):
        return None
    if m["before"] and m["after"]:
        return None  # "$80 USD": two marks, not a shape cells are written in
    if sum(bool(m[g]) for g in ("open", "minus1", "minus2")) > 1:
        return None  # "(-45)", "--45": no single reading
    sign = m["before"] or m["after"] or ""
    value = float(m["figure"].replace(",", ""))
    negative = bool(m["open"] or m["minus1"] or m["minus2"])
    return Amount(-value if negative else value, SIGNS.get(sign, sign), sign)


def amount_texts(values: Iterable[object]) -> AmountTexts | None:
    """How a column of ``values`` (its non-missing ones) writes amounts, or None when
    any value is no amount, or none is marked as one (a sign, a code, a thousands
    separator or parentheses): a column of bare digits written as text is a code's."""
    currencies: dict[str, None] = {}
    signs: dict[str, None] = {}
    marked = seen = False
    for value in values:
        if not isinstance(value, str):
            return None
        amount = read_amount(value)
        if amount is None:
            return None
        seen = True
        if amount.currency:
            currencies[amount.currency] = None
            signs[amount.sign] = None
        marked = marked or bool(amount.currency) or "," in value or "(" in value
    if not (seen and marked):
        return None
    return AmountTexts(tuple(currencies), tuple(signs))


__all__ = ["CODES", "SIGNS", "Amount", "AmountTexts", "amount_texts", "read_amount"]
