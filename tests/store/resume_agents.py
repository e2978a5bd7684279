"""Agents for the resume tests; they log every call to $NR_CALLS so a test sees what re-ran.

``total`` hangs while $NR_SLOW is set: the process that runs it gets killed mid-task.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from notebook_router import agent


def _log(name: str) -> None:
    path = os.environ.get("NR_CALLS")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(name + "\n")


@agent(can=["numbers", "load", "data"])
def numbers(task: str) -> tuple[int, ...]:
    "Loads a list of numbers."
    _log("numbers")
    return (3, 1, 4, 1, 5, 9, 2, 6)  # a tuple: stored as a pickle, restored as a tuple


@agent(can=["sum", "total", "add"])
async def total(inputs: Any) -> int:
    "Adds the numbers up."
    _log("total")
    if os.environ.get("NR_SLOW"):
        await asyncio.sleep(120)
    values = next(iter(inputs.values()))
    assert isinstance(values, tuple), f"inputs came back as {type(values).__name__}"
    return sum(values)


AGENTS = [numbers, total]
