"""Reading a model's JSON reply into a pydantic model, shared by the planner and tool router.

Whatever a model sends, this ends in a validated model or a
:class:`~notebook_router.errors.MalformedOutputError` the planner retries
with: never another exception, and never more than linear time. A reply is
model output, so it may be huge, nested past the interpreter's recursion
limit, hold an integer too long to convert, or escape a lone surrogate that
no encoder accepts later; each of those is a readable error or a repaired
string here, where every reply passes, rather than a crash somewhere else.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from notebook_router.errors import MalformedOutputError
from notebook_router.text.unicode import valid_strings

M = TypeVar("M", bound=BaseModel)

MAX_REPLY_CHARS = 256_000
"""Longer replies are refused unread: a decision is a few hundred characters, and
parsing (and validating) megabytes on the loop's thread would stall Stop."""


def parse_model_output(text: str, schema: type[M]) -> M:
    """Parse a model's JSON reply into ``schema``; raise a readable error if it is not one.

    Tolerates what models commonly wrap JSON in (code fences, a sentence
    before or after) but nothing that changes the meaning.

    >>> from pydantic import BaseModel
    >>> class Answer(BaseModel):
    ...     answer: str
    >>> parse_model_output('Sure: {"answer": "42"}', Answer).answer
    '42'
    """
    if len(text) > MAX_REPLY_CHARS:
        raise MalformedOutputError(
            f"The reply is {len(text):,} characters long; replies over {MAX_REPLY_CHARS:,} "
            "are not parsed. Answer with the JSON object alone.",
            text[:2000],
        )
    data = _extract_json(text)
    try:
        return schema.model_validate(data)
    except RecursionError:
        raise MalformedOutputError("The reply is nested too deeply", text[:2000]) from None
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'reply'}: {err['msg']}"
            for err in exc.errors()[:5]
        )
        raise MalformedOutputError(
            f"The reply does not match {schema.__name__} ({problems})", text
        ) from None


def _extract_json(text: str) -> Any:
    stripped = _without_fences(text.strip())
    try:
        return _loads(stripped, text)
    except json.JSONDecodeError:
        pass
    start, end = stripped.find("{"), stripped.rfind("}")
    if start != -1 and end > start:
        try:
            return _loads(stripped[start : end + 1], text)
        except json.JSONDecodeError as exc:
            raise MalformedOutputError(f"The reply is not valid JSON ({exc.msg})", text) from None
    raise MalformedOutputError("The reply contains no JSON object", text)


def _without_fences(text: str) -> str:
    """``text`` without a Markdown code fence around it (```json ... ```), in linear time.

    String operations, not a regular expression: a pattern like ``\\s*```$``
    backtracks over every run of spaces, which takes seconds on a reply
    holding a long one.
    """
    if text.startswith("```"):
        newline = text.find("\n")
        text = text[newline + 1 :] if newline != -1 else text[3:].removeprefix("json")
    if text.endswith("```"):
        text = text[:-3]
    return text.strip()


def _loads(text: str, reply: str) -> Any:
    """``json.loads``, with the errors that are not about JSON syntax made readable."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise MalformedOutputError("The reply is nested too deeply", reply[:2000]) from None
    except ValueError as exc:  # e.g. an integer longer than int() converts
        raise MalformedOutputError(
            f"The reply holds a value JSON cannot carry ({exc})", reply[:2000]
        ) from None
    # An escaped lone surrogate ("\\udc80") decodes to a string no encoder takes:
    # repair them once here, before they reach a prompt, the panel or the store.
    return valid_strings(data) if "\\u" in text else data
