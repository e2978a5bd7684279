"""Turns asked of one router with memory, as a user asks them, and what the last turn
answered: its status, its numbers and its text (the answer must name its conditions)."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd  # type: ignore[import-untyped, unused-ignore]

from notebook_router import Router

TITANIC = pd.DataFrame(
    {
        "Survived": [0, 1, 1, 0, 1, 0, 1, 0],
        "Sex": ["male", "female", "female", "male", "male", "male", "female", "female"],
        "Age": [22, 38, 26, 35, 4, 54, 27, 14],
        "Pclass": [3, 1, 3, 1, 3, 1, 2, 3],
    }
)
RIDES = pd.DataFrame(
    {
        "city": ["Austin", "Seattle", "Seattle", "Austin", "Austin", "Seattle", "Dallas", "Dallas"],
        "payment": ["card", "cash", "card", "cash", "card", "card", "cash", "card"],
        "tip": [1.0, 2, 3, 4, 5, 6, 7, 8],
        "fare": [10.0, 20, 30, 40, 50, 60, 70, 80],
        "month": [1, 1, 2, 2, 1, 2, 1, 2],
    }
)
STOCK = pd.DataFrame(
    {
        "warehouse": ["Newark", "Reno", "Newark", "Reno", "Newark", "Reno", "Boston", "Boston"],
        "category": ["Toys", "Toys", "Electronics", "Electronics", "Toys", "Tools", "Toys",
                     "Electronics"],
        "qty": [3, 5, 2, 8, 4, 1, 6, 7],
        "price": [10.0, 12, 200, 150, 9, 30, 11, 180],
    }
)  # fmt: skip
PLANES = pd.DataFrame(
    {
        "maker": ["Boeing", "Airbus", "Boeing", "Boeing", "Airbus", "Embraer"],
        "seats": [180, 150, 90, 300, 220, 70],
    }
)


@dataclass(frozen=True)
class Answer:
    """The last turn's outcome: every task fulfilled or not, its numbers, its text."""

    fulfilled: bool
    partial: bool
    numbers: list[float]
    text: str
    tasks: list[str]


def asked(name: str, frame: pd.DataFrame, *turns: str) -> Answer:
    """Ask ``turns`` in order of a router with memory over a copy of ``frame``."""
    router = Router(data={name: frame.copy()}, memory=True)
    result = None
    for turn in turns:
        result = router.run_sync(turn)
    assert result is not None
    statuses = [t.status for t in result.tasks]
    numbers: list[float] = []
    for task in result.tasks:
        done = result.results.get(task.id)
        for v in () if done is None or not done.ok else (done.data, done.value):
            numbers.extend(_numbers(v))
    return Answer(
        fulfilled=bool(statuses) and all(s == "fulfilled" for s in statuses) and result.completed,
        partial=any(s == "partial" for s in statuses) or "not applied" in (result.answer or ""),
        numbers=numbers,
        text=result.answer or "",
        tasks=[t.description for t in result.tasks],
    )


def _numbers(value: object) -> list[float]:
    """The numbers in a task's value: a frame's or series' cells, a tuple's, or itself."""
    if isinstance(value, pd.DataFrame | pd.Series):
        return [float(x) for x in pd.DataFrame(value).select_dtypes("number").to_numpy().ravel()]
    if isinstance(value, tuple | list):
        return [n for v in value for n in _numbers(v)]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, bool) or not isinstance(value, int | float):
        return []
    return [float(value)]
