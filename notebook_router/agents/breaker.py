"""A circuit breaker per agent: stop asking an agent that keeps failing.

Closed: requests go through; consecutive failures are counted. After
``failures`` in a row the circuit *opens*: requests to that agent are
answered ``unable`` at once, without running it. After ``cooldown_s`` it is
*half-open*: one trial request goes through; success closes the circuit,
failure opens it for another cool-down.

Only ``failed`` outcomes count (exceptions and timeouts); ``unable`` means
"not my job" and says nothing about the agent's health. The clock is
injectable so tests move time by hand instead of sleeping.

>>> now = [0.0]
>>> breaker = CircuitBreaker(failures=2, cooldown_s=10, clock=lambda: now[0])
>>> breaker.record("flaky", ok=False); breaker.record("flaky", ok=False)
>>> breaker.allow("flaky")
False
>>> now[0] = 10.0; breaker.allow("flaky"), breaker.state("flaky")
(True, 'half_open')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from notebook_router.errors import ConfigError

CircuitState = Literal["closed", "open", "half_open"]


@dataclass(slots=True)
class _Circuit:
    failures: int = 0
    opened_at: float | None = None
    trial_out: bool = False


class CircuitBreaker:
    """Circuits for every agent, shared by all runs of a router."""

    def __init__(
        self,
        failures: int = 3,
        cooldown_s: float = 30.0,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if failures < 1:
            raise ConfigError(f"CircuitBreaker(failures={failures}): use 1 or more.")
        if cooldown_s < 0:
            raise ConfigError(f"CircuitBreaker(cooldown_s={cooldown_s}): use 0 or more.")
        self.failures = failures
        self.cooldown_s = cooldown_s
        self.clock = clock
        self._circuits: dict[str, _Circuit] = {}

    def state(self, agent: str) -> CircuitState:
        """``closed``, ``open`` or ``half_open`` for ``agent`` right now."""
        circuit = self._circuits.get(agent)
        if circuit is None or circuit.opened_at is None:
            return "closed"
        if self.clock() - circuit.opened_at >= self.cooldown_s:
            return "half_open"
        return "open"

    def failing(self, agent: str) -> bool:
        """Whether ``agent`` has failures on record (its last request failed, or more)."""
        return agent in self._circuits

    def allow(self, agent: str) -> bool:
        """May a request go to ``agent`` now? (A half-open circuit lets one trial through.)"""
        circuit = self._circuits.get(agent)
        if circuit is None or circuit.opened_at is None:
            return True
        if self.state(agent) == "open" or circuit.trial_out:
            return False
        circuit.trial_out = True
        return True

    def record(self, agent: str, *, ok: bool) -> CircuitState:
        """Record how a request to ``agent`` ended; returns the circuit's new state."""
        circuit = self._circuits.get(agent)
        if ok:
            if circuit is not None:
                del self._circuits[agent]
            return "closed"
        if circuit is None:
            circuit = self._circuits[agent] = _Circuit()
        circuit.failures += 1
        circuit.trial_out = False
        if circuit.opened_at is not None or circuit.failures >= self.failures:
            circuit.opened_at = self.clock()  # (re)open: a failed trial starts a new cool-down
        return self.state(agent)

    def release(self, agent: str) -> None:
        """A request let through by :meth:`allow` ended without an outcome (it was cancelled)."""
        circuit = self._circuits.get(agent)
        if circuit is not None:
            circuit.trial_out = False

    def retry_in(self, agent: str) -> float:
        """Seconds until an open circuit half-opens (0 when it is not open)."""
        circuit = self._circuits.get(agent)
        if circuit is None or circuit.opened_at is None:
            return 0.0
        return max(0.0, circuit.opened_at + self.cooldown_s - self.clock())

    def why_skipped(self, agent: str) -> str:
        """What a request :meth:`allow` refused is answered with."""
        return (
            f"skipped: {agent} failed {self.consecutive_failures(agent)} times in a row "
            f"(circuit open; tried again in {self.retry_in(agent):.0f} s)"
        )

    def consecutive_failures(self, agent: str) -> int:
        """Failures in a row so far for ``agent``."""
        circuit = self._circuits.get(agent)
        return circuit.failures if circuit else 0

    def reset(self, agent: str | None = None) -> None:
        """Close one circuit (or all of them)."""
        if agent is None:
            self._circuits.clear()
        else:
            self._circuits.pop(agent, None)

    def __repr__(self) -> str:
        open_ = [a for a in self._circuits if self.state(a) != "closed"]
        return (
            f"CircuitBreaker(failures={self.failures}, cooldown_s={self.cooldown_s:g}, "
            f"open={open_})"
        )
