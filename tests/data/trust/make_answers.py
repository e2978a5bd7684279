"""Compute the trust set's answers and write them into questions.jsonl.

The questions, their families and the kind of every part are written by hand in
questions.jsonl; this script only fills each part's ``answer``. Every item has a small
function in ``tests/data/trust/answers/`` written in plain pandas over the tables of
``tables.py``: the answers never import, call or read notebook_router, and they were
computed before any project code ran on these questions. The file is written by
``tests/data/answer_file.py``, shared by every trust set.

Run from the repository root::

    PYTHONPATH=$PWD python tests/data/trust/make_answers.py           # rewrite the file
    PYTHONPATH=$PWD python tests/data/trust/make_answers.py --check   # exit 1 if stale

Each answer is stored as plain JSON: numbers rounded to six decimals, group labels as
text (years without ".0", dates as YYYY-MM-DD), sets as sorted lists, and ``null`` for
an unanswerable part (its function first checks that the data really lacks it).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.data import answer_file
from tests.data.trust.answers import ANSWERS
from tests.data.trust.tables import load

QUESTIONS = Path(__file__).with_name("questions.jsonl")


def read_items(path: Path = QUESTIONS) -> list[dict[str, Any]]:
    """The items of questions.jsonl, one dict per line."""
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
