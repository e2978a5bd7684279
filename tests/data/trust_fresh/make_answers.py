"""Compute the fresh trust set's answers and write them into questions.jsonl.

The questions, their families and the kind of every part are written by hand in
questions.jsonl; this script only fills each part's ``answer``. Every item has a small
function in ``tests/data/trust_fresh/answers/`` written in plain pandas over the tables
of ``tables.py`` (with the first set's shared functions in ``tests/data/trust/answers/common.py``,
which refuse ties, missing values and lookups that are not one row). The answers never
import, call or read notebook_router, and they were computed and committed before any
project code ran on these questions.

Run from the repository root::

    PYTHONPATH=$PWD python tests/data/trust_fresh/make_answers.py           # rewrite the file
    PYTHONPATH=$PWD python tests/data/trust_fresh/make_answers.py --check   # exit 1 if stale

Answers are stored as in the first set: numbers rounded to six decimals, group labels as
text, sets as sorted lists, ``null`` for an unanswerable part.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data.trust.answers.common import NOT_IN_DATA
from tests.data.trust.make_answers import (
    ITEM_KEYS,
    KINDS,
    NEEDS_TOLERANCE,
    PART_KEYS,
    SetError,
)
from tests.data.trust.make_answers import read_items as _read_items
from tests.data.trust_fresh.answers import ANSWERS
from tests.data.trust_fresh.tables import load

QUESTIONS = Path(__file__).with_name("questions.jsonl")

_TYPES: dict[str, type | tuple[type, ...]] = {
    "number": (int, float),
    "label": str,
    "list": list,
    "mapping": dict,
    "set": list,
}


def read_items(path: Path = QUESTIONS) -> list[dict[str, Any]]:
    """The items of the fresh questions.jsonl, one dict per line."""
    return _read_items(path)


def _table(name: str) -> pd.DataFrame:
    return load(name)


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


def answered(item: Mapping[str, Any]) -> dict[str, Any]:
    """``item`` with every part's answer computed afresh, keys in the file's order."""
    item_id = str(item["id"])
    if item_id not in ANSWERS:
        raise SetError(f"{item_id}: no answer function")
    parts: Sequence[Mapping[str, Any]] = item["parts"]
    values = ANSWERS[item_id](_table)
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


def render(items: Sequence[Mapping[str, Any]]) -> str:
    """The text of questions.jsonl for ``items`` with their answers filled in."""
    import json

    return "".join(json.dumps(answered(item), ensure_ascii=False) + "\n" for item in items)


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite questions.jsonl with fresh answers (or, with --check, report if stale)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    args = parser.parse_args(argv)
    text = render(read_items())
    if args.check:
        stale = QUESTIONS.read_text(encoding="utf-8") != text
        print("questions.jsonl is stale" if stale else "questions.jsonl is up to date")
        return 1 if stale else 0
    QUESTIONS.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} items to {QUESTIONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
