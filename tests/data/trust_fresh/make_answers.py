"""Compute the fresh trust set's answers and write them into questions.jsonl.

The questions, their families and the kind of every part are written by hand in
questions.jsonl; this script only fills each part's ``answer``. Every item has a small
function in ``tests/data/trust_fresh/answers/`` written in plain pandas over the tables
of ``tables.py`` (with the first set's shared functions in ``tests/data/trust/answers/common.py``,
which refuse ties, missing values and lookups that are not one row). The answers never
import, call or read notebook_router, and they were computed and committed before any
project code ran on these questions. The file is written by ``tests/data/answer_file.py``,
shared by every trust set.

Run from the repository root::

    PYTHONPATH=$PWD python tests/data/trust_fresh/make_answers.py           # rewrite the file
    PYTHONPATH=$PWD python tests/data/trust_fresh/make_answers.py --check   # exit 1 if stale

Answers are stored as in the first set: numbers rounded to six decimals, group labels as
text, sets as sorted lists, ``null`` for an unanswerable part.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.data import answer_file
from tests.data.trust_fresh.answers import ANSWERS
from tests.data.trust_fresh.tables import load

QUESTIONS = Path(__file__).with_name("questions.jsonl")


def read_items(path: Path = QUESTIONS) -> list[dict[str, Any]]:
    """The items of the fresh questions.jsonl, one dict per line."""
    return answer_file.read_items(path)


def render(items: Sequence[Mapping[str, Any]]) -> str:
    """The text of questions.jsonl for ``items`` with their answers filled in."""
    return answer_file.render(items, ANSWERS, load)


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite questions.jsonl with fresh answers (or, with --check, report if stale)."""
    description = (__doc__ or "").splitlines()[0]
    return answer_file.main(QUESTIONS, ANSWERS, load, argv, description)


if __name__ == "__main__":
    sys.exit(main())
