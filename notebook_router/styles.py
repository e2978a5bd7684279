"""How an answer is written: the response styles a run may be asked for.

A module of its own, free of pydantic, so that the command line can offer
the choices (``--style``) without importing the models that use them.
"""

from __future__ import annotations

from typing import Literal, get_args

ResponseStyle = Literal["conversational", "structured", "report"]
STYLES: tuple[ResponseStyle, ...] = get_args(ResponseStyle)
