"""The options that set a run's limits, spelled the same way by both front ends.

``%%route --max-iterations 5`` and ``python -m notebook_router run ...
--max-iterations 5`` declare these options from one list and check them with
one function, so both take the same values and refuse the same ones with the
same message (naming the option typed, not a field of :class:`Limits`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args

from notebook_router.agents.style import ResponseStyle
from notebook_router.errors import ConfigError

if TYPE_CHECKING:  # imported when limits are read: declaring the options (--help) needs neither
    from notebook_router.planner.rails import Limits


@dataclass(frozen=True)
class LimitOption:
    """One command-line option and the :class:`Limits` field it sets."""

    flag: str
    field: str
    type: type
    metavar: str
    help: str

    @property
    def dest(self) -> str:
        """The attribute argparse stores the value under (``--budget-usd``: ``budget_usd``)."""
        return self.flag.lstrip("-").replace("-", "_")


STYLES: tuple[ResponseStyle, ...] = get_args(ResponseStyle)
"""The answer styles a run may be asked for."""
PlannerStyle = Literal["decider", "supervisor"]
PLANNER_STYLES: tuple[PlannerStyle, ...] = get_args(PlannerStyle)
"""``decider``: JSON decisions (rules offline); ``supervisor``: the model calls tools."""

LIMIT_OPTIONS = (
    LimitOption("--max-iterations", "max_iterations", int, "N", "planner steps before stopping"),
    LimitOption("--budget-tokens", "max_tokens", int, "N", "token budget for the run"),
    LimitOption("--budget-usd", "max_cost_usd", float, "USD", "cost budget for the run"),
    LimitOption("--timeout", "timeout_s", float, "SECONDS", "wall-clock budget for the run"),
    LimitOption(
        "--verify-below",
        "verify_below",
        float,
        "CONFIDENCE",
        "verify results less confident than this (default 0.5; 0: never)",
    ),
)


def add_limit_options(add_argument: Callable[..., Any]) -> None:
    """Declare the options with ``add_argument`` (argparse's, or IPython's ``argument``)."""
    for option in LIMIT_OPTIONS:
        add_argument(option.flag, type=option.type, metavar=option.metavar, help=option.help)


def limits_from(args: Any) -> Limits:
    """The :class:`Limits` the parsed options ``args`` ask for (unset options keep defaults).

    Raises :class:`ConfigError` naming the option for a value no run can use
    (``--timeout nan``, ``--budget-usd 0``, ``--max-iterations 0``).
    """
    from pydantic import ValidationError

    from notebook_router.planner.rails import Limits

    flags = {o.field: o.flag for o in LIMIT_OPTIONS}
    given = {o.field: getattr(args, o.dest, None) for o in LIMIT_OPTIONS}
    try:
        return Limits(**{k: v for k, v in given.items() if v is not None})
    except ValidationError as exc:
        problems = "; ".join(
            f"{flags.get(str(e['loc'][0]), e['loc'][0])}: "
            f"{e['msg'][:1].lower()}{e['msg'][1:]}, not {e['input']}"
            for e in exc.errors()
        )
        raise ConfigError(problems) from None


__all__ = ["LIMIT_OPTIONS", "LimitOption", "add_limit_options", "limits_from"]
