"""Prices per million tokens, so cost budgets mean money.

The table holds list prices for common models (USD per million input and
output tokens, as published by the providers in 2025); prices change, so
:func:`set_price` overrides or adds any model, and an unknown model costs
0.0 (with its tokens still counted against token budgets).
"""

from __future__ import annotations

from notebook_router.usage import Usage

# (input, output) USD per 1M tokens.
PRICES: dict[str, tuple[float, float]] = {
    "openai:gpt-4o": (2.50, 10.00),
    "openai:gpt-4o-mini": (0.15, 0.60),
    "openai:gpt-4.1": (2.00, 8.00),
    "openai:gpt-4.1-mini": (0.40, 1.60),
    "openai:gpt-4.1-nano": (0.10, 0.40),
    "openai:o4-mini": (1.10, 4.40),
    "openai:gpt-5": (1.25, 10.00),
    "openai:gpt-5-mini": (0.25, 2.00),
    "openai:gpt-5-nano": (0.05, 0.40),
    "gemini:gemini-2.5-pro": (1.25, 10.00),
    "gemini:gemini-2.5-flash": (0.30, 2.50),
    "gemini:gemini-2.5-flash-lite": (0.10, 0.40),
    "gemini:gemini-2.0-flash": (0.10, 0.40),
}


def set_price(model: str, input_per_million: float, output_per_million: float) -> None:
    """Set the price of ``provider:model`` (USD per million input / output tokens)."""
    PRICES[model] = (input_per_million, output_per_million)


def price_usage(model: str, input_tokens: int, output_tokens: int) -> Usage:
    """A one-call :class:`Usage` for ``provider:model`` with its cost filled in."""
    rates = PRICES.get(model) or PRICES.get(_without_date(model))
    cost = 0.0
    if rates is not None:
        cost = (input_tokens * rates[0] + output_tokens * rates[1]) / 1_000_000
    return Usage(input_tokens=input_tokens, output_tokens=output_tokens, cost_usd=cost, calls=1)


def _without_date(model: str) -> str:
    # "gpt-4o-mini-2024-07-18" is priced like "gpt-4o-mini".
    parts = model.rsplit("-", 3)
    if len(parts) == 4 and all(p.isdigit() for p in parts[1:]):
        return parts[0]
    return model
