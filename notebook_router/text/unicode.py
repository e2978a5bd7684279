"""Text that can always be encoded: lone surrogates in, U+FFFD (or their bytes) out.

Python strings may hold lone surrogates: a file read with
``errors="surrogateescape"`` keeps each byte it could not decode as one
(U+DC80 to U+DCFF). They cannot be encoded as UTF-8, so they would crash a
model request, a recording or a database write far from where they came
from. Text going somewhere that needs valid Unicode passes through here.
"""

from __future__ import annotations


def valid_unicode(text: str) -> str:
    """``text`` with lone surrogates shown as U+FFFD; ``text`` itself when it has none.

    >>> valid_unicode("caf\\udce9")
    'caf\\ufffd'
    """
    if text.isascii():  # the common case, without encoding anything
        return text
    try:
        text.encode()
    except UnicodeEncodeError:
        return utf8_bytes(text).decode("utf-8", "replace")
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
