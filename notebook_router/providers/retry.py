"""Retries with exponential backoff and jitter, honouring the server's retry-after."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from notebook_router.errors import TransientProviderError

T = TypeVar("T")
log = logging.getLogger("notebook_router")


@dataclass(frozen=True)
class RetryPolicy:
    """How transient provider errors are retried.

    Delay before retry ``n`` (1-based): the server's retry-after if it sent
    one, else ``base_s * 2**(n-1)`` with full jitter, capped at ``max_s``.
    """

    attempts: int = 4
    base_s: float = 0.5
    max_s: float = 30.0

    def delay(self, attempt: int, error: TransientProviderError, rng: random.Random) -> float:
        if error.retry_after is not None:
            return min(self.max_s, max(0.0, error.retry_after))
        return rng.uniform(0, min(self.max_s, self.base_s * 2 ** (attempt - 1)))


async def with_retries(
    call: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    what: str,
    rng: random.Random | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> T:
    """Run ``call``; retry transient failures per ``policy``; re-raise the last one."""
    rng = rng or random.Random()
    for attempt in range(1, policy.attempts + 1):
        try:
            return await call()
        except TransientProviderError as error:
            if attempt == policy.attempts:
                raise
            delay = policy.delay(attempt, error, rng)
            log.warning(
                "%s: %s; retry %d of %d in %.2f s", what, error, attempt, policy.attempts - 1, delay
            )
            await sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover
