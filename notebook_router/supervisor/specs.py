"""The supervisor's four tools as a model is offered them: names, descriptions, JSON schemas."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from notebook_router.providers.base import ToolDef
from notebook_router.supervisor.models import (
    CallAgentInput,
    ReflectInput,
    RetrieveAgentsInput,
    ToolSpec,
    WriteTodosInput,
)

INPUTS: dict[str, type[BaseModel]] = {
    "retrieve_agents": RetrieveAgentsInput,
    "call_agent": CallAgentInput,
    "write_todos": WriteTodosInput,
    "reflect_on_progress": ReflectInput,
}


def tool_specs() -> list[ToolSpec]:
    """The four tools with their JSON schemas (from their pydantic input models)."""
    return [
        ToolSpec(
            name=name,
            description=(model.__doc__ or name).strip(),
            parameters=model.model_json_schema(),
        )
        for name, model in INPUTS.items()
    ]


def tool_defs() -> tuple[ToolDef, ...]:
    """The four tools as :class:`~notebook_router.providers.base.ToolDef` for native tool calling.

    References (``$ref`` into ``$defs``) are written out in place: some providers'
    function declarations (Gemini's) take no references.
    """
    return tuple(
        ToolDef(name=s.name, description=s.description, parameters=inline_refs(s.parameters))
        for s in tool_specs()
    )


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every local ``$ref`` replaced by the definition it names."""
    defs: dict[str, Any] = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return walk(defs[ref.removeprefix("#/$defs/")])
            return {k: walk(v) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    inlined: dict[str, Any] = walk(schema)
    return inlined
