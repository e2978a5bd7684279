"""Filling and checking a trust set's questions.jsonl: one implementation for every set.

The questions, their families and the kind of every part are written by hand in a
set's ``questions.jsonl``; its ``make_answers.py`` fills each part's ``answer`` with
:func:`main`, from one small plain-pandas function per item (the set's ``answers``
package) over the set's tables. Nothing here imports, calls or reads notebook_router.

Each answer is stored as plain JSON: numbers rounded to six decimals, group labels as
text (years without ".0", dates as YYYY-MM-DD), sets as sorted lists, and ``null`` for
an unanswerable part (its function first checks that the data really lacks it).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import NOT_IN_DATA, Answer

ITEM_KEYS = ("id", "frames", "turns", "family", "parts", "note")
PART_KEYS = ("kind", "answer", "tolerance", "what", "percent", "either_sign")
KINDS = ("number", "label", "list", "mapping", "set", "unanswerable")
# Kinds whose answer holds numbers, so the part must say how close counts.
NEEDS_TOLERANCE = ("number", "mapping")

_TYPES: dict[str, type | tuple[type, ...]] = {
    "number": (int, float),
    "label": str,
    "list": list,
    "mapping": dict,
    "set": list,
}

TableLoader = Callable[[str], pd.DataFrame]


class SetError(ValueError):
    """An item of the set is malformed or its answer does not fit its part."""


def read_items(path: Path) -> list[dict[str, Any]]:
    """The items of a questions.jsonl, one dict per line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _checked(part: Mapping[str, Any], value: object, item_id: str) -> object:
    kind = part["kind"]
    if kind == "unanswerable":
        if value != NOT_IN_DATA:
            raise SetError(f"{item_id}: an unanswerable part must return NOT_IN_DATA")
        return None
    if value == NOT_IN_DATA:
        raise SetError(f"{item_id}: a {kind} part returned NOT_IN_DATA")
    if not isinstance(value, _TYPES[kind]) or isinstance(value, bool):
        raise SetError(f"{item_id}: a {kind} part got {type(value).__name__}")
    if kind == "set":
        return sorted(str(v) for v in value)  # type: ignore[attr-defined]
    return value


def answered(
    item: Mapping[str, Any], answers: Mapping[str, Answer], load: TableLoader
) -> dict[str, Any]:
    """``item`` with every part's answer computed afresh by its function in ``answers``
    over the tables ``load`` reads, keys in the file's order."""
    item_id = str(item["id"])
    if item_id not in answers:
        raise SetError(f"{item_id}: no answer function")
    parts: Sequence[Mapping[str, Any]] = item["parts"]
    values = answers[item_id](load)
    if len(values) != len(parts):
        raise SetError(f"{item_id}: {len(values)} answers for {len(parts)} parts")
    filled = []
    for part, value in zip(parts, values, strict=True):
        if part["kind"] not in KINDS:
            raise SetError(f"{item_id}: unknown kind {part['kind']!r}")
        if part["kind"] in NEEDS_TOLERANCE and "tolerance" not in part:
            raise SetError(f"{item_id}: a {part['kind']} part needs a tolerance")
        unknown = set(part) - set(PART_KEYS)
        if unknown:
            raise SetError(f"{item_id}: unknown part keys {sorted(unknown)}")
        merged = {**part, "answer": _checked(part, value, item_id)}
        filled.append({k: merged[k] for k in PART_KEYS if k in merged})
    unknown = set(item) - set(ITEM_KEYS)
    if unknown:
        raise SetError(f"{item_id}: unknown item keys {sorted(unknown)}")
    merged_item = {**item, "parts": filled}
    return {k: merged_item[k] for k in ITEM_KEYS if k in merged_item}


def render(
    items: Sequence[Mapping[str, Any]], answers: Mapping[str, Answer], load: TableLoader
) -> str:
    """The text of questions.jsonl for ``items`` with their answers filled in."""
    return "".join(
        json.dumps(answered(item, answers, load), ensure_ascii=False) + "\n" for item in items
    )


def main(
    questions: Path,
    answers: Mapping[str, Answer],
    load: TableLoader,
    argv: Sequence[str] | None = None,
    description: str = "Fill a trust set's answers.",
) -> int:
    """Rewrite ``questions`` with fresh answers (or, with --check, report if stale)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    args = parser.parse_args(argv)
    text = render(read_items(questions), answers, load)
    if args.check:
        stale = questions.read_text(encoding="utf-8") != text
        print("questions.jsonl is stale" if stale else "questions.jsonl is up to date")
        return 1 if stale else 0
    questions.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} items to {questions}")
    return 0
