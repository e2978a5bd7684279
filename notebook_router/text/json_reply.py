"""Reading a model's JSON reply into a pydantic model, shared by the planner and tool router."""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from notebook_router.errors import MalformedOutputError

M = TypeVar("M", bound=BaseModel)

_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


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
    data = _extract_json(text)
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'reply'}: {err['msg']}"
            for err in exc.errors()[:5]
        )
        raise MalformedOutputError(
            f"The reply does not match {schema.__name__} ({problems})", text
        ) from None


def _extract_json(text: str) -> Any:
    stripped = _FENCE.sub("", text.strip())
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    start, end = stripped.find("{"), stripped.rfind("}")
    if start != -1 and end > start:
        try:
            return json.loads(stripped[start : end + 1])
        except json.JSONDecodeError as exc:
            raise MalformedOutputError(f"The reply is not valid JSON ({exc.msg})", text) from None
    raise MalformedOutputError("The reply contains no JSON object", text)
