"""Whether code an agent wrote may run: the user's code policy and their answer.

Running model-written code in the user's kernel is the user's decision. A
run has one :data:`CodePolicy`: ``auto`` runs it, ``never`` does not, and
``ask`` shows the code (the notebook panel's Run / Edit / Skip,
``%route answer run|skip``, ``run.approve``) and waits for the user. Where
nobody can answer (no panel open: nbclient, CI, a script), ``ask`` behaves as
``never`` and the answer says so. Code that is part of the package (the
offline analyst's read-only operations) does not ask: it runs under every
policy.

Agents ask through :meth:`AgentContext.approve_code
<notebook_router.agents.base.AgentContext.approve_code>`; the run decides.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal, get_args

from notebook_router.errors import ConfigError

CodePolicy = Literal["ask", "auto", "never"]
"""What happens to code an agent wrote: ask the user, run it, or never run it."""

CODE_POLICIES: tuple[CodePolicy, ...] = get_args(CodePolicy)


@dataclass(frozen=True, slots=True)
class CodeApproval:
    """The decision on one piece of code.

    ``code`` is what to run: the agent's, or the user's edit of it. ``note``
    says why, in words the answer can carry ("the code policy is never").
    """

    run: bool
    code: str
    note: str
    edited: bool = False


ApproveHook = Callable[[str, str], Awaitable[CodeApproval]]
"""``hook(code, purpose)``: the run's decision on an agent's code (see :class:`Approvals
<notebook_router.planner.approvals.Approvals>`)."""


def check_code_policy(value: object, *, option: str = "code") -> CodePolicy:
    """``value`` as a :data:`CodePolicy`, or a :class:`ConfigError` naming the choices."""
    if isinstance(value, str):
        for policy in CODE_POLICIES:
            if policy == value.strip().lower():
                return policy
    raise ConfigError(
        f"{option} must be one of {', '.join(CODE_POLICIES)}, not {value!r}: "
        "'ask' shows agent-written code and waits for Run or Skip, 'auto' runs it, "
        "'never' only shows it."
    )


NO_RUN_TO_ASK = "the code was not run: the agent ran outside a router run, with nobody to ask"
"""The note when an agent is called with no run around it (a unit test, a direct call)."""


__all__ = [
    "CODE_POLICIES",
    "NO_RUN_TO_ASK",
    "ApproveHook",
    "CodeApproval",
    "CodePolicy",
    "check_code_policy",
]
