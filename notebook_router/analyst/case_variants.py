"""Labels that differ only in case or spacing ("Chat", "chat", "CHAT"), which an answer
would otherwise count apart or filter by one spelling of.

A log typed by people holds one channel as "Email", "email" and "EMAIL". "What share of
chat tickets are urgent?" filtered by "Chat" alone, and "tickets per channel" gave eight
channels for four, both presented as complete. Which spellings are one label is the
user's call (a code may tell "DE" from "de"), so nothing is merged: the answer names the
spellings it kept apart, and is partial.
"""

from __future__ import annotations

from collections.abc import Iterable

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec

_MOST_LABELS = 500
"""More distinct labels than this: names or free text, not labels typed in several cases."""


def _spellings(r: Reading, column: str) -> dict[str, list[str]]:
    """Each label of ``column`` written in more than one way, by its folded form."""
    frame = r.schema.frame
    if frame is None or column not in getattr(frame, "columns", ()):
        return {}
    try:
        labels = frame[column].dropna().unique()
    except TypeError:  # unhashable values
        return {}
    if len(labels) > _MOST_LABELS:
        return {}
    folded: dict[str, list[str]] = {}
    for label in labels:
        if isinstance(label, str):
            folded.setdefault(" ".join(label.split()).casefold(), []).append(label)
    return {k: sorted(v) for k, v in folded.items() if len(v) > 1}


def _said(spellings: Iterable[str]) -> str:
    return ", ".join(f"“{s}”" for s in spellings)


def case_variants(r: Reading, spec: Spec) -> list[LeftOut]:
    """A filter on one spelling of a label written several ways, or groups of such a
    column, named with the spellings left apart."""
    out: list[LeftOut] = []
    for f in spec.filters:
        if f.op not in ("==", "!=") or not isinstance(f.value, str):
            continue
        others = _spellings(r, f.column).get(" ".join(f.value.split()).casefold(), [])
        if others:
            out.append(
                LeftOut(
                    f"other spellings of {f.value}",
                    f"{f.column} also holds {_said(s for s in others if s != f.value)}, "
                    f"the same label in other case; I used only “{f.value}”",
                )
            )
    grouped = spec.group_by if spec.op != "value_counts" else (*spec.group_by, *spec.columns)
    for column in dict.fromkeys(grouped):
        spelled = _spellings(r, column)
        if spelled:
            first = next(iter(spelled.values()))
            out.append(
                LeftOut(
                    f"{column} labels in other case",
                    f"{column} writes a label in several cases ({_said(first)}), "
                    "and I counted each spelling as a group of its own",
                )
            )
    return out
