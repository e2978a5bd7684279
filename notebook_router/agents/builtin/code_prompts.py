"""What the code loop says to the model (:mod:`.code_loop`): its instructions, the task
with the data described, and the feedback on code that failed, produced nothing, was not
run or left part of the task out."""

from __future__ import annotations

import re

SYSTEM = """\
You write Python that runs in the user's Jupyter kernel, on their live variables.
Reply with exactly one ```python code block and nothing else.
- The variables described below exist already: use them by name. Do not load files unless asked.
- Import what you use (pandas as pd, numpy as np, matplotlib.pyplot as plt, scipy).
- End with an expression whose value is the result (a DataFrame, Series, number or text):
  it is shown to the user. Print only what helps them read it.
- For a chart use matplotlib with a title and axis labels; do not call plt.show().
- Never modify or reassign the user's variables: make new names (a variable the task asks
  you to create gets the name it asks for).
- No network access, no writing or deleting files, no installing packages."""

NO_CODE = "Your reply had no ```python code block. Reply with the whole code in one block."
EDITED = "The user edited your code before it ran:\n```python\n{code}\n```\n"
NOTHING = (
    "The code ran but produced nothing to show: end it with an expression whose value is "
    "the result (or print it). Reply with the whole corrected code in one ```python block."
)
FAILED = (
    "That code failed:\n```\n{error}\n```\n"
    "Reply with the whole corrected code in one ```python block."
)
REFUSED = (
    "That code was not run: {problems}. Reply with the whole corrected code in one ```python block."
)
UNUSED = (
    "The code ran, but it does not answer the whole task: {missing}. Correct it so that it "
    "uses every part of the task, and reply with the whole code in one ```python block. "
    "If the task does not ask for that as stated, reply with your code unchanged and a first "
    "line `# kept: <why>`."
)
KEPT = re.compile(r"^[ \t]*#[ \t]*kept:[ \t]*(.+?)[ \t]*$", re.M | re.I)
"""The first line ``UNUSED`` asks for when the model keeps its code: ``# kept: <why>``."""


def ask(task: str, goal: str, about: str, extra: str = "") -> str:
    """The first request: the task, the user's goal when it is more, the variables
    described (never their data) and any ``extra`` instructions."""
    parts = [f"Task: {task}"]
    if goal and goal != task:
        parts.append(f"(Part of the user's goal: {goal})")
    parts.append(f"The variables you can use:\n{about}" if about else "No data is loaded.")
    if extra:
        parts.append(extra)
    return "\n\n".join(parts)
