"""Text that holds amounts ("$1,234.50", "€80", "1,200.00 USD", "(45.00)"), read as
numbers: which columns are such text, the code that parses them, and what the answer
says of them.

A CSV's money often arrives as text. Its total, mean, top N or a bound on it ("claims
over $500") are figures of numbers, so the schema calls such a column a number and the
code parses it once, first (``pd.to_numeric`` of the text stripped of its signs,
separators and codes; parentheses are a minus), the way text of dates is parsed
(:mod:`.date_texts`). What an amount is, is read by :mod:`notebook_router.language.amounts`.
Amounts in several currencies are never added up or compared as one figure: the column
stays text, and a question about it is declined with the currencies named.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.schema import MAX_CATEGORIES, SAMPLE_ROWS, Column, Schema
from notebook_router.analyst.spec import Decline, Spec
from notebook_router.language.amounts import AmountTexts, amount_texts

_STRIPPED = r"[^0-9.()-]"
"""What the code strips from an amount's text: its signs, codes, separators, spaces."""
_BRACKETED = r"^\((.*)\)$"
"""An amount in parentheses, a negative one ("(45.00)")."""


def parsed_amounts(text: str, library: str = "pd") -> str:
    """The pandas (or Dask, ``library="dd"``) expression that reads the Series ``text``
    of amounts as numbers (a value that is no amount as NaN, counted in the answer)."""
    return (
        f"{library}.to_numeric({text}.str.replace(r'{_STRIPPED}', '', regex=True)"
        f".str.replace(r'{_BRACKETED}', r'-\\1', regex=True), errors='coerce')"
    )


def read_amounts(frame: Any, columns: tuple[Column, ...]) -> tuple[Any, tuple[Column, ...]]:
    """``columns`` with each text column of amounts in one currency read as a number,
    and ``frame`` with those columns parsed (as the generated code parses them)."""
    import pandas as pd

    read: list[Column] = []
    parsed: dict[str, Any] = {}
    for column in columns:
        texts = column.kind in ("text", "category")
        amounts = (
            (_amounts(frame[column.name]) or _years(column.name, frame[column.name]))
            if texts
            else None
        )
        if amounts is None:
            read.append(column)
        elif amounts.mixed:  # stays text: no figure adds dollars to euros
            read.append(replace(column, amounts=amounts))
        else:
            numbers = _parsed(pd, frame[column.name])
            head = numbers.iloc[:SAMPLE_ROWS].dropna()
            whole = bool(len(head)) and bool((head % 1 == 0).all())
            read.append(Column(column.name, "number", _few(numbers), whole=whole,
                               amounts=amounts))  # fmt: skip
            parsed[column.name] = numbers
    return (frame.assign(**parsed) if parsed else frame), tuple(read)


def _amounts(series: Any) -> AmountTexts | None:
    """How the first values of ``series`` write amounts (every distinct one must be one)."""
    values = series.iloc[:SAMPLE_ROWS].dropna()
    if not len(values):
        return None
    return amount_texts(values.drop_duplicates().tolist())


_YEAR_NAMES = ("year", "yr", "years")
_YEAR_TEXT = r"[12]\d{3}"


def _years(name: str, series: Any) -> AmountTexts | None:
    """A column named for years ("year", "release_year") whose every value is a year
    written as text ("1565"), as a CSV read without types leaves it: read as numbers, so
    "in 1700" and "from 1650 to 1700" compare years, not text. Other bare digits stay
    text: they are a code's ("00123")."""
    words = re.findall(r"[a-z]+", name.lower())
    if not words or words[-1] not in _YEAR_NAMES:
        return None
    values = series.dropna()
    if not len(values) or not all(isinstance(v, str) for v in values):
        return None  # a year written as a number among them would be lost to the parse
    if not values.astype("string").str.fullmatch(_YEAR_TEXT).all():
        return None
    return AmountTexts((), ())


def _few(numbers: Any) -> tuple[float, ...]:
    """The column's values when few, as the schema keeps a number column's."""
    values = numbers.dropna().unique()
    return tuple(float(v) for v in values) if len(values) <= MAX_CATEGORIES else ()


def _parsed(pd: Any, series: Any) -> Any:
    stripped = series.astype("string").str.replace(_STRIPPED, "", regex=True)
    signed = stripped.str.replace(_BRACKETED, r"-\1", regex=True)
    return pd.to_numeric(signed, errors="coerce").astype(float)


def amount_columns(schema: Schema | None) -> tuple[str, ...]:
    """The text columns of amounts in one currency that ``schema`` reads as numbers."""
    if schema is None:
        return ()
    return tuple(c.name for c in schema.columns if c.amounts is not None and c.kind == "number")


def with_parsed_amounts(r: Reading, outcome: Spec | Decline) -> Spec | Decline:
    """``outcome``, parsing first each text column of amounts its parts name (every one
    when it names no column: "describe" reads them all), as the schema read them, or a decline
    when the question names a column of amounts in several currencies."""
    mixed = _mixed_named(r)
    if mixed is not None:
        return mixed
    if not isinstance(outcome, Spec) or outcome.is_series:
        return outcome
    texts = amount_columns(r.schema) if outcome.frame == r.schema.name else ()
    named = _named(outcome)
    if named:  # a spec of every column ("describe") reads them all
        texts = tuple(c for c in texts if c in named)
    if not texts:
        return outcome
    return replace(outcome, amount_texts=texts)


def _named(spec: Spec) -> set[str]:
    """The columns ``spec`` names in any of its parts."""
    conditions = (*spec.filters, *spec.measure, *spec.lookup)
    derived = (spec.derived.left, spec.derived.right) if spec.derived is not None else ()
    return {*spec.columns, *spec.group_by, *(f.column for f in conditions), *derived,
            spec.label_column, spec.date_column} - {""}  # fmt: skip


def _mixed_named(r: Reading) -> Decline | None:
    named = {m.column for m in r.mentions if not m.is_value}
    for column in r.schema.columns:
        amounts = column.amounts
        if column.name in named and amounts is not None and amounts.mixed:
            return Decline(
                f"{column.name} holds amounts in several currencies "
                f"({', '.join(amounts.currencies)}), written as text. Adding, averaging "
                "or comparing them would mix currencies, so I did not. Convert them to "
                "one currency (or keep the rows of one currency) and ask again."
            )
    return None


def amounts_note(spec: Spec, frame: Any, schema: Schema | None) -> str:
    """A sentence saying which columns were read from text as amounts, and naming the
    rows whose text is no amount ('' when no column was read, or for a frame that is
    not pandas)."""
    import pandas as pd

    if not spec.amount_texts or not isinstance(frame, pd.DataFrame):
        return ""
    said = []
    for name in spec.amount_texts:
        if name not in frame.columns:
            continue
        text = frame[name]
        bad = text[text.notna() & _parsed(pd, text).isna()]
        unit = _unit(schema, name)
        read = f"{name} was read from text as numbers{unit} (e.g. {str(text.dropna().iloc[0])!r})"
        if len(bad):
            shown = ", ".join(repr(str(v)) for v in bad.drop_duplicates().iloc[:3])
            read += (
                f"; {len(bad)} of its values are no amount I could read ({shown}) and are left out"
            )
        said.append(read)
    return f"({'; '.join(said)}.)" if said else ""


def _unit(schema: Schema | None, name: str) -> str:
    if schema is None or name not in schema.names():
        return ""
    amounts = schema.column(name).amounts
    if amounts is None or not amounts.currencies:
        return ""
    # the sign as written: "$" is the dollar of more than one country
    return f", in {amounts.unit or amounts.currencies[0]}"
