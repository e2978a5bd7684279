"""Text that holds dates, compared as dates: which columns the code parses first, and
what the answer says of the values that are no date.

A CSV's dates arrive as text ("1992-04-30", "04/30/1992"). A condition on their year,
month or order ("in 2015", "after 1992-04-30") compares dates, so the code parses the
column with ``pd.to_datetime(..., errors="coerce")`` before filtering: never ``.dt`` on
text (an error), never text compared as text ("04/30/2015" > "01/01/2016" is false).
A value that does not parse is no date of any period, so its row is left out of the
condition, and the answer names how many such rows there are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, Spec, parsed_texts

_DATE_PARTS = ("year", "years", "month", "quarter", "hour")
_ORDER = (">", ">=", "<", "<=", "between")
_ORDERED_AGGS = frozenset({"min", "max"})


def with_parsed_dates(r: Reading, spec: Spec) -> Spec:
    """``spec``, parsing each text column of dates its conditions compare as dates, and
    one whose first or last value is asked."""
    conditions = (*spec.filters, *spec.measure)
    texts = tuple(dict.fromkeys(f.column for f in conditions if _as_dates(r, f)))
    if spec.op == "statistic" and set(spec.aggs) & _ORDERED_AGGS:
        # "the latest release_date": the last date, never the last text ("11/01/2016")
        texts += tuple(c for c in spec.columns if r.kind(c) == "datetext")
    if not texts:
        return spec
    return replace(spec, date_texts=tuple(dict.fromkeys((*spec.date_texts, *texts))))


def _as_dates(r: Reading, f: Filter) -> bool:
    if r.kind(f.column) != "datetext":
        return False
    if f.op.startswith(_DATE_PARTS):
        return True
    values = f.value if isinstance(f.value, tuple) else (f.value,)
    return f.op in _ORDER and all(isinstance(v, str) for v in values)


def unparsed_note(spec: Spec, frame: Any) -> str:
    """A sentence naming the rows whose text is no date, for each column the code parsed
    ('' when every value parsed, or for a frame that is not pandas)."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        return ""
    said = []
    for column in parsed_texts(spec):
        if column not in frame.columns:
            continue
        text = frame[column]
        parsed = pd.to_datetime(text, errors="coerce", format="mixed")
        bad = text[text.notna() & parsed.isna()]
        if len(bad):
            shown = ", ".join(repr(str(v)) for v in bad.drop_duplicates().iloc[:3])
            rows = "row of {} holds" if len(bad) == 1 else "rows of {} hold"
            said.append(f"{len(bad)} {rows.format(column)} no date I could read ({shown})")
    if not said:
        return ""
    return f"({'; '.join(said)}: no date condition or period keeps them.)"
