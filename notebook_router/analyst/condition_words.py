"""Words that say which rows, left out of the answer: the accounting of condition words.

A question's content word ends up linked (a column or a value the operation uses),
consumed (a function word, a word a rule read), or left over. The word accounting in
:mod:`.accounting` checks the links; this module catches the words that say a
*condition* and were let through as something else, or as nothing:

- A column the question names only to choose rows ("average price of homes *with a
  garage*") that the operation measures beside the measure asked for (a two-column mean
  ``{'price': ..., 'garage': ...}``): the condition was never applied.
- A count of a column that no row lacks ("how many women have no *children*" answered
  by ``children.count()``): it counts every row, so the column's word chose nothing.
- A word that is exactly a value of a text column ("returned", "used", "new") left
  unlinked (it is also an everyday or operation word) and unused by the operation.
- A word that shares its stem with a column the answer does not use ("delayed" of
  ``delay_minutes``).
- A part of the calendar ("the first quarter", "Q3", "on weekends", "in the 1990s") or
  an ordinal ("12th graders") left in the question with nothing reading it.

Each is named as left out, in the user's words, so the answer is partial and says what
it did not apply, never a complete-looking answer to a simpler question.
"""

from __future__ import annotations

import re

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.everyday_values import modifies_rows
from notebook_router.analyst.linking import Mention
from notebook_router.analyst.reading import IGNORED, OPERATION_WORDS, Reading
from notebook_router.analyst.spec import Filter, LeftOut, Spec
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import in_order
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import word_spans

_WORDS = table("condition_words")
_LISTED = re.compile(
    rf"\bC\d+\s*(?:{alternation(_WORDS['list_joins'])})\s*"
    rf"(?:(?:{alternation(_WORDS['list_fillers'])})\s+)?$"
)
"""A column said right after another one and a list join: measured with it."""
_COUNTED = re.compile(
    rf"\b{in_order(tuple(_WORDS['counted_leads']))}\s+"
    rf"(?:(?:{alternation(_WORDS['counted_fillers'])})\s+)?$"
)
_LEADS = frozenset(_WORDS["phrase_leads"])
_PERIODS = frozenset(_WORDS["period_words"])
_SUFFIXED = re.compile(
    rf"(?<![\w.])(?P<num>\d+)(?:{alternation(_WORDS['number_suffixes'])})(?![\w])"
)
_CODE = re.compile(rf"(?<![\w.])(?:{alternation(_WORDS['period_codes'])})[1-4](?![\w.])")
_STATISTIC_WORDS = frozenset(
    w
    for section in ("aggregations", "order")
    for words in table("analysis")[section].values()
    for phrase in words
    for w in phrase.split()
)
_VERBS = frozenset(table("analysis")["conditions"]["verbs"])
_MEASURING_OPS = frozenset({"statistic", "groupby"})


def unapplied_condition_words(r: Reading, spec: Spec, used: set[str]) -> list[LeftOut]:
    """What the question says about which rows that ``spec`` does not apply; ``used`` is
    every column ``spec`` reads."""
    return [
        *_measured_as_condition(r, spec),
        *_count_of_a_full_column(r, spec),
        *_unlinked_values(r, spec),
        *_words_of_unused_columns(r, used),
        *_unread_periods(r, spec, used),
        *_unread_had_words(r, spec),
        *_unused_split(r, spec),
    ]


def _phrase(r: Reading, m: Mention) -> str:
    """The mention with the words that lead its condition ("with a garage")."""
    start = m.start
    for _ in range(3):
        before = re.search(r"([a-z']+) $", r.text[:start])  # a blanked name stops it
        if before is None or before.group(1) not in _LEADS:
            break
        start = before.start(1)
    return r.text[start : m.end].strip()


def _token_at(r: Reading, index: int) -> re.Match[str] | None:
    return re.search(rf"\bC{index}\b", r.skeleton)


def _measured_as_condition(r: Reading, spec: Spec) -> list[LeftOut]:
    """A column measured beside the one a statistic was asked of, though the question
    names it only where it says which rows ("average price of homes with a garage")."""
    if spec.op not in _MEASURING_OPS or len(spec.columns) < 2 or not r.measured:
        return []
    out = []
    for index, m in enumerate(r.mentions):
        if m.is_value or m.column not in spec.columns or m.column in r.measured:
            continue
        token = _token_at(r, index)
        if token is None or _LISTED.search(r.skeleton[: token.start()]):
            continue  # used up by a rule, or listed with a measure ("price and sqft")
        why = (
            f"a condition on {m.column} (which rows), which I did not apply: the answer "
            f"gives the {' and '.join(spec.aggs)} of {m.column} beside {r.measured[0]}"
        )
        out.append(LeftOut(_phrase(r, m), why))
    return out


def _count_of_a_full_column(r: Reading, spec: Spec) -> list[LeftOut]:
    """A count of a column no row lacks, the column said where a condition is ("how many
    women have no children"): it counts every row, so the column's word chose nothing."""
    frame = r.schema.frame
    if spec.op != "statistic" or spec.aggs != ("count",) or frame is None:
        return []
    out = []
    for index, m in enumerate(r.mentions):
        if m.is_value or m.column not in spec.columns or m.column not in frame.columns:
            continue
        token = _token_at(r, index)
        if token is None or _COUNTED.search(r.skeleton[: token.start()]):
            continue  # "how many children values", "the count of children": what is counted
        if r.text[m.start : m.end].strip() in IGNORED:
            continue  # "in the table" of a ``table`` column: a word about the data itself
        try:
            full = bool(frame[m.column].notna().all())
        except (TypeError, ValueError, AttributeError):
            continue
        if full:
            why = (
                f"a condition on {m.column}, which I did not apply: every row has a "
                f"{m.column} value, so the count is of every row"
            )
            out.append(LeftOut(_phrase(r, m), why))
    return out


def _left_words(r: Reading) -> set[str]:
    """The words of the question no mention took and no rule used up."""
    return {w for w, _, _ in word_spans(r.skeleton) if not re.fullmatch(r"[cvd]\d+", w)}


def _operation_words_of(r: Reading) -> set[str]:
    """Operation words the question says as its own ("how many *missing* values",
    "*forecast* sales"), not as which rows: no value left unapplied when the answer is
    that operation (a plain statistic or group answer did not do what the word asks)."""
    toks = word_spans(r.skeleton)
    words = [w for w, _, _ in toks]
    tokens = [bool(re.fullmatch(r"[cvd]\d+", w)) for w in words]
    return {
        w
        for i, (w, _, end) in enumerate(toks)
        if w in OPERATION_WORDS
        and not modifies_rows(words, i, r.skeleton[end:], lambda j: tokens[j])
    }


def _applies(f: Filter, column: str, value: object) -> bool:
    if f.column != column:
        return False
    values = f.value if isinstance(f.value, tuple) else (f.value,)
    return any(str(v).lower() == str(value).lower() for v in values) or f.op == "!="


def _unlinked_values(r: Reading, spec: Spec) -> list[LeftOut]:
    """A word that is exactly a value of a text column ("returned", "used"), left unlinked
    because it is also an everyday word, and not used by any condition."""
    index = r.schema.values
    if index is None:
        return []
    conditions = (*spec.filters, *spec.measure, *spec.lookup)
    out = []
    own = _operation_words_of(r) if spec.op not in _MEASURING_OPS else set()
    for word in sorted(_left_words(r) - own):
        if word in _STATISTIC_WORDS or len(word) < 3:
            continue
        for said in dict.fromkeys((word, word[:-1] if word.endswith("s") else word)):
            hits = [h for h in index.by_words.get((said,), []) if str(h.value).lower() == said]
            hits = [h for h in hits if not any(_applies(f, h.column, h.value) for f in conditions)]
            if hits and all(h.column not in spec.group_by for h in hits):
                why = f"a value of {hits[0].column} I did not filter on"
                out.append(LeftOut(word, why))
                break
    return out


def _first_stem(name: str) -> str:
    """The stem of a name's first word: what the column is of ("delay" of delay_minutes)."""
    words = re.findall(r"[a-z]+", str(name).lower())
    return stem(words[0]) if words and len(words[0]) >= 3 else ""


def _words_of_unused_columns(r: Reading, used: set[str]) -> list[LeftOut]:
    """A left-over word sharing its stem with a column the answer does not use ("were
    delayed" of ``delay_minutes``): a condition on that column, not applied."""
    out = []
    for word in dict.fromkeys(r.unknown_words()):
        if word in IGNORED or word in OPERATION_WORDS or word in _VERBS:
            continue  # "how many homers did they hit": the question's verb names no column
        if stem(word) == stem(r.frame.lower()):
            continue  # "how many wines": what the rows are
        columns = [c for c in r.schema.names() if stem(word) == _first_stem(c)]
        if len(columns) == 1 and columns[0] not in used:
            out.append(
                LeftOut(word, f"a word of the column {columns[0]}, which the answer does not use")
            )
    return out


def _unread_periods(r: Reading, spec: Spec, used: set[str]) -> list[LeftOut]:
    """A part of the calendar ("first quarter", "weekends", "1990s", "Q3") or an ordinal
    ("12th") the question still holds when the operation is chosen: nothing read it."""
    out = []
    left = _left_words(r)
    bare = re.sub(r"\b[CVD]\d+\b", " ", r.skeleton)
    for word, start, end in word_spans(r.text):
        if _COUNTED.search(r.text[:start]):
            continue  # "how many seasons", "the number of quarters": what is counted
        if word in _PERIODS and word in left:
            out.append(LeftOut(_period_phrase(r.text, start, end), "a period I did not filter on"))
    numbers = _spec_numbers(spec)
    for m in _SUFFIXED.finditer(bare):
        if float(m.group("num")) not in numbers:
            out.append(LeftOut(m.group(), "a period or rank I did not apply"))
    dated = bool(r.schema.of_kind("datetime", "date", "datetext"))
    by_period = any(_PERIODS & set(re.findall(r"[a-z]+", str(c).lower())) for c in used)
    if dated and spec.quantile is None and not by_period:
        # "Q3" may have been read as a quartile, which an operation with none does not use
        said = r.question.lower()
        quarters = {f.value for f in spec.filters if f.op == "quarter"}
        names = {str(c).lower() for c in r.schema.names()}
        out += [
            LeftOut(m.group(), "a period I did not filter on")
            for m in _CODE.finditer(said)
            if int(m.group()[-1]) not in quarters and m.group() not in names
        ]  # a code that is a column's name ("mean q2 score" of a ``q2`` column) is the column
    return out


_HAD = table("condition_words")["presence"]
_HAD_LEAD = re.compile(rf"\b{in_order(tuple([*_HAD['lacking'], *_HAD['having']]))}\s+$")
_ROW_OPS = frozenset({"statistic", "count", "percentage", "groupby", "rows", "shape"})


def _unread_had_words(r: Reading, spec: Spec) -> list[LeftOut]:
    """A word no column or value holds, said as what the rows have or lack ("students
    with perfect attendance"): a condition nothing in the table can apply."""
    if spec.op not in _ROW_OPS:
        return []
    unknown = set(r.unknown_words())
    out = []
    spans = word_spans(r.text)
    for i, (word, start, end) in enumerate(spans):
        lead = _HAD_LEAD.search(r.text[:start])
        if word not in unknown or lead is None:
            continue
        for after, _, after_end in spans[i + 1 : i + 3]:
            if after not in unknown:
                break
            end = after_end  # "with perfect attendance": the words the condition is said in
        why = "a condition no column of the table holds"
        out.append(LeftOut(r.text[lead.start() : end], why))
    return out


_SPLIT_OPS = frozenset({"resample", "trend", "plot", "pivot", "forecast"})


def _unused_split(r: Reading, spec: Spec) -> list[LeftOut]:
    """A split by period read from the question ("per month", "monthly") that the
    operation does not make: one figure for what asked for one per period."""
    if not r.freq or spec.freq or spec.date_column or spec.op in _SPLIT_OPS:
        return []
    by = ph.split_said(r.text.lower())
    if by and any(by in re.findall(r"[a-z]+", c.lower()) for c in spec.group_by):
        return []  # "revenue by month" grouped by a `month` column: the split is made
    said = [
        w
        for w, code in ph.FREQS.items()
        if code == r.freq and re.search(rf"\b{re.escape(w)}\b", r.text)
    ]
    return [LeftOut(said[0] if said else r.freq, "a split by period the answer does not make")]


def _period_phrase(text: str, start: int, end: int) -> str:
    """ "the first quarter": the period word with the word that says which one."""
    before = re.search(r"([a-z0-9']+)\s+$", text[:start])
    if before is not None and before.group(1) not in _LEADS:
        return text[before.start(1) : end]
    return text[start:end]


def _spec_numbers(spec: Spec) -> set[float]:
    found: set[float] = set()
    for f in (*spec.filters, *spec.measure, *spec.lookup):
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        found.update(float(v) for v in values if isinstance(v, (int, float)))
    for v in (spec.n, spec.threshold, spec.at, spec.horizon, spec.bin_count):
        if isinstance(v, (int, float)):
            found.add(float(v))
    return found
