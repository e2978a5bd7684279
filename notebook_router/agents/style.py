"""How an answer is written: a name the options of both front ends list.

Its own module because declaring ``--style`` (``%%route``'s options, the
CLI's ``--help``) needs only these names, not the agent contract and its
pydantic models in :mod:`notebook_router.agents.base`.
"""

from __future__ import annotations

from typing import Literal

ResponseStyle = Literal["conversational", "structured", "report"]
"""Conversational prose, structured sections, or a report."""
