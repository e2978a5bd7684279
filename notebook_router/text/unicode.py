"""Text that can always be encoded: lone surrogates in, U+FFFD (or their bytes) out.

Python strings may hold lone surrogates: a file read with
``errors="surrogateescape"`` keeps each byte it could not decode as one
(U+DC80 to U+DCFF). They cannot be encoded as UTF-8, so they would crash a
model request, a recording or a database write far from where they came
from. Text going somewhere that needs valid Unicode passes through here.
"""

from __future__ import annotations

import re
from typing import Any

_UNESCAPED_SURROGATE = re.compile("[\ud800-\udc7f\udd00-\udfff]")
"""Lone surrogates that are not an escaped byte (half an emoji, say)."""


def valid_unicode(text: str) -> str:
    """``text`` with lone surrogates shown as U+FFFD; ``text`` itself when it has none.

    Escaped bytes that spell a character in UTF-8 become it again; every other
    lone surrogate becomes one U+FFFD.

    >>> valid_unicode("caf\\udce9")
    'caf\\ufffd'
    >>> valid_unicode("\\ud83d!")
    '\\ufffd!'
    """
    if text.isascii():  # the common case, without encoding anything
        return text
    try:
        text.encode()
    except UnicodeEncodeError:
        unescaped = _UNESCAPED_SURROGATE.sub("\ufffd", text)
        return unescaped.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return text


def utf8_bytes(text: str) -> bytes:
    """``text`` as UTF-8, never failing on lone surrogates.

    Escaped bytes (``surrogateescape``) become those bytes again; any other
    lone surrogate is kept as its three bytes (``surrogatepass``), so equal
    text always gives equal bytes.
    """
    try:
        return text.encode()
    except UnicodeEncodeError:
        try:
            return text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            return text.encode("utf-8", "surrogatepass")


def valid_strings(data: Any) -> Any:
    """``data`` (parsed JSON) with every string in it, keys too, made valid Unicode.

    Changes lists and dicts in place; iterative, since the depth is whatever a
    model sent.

    >>> valid_strings({"caf\\udce9": ["caf\\udce9"]})
    {'caf\ufffd': ['caf\ufffd']}
    """
    root = [data]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        container, key = stack.pop()
        value = container[key]
        if isinstance(value, str):
            container[key] = valid_unicode(value)
        elif isinstance(value, list):
            stack.extend((value, i) for i in range(len(value)))
        elif isinstance(value, dict):
            for k in list(value):
                fixed = valid_unicode(k)
                if fixed != k:
                    value[fixed] = value.pop(k)
                stack.append((value, fixed))
    return root[0]
