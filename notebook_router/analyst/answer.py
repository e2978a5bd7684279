"""``analyse``: understand, generate, run, and tell, with the evidence kept together."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from notebook_router.analyst import narrate
from notebook_router.analyst.accounting import ALL_COLUMN_OPS
from notebook_router.analyst.amount_texts import amounts_note
from notebook_router.analyst.asked_units import in_asked_unit
from notebook_router.analyst.case_variants import (
    joined_labels_note,
    joined_labels_note_in,
    read_as_one,
)
from notebook_router.analyst.code_check import spec_constraints, unused
from notebook_router.analyst.codegen import Program, generate
from notebook_router.analyst.conditions import opposite
from notebook_router.analyst.date_texts import unparsed_note
from notebook_router.analyst.execute import run
from notebook_router.analyst.explain import explain, why_question
from notebook_router.analyst.frame_names import EVERY_COLUMN
from notebook_router.analyst.frames_compare import compare_frames, named_frames, unnamed_tables
from notebook_router.analyst.intents import CLOSEST
from notebook_router.analyst.joined_parts import (
    different_statistic_parts,
    said_for_the_last_only,
    same_statistic_parts,
)
from notebook_router.analyst.listed_values import value_listed_at
from notebook_router.analyst.phrases import AnswerFormat, answer_formats
from notebook_router.analyst.place_values import place_links
from notebook_router.analyst.result import Analysis
from notebook_router.analyst.schema import Schema, frame_schemas
from notebook_router.analyst.shared_subject import shared_subject
from notebook_router.analyst.spec import Decline, Filter, LeftOut, Spec
from notebook_router.analyst.trust_guards import about_the_pick, carried_guarded
from notebook_router.analyst.understand import understand
from notebook_router.analyst.unknown_negations import unknown_gaps
from notebook_router.analyst.values import fmt, plain
from notebook_router.data.dask_data import is_dask_collection
from notebook_router.language.leading_scope import scoped_parts
from notebook_router.language.patterns import alternation
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table

if TYPE_CHECKING:
    from notebook_router.analyst.dask_code import NeedsPandas

BACK_REFERENCE = re.compile(
    rf"\b(?:{alternation(table('analysis')['parts']['back_references'])})\b", re.IGNORECASE
)
_SAID = phrase_table("answer_parts")
_ONE_PICKED = re.compile(rf"\b{_SAID.either('parts.one_picked', space=' ')}\b", re.IGNORECASE)
"""A part that says back the one thing an earlier part picked ("how many orders did *it*
have?", "... does *she* have?")."""


def _bare(group: str) -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=" ")[3:-1]


NEGATED_PART = re.compile(
    rf"\s*(?:and\s+)?how many\s+(?:\w+\s+)?(?:{_bare('parts.negations')})\b", re.IGNORECASE
)
LOW_ENDS = frozenset({"lowest", "smallest", "least", "fewest", "worst", "minimum", "min", "bottom"})
OTHER_END = re.compile(
    rf"^\s*(?:and\s+|but\s+)?(?:{_bare('other_end.which')})(?:\s+(?:{_bare('other_end.verb')}))?\s+"
    rf"(?:the\s+)?(?P<end>{_bare('other_end.ends')})\b\W*$",
    re.IGNORECASE,
)
SPLIT = re.compile(
    r"\s*;\s*(?:then\s+|and\s+)?|"
    r"\s*(?:,?\s*and then|,?\s*then|\.\s+|,?\s+and|,?\s+also|,?\s+plus)\s+"
    rf"(?=(?:{_bare('parts.openers')})\b)",
    re.IGNORECASE,
)


def _parts(question: str, schemas: Mapping[str, Schema]) -> list[str]:
    """The question's parts, split where a new question opens; not before a value that
    ends a list ("other than View, Plot and Count"), though its word opens one."""
    parts, last = [], 0
    for m in SPLIT.finditer(question):
        if m.end() > m.start() and not value_listed_at(question, m.end(), schemas):
            parts.append(question[last : m.start()])
            last = m.end()
    parts.append(question[last:])
    return [p for p in parts if p.strip()]


def analyse(question: str, frames: Mapping[str, Any], *, default: str | None = None) -> Analysis:
    """Answer ``question`` about ``frames`` (DataFrames or Series by variable name).

    ``default`` is the frame meant when the question names none. The answer carries
    the code that produced it; a question that maps to no operation, or names a
    column the frame lacks, is declined with what exists instead.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"region": ["N", "S", "N"], "revenue": [1.0, 2.0, 3.0]})
    >>> analyse("total revenue by region", {"df": df}).value
    {'N': 4.0, 'S': 2.0}
    """
    asked = why_question(question)
    if asked is not None:  # "Why: <question>": what the data shows next to its answer
        return explain(asked, frame_schemas(frames), frames, default)
    timed = _with_when(question, frames, default)
    if timed is not None:
        return timed
    named = named_frames(question, frames)
    if len(named) >= 2:
        return compare_frames(question, named, frames, _on_one_frame)
    unclear = unnamed_tables(question, frames, named)
    if unclear is not None:
        return Analysis("declined", unclear, operation="decline", closest=CLOSEST)
    schemas = frame_schemas(frames)
    parts = _parts(question, schemas)
    different = False  # split into different statistics, each part as said
    if len(parts) == 1:  # "total gas kwh and total electric kwh": a figure for each
        same = same_statistic_parts(question, schemas, default)
        split = None if same else different_statistic_parts(question, schemas, default)
        different = split is not None
        parts = same or split or parts
    parts = scoped_parts(parts, BACK_REFERENCE)  # "for X, A and B": X for B too
    unread: Decline | None = None
    unread_part = ""
    if len(parts) > 1:
        specs: list[Spec] = []
        frame = default
        for part in parts:
            understood = understand(part, schemas, frame)
            if isinstance(understood, Decline):
                unread, unread_part = understood, part
                break
            if specs:
                carried = _carry(specs[-1], understood, part, schemas.get(understood.frame))
                carried = shared_subject(parts[len(specs) - 1], specs[-1], part, carried, schemas)
                if carried.filters != understood.filters:
                    carried = carried_guarded(part, carried, schemas)
                    # the carried conditions' labels, in any case (as the earlier part read them)
                    carried = read_as_one(schemas.get(carried.frame), carried)
                understood = carried
            specs.append(understood)
            frame = understood.frame
        else:
            answers: list[Analysis] = []
            for i, (part, spec) in enumerate(zip(parts, specs, strict=True)):
                # "it", and "those rides" too: after a part that picked one group
                # ("which city has the highest average tip"), its rows are that group's
                if answers and (_ONE_PICKED.search(part) or BACK_REFERENCE.search(part)):
                    before = answers[-1]
                    spec = about_the_pick(
                        part, specs[i - 1], before.value, before.table, spec, schemas
                    )
                answers.append(_answer(part, spec, frames, schemas))
            if all(a.status != "declined" for a in answers):
                combined = _combine(answers, parts)
                last_only = said_for_the_last_only(specs) if different else ()
                return _with_doubt(combined, last_only) if last_only else combined
    understood = understand(question, schemas, default)
    if isinstance(understood, Decline):
        return Analysis(
            "declined", understood.reason, operation="decline", closest=understood.closest
        )
    whole = _answer(question, understood, frames, schemas)
    if unread is not None and whole.status == "answered" and not _covers(understood, unread_part):
        # "how many games did they win in 2001 and how many did they lose?": the part that
        # could not be read on its own is not in the answer to the whole: say so
        gap = f"“{unread_part.strip()}” (a part of the question I could not answer on its own)"
        return replace(
            whole, status="partial", left_out=(*whole.left_out, gap),
            text=whole.text + " " + left_out_sentence((gap,)),
        )  # fmt: skip
    return whole


def _with_doubt(answer: Analysis, last_only: tuple[Filter, ...]) -> Analysis:
    """``answer`` partial, naming the conditions said at the end that it read for the last
    part only ("on Biscoe" after "... and the lightest Gentoo body mass")."""
    said = " and ".join(f"{f.column} {'=' if f.op == '==' else f.op} {f.value}" for f in last_only)
    gap = f"{said} for the earlier parts (said at the end, read for the last part only)"
    note = (
        f"I read {said} for the last part only. To apply it to every part, say it once "
        "after a comma at the end (“…, for rows where …”)."
    )
    return replace(
        answer, status="partial", left_out=(*answer.left_out, gap), text=f"{answer.text} {note}"
    )


def _covers(spec: Spec, part: str) -> bool:
    """Whether ``spec`` uses a column the part names (then the whole question's reading
    took the part in, as in "the mean of A and the max of B")."""
    if spec.op in ALL_COLUMN_OPS:
        return True  # "..., and is the data complete?": about the whole table, as is the answer
    said = _THOUSANDS.sub("", part.lower())  # "$90,000" names the bound 90000
    if _PRONOUN.search(said):
        return True  # "...; average it over malignant tumours": a step on the other part
    conditions = (*spec.filters, *spec.measure, *spec.lookup)
    used = {c.lower() for c in (*spec.columns, *spec.group_by, *(f.column for f in conditions))}
    for f in conditions:  # a value the part names ("1982 Q4", "malignant") that is applied
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        used.update(_as_said(v) for v in values if v is not None)
    return any(re.search(rf"\b{re.escape(c)}\b", said) for c in used if c)


_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
"""A thousands separator inside a number, dropped so the number reads whole."""


def _as_said(value: object) -> str:
    """A condition's value as a question says it: a whole float without its ".0"."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).lower()


WHEN = re.compile(
    rf"(?:,?\s*(?:and|&)\s+)?(?:(?:{_bare('when.prepositions')})\s+)?which\s+"
    rf"(?:{_bare('when.periods')})"
    r"\s*\??\s*$|,?\s*(?:and|&)\s+when\s*\??\s*$"
    rf"|[;,.]?\s*when\s+(?:was|did)\s+(?:{_bare('when.pronouns')})(?:\s+happen)?\s*\??\s*$",
    re.IGNORECASE,
)
"""An extreme value's time asked with it: "..., and in which month?", "... and when?"."""


def _with_when(question: str, frames: Mapping[str, Any], default: str | None) -> Analysis | None:
    """ "the highest savings rate, and in which month?": the extreme row, its value and
    its time (None when the question asks no such thing, or has no time column)."""
    m = WHEN.search(question)
    if m is None:
        return None
    rest = question[: m.start()].rstrip(" ,;")
    schemas = frame_schemas(frames)
    spec = understand(rest, schemas, default)
    if not isinstance(spec, Spec) or spec.op != "statistic" or len(spec.columns) != 1:
        return None
    if spec.aggs not in (("max",), ("min",)):
        return None
    when = _time_column(schemas[spec.frame])
    if when is None:
        return None
    ranked = replace(spec, op="rows", variant="argmax", label_column=when,
                     ascending=spec.aggs == ("min",), aggs=())  # fmt: skip
    found = _answer(rest, ranked, frames, schemas)
    if found.status == "declined" or found.table is None:
        return found
    best = plain(found.table[spec.columns[0]].iloc[0])
    # the answers to the question's two parts: the value, and when
    return replace(found, value=(best, found.value))


def _time_column(schema: Schema) -> str | None:
    """The column that says when a row is: a date column, else one named for a period."""
    for kinds in (("datetime",), ("datetext",)):
        for column in schema.columns:
            if column.kind in kinds:
                return column.name
    for column in schema.columns:
        if _TIME_NAME.fullmatch(column.name):
            return column.name
    return None


def _on_one_frame(question: str, frames: Mapping[str, Any], name: str) -> Analysis:
    return analyse(question, frames, default=name)


def _carry(previous: Spec, spec: Spec, part: str, schema: Schema | None = None) -> Spec:
    """A later part is about what the earlier part chose: one that names no column
    ("...; what's the largest one?") measures the column the previous part used, and one
    that refers back ("... what is *their* average horsepower?") keeps its rows."""
    other_end = OTHER_END.match(part)
    ranked_rows = previous.op == "rows" and previous.variant == "argmax"
    if other_end and (previous.group_by or ranked_rows):
        # "which continent had the highest X, and which the lowest?", "which state has the
        # smallest population, and which has the largest?": the same ranking (of groups or
        # of rows), from the other end
        low = other_end["end"].lower() in LOW_ENDS
        return replace(previous, ascending=low, left_out=())
    if spec.op == "statistic" and spec.variant == "all" and previous.columns:
        return replace(
            spec, variant="", columns=previous.columns[:1], derived=previous.derived,
            filters=previous.filters + spec.filters,
            left_out=tuple(g for g in spec.left_out if g.why != EVERY_COLUMN),
        )  # fmt: skip
    if NEGATED_PART.match(part) and previous.frame == spec.frame and previous.measure:
        # "how many survived and how many didn't?": the same rows, the condition turned
        flipped = tuple(replace(f, op="!=") if f.op == "==" else f for f in previous.measure)
        return replace(previous, measure=flipped)
    if _COMPLEMENT.search(part) and previous.frame == spec.frame:
        return _of_the_others(previous, spec, part, schema)
    affirmed = _AFFIRMED.search(part)
    if affirmed and previous.frame == spec.frame and _negated(_conditions(previous)):
        return _of_the_others(previous, spec, affirmed.group(0), schema)
    refers = BACK_REFERENCE.search(part) or _ONE_PICKED.search(part)
    if refers and previous.frame == spec.frame:
        own = {f.column for f in spec.filters}
        earlier = _conditions(previous)
        kept = tuple(f for f in _referred(earlier, part, schema) if f.column not in own)
        return _in_groups_of(previous, replace(spec, filters=kept + spec.filters))
    return spec


_COMPLEMENT = re.compile(
    rf"\b(?:{alternation(table('analysis')['parts']['complements'])})\b", re.IGNORECASE
)


_AFFIRMED = re.compile(
    rf"\b(?:{alternation(table('analysis')['parts']['affirmed'])})(?=\s*[?.!]*\s*$)",
    re.IGNORECASE,
)
"""Said at the end of the part ("... of those who do?"), never before words of their own
("those who are divorced" names rows of its own)."""
_NEGATING_OPS = frozenset({"absent", "!=", "notin", "outside"})


def _negated(conditions: tuple[Filter, ...]) -> bool:
    """Whether the rows were chosen by one condition that negates ("no income recorded",
    "not married"): "those who do" are then the rows it left out."""
    return len(conditions) == 1 and (
        conditions[0].op in _NEGATING_OPS
        or (conditions[0].op == "==" and conditions[0].value is False)
    )


def _of_the_others(previous: Spec, spec: Spec, part: str, schema: Schema | None) -> Spec:
    """ "..., and what is the average stars of the others?": the rows the earlier part's
    one condition left out. With several conditions (or one with no opposite) no single
    condition states them, so none is carried and the part says what it did not apply."""
    earlier = _conditions(previous)
    turned = (
        opposite(earlier[0], schema is None or schema.may_be_missing(earlier[0].column))
        if len(earlier) == 1
        else None
    )
    said = _COMPLEMENT.search(part)
    if turned is not None:
        # the complement's own words ("rest") are read: never a measure left out
        words = set(said.group(0).lower().split()) if said else set()
        kept = tuple(g for g in spec.left_out if g.said.lower() not in words)
        return replace(spec, filters=(turned, *spec.filters), left_out=kept)
    why = "the rows the part before did not pick, which no one condition states"
    gap = LeftOut(said.group(0) if said else "the others", why)
    return replace(spec, left_out=(*spec.left_out, gap))


def _in_groups_of(previous: Spec, spec: Spec) -> Spec:
    """ "how many smokers in each race, and *their* average weight?": the rows referred to
    are the earlier part's groups, so one statistic of one column is asked of each group.
    Any other shape keeps its reading and names the groups it does not split by."""
    if not previous.group_by or spec.group_by or previous.op != "groupby":
        return spec
    if previous.variant not in ("mapping", "sorted"):
        return spec  # "which shop has the most revenue and how many orders did *it* have?"
    if spec.op == "statistic" and len(spec.columns) == 1 and len(spec.aggs) == 1:
        return replace(spec, op="groupby", variant="mapping", group_by=previous.group_by)
    gap = LeftOut(f"by {', '.join(previous.group_by)}", "the earlier part's groups, not split by")
    return replace(spec, left_out=(*spec.left_out, gap))


def _conditions(previous: Spec) -> tuple[Filter, ...]:
    """The conditions on the rows an earlier part chose: its filters, and for a count or
    a share the condition it counted ("how many passengers survived" chose the survivors,
    so "of those, the average age" is of them, never of every row)."""
    if previous.op in ("count", "percentage"):
        return previous.filters + previous.measure
    return previous.filters


_REFERS = table("trust")["back_references"]
_TO_PLACE = re.compile(rf"\b(?:{alternation(_REFERS['place'])})\b", re.IGNORECASE)
_TO_PERIOD = re.compile(rf"\b(?:{alternation(_REFERS['period'])})\b", re.IGNORECASE)
_GENERAL = re.compile(rf"\b(?:{alternation(table('analysis')['parts']['back_references'])})\b",
                      re.IGNORECASE)  # fmt: skip
_PERIOD_NAME = re.compile("(?i)" + _bare("columns.period_names"))
_PERIOD_OPS = ("year", "years", "month", "quarter")
_EXISTENTIAL = re.compile(rf"\b(?:{alternation(_REFERS['existential'])})\b", re.IGNORECASE)


def _referred(
    filters: tuple[Filter, ...], part: str, schema: Schema | None = None
) -> tuple[Filter, ...]:
    """The earlier part's conditions a back reference carries: "there" the place named
    (any condition on a place: "store 2", "store != 2", "stores 1 and 2"; never a
    threshold on a measure nor a period), "that year" the period, "them"/"those" every one."""
    place = _TO_PLACE.search(part) is not None and not _EXISTENTIAL.search(part)
    period = _TO_PERIOD.search(part) is not None
    rest = _TO_PERIOD.sub(" ", _TO_PLACE.sub(" ", part) if place else part)
    if not (place or period) or _GENERAL.search(rest):
        return filters  # "their", "of them", "are there": every condition
    return tuple(
        f for f in filters
        if (place and _on_place(f, schema) and not _PERIOD_NAME.search(f.column))
        or (period and (_PERIOD_NAME.search(f.column) or f.op.startswith(_PERIOD_OPS)))
    )  # fmt: skip


_THRESHOLDS = (">", ">=", "<", "<=")


def _on_place(f: Filter, schema: Schema | None) -> bool:
    """Whether ``f`` names places (a value, values, or a range of a few whole numbers
    such as store numbers) rather than a threshold on a measure."""
    if f.op in _THRESHOLDS or f.op.startswith(_PERIOD_OPS):
        return False
    if f.op != "between":
        return True
    column = next((c for c in schema.columns if c.name == f.column), None) if schema else None
    return column is not None and (
        column.kind == "category"
        or (column.kind == "number" and column.whole and bool(column.values))
    )


def _answer(
    question: str, spec: Spec, frames: Mapping[str, Any], schemas: Mapping[str, Schema]
) -> Analysis:
    spec, convert = in_asked_unit(question, spec, frames)  # "in hours" of a column in minutes
    program = convert(_program(spec, frames))
    if not isinstance(program, Program):  # a Dask frame, and a question only pandas answers
        return Analysis("declined", program.reason, operation=spec.op, closest=CLOSEST)
    try:
        ran = run(program, {spec.frame: frames[spec.frame]})  # the code reads no other
    except Exception as error:  # the code is shown; the person reading it should see why it failed
        text = f"The code for this ({spec.op}) failed: {type(error).__name__}: {error}."
        return Analysis("declined", text, code=program.code, operation=spec.op, closest=CLOSEST)
    outputs = {k: plain(v) for k, v in ran.outputs.items() if k != "table"}
    value = _value(program, ran.result, outputs)
    table = _table(program, ran.result, ran.outputs)
    shown = ran.outputs.get("table")
    try:
        text = narrate.describe(
            spec, value, {**outputs, "table": table if program.shape == "figure" else shown}
        )
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        text = f"Result of {spec.op}: {value}."  # the numbers still come from the code that ran
    if program.note:
        text += " " + program.note
    linked = place_links(question, spec, schemas.get(spec.frame))
    if linked:  # "Kenya" answered by country == 'KEN', "Texas" by state == 'TX': say so
        text += " " + linked
    spellings = joined_labels_note(spec)
    if spellings:  # "chat", "CHAT" read as "Chat": say so
        text += " " + spellings
    unparsed = unparsed_note(spec, frames[spec.frame])
    if unparsed:
        text += " " + unparsed
    amounts = amounts_note(spec, frames[spec.frame], schemas.get(spec.frame))
    if amounts:  # "amount was read from text as numbers"
        text += " " + amounts
    formats, _ = answer_formats(question)
    if formats:
        text += " " + " ".join(_fill(f, spec, value, outputs) for f in formats)
    missing = tuple(str(part) for part in spec.left_out) + techniques_unused(question, program.code)
    missing += _code_gaps(spec, program, frames, schemas)
    # "not from Kenya": rows with no country are not counted, and the answer says so
    missing += tuple(str(g) for g in unknown_gaps(spec, frames[spec.frame]))
    conditions = (*spec.filters, *spec.measure)
    if isinstance(value, dict) and not value and len(conditions) > 1 and not missing:
        # an empty breakdown is no answer: the conditions, each met alone, meet no row
        # together ("status = closed and team = Bolt and priority = High")
        said = narrate.where(conditions).replace(" (rows where ", "").rstrip(")")
        missing += (f"“{said}” (no row meets them all together)",)
    if missing:
        text += " " + left_out_sentence(missing)
    undefined = _not_a_number(value)
    if undefined:  # a NaN is no answer: never pass it off as one
        which = "no number" if isinstance(value, float) else "no number for some of it"
        text += (
            f" The computation gave {which} (NaN): the rows it used hold missing values, "
            "or a step is undefined for them (see the code)."
        )
    return Analysis(
        status="partial" if missing or undefined else "answered", text=text, value=value,
        table=table, figure=ran.figure, code=program.code,
        operation=spec.op, columns=_columns(spec),
        # a NaN is named in the list too: the run's headline says what it lacks
        left_out=missing + ((f"a number for {'all' if isinstance(value, float) else 'some'} of it (NaN)",) if undefined else ()),
        engine="dask" if is_dask_collection(frames.get(spec.frame)) else "pandas",
    )  # fmt: skip


def _code_gaps(
    spec: Spec, program: Program, frames: Mapping[str, Any], schemas: Mapping[str, Schema]
) -> tuple[str, ...]:
    """What the operation carries and the code that ran does not use (a plot that draws
    its first group only, a measure a chart leaves out): read on the code's syntax, so
    an answer is never called complete for a part its code dropped."""
    frame = frames.get(spec.frame)
    if frame is None or is_dask_collection(frame):
        return ()
    schema = schemas.get(spec.frame) or frame_schemas({spec.frame: frame})[spec.frame]
    gaps = unused(program.code, spec_constraints(spec, schema))
    return tuple(f"“{gap.removeprefix('the code does not ')}” (a step the code that ran leaves out)"
                 for gap in gaps)  # fmt: skip


def _not_a_number(value: Any) -> bool:
    """Whether ``value`` is NaN, or a mapping or list of figures holding one (a table's
    empty cells, in a mapping of mappings, are not asked for one by one: left alone)."""
    if isinstance(value, float):
        return math.isnan(value)
    items = value.values() if isinstance(value, dict) else value
    if isinstance(items, (list, tuple)) or isinstance(value, dict):
        return any(isinstance(v, float) and math.isnan(v) for v in items)
    return False


_TECHNIQUES: dict[str, list[str]] = table("analysis")["techniques"]
_TECHNIQUE = re.compile(rf"\b(?:{alternation(_TECHNIQUES)})\b", re.IGNORECASE)


def techniques_unused(question: str, code: str) -> tuple[str, ...]:
    """The techniques ``question`` names ("Spearman", "year-over-year", "interpolation")
    that ``code`` does not carry out (none of their markers is in it): a check on the
    code that ran, not on what the question was read as."""
    out = []
    for m in _TECHNIQUE.finditer(question):
        said = m.group(0)
        markers = _TECHNIQUES.get(said.lower(), [])
        if markers and not any(marker in code for marker in markers):
            out.append(f"“{said}” (a technique the code that ran does not use)")
    return tuple(dict.fromkeys(out))


def _program(spec: Spec, frames: Mapping[str, Any]) -> Program | NeedsPandas:
    """Pandas code, or Dask code for a Dask frame (lazy, one ``.compute()`` on the cluster)."""
    frame = frames.get(spec.frame)
    if frame is not None and is_dask_collection(frame):
        from notebook_router.analyst.dask_code import generate as dask_code

        return dask_code(spec, frame)
    return generate(spec)


def left_out_sentence(missing: tuple[str, ...]) -> str:
    """What the answer did not use, said plainly: the answer is to a narrower question."""
    return (
        "This answers only part of the question: I did not use "
        + "; ".join(missing)
        + ". Name the column it applies to, or rephrase, and ask again."
    )


def _value(program: Program, result: Any, outputs: dict[str, Any] | None = None) -> Any:
    if program.shape in ("figure", "frame_only"):
        return None
    value = plain(result)
    if isinstance(value, dict) and outputs and "difference" in outputs:  # a comparison
        return {**value, "difference": outputs["difference"], "ratio": outputs.get("ratio")}
    if program.shape == "scalar" and isinstance(value, (int, float)):
        return float(value)
    return value


def _table(program: Program, result: Any, outputs: dict[str, Any]) -> Any:
    import pandas as pd

    table = outputs.get("table")
    if table is None:
        table = result
    if isinstance(table, pd.Series):
        return table.to_frame(name=table.name if table.name is not None else "value")
    return table if isinstance(table, pd.DataFrame) else None


def _columns(spec: Spec) -> tuple[str, ...]:
    names = [*spec.columns, *spec.group_by, *(f.column for f in spec.filters + spec.measure)]
    if spec.date_column:
        names.append(spec.date_column)
    if spec.derived is not None:
        names = [n for n in names if n != spec.derived.name] + [
            spec.derived.left,
            spec.derived.right,
        ]
    return tuple(dict.fromkeys(names))


FORMAT_KEYS = (
    (r"p_?val|pvalue|^p$|significance", "p_value"),
    (r"slope", "slope"), (r"intercept", "intercept"), (r"r_?squared|r2", "r_squared"),
    (r"stat", "statistic"), (r"lower", "lower"), (r"upper", "upper"),
)  # fmt: skip


def _fill(slot: AnswerFormat, spec: Spec, value: Any, outputs: dict[str, Any]) -> str:
    """``@name[value]`` with the output the name asks for (the headline value by default)."""
    chosen: Any = value
    for pattern, key in FORMAT_KEYS:
        if re.search(pattern, slot.name, re.I) and key in outputs:
            chosen = outputs[key]
            break
    else:
        if _VERDICT_SLOT.search(slot.name) and spec.op == "normality":
            p = outputs.get("p_value", value)
            if isinstance(value, str):
                chosen = value  # already the verdict the question asked for
            else:
                chosen = "normal" if isinstance(p, float) and p >= spec.alpha else "not normal"
    return f"@{slot.name}[{_slot_text(chosen, spec.rounding)}]"


def _slot_text(value: Any, digits: int | None) -> str:
    if isinstance(value, float) and digits is not None:
        return f"{value:.{digits}f}"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, list):
        return ", ".join(_slot_text(v, digits) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_slot_text(v, digits)}" for k, v in value.items())
    return fmt(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


STEPS = frozenset({"derived", "pivot", "resample"})
"""Operations that, said as an instruction before a question ("resample to yearly means;
what's the 1990 mean?"), prepare what the question is about rather than answer it."""
QUESTION = re.compile(rf"\s*(?:{_bare('parts.question')})\b", re.IGNORECASE)
_PRONOUN = re.compile(rf"\b(?:{_bare('parts.pronouns')})\b")
_TIME_NAME = re.compile("(?i)" + _bare("columns.time_names"))
_VERDICT_SLOT = re.compile(rf"{_bare('slots.verdict')}|result_type|is_", re.IGNORECASE)


def _without_repeated_notes(texts: list[str]) -> str:
    """The parts' answers joined, a note a part repeats from an earlier one said once
    (the spellings read as one, when both parts read the same labels)."""
    seen: list[str] = []
    out = []
    for text in texts:
        note = joined_labels_note_in(text)
        if note and note in seen:
            text = text.replace(" " + note, "")
        seen.append(note)
        out.append(text)
    return " ".join(out)


def _combine(answers: list[Analysis], parts: list[str]) -> Analysis:
    figure = next((a.figure for a in answers if a.figure is not None), None)
    table = next((a.table for a in answers if a.table is not None), None)
    # Every part's answer, in the order asked; a part that only made a column ("add sepal
    # area; what's the largest one?") is a step towards the next, not an answer.
    steps = [
        a.operation in STEPS and not QUESTION.match(part)
        for a, part in zip(answers, parts, strict=True)
    ]
    steps[-1] = False  # the last part is always asked
    values = [
        a.value if a.value is not None else a.table
        for a, step in zip(answers, steps, strict=True)
        if not step
    ]
    missing = tuple(dict.fromkeys(m for a in answers for m in a.left_out))
    return Analysis(
        status="partial" if missing else "answered",
        left_out=missing,
        text=_without_repeated_notes([a.text for a in answers]),
        # a tuple: the answers to the question's parts (a list would be one answer)
        value=tuple(values) if len(values) > 1 else (values[0] if values else None),
        table=table,
        figure=figure,
        code="\n\n".join(a.code for a in answers),
        operation="+".join(a.operation for a in answers),
        columns=tuple(dict.fromkeys(c for a in answers for c in a.columns)),
    )
