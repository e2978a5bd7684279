"""How a run goes and how its answer is written: the modes and response styles.

A module of its own, free of pydantic, so that the command line can offer
the choices (``--style``, ``--mode``) without importing the models that use them.

* styles: ``conversational`` (a few sentences of plain prose), ``structured``
  (findings one per line), ``report`` (a summary, then a section per finding);
* modes: ``quick`` (smaller budgets, confident results not checked, a short answer),
  ``normal``, ``thorough`` (larger budgets, every result checked, a complete answer).

Both are read from the request's words when not given
(:func:`notebook_router.language.intent.read_intent`).
"""

from __future__ import annotations

from typing import Literal, get_args

ResponseStyle = Literal["conversational", "structured", "report"]
STYLES: tuple[ResponseStyle, ...] = get_args(ResponseStyle)
RunMode = Literal["quick", "normal", "thorough"]
MODES: tuple[RunMode, ...] = get_args(RunMode)
