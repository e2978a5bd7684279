"""Times of day said as conditions: "at 7am", "at 19:00", "between 6pm and 9pm", "before
noon", "in the morning".

An hourly table keeps the hour of the day in a column (``hour``, 0-23) or only in its
timestamps. A time of day is a condition on that hour: the hour column when the table has
one, else the hour of its datetime column. Read before any other condition, so "7" of
"7am" is never taken for a bound on a measure, and blanked from the skeleton. A time the
table cannot place (no hour column, no timestamps with times), or one to the minute
("7:30") on a table that holds only the hour, is named as not applied, never dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from notebook_router.analyst import conditions as cond
from notebook_router.analyst import phrases as ph
from notebook_router.analyst.measured_by import said_in_words
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.patterns import alternation, kept_matches
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words, words

_WORDS = table("clock_times")
HOUR_COLUMNS = frozenset(_WORDS["hour_columns"])
"""Column names (lower case) that hold the hour of the day."""
_AM = frozenset(_WORDS["am"])
_NAMED: dict[str, int] = _WORDS["named"]
_HALVES = alternation([*_WORDS["am"], *_WORDS["pm"]])
_LEAD_OPS = {word: op for op, words in _WORDS["leads"].items() for word in words}
_DAY_PARTS: dict[str, list[int]] = _WORDS["day_parts"]
_TIME_OF = frozenset(_WORDS["time_of_words"])


def _time(tag: str, *, bare: bool = False) -> str:
    """A clock time as a pattern whose groups end in ``tag``: "7am", "7:30 pm", "19:00",
    "noon"; with ``bare``, also a lone hour ("from 6 to 9pm": its half comes from the
    other end)."""
    half = rf"\s*(?P<half{tag}>{_HALVES})(?![\w.])"
    lone = rf"|(?P<lone{tag}>\d{{1,2}})(?![\d:])" if bare else ""
    return (
        rf"(?:(?P<h{tag}>\d{{1,2}})(?::(?P<m{tag}>[0-5]\d))?{half}"
        rf"|(?P<hh{tag}>\d{{1,2}}):(?P<mm{tag}>[0-5]\d)\b"
        rf"|(?P<named{tag}>{alternation(_NAMED)})\b{lone})"
    )


_SPAN = re.compile(
    rf"\b(?:{alternation(_WORDS['span']['leads'])})\s+{_time('1', bare=True)}\s*"
    rf"(?:{alternation(_WORDS['span']['joins'])})\s*{_time('2')}"
)
_ONE = re.compile(rf"(?:\b(?P<lead>{alternation(_LEAD_OPS)})\s+)?(?<![\w:]){_time('')}")
_PART = re.compile(rf"\b(?:{alternation(_DAY_PARTS)})\b")


@dataclass(frozen=True, slots=True)
class _Said:
    """One time of day in the question: the hours it keeps, as an operator and value."""

    said: str
    op: str
    value: int | tuple[int, int]
    minutes: bool = False
    """The time is to the minute ("7:30"): the hour alone cannot say it."""


def clock_conditions(r: Reading) -> list[Filter]:
    """The times of day the skeleton holds, as conditions on the table's hour, blanked."""
    said: list[_Said] = []
    for m in list(_SPAN.finditer(r.skeleton)):
        low, high = _hour(m, "1", m), _hour(m, "2", m)
        if low is None or high is None:
            continue
        said.append(_Said(_words(m), "between", (low[0], high[0]), low[1] or high[1]))
        r.skeleton = ph.blank(r.skeleton, m)
    # clock numbers first ("7 in the morning" is 7am), then parts of the day, then named
    # times ("after midnight" is a part of the day, not every hour after 0)
    said += _times(r, named=False)
    for m in list(_PART.finditer(r.skeleton)):
        first, last = _DAY_PARTS[m.group()]
        said.append(_Said(_words(m), "between", (int(first), int(last))))
        r.skeleton = ph.blank(r.skeleton, m)
    said += _times(r, named=True)
    return [f for s in said for f in _condition(r, s)]


def _times(r: Reading, *, named: bool) -> list[_Said]:
    """The single times of day in the skeleton, named ("noon") or numbered ("7am"), blanked."""
    said: list[_Said] = []
    for m in kept_matches(_ONE, r.skeleton, lambda m: _a_time(m, named=named)):
        found = _hour(m, "", None)
        assert found is not None  # kept only when it reads as a time
        op = _LEAD_OPS.get(m.group("lead") or "", "==")
        if op == "<" and found[0] == 0:
            # "before midnight": every hour is, so which ones are meant is not said
            r.unapplied.append(LeftOut(_words(m), "a time of day whose hours are not clear"))
            r.skeleton = ph.blank(r.skeleton, m)
            continue
        said.append(_Said(_words(m), op, found[0], found[1]))
        r.skeleton = ph.blank(r.skeleton, m)
    return said


def _a_time(m: re.Match[str], *, named: bool) -> bool:
    """Whether ``m`` reads as a time of day, named ("noon") or numbered ("7am") as asked."""
    return _hour(m, "", None) is not None and bool(m.group("named")) == named


def _words(m: re.Match[str]) -> str:
    return " ".join(m.group().split())


def _hour(m: re.Match[str], tag: str, other: re.Match[str] | None) -> tuple[int, bool] | None:
    """The hour (0-23) of the time in groups ``tag``, and whether it names minutes; a lone
    hour takes the half of the day from the span's other end."""
    named = m.group(f"named{tag}")
    if named:
        return int(_NAMED[named]), False
    if m.group(f"hh{tag}"):
        hour, minutes = int(m.group(f"hh{tag}")), m.group(f"mm{tag}")
        return (hour, minutes != "00") if hour <= 23 else None
    lone = m.groupdict().get(f"lone{tag}")
    if lone is not None and other is not None:
        half = other.group("half2")
        return _twelve(int(lone), half) if half else None
    if m.group(f"h{tag}") is None:
        return None
    found = _twelve(int(m.group(f"h{tag}")), m.group(f"half{tag}"))
    minutes = m.group(f"m{tag}")
    return (found[0], bool(minutes and minutes != "00")) if found else None


def _twelve(hour: int, half: str) -> tuple[int, bool] | None:
    """A 12-hour clock's hour on the 24-hour clock: 12am is 0, 12pm 12, 7pm 19."""
    if not 1 <= hour <= 12:
        return None
    if half in _AM:
        return (0 if hour == 12 else hour), False
    return (12 if hour == 12 else hour + 12), False


def _condition(r: Reading, s: _Said) -> list[Filter]:
    """``s`` as a condition on the hour column, else on the datetime column's hour."""
    column = hour_column(r)
    stamps = None if column else stamp_column(r)
    if column is None and stamps is None and len(_timed_columns(r)) > 1:
        named = ", ".join(_timed_columns(r))
        r.unapplied.append(
            LeftOut(s.said, f"a time of day: the question names none of the timestamps ({named})")
        )
        return []
    if column is None and stamps is None:
        r.unapplied.append(LeftOut(s.said, "a time of day: no column holds the hour"))
        return []
    if s.minutes:
        r.unapplied.append(LeftOut(s.said, "a time to the minute: I read hours only"))
        return []
    hours = _hours(s)
    if stamps is not None:
        kept = tuple(sorted(hours))
        return [Filter(stamps, "hour", kept[0] if len(kept) == 1 else kept)]
    assert column is not None
    other = _timed_by_a_verb(r, column)
    if other:  # "departed before 6 am": ``dep_time``'s clock, or the ``hour`` scheduled?
        why = f"a time of day read on {column}; {' or '.join(other)} may hold it"
        r.unapplied.append(LeftOut(s.said, why))
    if s.op == "between" and isinstance(s.value, tuple):
        low, high = s.value
        if low <= high:
            return [Filter(column, "between", (low, high))]
        return [Filter(column, "isin", tuple(sorted(hours)))]
    return [Filter(column, s.op, s.value)]


def _timed_by_a_verb(r: Reading, hour: str) -> list[str]:
    """The other number columns named for a time that a word of the question begins
    ("departed" of ``dep_time``, "arrived" of ``arr_time``): the time of day may be theirs."""
    said = r.text.lower().split()
    return [
        c
        for c in r.schema.of_kind("number")
        if c != hour
        and set(parts := identifier_words(c)) & _TIME_OF
        and any(said_in_words(p, said) for p in parts if p not in _TIME_OF)
    ]


def _hours(s: _Said) -> set[int]:
    """The hours of the day ``s`` keeps (a span past midnight wraps)."""
    if isinstance(s.value, tuple):
        low, high = s.value
        if low <= high:
            return set(range(low, high + 1))
        return set(range(low, 24)) | set(range(0, high + 1))
    v = s.value
    return {
        "==": {v},
        "<": set(range(0, v)),
        ">=": set(range(v, 24)),
    }.get(s.op, {v})


def hour_column(r: Reading) -> str | None:
    """The number column named as the hour of the day, whose values are hours (0-23)."""
    for column in r.schema.of_kind("number", "category"):
        if column.strip().lower() not in HOUR_COLUMNS:
            continue
        values = r.schema.column(column).values
        if values and all(isinstance(v, (int, float)) and 0 <= v <= 23 for v in values):
            return column
    return None


def stamp_column(r: Reading) -> str | None:
    """The datetime column whose values hold times of day (not every one at midnight): the
    one the question names ("dropoffs at 7am" of a table with pickup and dropoff), else
    the only one; with several and none named, none (the time is not applied)."""
    timed = _timed_columns(r)
    hint = cond.date_column(r) if r.date_hint else None
    if hint in timed:
        return hint
    said = {stem(w) for w in words(r.text.lower())}
    named = [c for c in timed if any(stem(w) in said for w in identifier_words(c))]
    if len(named) == 1:
        return named[0]
    return timed[0] if len(timed) == 1 else None


def _timed_columns(r: Reading) -> list[str]:
    """The datetime columns whose values hold times of day."""
    frame = r.schema.frame
    found = []
    for column in r.schema.of_kind("datetime"):
        if frame is None or column not in frame:
            found.append(column)
            continue
        stamps = frame[column].dropna()
        if len(stamps) and bool((stamps.dt.hour != 0).any()):
            found.append(column)
    return found
