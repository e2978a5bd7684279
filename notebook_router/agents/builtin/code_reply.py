"""The code in a model's reply (:mod:`.code_loop`): its fenced blocks, or the whole reply
when it is Python."""

from __future__ import annotations

import re

_FENCE = re.compile(r"```[ \t]*(?:python|py|python3)?[ \t]*\n(.*?)(?:```|\Z)", re.DOTALL | re.I)


def extract_code(reply: str) -> str | None:
    """The code in a model's reply: its fenced blocks, or the whole reply if it is Python."""
    blocks = [b.strip() for b in _FENCE.findall(reply) if b.strip()]
    if blocks:
        return "\n\n".join(blocks)
    text = reply.strip()
    if not text:
        return None
    try:
        compile(text, "<reply>", "exec")
    except (SyntaxError, ValueError):
        return None
    return text
