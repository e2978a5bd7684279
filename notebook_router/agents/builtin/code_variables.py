"""The variables a coding task asks for by name (:mod:`.code_loop`): which names the
task asks code to create or overwrite, and putting those, and only those, into the
user's namespace."""

from __future__ import annotations

import re

from notebook_router.agents.builtin.code_work import CodeWork
from notebook_router.data.source import DataSource
from notebook_router.language.phrases import phrase_table

_NAME = r"`?(?P<name>[A-Za-z_]\w*)`?"
_SAID = phrase_table("variable_names")
"""How a task names a variable (``language/data/variable_names.toml``)."""


def _w(group: str) -> str:
    return _SAID.either(group, space=" ")


_KINDS = _w("kinds")
# The phrases that ask for a variable by name; the name is what follows them.
_ASKED = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        rf"\b{_w('called')}\s+{_NAME}",
        rf"\b{_w('save_as')}\b[^.;\n]{{0,60}}?\bas\s+"
        rf"(?:an?\s+)?(?:new\s+)?(?:{_KINDS}\s+)?{_NAME}",
        rf"\b{_w('save_in')}\b[^.;\n]{{0,60}}?\b{_w('save_into')}\s+"
        rf"(?:an?\s+)?(?:new\s+)?{_KINDS}\s+{_NAME}",
        rf"\b{_w('create')}\s+(?:an?\s+)?(?:new\s+)?{_KINDS}\s+{_NAME}",
    )
)
_OVERWRITE = re.compile(rf"\b{_w('overwrite')}\s+(?:the\s+)?{_NAME}", re.I)
_NOT_NAMES = _SAID.word_set("not_names")


def asked_names(task: str) -> tuple[frozenset[str], frozenset[str]]:
    """The variable names ``task`` asks code to create, and those it asks it to overwrite.

    >>> asked_names("save the monthly totals as monthly, then update df")
    (frozenset({'monthly'}), frozenset({'df'}))
    """
    created = {m["name"] for pattern in _ASKED for m in pattern.finditer(task)}
    overwritten = {m["name"] for m in _OVERWRITE.finditer(task)}
    return (
        frozenset(n for n in created if n.lower() not in _NOT_NAMES and n.isidentifier()),
        frozenset(n for n in overwritten if n.lower() not in _NOT_NAMES),
    )


def publish_asked(
    work: CodeWork, task: str, source: DataSource | None, *, user_words: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Put into the user's namespace the variables the task asked the code to create.

    Only a name the task asks for in so many words ("save it as monthly", "a
    dataframe called top10", "create a series totals") is published, and a
    name the user already has only when the task says to overwrite or update
    that very name ("update df") and so do ``user_words``, the user's own: a
    task may be a model's words, and a model may not replace the user's data.
    Everything else the code bound, however the task's words happen to match
    it, stays in its scratch namespace. Returns the names published, and the
    user's names the task asked to replace but the user did not (left as they were).
    """
    last = work.last
    if source is None or last is None or last.outcome is None or not work.succeeded:
        return (), ()
    created, overwritten = asked_names(task)
    allowed = asked_names(user_words)[1]
    bound = last.outcome.assigned
    chosen = {
        name: value
        for name, value in bound.items()
        if (name in created and name not in source.namespace)
        or (name in overwritten and name in allowed and name in source.namespace)
    }
    kept = tuple(
        n for n in bound if n in overwritten and n not in allowed and n in source.namespace
    )
    return (source.publish(chosen) if chosen else ()), kept
