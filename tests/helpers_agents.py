"""Small agents used across tests."""

from __future__ import annotations

import asyncio
from typing import Any

from notebook_router import agent


def sleeper(name: str, seconds: float, value: Any = None, **kwargs: Any) -> Any:
    """An async agent that sleeps, then returns ``value`` (default: its name)."""

    async def run(task: str) -> Any:
        await asyncio.sleep(seconds)
        return value if value is not None else f"{name} done"

    run.__name__ = name
    return agent(name=name, can=[name], **kwargs)(run)
