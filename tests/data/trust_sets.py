"""The trust sets, by name: where each one's questions, answers and tables live.

Every set has the same layout (``questions.jsonl``, ``tables.py``, ``answers/``,
``make_answers.py``) and is read, answered, judged and benchmarked by the same code:
``tests/data/answer_file.py`` fills and checks its answers, ``tests/trust_eval/``
judges runs on it, ``bench/trust_accuracy.py --set NAME`` measures the product on it.

- ``trust``: the first set, 555 questions over 17 tables;
- ``fresh``: 265 questions over nine other tables, written after the first set's
  tuning part ran out of silent wrong answers;
- ``third``: 284 questions over nine further tables, phrased the way people ask.

Modules are imported when first asked for, so naming a set costs nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from tests.data import answer_file
from tests.data.public_tables import Table
from tests.data.trust.answers.common import Answer


@dataclass(frozen=True)
class TrustSet:
    """One labelled set: its name, its benchmark's name and its package."""

    name: str
    bench: str
    """The name the set's JSON line from ``bench/trust_accuracy.py`` carries."""
    package: str
    """The dotted package holding the set (``tests.data.trust_fresh``)."""

    @property
    def directory(self) -> Path:
        """The set's folder."""
        return Path(__file__).parent / self.package.rsplit(".", 1)[1]

    @property
    def questions(self) -> Path:
        """The set's questions.jsonl."""
        return self.directory / "questions.jsonl"

    def read_items(self) -> list[dict[str, Any]]:
        """The set's items, one dict per line of questions.jsonl."""
        return answer_file.read_items(self.questions)

    @property
    def tables(self) -> ModuleType:
        """The set's ``tables`` module (``NAMES``, ``SOURCES``, ``load``, ``source_of``)."""
        return importlib.import_module(f"{self.package}.tables")

    def load(self, name: str) -> pd.DataFrame:
        """A fresh copy of one of the set's tables."""
        frame: pd.DataFrame = self.tables.load(name)
        return frame

    @property
    def names(self) -> tuple[str, ...]:
        """Every table the set's items may name, source and derived."""
        names: tuple[str, ...] = self.tables.NAMES
        return names

    @property
    def sources(self) -> Mapping[str, Table]:
        """The set's source tables and where each comes from."""
        sources: Mapping[str, Table] = self.tables.SOURCES
        return sources

    def source_of(self, name: str) -> str:
        """The source table a (possibly derived) table of the set comes from."""
        source: str = self.tables.source_of(name)
        return source

    @property
    def answers(self) -> Mapping[str, Answer]:
        """One plain-pandas answer function per item id."""
        answers: Mapping[str, Answer] = importlib.import_module(f"{self.package}.answers").ANSWERS
        return answers

    def render(self, items: list[dict[str, Any]]) -> str:
        """The text of questions.jsonl for ``items`` with answers computed afresh."""
        return answer_file.render(items, self.answers, self.load)


SETS: dict[str, TrustSet] = {
    "trust": TrustSet("trust", "trust_accuracy", "tests.data.trust"),
    "fresh": TrustSet("fresh", "trust_accuracy_fresh", "tests.data.trust_fresh"),
    "third": TrustSet("third", "trust_accuracy_third", "tests.data.trust_third"),
}
