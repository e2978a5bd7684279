"""Token and cost accounting shared by providers, agents and runs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Usage(BaseModel):
    """Tokens and money spent by one call, one agent or a whole run.

    Usages add up: ``total = a + b``. ``cost_usd`` is ``None``-free on purpose:
    an unpriced model counts as 0.0 so budgets compare without special cases.
    """

    model_config = ConfigDict(frozen=True)

    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)
    cost_usd: float = Field(default=0.0, ge=0.0)
    calls: int = Field(default=0, ge=0)

    @property
    def total_tokens(self) -> int:
        """Input plus output tokens."""
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        if not other:
            return self
        if not self:
            return other
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cost_usd=self.cost_usd + other.cost_usd,
            calls=self.calls + other.calls,
        )

    def __bool__(self) -> bool:
        return bool(self.input_tokens or self.output_tokens or self.cost_usd or self.calls)


ZERO_USAGE = Usage()


def estimate_tokens(text: str) -> int:
    """A provider-independent token estimate (about four characters a token).

    Used by the offline engine, which has no tokenizer, so that token budgets
    behave the same way offline as with a real model.
    """
    return (len(text) + 3) // 4
