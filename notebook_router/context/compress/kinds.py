"""Which reader a value needs: prose, code, a table, or structured data.

Tables come first (a DataFrame, a list of records, text laid out in columns), then
code (text that parses as Python with definitions or statements on most lines, or
that is brace-and-semicolon shaped), then structured data (mappings and lists);
everything else is read as prose.
"""

from __future__ import annotations

import ast
import re

from notebook_router.context.compress.code import Code
from notebook_router.context.compress.data import Data
from notebook_router.context.compress.levels import Compressor, Kind
from notebook_router.context.compress.prose import Prose
from notebook_router.context.compress.table import Table, as_table, looks_like_table

_READERS: dict[Kind, Compressor] = {
    "prose": Prose(),
    "code": Code(),
    "table": Table(),
    "data": Data(),
}
_PYTHON_LINE = re.compile(
    r"^\s*(?:def |class |import |from \S+ import |@|return\b|if .*:$|for .*:$|"
    r"while .*:$|with .*:$|try:|except\b|elif\b|else:|[\w.\[\]]+\s*[+\-*/]?=\s)"
)
_BRACES_LINE = re.compile(r"[{};]\s*$|^\s*}")
_SAMPLE = 20_000
"""Characters of a text read to tell code from prose."""


def kind_of(value: object) -> Kind:
    """How ``value`` is read for compression.

    >>> kind_of("def f(x):\\n    return x + 1\\n"), kind_of("It rained. Sales fell.")
    ('code', 'prose')
    """
    if isinstance(value, str):
        if looks_like_table(value):
            return "table"
        return "code" if looks_like_code(value) else "prose"
    if as_table(value) is not None:
        return "table"
    if isinstance(value, (dict, list, tuple, set, frozenset, int, float, bool)) or value is None:
        return "data"
    return "prose"


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is source code: most of its lines read as statements."""
    lines = [line for line in text[:_SAMPLE].splitlines() if line.strip()]
    if len(lines) < 2:
        return False
    python = sum(1 for line in lines if _PYTHON_LINE.match(line))
    if python >= 0.3 * len(lines):
        try:
            ast.parse(text if len(text) <= _SAMPLE else text[: text.rfind("\n", 0, _SAMPLE)])
            return True
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass
    return sum(1 for line in lines if _BRACES_LINE.search(line)) >= 0.4 * len(lines)


def compressor_for(kind: Kind) -> Compressor:
    """The reader of ``kind``."""
    return _READERS[kind]
