"""Questions about two or more tables at once: "compare total revenue in s23 and s24",
"what columns do penguins and salaries have in common?", "which of the two tables has
more rows, weather_2012 or weather_2015?".

Each table is asked the same question on its own (its names taken out of the text),
and the answers are put side by side: each table's figure, the difference and the
ratio. Columns in common, or only in one, are read from the tables themselves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from notebook_router.analyst.accounting import UNNAMED_ANSWER
from notebook_router.analyst.codegen import frame_name
from notebook_router.analyst.family_compare import COMPARING
from notebook_router.analyst.result import Analysis
from notebook_router.analyst.values import fmt
from notebook_router.language.phrases import phrase_table

_SAID = phrase_table("answer_tables")


def _bare(group: str) -> str:
    """The group's phrases as the alternatives of an enclosing group, in the table's order."""
    return _SAID.either(group, space=" ")[3:-1]


COMMON = re.compile(
    rf"\bcolumns?\b.*\b(?:{_bare('columns.in_common')}|share[sd]?)\b"
    rf"|\b(?:{_bare('columns.common')})\s+columns?\b|\bin common\b"
)
ONLY = re.compile(
    rf"\bcolumns?\b.*\b(?:{_bare('columns.only_in')}|differ\w*)\b"
    r"|\b(?:only in|missing from)\b.*\bcolumns?\b|\bwhich columns? (?:are|is) (?:unique|different)\b"
)
_MORE = _bare("counts.more")
_COLUMN_NOUNS = _bare("columns.nouns")
ROWS = re.compile(rf"\b(?:{_MORE})\s+rows\b|\brows?\b.*\b(?:more|fewer)\b")
COLUMN_COUNT = re.compile(
    rf"\b(?:{_MORE})\s+(?:{_COLUMN_NOUNS})\b|\b(?:{_COLUMN_NOUNS})\b.*\b(?:more|fewer)\b"
)
BY_HOW_MUCH = re.compile(
    rf"\b(?:by\s+)?how\s+(?:many|much)\s+(?:{_bare('counts.more_or_less')})\b"
    r"|\bby\s+how\s+(?:many|much)\b"
)
_MORE_SAID = _SAID.words("which.more")
_WHICH_MORE = re.compile(rf"\bwhich\b.*\b({_bare('which.more')}|{_bare('which.fewer')})\b")
_COMPARATIVE = re.compile(rf"\b(?:{_bare('which.more')}|{_bare('which.fewer')})\b")
"""A word of "which has more", read by the comparison of the tables, never left over."""
_BOTH_TABLES = re.compile(
    rf"\b(?:{_bare('tables.every')})\s+(?:of\s+the\s+)?(?:tables|frames|dataframes|datasets)\b"
    r"|\bboth\b"
)
Answer = Callable[[str, Mapping[str, Any], str], Analysis]


def named_frames(question: str, frames: Mapping[str, Any]) -> list[str]:
    """The frames the question names, in the order it names them: by their whole name, or,
    for frames whose names differ by one part, by that part ("1999 and 2008" for
    ``mpg_1999`` and ``mpg_2008``)."""
    found = []
    lower = question.lower()
    for name in frames:
        m = re.search(rf"(?<![\w.']){re.escape(name.lower())}(?![\w])", lower)
        if m:
            found.append((m.start(), name))
    if len(found) < 2:
        found = _by_distinct_part(lower, frames) or found
    return [name for _, name in sorted(found)]


def _by_distinct_part(lower: str, frames: Mapping[str, Any]) -> list[tuple[int, str]]:
    parts = {name: set(re.split(r"[_\W]+", name.lower())) - {""} for name in frames}
    found = []
    for name, own in parts.items():
        distinct = own - set().union(*(p for n, p in parts.items() if n != name))
        for part in distinct:
            m = re.search(rf"(?<![\w.']){re.escape(part)}(?![\w])", lower)
            if m and (part.isdigit() or len(part) >= 3):
                found.append((m.start(), name))
                break
    return found if len(found) >= 2 else []


def _distinct_parts(names: list[str]) -> list[str]:
    parts = {name: set(re.split(r"[_\W]+", name.lower())) - {""} for name in names}
    return [
        part
        for name, own in parts.items()
        for part in own - set().union(*(p for n, p in parts.items() if n != name))
    ]


def unnamed_tables(question: str, frames: Mapping[str, Any], named: list[str]) -> str | None:
    """Why a question about several tables cannot be answered: it says "both tables" (or
    "each table") but names fewer than two of them."""
    if len(frames) < 2 or len(named) >= 2:
        return None
    if not _BOTH_TABLES.search(question.lower()):
        return None
    return (
        "The question is about several tables, but I can't tell which: name them "
        f"(the notebook has {', '.join(frames)})."
    )


def compare_frames(
    question: str, names: list[str], frames: Mapping[str, Any], answer: Answer
) -> Analysis:
    """The answer to ``question`` for each frame in ``names``, side by side."""
    if COMMON.search(question.lower()) or ONLY.search(question.lower()):
        return _columns(question, names, frames)
    text = question
    for name in names:
        text = re.sub(rf"(?<![\w.']){re.escape(name)}(?![\w])", " ", text, flags=re.IGNORECASE)
    for part in _distinct_parts(names):  # "in 1999 and 2008", naming mpg_1999 and mpg_2008
        text = re.sub(rf"(?<![\w.']){re.escape(part)}(?![\w])", " ", text, flags=re.IGNORECASE)
    text = re.sub(COMPARING, " ", text, flags=re.IGNORECASE)
    if COLUMN_COUNT.search(text.lower()):
        values: dict[str, Any] = {n: len(getattr(frames[n], "columns", ())) for n in names}
        code = "\n".join(f"len({frame_name(name)}.columns)" for name in names)
        return _side_by_side(values, "shape", code, "The number of columns", which=_which(text),
                             by_how_much=BY_HOW_MUCH.search(text.lower()) is not None)  # fmt: skip
    if ROWS.search(text.lower()):
        values = {name: len(frames[name]) for name in names}
        code = "\n".join(f"len({frame_name(name)})" for name in names)
        return _side_by_side(values, "shape", code, "The number of rows", which=_which(text),
                             by_how_much=BY_HOW_MUCH.search(text.lower()) is not None)  # fmt: skip
    text = _which_of_the_tables(text, names, frames)
    parts = {name: answer(text, {name: frames[name]}, name) for name in names}
    declined = [n for n, a in parts.items() if a.status == "declined"]
    if declined:
        first = parts[declined[0]]
        return Analysis("declined", f"For {declined[0]}: {first.text}", operation="compare_frames",
                        closest=first.closest)  # fmt: skip
    values = {name: a.value for name, a in parts.items()}
    which = _which(text)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values.values()):
        text = " ".join(f"In {name}: {a.text}" for name, a in parts.items())
        # a side that answered only part of the question makes the whole answer partial
        gaps = tuple(dict.fromkeys(m for a in parts.values() for m in a.left_out))
        if which:  # "which ... was warmer, w12 or w15?": no one figure per table to rank
            said = f"which of {' or '.join(names)} has {which}"
            gaps += (f"“{said}” (no one figure of each table to compare)",)
        whole = not gaps and all(a.status == "answered" for a in parts.values())
        return Analysis("answered" if whole else "partial", text, value=values, operation="compare_frames", left_out=gaps,
                        code="\n\n".join(a.code for a in parts.values()))  # fmt: skip
    first = next(iter(parts.values()))
    missing = tuple(
        dict.fromkeys(
            m
            for a in parts.values()
            for m in a.left_out
            # the table named is what "which ...?" asks, and the sides are the comparison
            if "a comparison" not in m
            and not (which and UNNAMED_ANSWER in m)
            # "which has a higher average wind": the comparative is this comparison's own,
            # when each side is one figure (not "a higher maximum temp" answered by a row)
            and not (
                which and first.operation == "statistic" and _COMPARATIVE.search(m.split("”")[0])
            )
        )
    )
    return _side_by_side(values, first.operation, "\n\n".join(a.code for a in parts.values()),
                         first.text.split(" is ")[0], missing, which=which,
                         by_how_much=BY_HOW_MUCH.search(question.lower()) is not None)  # fmt: skip


_WHICH_COLUMN = re.compile(r"\bwhich\s+(?P<noun>[a-z_]+)\b")


def _which_of_the_tables(text: str, names: list[str], frames: Mapping[str, Any]) -> str:
    """ "which year has the higher mean murder rate, g80 or g99?": where the column named
    holds one value in each table (each table one year's rows), "which year" asks which
    table, not which year of each table has the highest mean; the column's word is taken
    out so each table answers with its one figure."""
    m = _WHICH_COLUMN.search(text.lower())
    if m is None or not _WHICH_MORE.search(text.lower()):
        return text
    import pandas as pd  # here: the warm-up of a kernel without pandas never loads it

    noun = m.group("noun")
    for name in names:
        frame = frames[name]
        if not isinstance(frame, pd.DataFrame):
            return text  # a Dask frame: its values are not counted here
        columns = {str(c).lower(): c for c in frame.columns}
        column = columns.get(noun, columns.get(noun.removesuffix("s")))
        if column is None or frame.loc[:, [column]].iloc[:, 0].nunique(dropna=False) != 1:
            return text  # "which region ...": each table has regions to rank
    return text[: m.start("noun")] + " " * len(noun) + text[m.end("noun") :]


def _which(text: str) -> str:
    """ "more" or "fewer" when the question asks which table has more (or fewer), else ""."""
    m = _WHICH_MORE.search(text.lower())
    if m is None:
        return ""
    return "more" if m.group(1) in _MORE_SAID else "fewer"


def _side_by_side(
    values: dict[str, Any],
    operation: str,
    code: str,
    what: str,
    missing: tuple[str, ...] = (),
    which: str = "",
    by_how_much: bool = False,
) -> Analysis:
    import pandas as pd

    sides = list(values.items())
    table = pd.DataFrame({"value": pd.Series(values)})
    (a, x), (b, y) = sides[0], sides[1]
    diff = x - y
    ratio = x / y if y else float("nan")
    head = what or "The figure"
    figures = "; ".join(f"{name}: {fmt(v)}" for name, v in sides)
    word = "more" if diff > 0 else "less" if diff < 0 else "the same"
    text = f"{head} per table: {figures}. {a} has {word}" + (
        f" than {b} by {fmt(abs(diff))} ({fmt(ratio, 2)} times {b})." if diff else f" as {b}."
    )
    value: Any = {**values, "difference": diff, "ratio": ratio}
    if which:  # "which of the two tables has more rows?": the table is the answer
        ranked = sorted(values, key=lambda n: values[n], reverse=which == "more")
        value = ranked[0]
        text = f"{value} has {which} ({what.lower() if what else 'figure'}: {figures})."
        if by_how_much:  # "... and by how many?": the table, and the gap
            value = (ranked[0], abs(diff))  # the answers to the question's two parts
            what_ = what.lower() if what else "figure"
            text = f"{ranked[0]} has {fmt(abs(diff))} {which} ({what_}: {figures})."
    return Analysis("partial" if missing else "answered", text, value=value, table=table, code=code,
                    operation=f"compare_frames:{operation}", left_out=missing)  # fmt: skip


def _columns(question: str, names: list[str], frames: Mapping[str, Any]) -> Analysis:
    columns = [list(map(str, getattr(frames[n], "columns", []))) for n in names]
    common = [c for c in columns[0] if all(c in other for other in columns[1:])]
    a, b = frame_name(names[0]), frame_name(names[1])
    code = f"result = sorted(set({a}.columns) & set({b}.columns))"
    if ONLY.search(question.lower()) and not COMMON.search(question.lower()):
        only = {
            n: [c for c in cols if c not in common] for n, cols in zip(names, columns, strict=True)
        }
        text = "; ".join(f"only in {n}: {', '.join(cs) or 'none'}" for n, cs in only.items())
        code = f"result = sorted(set({a}.columns) ^ set({b}.columns))"
        return Analysis("answered", text[0].upper() + text[1:] + ".", value=only, code=code,
                        operation="compare_frames:columns")  # fmt: skip
    listed = ", ".join(common) or "none"
    text = f"{' and '.join(names)} have {len(common)} column{'s' * (len(common) != 1)} in common: {listed}."
    return Analysis("answered", text, value=common, code=code, operation="compare_frames:columns")
