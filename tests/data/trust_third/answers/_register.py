"""Registering one answer function per item of the third trust set."""

from __future__ import annotations

from collections.abc import Callable

from tests.data.trust.answers.common import Answer


def registry(prefix: str) -> tuple[dict[str, Answer], Callable[[int], Callable[[Answer], Answer]]]:
    """A table's answers and the decorator that files a function as ``prefix-NNN``."""
    answers: dict[str, Answer] = {}

    def item(number: int) -> Callable[[Answer], Answer]:
        def file(function: Answer) -> Answer:
            key = f"{prefix}-{number:03d}"
            if key in answers:
                raise ValueError(f"two answers for {key}")
            answers[key] = function
            return function

        return file

    return answers, item
