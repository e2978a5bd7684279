"""What the router decides and returns: the model's reply, the decision, the result."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from notebook_router.usage import ZERO_USAGE, Usage


class RouteReply(BaseModel):
    """The JSON a model replies with when asked to route a request.

    ``tool`` is null when no tool fits. ``missing`` is optional: models may
    list required inputs the request does not give (the router checks anyway).
    """

    model_config = ConfigDict(extra="ignore")

    tool: str | None
    inputs: dict[str, Any] = Field(default_factory=dict)
    reason: str = ""
    missing: list[str] = Field(default_factory=list)


@lru_cache(maxsize=256)
def route_schema(tool_names: tuple[str, ...]) -> dict[str, Any]:
    """The JSON schema of a routing reply: the tool names as an enum, plus null.

    The names as an enum let constrained decoders only ever name a tool that
    exists (or none). Shared between calls: do not modify the result.
    """
    tool: dict[str, Any] = {"type": "null"}
    if tool_names:
        tool = {"anyOf": [{"type": "string", "enum": list(tool_names)}, {"type": "null"}]}
    tool["description"] = "The one tool to use, or null when no tool fits the request."
    return {
        "type": "object",
        "properties": {
            "tool": tool,
            "inputs": {
                "type": "object",
                "description": "Arguments for the tool, named and typed as its parameters.",
            },
            "reason": {"type": "string", "maxLength": 200},
        },
        "required": ["tool", "inputs"],
        "additionalProperties": False,
    }


class ToolDecision(BaseModel):
    """Which tool a request goes to, with what inputs: what :meth:`ToolRouter.choose` returns.

    ``tool`` is None when no tool fits (or no usable decision came back:
    then ``error`` says why) and ``message`` is the friendly text to show.
    ``missing`` lists required inputs the request did not give; ``pruned``
    the unknown inputs that were dropped. ``attempts`` counts model calls.
    """

    model_config = ConfigDict(frozen=True)

    query: str
    tool: str | None
    inputs: dict[str, Any] = Field(default_factory=dict)
    missing: list[str] = Field(default_factory=list)
    pruned: list[str] = Field(default_factory=list)
    reason: str = ""
    candidates: list[str] = Field(default_factory=list)
    attempts: int = 0
    usage: Usage = ZERO_USAGE
    message: str | None = None
    error: str | None = None
    notes: list[str] = Field(default_factory=list)
    """How the chosen tool's spec was read, when it came in another dialect."""

    @property
    def ready(self) -> bool:
        """A tool was chosen and every required input is there."""
        return self.tool is not None and not self.missing


Status = Literal["ok", "no_tool", "needs_input", "failed"]


class ToolResult(BaseModel):
    """The outcome of :meth:`ToolRouter.run`.

    ``status``: ``ok`` (the tool ran; ``output`` is what it returned, or the
    joined chunks when it streamed), ``no_tool`` (nothing fits), ``needs_input``
    (required inputs missing) or ``failed`` (routing or the tool failed after
    retries; ``error`` says why). ``text`` is always something to show a person.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    status: Status
    decision: ToolDecision
    output: Any = None
    text: str = ""
    error: str | None = None
    tool_attempts: int = 0

    @property
    def ok(self) -> bool:
        """The tool ran and returned."""
        return self.status == "ok"
