"""A unit the question asks for, against the unit the measured column is in.

"total handle time *in hours*" of ``handle_time_min``, "average distance *in miles*" of
``distance_km``: the figures are converted between units of one quantity (the factors
are in ``language/data/units.toml``) on a column of their own, named for the unit
("handle_time_min in hours"), and the answer says so. Where no conversion is sound (the
column is in another quantity, another currency, a unit its name does not say, a
statistic that does not scale with the unit), the unit is named as not applied: a figure
in minutes is never passed off as hours.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from notebook_router.analyst.codegen import Program, frame_name
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.data.dask_data import is_dask_collection
from notebook_router.language.lexicon import CURRENCIES
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_UNITS = table("units")
FACTORS: dict[str, tuple[str, float]] = {
    spelling: (quantity, float(factor))
    for quantity, spellings in _UNITS["conversions"].items()
    for spelling, factor in spellings.items()
}
_LAST_IN_NAMES: dict[str, tuple[str, float]] = {
    symbol: (str(quantity), float(factor))
    for symbol, (quantity, factor) in _UNITS["conversions_in_names"].items()
}
_ASKED = _UNITS["asked_units"]
_ALSO_CURRENCY: dict[str, str] = _ASKED["also_currency"]
_CODES: frozenset[str] = frozenset(code.lower() for code in CURRENCIES.values())
_CURRENCY_WORDS: dict[str, str] = {
    **{word: code for word, code in CURRENCIES.items()},
    **{f"{word}s": code for word, code in CURRENCIES.items()},
    **{code.lower(): code for code in CURRENCIES.values()},
}
_SAID = [s for s in FACTORS if s not in set(_ASKED["not_in_questions"])]
_CONVERTING = re.compile(
    rf"\b(?:{alternation(_ASKED['converting'])})\s+"
    rf"(?P<unit>{alternation([*_SAID, *_CURRENCY_WORDS])})\b"
)
_COUNTING = re.compile(
    rf"\b(?:{alternation(_ASKED['counting'])})\s+(?P<unit>{alternation(_SAID)})\b"
)
_SCALING = frozenset({"sum", "mean", "median", "min", "max", "std", "first", "last"})
"""Statistics that scale with the unit (a variance scales with its square: not here)."""
_UNITLESS = frozenset({"count", "size", "nunique"})
_CONVERTED_OPS = frozenset({"statistic", "groupby", "compare"})
_NAME_WORDS = re.compile(r"[A-Za-z]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")

Converter = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class _Asked:
    said: str
    """The words that asked for the unit ("in hours")."""
    unit: str
    quantity: str
    """``time``, ``length``... or ``currency``."""
    factor: float
    """How many of the quantity's base unit one unit holds (a currency's: 1)."""
    converting: bool
    """Said as a unit to give the answer in ("in hours"), not as what is counted."""


def in_asked_unit(question: str, spec: Spec, frames: Mapping[str, Any]) -> tuple[Spec, Converter]:
    """``spec`` measuring the asked unit, and what to do to its program (add the step
    that converts, or nothing); or ``spec`` with the unit named as not applied."""
    asked = _asked(question, _filtered_values(spec))
    frame = frames.get(spec.frame)
    if asked is None or frame is None or not hasattr(frame, "columns"):
        return spec, _unchanged
    spec = _without_unit_word_column(question, spec, asked)
    measured = [c for c in spec.columns if c in frame.columns and c not in spec.group_by]
    if not measured or (spec.aggs and set(spec.aggs) <= _UNITLESS):
        return spec, _unchanged
    gaps: list[LeftOut] = []
    steps: list[tuple[str, str, str]] = []
    for column in measured:
        found = column_unit(column)
        if found is None:
            if asked.converting and asked.quantity != "currency":
                gaps.append(
                    _gap(asked, f"{column}'s unit is not in its name, so it is not converted")
                )
            continue
        unit, quantity, factor = found
        if quantity == "currency" and asked.unit in _ALSO_CURRENCY:  # "in pounds" of pay_gbp
            asked = replace(asked, unit=_ALSO_CURRENCY[asked.unit], quantity="currency")
        if quantity != asked.quantity:
            gaps.append(_gap(asked, f"{column} is in {unit}, not a unit of {asked.quantity}"))
        elif quantity == "currency":
            if unit.upper() != asked.unit:
                gaps.append(_gap(asked, f"{column} is in {unit.upper()}; I have no exchange rate"))
        elif factor != asked.factor:
            if (
                spec.op not in _CONVERTED_OPS
                or not set(spec.aggs) <= _SCALING
                or spec.derived is not None
                or is_dask_collection(frame)
            ):
                gaps.append(_gap(asked, f"{column} is in {unit}; this answer is not converted"))
                continue
            steps.append((column, unit, _scaling(factor / asked.factor)))
    if gaps:
        return replace(spec, left_out=(*spec.left_out, *gaps)), _unchanged
    if not steps:
        return spec, _unchanged
    renamed = {column: f"{column} in {asked.unit}" for column, _, _ in steps}
    spec = replace(spec, columns=tuple(renamed.get(c, c) for c in spec.columns))
    return spec, _converter(spec.frame, asked, steps, renamed)


def _without_unit_word_column(question: str, spec: Spec, asked: _Asked) -> Spec:
    """``spec`` without a column the asked unit's word alone named ("average duration_min
    in hours" of a table with an ``hour`` column: "hours" is the unit, not that column),
    and without the gaps said on that word, which the conversion uses."""
    if not asked.converting or asked.unit not in FACTORS:
        return spec
    said_words = set(_NAME_WORDS.findall(asked.said.lower()))
    rest = _NAME_WORDS.findall(question.lower().replace(asked.said, " "))
    named = [
        c
        for c in spec.columns
        if c not in spec.group_by
        and FACTORS.get(c.strip().lower(), ("", 0.0))[0] == asked.quantity
        and not any(FACTORS.get(w) == FACTORS[c.strip().lower()] for w in rest)
    ]
    if not named or len(named) == len(spec.columns):
        return spec
    kept = tuple(
        g for g in spec.left_out if not set(_NAME_WORDS.findall(g.said.lower())) <= said_words
    )
    return replace(spec, columns=tuple(c for c in spec.columns if c not in named), left_out=kept)


def _unchanged(program: Any) -> Any:
    return program


def _gap(asked: _Asked, why: str) -> LeftOut:
    return LeftOut(asked.said, why)


def _filtered_values(spec: Spec) -> frozenset[str]:
    """The values the rows were picked by, lower-cased: "in HR" names a department there."""
    values: set[str] = set()
    for f in spec.filters:
        for value in f.value if isinstance(f.value, tuple) else (f.value,):
            if isinstance(value, str):
                values.add(value.lower())
    return frozenset(values)


def _asked(question: str, values: frozenset[str] = frozenset()) -> _Asked | None:
    """The unit ``question`` asks its answer in ("in hours", "how many km"); a word the
    rows were picked by (``values``: "average salary in HR") is a value, not a unit."""
    lower = question.lower()
    for pattern, converting in ((_CONVERTING, True), (_COUNTING, False)):
        m = next((m for m in pattern.finditer(lower) if m.group("unit") not in values), None)
        if m is None:
            continue
        unit = m.group("unit")
        if unit in FACTORS:
            quantity, factor = FACTORS[unit]
            return _Asked(m.group().strip(), unit, quantity, factor, converting)
        return _Asked(m.group().strip(), _CURRENCY_WORDS[unit], "currency", 1.0, converting)
    return None


def column_unit(column: str) -> tuple[str, str, float] | None:
    """The unit a column's name says ("handle_time_min": min, time, 60), read from its
    last words: a one-letter symbol only as the very last ("time_s")."""
    words = [w.lower() for w in _NAME_WORDS.findall(_CAMEL.sub(" ", column))]
    if len(words) >= 2 and words[-1] in _LAST_IN_NAMES:
        quantity, factor = _LAST_IN_NAMES[words[-1]]
        return words[-1], quantity, factor
    for i, word in enumerate(reversed(words)):
        if word == "in" and i > 0:
            continue  # "time_in_minutes": the word before the unit
        if word in FACTORS:
            quantity, factor = FACTORS[word]
            return word, quantity, factor
        if word in _CODES and len(words) >= 2:
            return word, "currency", 1.0
    return None


def _scaling(ratio: float) -> str:
    """The code that turns a figure in one unit into another (``* 1000``, ``/ 60``,
    ``* 0.45359237``): the shorter of the product and the quotient, so that a factor
    defined exactly is written exactly."""
    times, per = f"{ratio:.15g}", f"{1 / ratio:.15g}"
    if len(times) < len(per) or (len(times) == len(per) and ratio >= 1):
        return f"* {times}"
    return f"/ {per}"


def _full_name(unit: str) -> str:
    """The unit's longest spelling ("min" -> "minutes"), for the sentence that says it."""
    known = FACTORS.get(unit) or _LAST_IN_NAMES.get(unit)
    same = [s for s, found in FACTORS.items() if found == known]
    return max(same, key=lambda s: (s.endswith("s"), len(s)), default=unit)


def _converter(
    frame: str, asked: _Asked, steps: list[tuple[str, str, str]], renamed: dict[str, str]
) -> Converter:
    name = frame_name(frame)
    assigned = ", ".join(f"{renamed[c]!r}: {name}[{c!r}] {scale}" for c, _, scale in steps)
    line = f"{name} = {name}.assign(**{{{assigned}}})"
    said = "; ".join(
        f"{c} is in {_full_name(unit)}, converted to {_full_name(asked.unit)} "
        f"({scale.replace('*', '×').replace('/', '÷')})"
        for c, unit, scale in steps
    )

    def convert(program: Any) -> Any:
        if not isinstance(program, Program):
            return program
        note = " ".join(n for n in (program.note, f"({said}.)") if n)
        return replace(program, code=f"{line}\n{program.code}", note=note)

    return convert
