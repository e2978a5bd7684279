"""One string field of a JSON object, decoded while the object is still arriving.

A model asked for ``{"answer": "...", "attributions": [...]}`` streams the
JSON, not the answer: :class:`FieldStream` reads the pieces as they come and
hands on only the decoded text of one top-level string field, so the user
sees the answer being written rather than braces and escapes. Pieces may
split anything (an escape, a ``\\uXXXX``, a surrogate pair, the key itself);
the field need not come first. A reply that is not a JSON object (a code
fence before it is fine) yields nothing: whoever shows the text then shows
the final answer instead.

>>> stream = FieldStream("answer")
>>> [stream.feed(p) for p in ['{"answer": "Hi\\\\', 'n there', '", "x": 1}']]
['Hi', '\\nthere', '']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

_SPECIAL = re.compile(r'["\\]')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", '"': '"', "\\": "\\", "/": "/"}
_HEX = frozenset("0123456789abcdefABCDEF")
_BLANK = frozenset(" \t\r\n")

Mode = Literal["start", "scan", "done", "dead"]
Expect = Literal["key", "colon", "value", "after"]
Role = Literal["key", "field", "skip"]


class _JsonString:
    """Decodes the inside of one JSON string, piece by piece, up to its closing quote."""

    __slots__ = ("escaped", "hex", "high")

    def __init__(self) -> None:
        self.escaped = False
        self.hex: str | None = None
        """The hex digits of a ``\\u`` escape read so far."""
        self.high: int | None = None
        """A high surrogate waiting for its low half."""

    def feed(self, text: str, i: int) -> tuple[str, int, bool]:
        """Decode ``text`` from ``i``: the text decoded, where it stopped, and whether the
        string ended there."""
        out: list[str] = []
        n = len(text)
        while i < n:
            if self.hex is not None:
                take = text[i : i + 4 - len(self.hex)]
                self.hex += take
                i += len(take)
                if len(self.hex) < 4:
                    break
                digits, self.hex = self.hex, None
                self._code(int(digits, 16) if set(digits) <= _HEX else -1, out)
            elif self.escaped:
                char = text[i]
                i += 1
                self.escaped = False
                if char == "u":
                    self.hex = ""
                else:
                    self._flush(out)
                    out.append(_ESCAPES.get(char, char))
            else:
                found = _SPECIAL.search(text, i)
                end = n if found is None else found.start()
                if end > i:
                    self._flush(out)
                    out.append(text[i:end])
                i = end
                if found is None:
                    break
                i += 1
                if found.group() == '"':
                    self._flush(out)
                    return "".join(out), i, True
                self.escaped = True
        return "".join(out), i, False

    def _code(self, code: int, out: list[str]) -> None:
        if 0xD800 <= code < 0xDC00:
            self._flush(out)
            self.high = code
        elif 0xDC00 <= code < 0xE000 and self.high is not None:
            out.append(chr(0x10000 + ((self.high - 0xD800) << 10) + (code - 0xDC00)))
            self.high = None
        else:
            self._flush(out)
            # A lone low surrogate, or digits that are not hex: what the JSON reader
            # would give cannot be encoded, so the replacement character stands in.
            out.append("\ufffd" if code < 0 or 0xDC00 <= code < 0xE000 else chr(code))

    def _flush(self, out: list[str]) -> None:
        """A high surrogate not followed by its low half: the replacement character."""
        if self.high is not None:
            out.append("\ufffd")
            self.high = None


class FieldStream:
    """Streams the decoded value of the top-level string field ``name`` (see the module)."""

    def __init__(self, name: str, sink: Callable[[str], None] | None = None) -> None:
        self.name = name
        self.sink = sink
        self._mode: Mode = "start"
        self._head = ""
        """What came before the object's opening brace (blanks, a code fence)."""
        self._depth = 0
        self._expect: Expect = "key"
        """At the object's top level, what comes next."""
        self._string: _JsonString | None = None
        self._role: Role = "skip"
        self._key: list[str] = []
        self._last_key = ""

    def write(self, piece: str) -> None:
        """:meth:`feed`, for use as a text sink (what is decoded goes to ``sink``)."""
        self.feed(piece)

    def feed(self, piece: str) -> str:
        """Read the next ``piece`` of the reply; the field's text it completes (may be "")."""
        if self._mode == "start":
            piece = self._opening(piece)
        if self._mode != "scan" or not piece:
            return ""
        out: list[str] = []
        i, n = 0, len(piece)
        while i < n and self._mode == "scan":
            if self._string is not None:
                text, i, ended = self._string.feed(piece, i)
                if self._role == "field":
                    out.append(text)
                elif self._role == "key":
                    self._key.append(text)
                if ended:
                    self._string_ended()
                continue
            i = self._structure(piece, i)
        decoded = "".join(out)
        if decoded and self.sink is not None:
            self.sink(decoded)
        return decoded

    def _opening(self, piece: str) -> str:
        """Skip blanks and a code fence up to the opening brace; what follows it."""
        head = (self._head + piece).lstrip()
        while head.startswith("```"):
            newline = head.find("\n")
            if newline < 0:
                self._head = head
                return ""
            head = head[newline + 1 :].lstrip()
        self._head = head
        if not head or "```".startswith(head):
            return ""
        if head[0] != "{":
            self._mode = "dead"
            return ""
        self._mode, self._depth, self._head = "scan", 1, ""
        return head[1:]

    def _structure(self, piece: str, i: int) -> int:
        """Read one character outside strings: nesting, and keys and values at the top."""
        char = piece[i]
        top = self._depth == 1
        if char in _BLANK:
            pass
        elif char == '"':
            self._string = _JsonString()
            if top and self._expect == "key":
                self._role, self._key = "key", []
            elif top and self._expect == "value" and self._last_key == self.name:
                self._role = "field"
            else:
                self._role = "skip"
        elif char in "{[":
            self._depth += 1
        elif char in "}]":
            self._depth -= 1
            if self._depth == 0:
                self._mode = "done"
            elif self._depth == 1:
                self._expect = "after"
        elif top and char == ":" and self._expect == "colon":
            self._expect = "value"
        elif top and char == ",":
            self._expect = "key"
        elif top and self._expect == "value":
            self._expect = "after"  # a number, true, false or null
        return i + 1

    def _string_ended(self) -> None:
        role, self._string = self._role, None
        if role == "key":
            self._last_key = "".join(self._key)
            self._expect = "colon"
        elif role == "field":
            self._mode = "done"
        elif self._depth == 1 and self._expect == "value":
            self._expect = "after"
