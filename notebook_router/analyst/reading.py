"""A question read against one frame: its numbers, instructions, mentions and skeleton.

The skeleton is the lower-case question with each column mention replaced by
``C<i>`` and each value mention by ``V<i>`` (``i`` indexes ``mentions``), so the
phrase patterns in the other modules can say "by C" or "C greater than 60"
without knowing any column name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.all_words_said import (
    fully_said_column,
    named_columns_words,
    two_word_names,
)
from notebook_router.analyst.code_qualifiers import code_qualifiers
from notebook_router.analyst.column_nouns import nouns_of_columns
from notebook_router.analyst.currency_measures import currency_mentions
from notebook_router.analyst.defined_codes import defined_codes
from notebook_router.analyst.everyday_values import everyday_values
from notebook_router.analyst.frame_names import named_measure, rows_said_by_name
from notebook_router.analyst.kind_columns import kind_columns
from notebook_router.analyst.linking import (
    Mention,
    abbreviates,
    after_naming_verb,
    find_mentions,
    partial_column,
)
from notebook_router.analyst.listed_values import listed_values
from notebook_router.analyst.place_values import place_mentions
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Derived, Filter, LeftOut
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.numbers import NUM, number, spell_digits
from notebook_router.language.operation_nouns import (
    asks_for_a_label,
    is_operation_noun,
    names_an_operation,
)
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.tables import table, word_list
from notebook_router.language.words import identifier_words, plain, word_spans

IGNORED: frozenset[str] = STOPWORDS | word_list("data_words")
"""Words never linked to a column: function words, words about the table or the asking."""
OPERATION_WORDS: frozenset[str] = word_list("operation_words")
_EXTREMES = frozenset(
    w for agg in ("min", "max") for w in table("analysis")["aggregations"][agg] if " " not in w
)
"""Words that name an operation (a statistic, a chart, a period), never a column."""


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
    unapplied: list[LeftOut] = field(default_factory=list)
    """Parts of the question a rule read and could not apply (a passive change verb
    with no change column), reported as not used."""
    written: str = ""
    """The question as written (case kept), aligned with ``text`` when their lengths agree."""
    negated: set[int] = field(default_factory=set)
    """Mentions of values read as negated ("non-smokers" for habit == "nonsmoker"): used by
    their condition although it names another value."""
    restated: set[int] = field(default_factory=set)
    """Mentions of values whose condition other words say: the end of an open span
    ("seasons before S03" leaves S03 out), a word a parenthesis restates ("boys (sex M)")."""
    measured: list[str] = field(default_factory=list)
    """Number columns a statistic was said of ("total revenue", "sum of revenue"): still
    the column measured when a condition on it used up its mention ("... over 150")."""

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
        if not found and self.derived is None:
            # "total revenue over 150": the statistic's column, used up by its condition
            bounded = {f.column for f in self.filters}
            found = [
                c for c in self.measured if c in bounded and self.kind(c) in ("number", "binary")
            ]
        if not found and self.schema.is_series:
            found = self.schema.of_kind("number", "binary")  # a Series is its own column
        return ([self.derived.name] if self.derived is not None else []) + found

    def unknown_words(self) -> list[str]:
        """Content words that name no column, value, operation or common word."""
        return [
            w
            for w, start, _ in word_spans(self.skeleton)
            if re.fullmatch(r"[a-z][a-z_]{2,}", w)
            and w not in IGNORED
            and not re.fullmatch(r"[cv]\d+", w)
            # "total tickets per order": "order" names rows here, not a sort
            and (w not in OPERATION_WORDS or self._names_things(w, start))
        ]

    def _names_things(self, word: str, start: int) -> bool:
        """Whether an operation word said at ``start`` of the skeleton is a noun of its
        own there: "per order", never "in descending order" or a word that only describes
        the column after it ("the total order amount")."""
        if names_an_operation(self.skeleton, start) or asks_for_a_label(self.skeleton, start):
            return False
        return re.match(r"\s+[CV]\d+\b", self.skeleton[start + len(word) :]) is None


_AMOUNT_LEAD = re.compile(rf"\b(?:{alternation(table('data_names')['amount_leads'])})\s+$")


_NAME_AND_WORD = 2
"""A column named by the table's name and one word more ("flc.grp")."""


def _begins_a_name(said: re.Match[str], text: str, columns: list[str]) -> bool:
    """Whether the frame's name ``said`` and the word after it name one of its columns of
    two words ("flc group" for ``flc.grp`` of a table ``flc``)."""
    after = re.match(r"\s+([a-z]+)", text[said.end() :])
    if after is None:
        return False
    word = after.group(1)
    for column in columns:
        parts = identifier_words(column)
        if len(parts) != _NAME_AND_WORD or parts[0] != said.group(0):
            continue
        if parts[1] == word or abbreviates(parts[1], word):
            return True
    return False


def choose_frame(
    text: str, names: list[str], default: str | None, columns: Mapping[str, list[str]] | None = None
) -> tuple[str | None, str]:
    """The frame the question names (blanked from the text), else the default or the only one.

    A frame named like one of its own columns ("co2" holding a co2 column) is
    chosen but not blanked: the word may mean the column. A name glued to a word before
    it ("e-bikes" of a table ``bikes``) is part of that word, not the table named. A name
    said in the plural ("emails" of ``email``) chooses its frame when no name is said as
    written and no other frame's plural is said.
    """
    for name in sorted(names, key=len, reverse=True):
        m = _frame_said(text, name, columns, plural=False)
        if m:
            return name, _unless_a_column(text, m, name, columns)
    # "how many emails" of a table ``email``: its name in the plural names it too, when
    # no other table's is said so ("orders ... customers" names neither for sure)
    plurals = [(n, m) for n in names if (m := _frame_said(text, n, columns, plural=True))]
    if len(plurals) == 1:
        name, m = plurals[0]
        return name, _unless_a_column(text, m, name, columns)
    if default in names:
        return default, text
    if len(names) == 1:
        return names[0], text
    return None, text


def _frame_said(
    text: str, name: str, columns: Mapping[str, list[str]] | None, *, plural: bool
) -> re.Match[str] | None:
    """Where ``text`` names the frame ``name`` (in the plural, with ``plural``), not as an
    amount of it ("had no absences") nor as the start of one of its columns' names."""
    if plural and name.lower().endswith("s"):
        return None
    ending = "(?:s|es)" if plural else ""
    said = re.finditer(rf"(?<![\w.'-]){re.escape(name.lower())}{ending}(?![\w])", text)
    own = (columns or {}).get(name, [])
    # "had no absences" of a table named absences: an amount of it, not the table;
    # "by flc group" of a table flc with a column flc.grp: the column's name
    return next(
        (
            s for s in said
            if not _AMOUNT_LEAD.search(text[: s.start()]) and not _begins_a_name(s, text, own)
        ),
        None,
    )  # fmt: skip


def _unless_a_column(
    text: str, m: re.Match[str], name: str, columns: Mapping[str, list[str]] | None
) -> str:
    """``text`` with the frame's name blanked, unless the word is one of its columns too."""
    own = [c.lower() for c in (columns or {}).get(name, [])]
    return text if m.group(0) in own else ph.blank(text, m)


def read(question: str, frames: Mapping[str, Schema], default: str | None) -> Reading | str:
    """Read ``question``; a string is returned instead when no frame can be chosen."""
    text = plain(question)
    formats, text = ph.answer_formats(text)
    lower = text.lower()
    digits, lower = ph.rounding(lower)
    level, lower = ph.alpha(lower)
    q, lower = ph.quantile(lower)
    n, asc, lower = ph.top_n(lower)
    lower = spell_digits(lower, _NUMBER_BEFORE, _NUMBER_AFTER)
    columns = {
        name: [*schema.names(), *named_measure(name, schema)] for name, schema in frames.items()
    }
    frame, lower = choose_frame(lower, list(frames), default, columns)
    if frame is None:
        return "no_frame" if not frames else "which_frame"
    schema = frames[frame]
    lower = rows_said_by_name(lower, frame, schema)  # "JFK flights": rows, no flight number
    mentions = _mentions(lower, schema, written=text if len(text) == len(lower) else None)
    skeleton = _skeleton(lower, mentions)
    for m in list(_NUMBER_OF_GROUP.finditer(skeleton)):
        # "by number of cylinders": the groups are the column's values, nothing is counted
        skeleton = skeleton[: m.start("n")] + " " * len(m.group("n")) + skeleton[m.end("n") :]
    freq, skeleton = ph.frequency(skeleton)
    reading = Reading(question, frame, schema, lower, skeleton, mentions, formats, digits, level,
                      q, n, asc, freq)  # fmt: skip
    reading.written = text
    reading.measured = _measured(lower, mentions)
    if not freq:
        _period_from_date_column(reading)
    return reading


_NUMBER_OF_GROUP = re.compile(
    rf"\b(?:{alternation(table('trust')['group_leads'])})\s+(?:the\s+)?(?P<n>number\s+of\s+)C\d+\b"
)
"""A group said as "the number of <column>" ("by number of cylinders", "for each number
of engines"): the column's own values."""
_COMPARISONS = table("analysis")["comparisons"]
# Words after which a number word is a figure of a condition ("below zero", "more than a
# million", "between four and six"), and words before which it is ("five or more").
_LEADS = table("reading_words")["reading"]
_RANGE_FIRST = "|".join(
    rf"{alternation([start])}\s+\d+\s+{alternation([end])}" for start, end in _LEADS["ranges"]
)
_NUMBER_BEFORE = re.compile(
    rf"\b(?:{alternation(p for ps in _COMPARISONS['before'].values() for p in ps if p[0].isalpha())}"
    rf"|{alternation(_LEADS['number_leads'])})\s+$|\b(?:{_RANGE_FIRST})\s+$"
)
_NUMBER_AFTER = re.compile(
    rf"\s*(?:{alternation(p for ps in _COMPARISONS['after'].values() for p in ps)})"
)


_WORDS = table("reading_words")["reading"]
_BY_COLUMN = re.compile(
    rf"\b(?:{'|'.join(map(re.escape, _WORDS['group_leads']))})\s+(?:the\s+)?C(\d+)\b"
)
_PERIOD_IN_NAME = re.compile(rf"({'|'.join(map(re.escape, _WORDS['periods']))})", re.IGNORECASE)


def _period_from_date_column(r: Reading) -> None:
    """ "revenue by month" where ``month`` is a datetime column: resample it monthly.

    The column's name says the period ("order_month", "Date", "week"); a
    datetime grouped as is would give one group per timestamp.
    """
    for m in _BY_COLUMN.finditer(r.skeleton):
        column = r.column_at(int(m.group(1)))
        period = _PERIOD_IN_NAME.search(column)
        if r.kind(column) in ("datetime", "datetext") and period is not None:
            word = period.group(1).lower()
            r.freq = ph.FREQS["day" if word == "date" else word]
            r.date_hint = column
            r.skeleton = ph.blank(r.skeleton, m)
            return


def _mentions(text: str, schema: Schema, written: str | None = None) -> list[Mention]:
    # "per order" names the things a column may hold (``order_id``); "in descending order"
    # names the sort: an operation noun is read as a word of a column only where it is one
    things = {
        w for w, start, _ in word_spans(text)
        if is_operation_noun(w) and not names_an_operation(text, start)
    }  # fmt: skip
    ignore = IGNORED | (OPERATION_WORDS - things)
    found = find_mentions(text, schema, ignore=ignore, written=written)
    if things:  # only then may a mention open with an operation noun: keep those of things
        found = [m for m in found if not _names_the_operation(text, m.start)]
    # "the lightest mass": a superlative says which end, it is no value ("light")
    found = [
        m for m in found
        if not (m.is_value and text[m.start : m.end].strip() in _EXTREMES)
        or after_naming_verb(text, m.start)  # "pets called Max"
    ]  # fmt: skip
    found = [m for m in found if not _said_as_verb(text, m)]
    found = two_word_names(text, found, schema)  # "nightly rate" of rate_per_night
    said = frozenset(stem(w) for w, _, _ in word_spans(text) if w not in ignore)
    for word, start, end in word_spans(text):
        if word in ignore or any(m.start <= start < m.end for m in found):
            continue
        # a column whose words are all said beats one sharing a stem with one of them
        partial = fully_said_column(word, said, schema) or partial_column(word, schema)
        if partial is not None:
            found.append(replace(partial, start=start, end=end))
    found += _month_names(text, schema, found, written)
    found += everyday_values(text, schema, found)
    found += place_mentions(text, schema, found, written)  # "Kenya", "Texas" of a column of codes
    found += listed_values(text, schema, found, written)  # "except Train, Test": both values
    found += currency_mentions(text, schema, found)  # "total euros" of sales_eur
    found += kind_columns(text, schema, found)  # "shipping methods" of ship_sp
    found = named_columns_words(text, found)  # "joint applications" of application_type
    found = _aggregation_before_column(text, sorted(found, key=lambda m: m.start))
    found = nouns_of_columns(text, found, schema)  # "casual rentals": casual's noun
    found = code_qualifiers(text, found, schema)  # "district income": the income
    found = defined_codes(text, found)  # "likely voter (LV)": one mention of LV
    return _names_of_columns(text, found)


def _names_the_operation(text: str, start: int) -> bool:
    """Whether the word at ``start`` is an operation noun naming its operation there."""
    said = text[start:].split(maxsplit=1)
    return bool(said) and is_operation_noun(said[0]) and names_an_operation(text, start)


_SUM_WORDS = frozenset(w for w in table("analysis")["aggregations"]["sum"] if " " not in w)


def _aggregation_before_column(text: str, found: list[Mention]) -> list[Mention]:
    """ "total revenue over 150" in a table with a ``total`` column: the word said just
    before another column's name is the statistic asked of that column, not a column."""
    kept: list[Mention] = []
    for i, m in enumerate(found):
        after = found[i + 1] if i + 1 < len(found) else None
        if (
            not m.is_value
            and text[m.start : m.end].strip() in _SUM_WORDS
            and after is not None
            and not after.is_value
            and after.column != m.column
            and not text[m.end : after.start].strip()
        ):
            continue
        kept.append(m)
    return kept


_STATISTIC_LEAD = re.compile(
    rf"\b(?:{alternation(w for ws in table('analysis')['aggregations'].values() for w in ws)})"
    rf"\s+(?:(?:{alternation(_WORDS['statistic_links'])})\s+)*$"
)
"""A statistic said just before a column ("total revenue", "sum of the revenue")."""


def _measured(text: str, mentions: list[Mention]) -> list[str]:
    """Columns a statistic was said of, in order, without repeats."""
    out: list[str] = []
    for m in mentions:
        if not m.is_value and m.column not in out and _STATISTIC_LEAD.search(text[: m.start]):
            out.append(m.column)
    return out


_MONTH_WORDS = table("trust")["months"]
_MONTH_LEAD = re.compile(rf"\b(?:{alternation(_MONTH_WORDS['leads'])})\s+$")
_MONTH_NAME = re.compile(rf"\b(?:{alternation(ph.MONTHS)})\b")
_MODAL_BEFORE = re.compile(rf"\s+(?:{alternation(_MONTH_WORDS['modal_before'])})\b")


def _month_column(schema: Schema) -> str | None:
    """The column that numbers the months (1 to 12), in a table with no dates to take a
    month from."""
    if schema.of_kind("datetime", "datetext"):
        return None
    for column in schema.columns:
        words = [w for w, _, _ in word_spans(column.name.lower().replace("_", " "))]
        if column.kind != "number" or not column.values or not words:
            continue
        if words[-1] in _MONTH_WORDS["column_words"] and all(
            float(v).is_integer() and 1 <= v <= 12 for v in column.values
        ):
            return column.name
    return None


def _month_names(
    text: str, schema: Schema, found: list[Mention], written: str | None
) -> list[Mention]:
    """ "in June", "May and August": a month's name as a value of the column that numbers
    the months, so it is filtered on, compared, or named as left out like any value."""
    column = _month_column(schema)
    if column is None:
        return []
    out = []
    for m in _MONTH_NAME.finditer(text):
        if any(f.start < m.end() and m.start() < f.end for f in found):
            continue
        capital = written is not None and written[m.start()].isupper()
        led = _MONTH_LEAD.search(text[: m.start()]) is not None
        asks = _MODAL_BEFORE.match(text, m.end()) is not None  # "May I see"
        if m.group(0) == "may" and not led and (asks or not capital):
            continue  # "may" the verb
        number = ph.MONTHS.index(m.group(0)) + 1
        if number in schema.column(column).values:
            out.append(Mention(m.start(), m.end(), column, number, is_value=True, how="value"))
    return out


_VERBS = frozenset(table("analysis")["conditions"]["verbs"])
# "did teams hit", "did hit" (a table's name, "teams", is blanked from the text)
_AFTER_DO = re.compile(
    rf"\b(?:{'|'.join(map(re.escape, _WORDS['auxiliaries']))})\s+(?:(?:the\s+)?[a-z]+\s+)?$"
)


def _said_as_verb(text: str, m: Mention) -> bool:
    """ "how many homers did teams *hit*": the question's verb, which happens to spell a
    column (``hits``), says what the rows did; it names no column."""
    said = text[m.start : m.end].strip()
    return not m.is_value and said in _VERBS and _AFTER_DO.search(text[: m.start]) is not None


def _names_of_columns(text: str, found: list[Mention]) -> list[Mention]:
    """ "city name", "country names": the word "name" says it is that column's values,
    not a column of its own."""
    kept: list[Mention] = []
    for m in found:
        said = text[m.start : m.end].strip()
        after_column = kept and not kept[-1].is_value and not text[kept[-1].end : m.start].strip()
        if said in ("name", "names") and after_column:
            continue
        kept.append(m)
    return kept


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
    m = re.search(NUM, text)
    return number(m.group()) if m else None


def columns_in(skeleton: str, reading: Reading) -> list[str]:
    return [reading.column_at(int(i)) for i in re.findall(r"\bC(\d+)\b", skeleton)]
