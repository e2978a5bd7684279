"""The three-way judge of the trust set (tests/data/trust): right, flagged or silent_wrong.

A run is described by an :class:`Outcome`: its status, every value it produced and the
text shown to the user. ``judge(outcome, item)`` says:

- ``flagged`` when the status is ``partial``, ``unable``, ``declined`` or ``failed``: the
  user was told something is missing or went wrong, whatever the values;
- ``right`` when the status is ``fulfilled`` and every part of the item is matched by
  some produced value;
- ``silent_wrong`` when the status is ``fulfilled`` and some part is not matched. A
  fulfilled answer to an item with an ``unanswerable`` part is always silent_wrong:
  such an item's best verdict is ``flagged`` (a decline, or a partial that names what
  is missing), so it is never ``right``. :func:`best_verdict` gives each item's best,
  and :func:`summarise` reports the share of items that reached it.

Matching is about what the numbers are, not how they are dressed:

- number: a scalar (numeric text such as "43.92", "1,234" or "38.2%" counts), or a
  number inside a small container (a Series, DataFrame, dict, list or tuple holding at
  most ``SMALL`` numbers, e.g. a two-row comparison table), within the part's
  tolerance or a relative 1e-6. ``percent`` parts also match a share (38.2 % as
  0.382); ``either_sign`` parts (differences) match in absolute value;
- label: text compared trimmed and case-insensitively, a number or date by its shown
  forms (1980, "2013-12-07"), a boolean as yes/no; also the one element of a
  one-element container, a cell of a one-row table, or an element of a *tuple* (a
  tuple holds the answers to the parts of one question; a list is one answer, such
  as a ranking, and a label inside it is not matched);
- list: a list, tuple, array, Index or Series (its values or its index), a DataFrame
  column or index, or a dict's keys or values: same length, element by element;
- mapping: a dict, a Series (index to values), a DataFrame column against the index,
  or a DataFrame's first text column against another column. Keys compare as text,
  case-insensitive, integral numbers without ".0", dates by their year, quarter,
  month or day form; missing keys (NaN) are ignored; values within tolerance;
- set: any of the list forms, compared as a set of labels.

``heldout(item)`` keeps a fixed third out of tuning (a stable hash of the id).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from numbers import Real
from typing import Any, Literal, Protocol

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

Verdict = Literal["right", "flagged", "silent_wrong"]
VERDICTS: tuple[Verdict, ...] = ("right", "flagged", "silent_wrong")
FLAGGING_STATUSES = frozenset({"partial", "unable", "declined", "failed"})
STATUSES = FLAGGING_STATUSES | {"fulfilled"}

RELATIVE_TOLERANCE = 1e-6
# A container holding at most this many numbers is searched for a number part (a
# comparison table, a describe() row); a longer one is not, so a dump of a whole column
# cannot match a count or a mean by accident.
SMALL = 12


class Outcome(Protocol):
    """What one run produced, as the judge reads it."""

    @property
    def status(self) -> str:
        """One of "fulfilled", "partial", "unable", "declined" or "failed"."""
        ...

    @property
    def values(self) -> Sequence[object]:
        """Every value the answer produced: scalars, text, lists, dicts, Series, frames."""
        ...

    @property
    def text(self) -> str:
        """The answer as shown to the user."""
        ...


def judge(outcome: Outcome, item: Mapping[str, Any]) -> Verdict:
    """right, flagged or silent_wrong for ``outcome`` on ``item`` (see the module doc)."""
    status = outcome.status
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}; expected one of {sorted(STATUSES)}")
    if status in FLAGGING_STATUSES:
        return "flagged"
    parts: Sequence[Mapping[str, Any]] = item["parts"]
    if any(part["kind"] == "unanswerable" for part in parts):
        return "silent_wrong"
    values = list(outcome.values)
    if all(part_matched(part, values) for part in parts):
        return "right"
    return "silent_wrong"


def best_verdict(item: Mapping[str, Any]) -> Verdict:
    """The best verdict ``item`` allows: flagged if any part is unanswerable, else right."""
    unanswerable = any(part["kind"] == "unanswerable" for part in item["parts"])
    return "flagged" if unanswerable else "right"


def part_matched(part: Mapping[str, Any], values: Iterable[object]) -> bool:
    """Whether some produced value (or a view of one) matches ``part``."""
    kind = part["kind"]
    views = [view for value in values for view in _views(value)]
    if kind == "number":
        return any(_number_matches(part, number) for view in views for number in _numbers(view))
    if kind == "label":
        expected = str(part["answer"]).strip().casefold()
        return any(expected in forms for view in views for forms in _label_candidates(view))
    if kind == "list":
        return any(_same_list(part, got) for view in views for got in _sequences(view))
    if kind == "set":
        members = {str(a).strip().casefold() for a in part["answer"]}
        return any(_label_set(got) == members for view in views for got in _sequences(view))
    if kind == "mapping":
        return any(_same_mapping(part, got) for view in views for got in _mappings(view))
    if kind == "unanswerable":
        return False
    raise ValueError(f"unknown part kind {kind!r}")


# ----------------------------------------------------------------------------- views


def _views(value: object, depth: int = 0) -> Iterator[object]:
    """``value`` and the values inside it a reader would take as answers in their own
    right: a frame's columns, the items of a tuple or list of results, a dict's values."""
    yield value
    if depth >= 2:
        return
    if isinstance(value, pd.DataFrame):
        for column in value.columns:
            yield value[column]
        if value.shape[1] >= 2 and not _is_numeric(value.iloc[:, 0]):
            labels = value.iloc[:, 0].tolist()
            for column in value.columns[1:]:
                yield pd.Series(value[column].tolist(), index=labels, name=column)
    elif isinstance(value, Mapping):
        for inner in value.values():
            if not _is_scalar(inner):
                yield from _views(inner, depth + 1)
    elif isinstance(value, tuple):
        # A tuple is the answers to the parts of one question ("msleep, by 3"): each is
        # an answer in its own right, a label included.
        for inner in value:
            yield from _views(inner, depth + 1)
    elif isinstance(value, list):
        # A list is one answer (a ranking, a selection): a label inside it is not.
        for inner in value:
            if not _is_scalar(inner):
                yield from _views(inner, depth + 1)


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (str, bytes, bool, Real, pd.Timestamp))


def _is_numeric(series: pd.Series) -> bool:
    return bool(pd.api.types.is_numeric_dtype(series)) and not pd.api.types.is_bool_dtype(series)


# ----------------------------------------------------------------------------- numbers


def as_number(value: object) -> float | None:
    """``value`` as a float if it is a number or numeric text, else None (booleans too)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, Real):
        number = float(value)
        return None if math.isnan(number) else number
    if isinstance(value, str):
        text = value.strip().replace(",", "").removesuffix("%").strip()
        try:
            number = float(text)
        except ValueError:
            return None
        return None if math.isnan(number) else number
    item = getattr(value, "item", None)  # a numpy scalar that is not a Real subclass
    if callable(item) and getattr(value, "ndim", None) == 0:
        return as_number(item())
    return None


def _numbers(view: object) -> list[float]:
    """The numbers a view offers to a number part: itself, or a small container's."""
    number = as_number(view)
    if number is not None:
        return [number]
    if isinstance(view, pd.DataFrame):
        cells: list[object] = view.to_numpy().ravel().tolist()
    elif isinstance(view, Mapping):
        cells = list(view.values())
    elif isinstance(view, (list, tuple, set, frozenset)):
        cells = list(view)
    elif hasattr(view, "tolist") and not isinstance(view, (str, bytes)):
        listed = view.tolist()
        cells = listed if isinstance(listed, list) else [listed]
    else:
        return []
    numbers = [n for n in (as_number(cell) for cell in cells) if n is not None]
    return numbers if len(numbers) <= SMALL else []


def _close(got: float, expected: float, tolerance: float) -> bool:
    gap = abs(got - expected)
    # The tiny slack absorbs float noise when an answer sits exactly on a tolerance edge.
    return gap <= tolerance + 1e-12 or gap <= RELATIVE_TOLERANCE * abs(expected)


def _number_matches(part: Mapping[str, Any], got: float) -> bool:
    expected = float(part["answer"])
    tolerance = float(part.get("tolerance", 0))
    candidates = [got]
    if part.get("percent"):
        candidates.append(got * 100)
    if part.get("either_sign"):
        candidates += [-c for c in candidates]
    return any(_close(c, expected, tolerance) for c in candidates)


# ----------------------------------------------------------------------------- labels


def key_forms(key: object) -> set[str]:
    """The texts a label or mapping key may stand for: itself trimmed and case-folded,
    an integral number without ".0", a date as its year, quarter, month or day."""
    if isinstance(key, bool):
        return {"yes", "true"} if key else {"no", "false"}
    if isinstance(key, str):
        return {key.strip().casefold()}
    number = as_number(key)
    if number is not None:
        return {str(int(number)) if number.is_integer() else repr(number)}
    forms = {str(key).strip().casefold()}
    year, month = getattr(key, "year", None), getattr(key, "month", None)
    if isinstance(year, int) and isinstance(month, int):
        day = getattr(key, "day", 1)
        forms |= {
            str(year),
            f"{year}q{(month - 1) // 3 + 1}",
            f"{year}-{month:02d}",
            f"{year}-{month:02d}-{day:02d}",
        }
    return forms


def _is_missing(key: object) -> bool:
    if key is None:
        return True
    try:
        return bool(pd.isna(key))
    except (TypeError, ValueError):
        return False


def _label_candidates(view: object) -> Iterator[set[str]]:
    """The label forms a view offers: a scalar's, or a one-element container's."""
    if _is_scalar(view) or isinstance(view, pd.Timestamp):
        if not _is_missing(view):
            yield key_forms(view)
        return
    if isinstance(view, pd.DataFrame):
        if len(view) == 1:
            for cell in view.iloc[0].tolist():
                if _is_scalar(cell) and not _is_missing(cell):
                    yield key_forms(cell)
            yield key_forms(view.index[0])
        return
    if isinstance(view, (pd.Series, Mapping)):
        items = list(view.items())
        if len(items) == 1:
            label, value = items[0]
            yield key_forms(label)
            if _is_scalar(value) and not _is_missing(value):
                yield key_forms(value)
        return
    elements = _sequence(view)
    if elements is not None and len(elements) == 1 and _is_scalar(elements[0]):
        yield key_forms(elements[0])


# ----------------------------------------------------------------------------- lists and sets


def _sequence(value: object) -> list[object] | None:
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    if isinstance(value, (str, bytes, Mapping, pd.DataFrame)):
        return None
    tolist = getattr(value, "tolist", None)  # numpy arrays, pandas Series and Index
    if callable(tolist) and getattr(value, "ndim", 1) == 1:
        listed = tolist()
        return listed if isinstance(listed, list) else None
    return None


def _sequences(view: object) -> Iterator[list[object]]:
    """The ordered sequences a view offers: itself, a Series' index, a frame's index,
    a dict's keys and values."""
    if isinstance(view, pd.DataFrame):
        yield list(view.index)
        return
    if isinstance(view, Mapping):
        yield list(view.keys())
        yield list(view.values())
        return
    if isinstance(view, pd.Series):
        yield list(view.index)
    elements = _sequence(view)
    if elements is not None:
        yield elements


def _element_matches(got: object, expected: object, tolerance: float, scale: float = 1.0) -> bool:
    """One element of a list or one value of a mapping: a label, or a number (times
    ``scale``, for a share read as a percentage) within tolerance."""
    if isinstance(expected, str):
        return expected.strip().casefold() in key_forms(got)
    number, target = as_number(got), as_number(expected)
    return number is not None and target is not None and _close(number * scale, target, tolerance)


def _same_list(part: Mapping[str, Any], got: list[object]) -> bool:
    expected: list[object] = part["answer"]
    tolerance = float(part.get("tolerance", 0))
    return len(got) == len(expected) and all(
        _element_matches(g, e, tolerance) for g, e in zip(got, expected, strict=True)
    )


def _label_set(got: list[object]) -> set[str] | None:
    """A sequence as a set of labels (dates as YYYY-MM-DD), or None if it holds containers."""
    labels: set[str] = set()
    for element in got:
        if isinstance(element, pd.Timestamp):
            labels.add(element.strftime("%Y-%m-%d"))
        elif _is_scalar(element) and not _is_missing(element):
            labels |= key_forms(element)
        else:
            return None
    return labels


# ----------------------------------------------------------------------------- mappings


def _mappings(view: object) -> Iterator[dict[object, object]]:
    if isinstance(view, Mapping):
        yield dict(view)
    elif isinstance(view, pd.Series):
        yield dict(zip(view.index.tolist(), view.tolist(), strict=True))


def _same_mapping(part: Mapping[str, Any], got: dict[object, object]) -> bool:
    expected = {str(k).strip().casefold(): v for k, v in part["answer"].items()}
    tolerance = float(part.get("tolerance", 0))
    matched: dict[str, object] = {}
    for key, value in got.items():
        if _is_missing(key):
            continue  # a group-by that kept the missing group
        form = next((f for f in key_forms(key) if f in expected and f not in matched), None)
        if form is None:
            return False
        matched[form] = value
    if matched.keys() != expected.keys():
        return False
    scales = [1.0, 100.0] if part.get("percent") else [1.0]
    return any(
        all(_element_matches(matched[k], expected[k], tolerance, scale) for k in expected)
        for scale in scales
    )


# ----------------------------------------------------------------------------- the held-out third


def heldout(item: Mapping[str, Any]) -> bool:
    """True for the third of the items kept out of tuning, fixed by the id's SHA-256.

    The whole digest is read as one integer, so each id has exactly a one-in-three
    chance (the analyst set's first-byte rule gives 86 in 256)."""
    digest = hashlib.sha256(str(item["id"]).encode()).digest()
    return int.from_bytes(digest, "big") % 3 == 0


# ----------------------------------------------------------------------------- summaries


def _tally(pairs: Sequence[tuple[Mapping[str, Any], Verdict]]) -> dict[str, object]:
    n = len(pairs)
    counts: dict[str, int] = {v: sum(1 for _, got in pairs if got == v) for v in VERDICTS}
    counts["best"] = sum(1 for item, got in pairs if got == best_verdict(item))
    shares = {f"{name}_share": round(c / n, 4) if n else 0.0 for name, c in counts.items()}
    return {"items": n, **counts, **shares}


def summarise(verdicts: Iterable[tuple[Mapping[str, Any], Verdict]]) -> dict[str, object]:
    """Counts and shares of right / flagged / silent_wrong for (item, verdict) pairs:
    overall, on the held-out third, on the rest, and per family. ``best`` counts the
    items that reached their best verdict (right, or flagged for an unanswerable one)."""
    pairs = list(verdicts)
    families = sorted({str(item["family"]) for item, _ in pairs})
    return {
        "overall": _tally(pairs),
        "heldout": _tally([p for p in pairs if heldout(p[0])]),
        "tuning": _tally([p for p in pairs if not heldout(p[0])]),
        "by_family": {
            family: _tally([p for p in pairs if p[0]["family"] == family]) for family in families
        },
    }
