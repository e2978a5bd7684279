"""What a "how many <X> ..." question counts, when the answer counts rows.

A row count answers "how many planes have 4 engines" because the rows *are* planes,
even when no column and no table name says "planes": the rest of the clause is all
read (a column, a condition, a function verb). It does not answer "how many hours a
week do pilots fly" or "how many people lost their homes in storms over category 3":
there the counted thing is left over (no column, no value) *and* the clause says more
that nothing read ("fly", "lost", "homes"), so the thing counted is not a row. Such a
count is named as left out, so the answer is partial and says what it could not count.
"""

from __future__ import annotations

import re

from notebook_router.analyst.column_names import is_identifier, name_words
from notebook_router.analyst.linking import abbreviates
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.analyst.values_read import read_as_a_value
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.phrases import in_order
from notebook_router.language.stems import past_form, stem
from notebook_router.language.tables import table
from notebook_router.language.value_words import NAMING_VERBS
from notebook_router.language.words import identifier_words, word_spans

_ANALYSIS = table("analysis")
_FUNCTION_VERBS = (
    frozenset(_ANALYSIS["conditions"]["verbs"])
    | frozenset(_ANALYSIS["unapplied"]["counted_said"])
    | NAMING_VERBS  # "how many pets are called Max"
)
_UNITS = frozenset(_ANALYSIS["conditions"]["units"])
_GENERIC = frozenset(_ANALYSIS["asked"]["generic"])
"""Words that say what kind of thing a column holds ("each religious *category*")."""
_PERIOD_WORDS = table("accounting_periods")
_PERIODS = re.compile(in_order(tuple(_PERIOD_WORDS["counted"])) + "s")
_TIME_NAME = re.compile("(?i)" + in_order(tuple(_PERIOD_WORDS["dated_column"])))
_COUNTED_NAMED = re.compile(r"\b(?:how many|number of)\s+(?:the\s+)?[CV]\d+\b")
_COUNTED = re.compile(r"\b(?:how many|number of)\s+(?:the\s+)?(?P<what>[a-z][a-z'-]+)\b")
_COUNT_WORDS = table("families_words")["count"]
_IN_TOTAL = re.compile(rf"\b{in_order(tuple(_COUNT_WORDS['rows_in_total']))}\b")
_OF = frozenset(table("accounting_grammar")["counted"]["referring"])
"""The word after "how many" in "how many *of* them died": the rows referred to are counted."""
_POSSESSION = frozenset(table("accounting_grammar")["possession"]["verbs"])
_ROW_WORDS = frozenset(stem(w) for w in table("families_words")["shape"]["rows"])


def rows_in_total(r: Reading) -> str:
    """The "in total" of "how many airports are there in total?" (a table ``airports``)
    or "how many rows in all?", else "". The count's noun is the table's own name or a
    word for rows, so the phrase says only that every row is counted: it asks no sum of a
    column, and a question that said no column is not declined for it."""
    found = _IN_TOTAL.search(r.text)
    counted = _COUNTED.search(r.question.lower())
    if found is None or counted is None:
        return ""
    what = stem(counted.group("what"))
    if what in _ROW_WORDS:
        return found.group(0)
    if what != stem(r.frame.lower()) or _counts_it(r, what):
        return ""  # "how many rentals in total?" of ``total_rentals``: a sum, of that column
    return found.group(0)


def _counts_it(r: Reading, root: str) -> bool:
    """Whether a number column's name holds the word (``total_rentals`` for "rentals"; not
    an id, ``order_id``, which numbers the rows)."""
    return any(
        r.kind(c) == "number"
        and not is_identifier(c)
        and root in {stem(w) for w in identifier_words(c)}
        for c in r.schema.names()
    )


def statistic_text(r: Reading) -> str:
    """The question's text less a count's :func:`rows_in_total` phrase: where to look for
    a statistic asked that the answer must compute."""
    said = rows_in_total(r)
    return r.text.replace(said, " ", 1) if said else r.text


def counts_rows(spec: Spec) -> bool:
    """The operation counts rows (overall or per group), measuring no column."""
    if spec.op == "count" and not spec.columns and spec.derived is None:
        return True
    if spec.op == "statistic" and spec.aggs == ("count",) and len(spec.columns) == 1:
        return is_identifier(spec.columns[0])  # "how many patients": ``patient_id`` counted
    if spec.op == "shape" and spec.variant == "rows":
        return True
    return spec.op in ("groupby", "resample") and spec.aggs == ("size",)


def uncounted(r: Reading, spec: Spec) -> list[LeftOut]:
    """ "how many <X> <verb> ..." answered by a row count where X names nothing of the
    table and another content word of the clause is left over: what X counts is not
    what the rows are."""
    if not counts_rows(spec):
        return []
    m = _COUNTED.search(r.skeleton)
    if m is None:
        kinds = _unread_kinds(r, set(r.unknown_words()), spec)
        if kinds:
            return [LeftOut(kinds, "a kind of row no column holds")]
        named = _COUNTED_NAMED.search(r.skeleton)  # "how many C0 relapsed": ``patient_id``
        frame = stem(r.frame.lower())
        after = [] if named is None else [w for w, _, _ in word_spans(r.skeleton[named.end() :])]
        unread = [w for w in r.unknown_words() if w in after and not _read_anyway(r, w, frame)]
        if unread and (spec.op == "shape" or not (spec.filters or spec.measure)):
            # (with conditions read, a verb may be theirs; with none, it is the condition:
            # "how many flights were cancelled?" of each row's ``flight`` number)
            said = " ".join(unread)
            return [LeftOut(said, "a condition no column holds: I counted every row")]
        if after and after[0] in unread and _done_by_them(after):
            # "how many C0 died in ward A": the verb said of what is counted, beside the
            # condition read, is a condition of its own
            return [LeftOut(after[0], "a condition no column holds")]
        return []
    what = m.group("what")
    unknown = r.unknown_words()
    frame = stem(r.frame.lower())
    in_total = rows_in_total(r)
    others = [
        w
        for w in dict.fromkeys(unknown)
        if w != what
        and not _read_anyway(r, w, frame)
        and r.skeleton.find(w) > m.start()
        and w not in in_total.split()  # "how many orders are there altogether?"
        and not re.search(rf"\b{re.escape(what)}\s+(?:and|or)\s+{re.escape(w)}\b", r.text)
    ]  # (not "men and women": things counted together)
    if spec.op == "shape" and re.search(
        rf"\b{re.escape(r.frame.lower())}\b", r.question.lower()[m.end() :]
    ):
        return []  # "how many students answered the survey" of ``survey``: its rows
    said_from = [w for w, _, _ in word_spans(r.skeleton[m.start("what") :])]
    table_counted = _counts_the_table(r)
    after = said_from if table_counted else said_from[1:]  # the words after what is counted
    if table_counted:  # "how many patients died?" of ``patients``: the name is
        # blanked, so the word found is the verb after it, a condition like any other
        others = [w for w in dict.fromkeys([what, *others]) if w in unknown]
        others = [w for w in others if not _read_anyway(r, w, frame)]
        what = ""
    if not what or what not in unknown or what in _OF:
        kinds = _unread_kinds(r, set(unknown), spec)
        if kinds:  # "how many Canadian *mining* firms": Canadian read, mining not
            return [LeftOut(kinds, "a kind of row no column holds")]
        # "how many patients died?", "how many of them died?", "how many orders were
        # refunded in region N?": the rows are what is counted, and a verb nothing reads
        # is a condition on them left out
        if others and spec.op == "shape":
            said = " ".join(others)
            return [LeftOut(said, "a condition no column holds: I counted every row")]
        # With conditions read, a verb may be theirs ("polls taken by", "jobs added in
        # 2019"); one said as a state of the rows ("were returned") or as what they did
        # ("died in ward A") is a condition too
        states = [
            w
            for w in others
            if _said_as_a_state(r, w) or (after[:1] == [w] and _done_by_them(after))
        ]
        if states:
            return [LeftOut(" ".join(states), "a condition no column holds")]
        return []  # a column, a value or a word of the table ("how many rows")
    if _PERIODS.fullmatch(what) and any(_dated(r, c) for c in r.schema.names()):
        return []  # "how many days had ...": a dated table's rows are its periods
    if not others:
        kinds = _unread_kinds(r, set(unknown), spec)
        if kinds and kinds.split()[-1] != what:  # "how many Canadian *mining* firms"
            return [LeftOut(kinds, "a kind of row no column holds")]
        if _one_named_row(r, spec):
            # "how many employees does Toyota Motor have?": the rows of one name are one
            # row, so a count of them counts no employees
            return [LeftOut(what, "what is counted: the rows of one name are one row")]
        row_id = _rows_named_otherwise(r, what)
        if row_id is not None:
            # "number of smokers per clinic" over appointments numbered by ``appt_id``:
            # the rows are appointments, and nothing says which are smokers'
            why = f"what is counted: each row is one {row_id}, and no column holds it"
            return [LeftOut(what, why)]
        return []  # the rest of the clause is read: X is what a row is
    said = " … ".join([what, *others])
    return [LeftOut(said, "what is counted: I counted rows, and no column holds it")]


_PASSIVE = re.compile(
    rf"\b{in_order(tuple(table('accounting_grammar')['counted']['passive_leads']))}\s+"
    r"(?:[a-z]+ly\s+)?(?P<verb>[a-z]+(?:-[a-z]+)*)\b"
)
"""A verb said after "were" ("were returned", "were gift-wrapped", "were quickly shipped")."""


_OUTCOMES = frozenset(table("accounting_grammar")["counted"]["outcomes"])


def _done_by_them(after: list[str]) -> bool:
    """Whether the first of the words ``after`` a counted noun says an outcome of it
    ("patients *died* in ward A"), not the event each row records ("flights *departed*
    in the first quarter") nor a change read ("*gained* at least 400")."""
    return after[0] in _OUTCOMES


def _said_as_a_state(r: Reading, word: str) -> bool:
    """Whether ``word`` (or its first part) is a past participle said after "were" or
    "got": "how many orders were *returned* in the North"."""
    return any(
        word in m.group("verb").split("-") and (past_form(word) or "-" in m.group("verb"))
        for m in _PASSIVE.finditer(r.text)
    )


def _counts_the_table(r: Reading) -> bool:
    """Whether the noun after "how many" is the table's own name ("how many patients
    died?" of a table ``patients``)."""
    found = _HOW_MANY.search(r.question.lower())
    if found is None:
        return False
    said = word_spans(r.question.lower()[found.end() :])
    return bool(said) and stem(said[0][0]) == stem(r.frame.lower())


def _rows_named_otherwise(r: Reading, what: str) -> str | None:
    """The identifier column that numbers each row once ("appt_id") when its name says the
    rows are things other than ``what``: neither the noun nor its short form. Without such
    a column, an unread noun counted may well be what the rows are ("how many planes")."""
    root = stem(what)
    for column in r.schema.names():
        if not is_identifier(column):
            continue
        head = [w.lower() for w in name_words(column)[:-1]]
        if not head or any(
            stem(w) == root or abbreviates(w, what) or abbreviates(w, root) for w in head
        ):
            return None  # ``player_id`` of "players", ``cust_id`` of "customers"
        distinct, _ = r.schema.spread(column)
        if distinct == r.schema.rows:
            return column
    return None


_KIND_REACH = 4
"""The most words said between "how many" and the plural noun of the rows counted."""


def _unread_kinds(r: Reading, unknown: set[str], spec: Spec) -> str:
    """The words between "how many" and the plural noun the rows are ("Canadian mining
    firms", the table's own name said) when one of them nothing reads, with the noun; ""
    when all are read."""
    asked = r.question.lower()
    found = _HOW_MANY.search(asked)
    if found is None:
        return ""
    spans = word_spans(asked[found.end() :])[: _KIND_REACH + 1]
    said = [w for w, _, _ in spans]
    # a word glued by a hyphen is part of one said with it ("left-handed")
    glued = {w for w, s, e in spans if "-" in asked[found.end() + s - 1 : found.end() + e + 1]}
    for i, word in enumerate(said):
        if word in STOPWORDS or word in _FUNCTION_VERBS:
            return ""  # "how many listings *have* no wheels": past the noun phrase
        if word.endswith("s") and not word.endswith("ss"):
            before = said[:i]
            if read_as_a_value(word, spec, r.schema):
                # "baby *girls*": the noun is a value read, its words describe it; a
                # hyphened word nothing reads ("*left-handed* boys") is a condition
                glued_unread = [w for w in before if w in unknown and w in glued]
                return " ".join(said[: i + 1]) if glued_unread else ""
            if any(w in unknown and w not in glued and not _said_anyway(w) for w in before):
                return " ".join(said[: i + 1])
            return ""
        if not word.isalpha():
            return ""
    return ""


_HOW_MANY = re.compile(r"\b(?:how many|number of)\s+(?:the\s+)?")


def _said_anyway(word: str) -> bool:
    return word in _FUNCTION_VERBS or word in _UNITS or word in _GENERIC


def _one_named_row(r: Reading, spec: Spec) -> bool:
    """The count is over the rows of one value of a column that names each row once (a
    company's name), of which the question says a thing is had: one row, whatever is
    counted."""
    if not any(w in _POSSESSION for w in identifier_words(r.text)):
        return False  # "how many people named p3?": the people are the rows
    return spec.op != "groupby" and any(
        f.op == "==" and f.column in r.schema.names() and _names_each_row_once(r, f.column)
        for f in spec.filters
    )


def _names_each_row_once(r: Reading, column: str) -> bool:
    if r.schema.column(column).kind not in ("text", "category"):
        return False
    distinct, fewest = r.schema.spread(column)
    return distinct > 1 and fewest == 1 and distinct == r.schema.rows


def _dated(r: Reading, column: str) -> bool:
    return r.schema.column(column).kind == "datetime" or _TIME_NAME.search(column) is not None


def _read_anyway(r: Reading, word: str, frame: str) -> bool:
    """A left-over word that still says nothing the rows lack: a function verb ("had",
    "weighed"), a unit ("km"), a generic word ("category"), a comparative of a condition
    ("deeper than"), a word said before a column it describes ("engine displacement"), a
    word of the table's name ("quakes" of ``earthquakes``) or of a column read ("weigh")."""
    if word in _FUNCTION_VERBS or word in _UNITS or word in _GENERIC:
        return True
    for said in re.finditer(rf"\b{re.escape(word)}\b", r.text):
        after = r.text[said.end() :]
        if re.match(r"\s+than\b", after):
            return True  # "deeper than 500": a condition's comparative
        starts = {m.start for m in r.mentions if not m.is_value}
        if said.end() + len(after) - len(after.lstrip()) in starts:
            return True  # "engine displacement": a word of the column it is said before
    root = stem(word)
    if len(root) >= 4 and root in frame:
        return True
    return any(
        not m.is_value and len(root) >= 4 and m.column.lower().startswith(root) for m in r.mentions
    )
