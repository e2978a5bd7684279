"""A question read against one frame: its numbers, instructions, mentions and skeleton.

The skeleton is the lower-case question with each column mention replaced by
``C<i>`` and each value mention by ``V<i>`` (``i`` indexes ``mentions``), so the
phrase patterns in the other modules can say "by C" or "C greater than 60"
without knowing any column name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.schema import Mention, Schema, find_mentions, partial_column, words
from notebook_router.analyst.spec import Derived, Filter

STOPWORDS = set(
    """a an the of in on at to for from by with and or is are was were be been being do does did
    what which who whom whose how many much there their this that these those it its as than then
    per each every all any some me show give tell find compute calculate get list display return
    please can could would you i we our my your data dataset table frame dataframe df column columns
    row rows value values record records entry entries observation observations between among across
    over under into out up down also only just about have has had not no yes if where when while
    after before during above below more less most least same other use using based whether both
    across value variable variables field fields number numbers amount result results answer
    overall have among versus vs against one two three four five first second third last next""".split()
)
OPERATION_WORDS = set(
    """mean average avg median std standard deviation variance var min minimum max maximum sum total
    count unique distinct skew skewness kurtosis mode range quantile percentile quartile iqr
    interquartile describe summary summarize summarise statistics stats descriptive overview
    percentage percent proportion fraction share rate ratio missing null nan na empty outlier outliers
    anomaly anomalies zscore z score correlation correlate correlated pearson spearman kendall
    relationship normal normally distributed distribution gaussian shapiro wilk agostino kolmogorov
    smirnov test p plot chart graph histogram scatter box boxplot bar line pie draw visualize visualise
    trend forecast predict prediction regression regress linear slope fit pivot crosstab group grouped
    groups bin bins bucket buckets top bottom highest lowest largest smallest biggest greatest most
    least rank ranking sorted sort order descending ascending frequency frequencies often common
    frequent daily weekly monthly quarterly yearly annual day week month quarter year years level
    significance alpha round rounded decimal decimals places digits format times plus minus
    divided difference product combined new create add derived equal greater less larger smaller
    older younger aged exactly least lowest many typical rows size shape dtypes type types head
    preview sample whole entire dataframe""".split()
)


@dataclass(slots=True)
class Reading:
    """Everything read from the question before choosing an operation."""

    question: str
    frame: str
    schema: Schema
    text: str
    skeleton: str
    mentions: list[Mention]
    formats: list[ph.AnswerFormat]
    rounding: int | None
    alpha: float
    quantile: float | None
    top: int | None
    ascending: bool | None
    freq: str = ""
    aggs: list[str] = field(default_factory=list)
    filters: list[Filter] = field(default_factory=list)
    derived: Derived | None = None
    bins: tuple[float, ...] = ()
    bin_count: int | None = None
    date_hint: str = ""
    """The date column the question grouped by ("by month" naming a datetime column)."""

    def remaining(self, *kinds: str) -> list[str]:
        """Columns still in the skeleton (not used up as filters or groups), of the given kinds."""
        out: list[str] = []
        for i in re.findall(r"\bC(\d+)\b", self.skeleton):
            column = self.column_at(int(i))
            if column not in out and (not kinds or self.kind(column) in kinds):
                out.append(column)
        return out

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.skeleton) is not None

    def column_at(self, index: int) -> str:
        return self.mentions[index].column

    def mentioned(self, *kinds: str) -> list[str]:
        """Mentioned columns (not values), in order, without repeats, of the given kinds."""
        out: list[str] = []
        for m in self.mentions:
            if m.is_value or m.column in out:
                continue
            if not kinds or self.schema.column(m.column).kind in kinds:
                out.append(m.column)
        return out

    def kind(self, column: str) -> str:
        if self.derived is not None and column == self.derived.name:
            return "number"
        return self.schema.column(column).kind

    def targets(self) -> list[str]:
        """The numeric columns left to measure, the derived one first."""
        found = self.remaining("number", "binary")
        if not found and self.schema.is_series:
            found = self.schema.of_kind("number", "binary")  # a Series is its own column
        return ([self.derived.name] if self.derived is not None else []) + found

    def unknown_words(self) -> list[str]:
        """Content words that name no column, value, operation or common word."""
        taken = " ".join(w for w, _, _ in words(self.skeleton))
        return [
            w
            for w in re.findall(r"[a-z][a-z_]{2,}", taken)
            if w not in STOPWORDS and w not in OPERATION_WORDS and not re.fullmatch(r"[cv]\d+", w)
        ]


def normalise(question: str) -> str:
    """Typographic variants made plain: dashes, quotes, comparison signs."""
    table = {
        "–": "-",
        "—": "-",
        "−": "-",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
        "≥": ">=",
        "≤": "<=",
    }
    for old, new in table.items():
        question = question.replace(old, new)
    return question


def choose_frame(
    text: str, names: list[str], default: str | None, columns: Mapping[str, list[str]] | None = None
) -> tuple[str | None, str]:
    """The frame the question names (blanked from the text), else the default or the only one.

    A frame named like one of its own columns ("co2" holding a co2 column) is
    chosen but not blanked: the word may mean the column.
    """
    for name in sorted(names, key=len, reverse=True):
        m = re.search(rf"(?<![\w.']){re.escape(name.lower())}(?![\w])", text)
        if m:
            own = [c.lower() for c in (columns or {}).get(name, [])]
            return name, (text if name.lower() in own else ph.blank(text, m))
    if default in names:
        return default, text
    if len(names) == 1:
        return names[0], text
    return None, text


def read(question: str, frames: Mapping[str, Schema], default: str | None) -> Reading | str:
    """Read ``question``; a string is returned instead when no frame can be chosen."""
    text = normalise(question)
    formats, text = ph.answer_formats(text)
    lower = text.lower()
    digits, lower = ph.rounding(lower)
    level, lower = ph.alpha(lower)
    q, lower = ph.quantile(lower)
    n, asc, lower = ph.top_n(lower)
    columns = {name: schema.names() for name, schema in frames.items()}
    frame, lower = choose_frame(lower, list(frames), default, columns)
    if frame is None:
        return "no_frame" if not frames else "which_frame"
    schema = frames[frame]
    mentions = _mentions(lower, schema)
    skeleton = _skeleton(lower, mentions)
    freq, skeleton = ph.frequency(skeleton)
    reading = Reading(question, frame, schema, lower, skeleton, mentions, formats, digits, level,
                      q, n, asc, freq)  # fmt: skip
    if not freq:
        _period_from_date_column(reading)
    return reading


_BY_COLUMN = re.compile(r"\b(?:by|per|each|every|for each|over|across)\s+(?:the\s+)?C(\d+)\b")
_PERIOD_IN_NAME = re.compile(r"(day|date|week|month|quarter|year)", re.IGNORECASE)


def _period_from_date_column(r: Reading) -> None:
    """ "revenue by month" where ``month`` is a datetime column: resample it monthly.

    The column's name says the period ("order_month", "Date", "week"); a
    datetime grouped as is would give one group per timestamp.
    """
    for m in _BY_COLUMN.finditer(r.skeleton):
        column = r.column_at(int(m.group(1)))
        period = _PERIOD_IN_NAME.search(column)
        if r.kind(column) == "datetime" and period is not None:
            word = period.group(1).lower()
            r.freq = ph.FREQS["day" if word == "date" else word]
            r.date_hint = column
            r.skeleton = ph.blank(r.skeleton, m)
            return


def _mentions(text: str, schema: Schema) -> list[Mention]:
    ignore = STOPWORDS | OPERATION_WORDS
    found = find_mentions(text, schema, ignore=ignore)
    for word, start, end in words(text):
        if word in ignore or any(m.start <= start < m.end for m in found):
            continue
        column = partial_column(word, schema)
        if column is not None:
            found.append(Mention(start, end, column))
    return sorted(found, key=lambda m: m.start)


def _skeleton(text: str, mentions: list[Mention]) -> str:
    out, last = [], 0
    for i, m in enumerate(mentions):
        out.append(text[last : m.start])
        out.append(f" {'V' if m.is_value else 'C'}{i} ")
        last = m.end
    out.append(text[last:])
    return re.sub(r"[ \t]+", " ", "".join(out))


def mention_index(token: str) -> int:
    return int(token[1:])


def first_number(text: str) -> float | None:
    m = re.search(ph.NUM, text)
    return ph.number(m.group()) if m else None


def columns_in(skeleton: str, reading: Reading) -> list[str]:
    return [reading.column_at(int(i)) for i in re.findall(r"\bC(\d+)\b", skeleton)]
