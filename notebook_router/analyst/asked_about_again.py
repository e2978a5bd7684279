"""A value asked about again ("... in Newark, and what about Reno?"): a figure per value.

"average price of Electronics in Newark and how about Reno" was read as ``Warehouse in
[Newark, Reno]`` and answered with one mean pooled over both places, as if complete. "what
about" / "how about" before a later value asks the same statistic again of that value in
place of the earlier one: the statistic is then given per value (grouped by the column,
over those values only), every other condition kept for each.
"""

from __future__ import annotations

from notebook_router.analyst.each_value import per_value, pooled_values
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Spec
from notebook_router.language.tables import table

_ABOUT = tuple(table("followups")["what_about"])
_ARTICLES = frozenset(table("each_value")["articles"])


def asked_about_again(r: Reading, spec: Spec) -> Spec | None:
    """``spec`` grouped by the column whose later values were each asked "what about",
    or None when no value was."""
    either = pooled_values(spec)
    if either is None:
        return None
    values = either.value if isinstance(either.value, tuple) else ()
    starts = sorted(
        m.start
        for m in r.mentions
        if m.is_value and m.column == either.column and m.value in values
    )
    if len(starts) < 2 or not all(_after_about(r.text[:start]) for start in starts[1:]):
        return None
    return per_value(spec, either)


def _after_about(before: str) -> bool:
    """``before`` (the text up to a value) ends with "what about", an article allowed."""
    words = before.lower().split()
    while words and words[-1] in _ARTICLES:
        words = words[:-1]
    said = " ".join(words)
    return any(said == a or said.endswith(" " + a) for a in _ABOUT)
