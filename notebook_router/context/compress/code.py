"""Source code at three levels: without comments, signatures and what matters, the outline.

Python is read with :mod:`ast` and :mod:`tokenize`, so a ``#`` inside a string is no
comment and a signature spread over lines stays whole:

* light: comments, blank lines and all but the first line of each docstring go; the
  code itself stays line for line;
* medium: imports, module and class constants, and for each function and class its
  decorators, signature, docstring's first line and the lines that decide what it gives
  back (``return``, ``raise``, ``yield``, ``assert``); the rest of a body becomes ``...``;
* heavy: the outline: the imports on one line, the constants by name, each class and
  function as a one-line signature.

Other languages are read line by line: comment lines go at ``light``; definitions (lines
that open a function, a class, a type) and ``return`` lines are kept at ``medium``, the
definitions alone at ``heavy``.
"""

from __future__ import annotations

import ast
import io
import math
import re
import tokenize
from typing import TypeGuard

from notebook_router.context.compress.levels import CHARS_PER_TOKEN, Level

_MATTERS = (ast.Return, ast.Raise, ast.Assert)
_COMMENT_LINE = re.compile(r"^\s*(?:#|//|--|/\*|\*(?!\w)|\*/)")
_DEFINITION = re.compile(
    r"^\s*(?:export\s+|public\s+|private\s+|protected\s+|static\s+|async\s+|pub\s+)*"
    r"(?:def|class|function|func|fn|interface|struct|enum|trait|impl|type|module|"
    r"package|namespace|CREATE|SELECT)\b"
)
_RETURNS = re.compile(r"^\s*(?:return|raise|throw|yield)\b")
_PADDED = re.compile(r"([(\[{]) ")
_SIGNATURE_CHARS = 160
MAX_CHARS = 400_000
"""Characters of source read (about 10,000 lines); the rest is named as left out."""
"""The most characters of one signature line at ``heavy``."""


class Code:
    """The compressor for source code."""

    def original(self, value: object) -> str:
        return value if isinstance(value, str) else str(value)

    def tokens(self, value: object) -> int:
        return math.ceil(len(self.original(value)) / CHARS_PER_TOKEN)

    def shorten(self, value: object, level: Level, budget: int | None) -> tuple[str, list[str]]:
        source, cut = _bounded(self.original(value))
        text, dropped = self._shorten(source, level)
        return text, [*dropped, *cut]

    def _shorten(self, source: str, level: Level) -> tuple[str, list[str]]:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return _by_lines(source, level)
        lines = source.splitlines()
        if level == "light":
            return _light(source, tree, lines)
        if level == "medium":
            return _Medium(lines).module(tree)
        return _outline(tree, lines)


def _bounded(source: str) -> tuple[str, list[str]]:
    """``source`` up to :data:`MAX_CHARS`, cut after a line, and what that left out."""
    if len(source) <= MAX_CHARS:
        return source, []
    cut = source.rfind("\n", 0, MAX_CHARS)
    cut = cut if cut > 0 else MAX_CHARS
    return source[:cut], [f"the code past its first {cut:,} characters (of {len(source):,})"]


def _light(source: str, tree: ast.Module, lines: list[str]) -> tuple[str, list[str]]:
    """Python without comments, blank lines and long docstrings (line numbers from 1)."""
    replace: dict[int, str] = {}  # "" drops the line
    docstrings = 0
    for node in ast.walk(tree):
        doc = _docstring_node(node)
        if doc is not None and doc.end_lineno and doc.end_lineno > doc.lineno:
            docstrings += 1
            indent = lines[doc.lineno - 1][: doc.col_offset]
            first = _first_line(doc)
            replace[doc.lineno] = f'{indent}"""{first}"""'
            for n in range(doc.lineno + 1, doc.end_lineno + 1):
                replace[n] = ""
    comments, inside_strings = _comments(source)
    out = []
    for n, line in enumerate(lines, start=1):
        if n in replace:
            if replace[n]:
                out.append(replace[n])
            continue
        if n in comments:
            line = line[: comments[n]].rstrip()
            if not line.strip():
                continue
        if not line.strip() and n not in inside_strings:
            continue
        out.append(line.rstrip())
    dropped = ["comments and blank lines"]
    if docstrings:
        dropped.append(f"all but the first line of {docstrings} docstrings")
    return "\n".join(out), dropped


def _comments(source: str) -> tuple[dict[int, int], set[int]]:
    """Line → column where its comment starts, and the lines inside multi-line strings."""
    comments: dict[int, int] = {}
    inside: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                comments[token.start[0]] = token.start[1]
            elif token.type == tokenize.STRING and token.end[0] > token.start[0]:
                inside.update(range(token.start[0] + 1, token.end[0] + 1))
    except (tokenize.TokenError, SyntaxError):
        pass
    return comments, inside


class _Medium:
    """Signatures, docstrings' first lines and the lines that matter, with ``...`` between."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.out: list[str] = []
        self.bodies = 0

    def module(self, tree: ast.Module) -> tuple[str, list[str]]:
        doc = _docstring_node(tree)
        if doc is not None:
            self.out.append(f'"""{_first_line(doc)}"""')
        skipped = self.block(tree.body, "", top=True)
        dropped = []
        if self.bodies:
            dropped.append(f"the other lines of {self.bodies} function bodies")
        if skipped:
            dropped.append(f"{skipped} module-level statements")
        return "\n".join(self.out), [*dropped, "comments and docstrings past their first line"]

    def block(self, body: list[ast.stmt], indent: str, *, top: bool = False) -> int:
        skipped = 0
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(node, indent)
            elif isinstance(node, ast.ClassDef):
                self.header(node, indent)
                self.docstring(node, indent + "    ")
                self.block(node.body, indent + "    ")
            elif isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign)):
                if not _is_docstring(node):
                    self.out.append(indent + _source_line(self.lines, node))
            elif top and not _is_docstring(node):
                skipped += 1
        return skipped

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, indent: str) -> None:
        self.header(node, indent)
        inner = indent + "    "
        self.docstring(node, inner)
        body = [s for s in node.body if not _is_docstring(s)]
        if self.statements(body, inner):
            self.out.append(inner + "...")
            self.bodies += 1

    def statements(self, body: list[ast.stmt], indent: str) -> bool:
        """Write the statements of ``body`` that matter, inside the headers of the blocks
        that hold them (``if price < 0:``); whether anything was left out."""
        left_out = False
        for statement in body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                left_out = True  # a nested definition: the outline of its parent is enough
            elif isinstance(statement, _MATTERS) or _yields(statement):
                self.out.append(indent + _source_line(self.lines, statement))
            elif _holds_what_matters(statement):
                self.out.append(indent + _source_line(self.lines, statement))
                for field in ("body", "handlers", "orelse", "finalbody"):
                    inner = getattr(statement, field, None) or []
                    if field in ("orelse", "finalbody") and inner and _matters_in(inner):
                        self.out.append(indent + _block_word(field))
                    deeper = indent if field == "handlers" else indent + "    "
                    if field == "body" and not _matters_in(inner):
                        self.out.append(deeper + "...")
                        left_out = True
                    elif inner:  # an except clause writes its own line
                        left_out |= self.statements(inner, deeper)
            else:
                left_out = True
        return left_out

    def header(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, indent: str
    ) -> None:
        for decorator in node.decorator_list:
            self.out.append(f"{indent}@{ast.unparse(decorator)}")
        first = node.body[0].lineno if node.body else node.lineno + 1
        head = [line.strip() for line in self.lines[node.lineno - 1 : max(first - 1, node.lineno)]]
        signature = _PADDED.sub(r"\1", " ".join(head)).replace(" )", ")").replace(",)", ")")
        signature = signature[: signature.rfind(":") + 1] if ":" in signature else signature
        self.out.append(indent + signature)

    def docstring(self, node: ast.AST, indent: str) -> None:
        doc = _docstring_node(node)
        if doc is not None and _first_line(doc):
            self.out.append(f'{indent}"""{_first_line(doc)}"""')


def _outline(tree: ast.Module, lines: list[str]) -> tuple[str, list[str]]:
    """Imports on one line, constants by name, then one signature a line."""
    imports: list[str] = []
    constants: list[str] = []
    out: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            imports.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            imports.append(node.module or ".")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            constants.extend(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.extend(_signatures(node, ""))
    head = []
    if imports:
        head.append("imports: " + ", ".join(dict.fromkeys(imports)))
    if constants:
        head.append("names: " + ", ".join(dict.fromkeys(constants)))
    dropped = ["every body", "docstrings", "comments"]
    return "\n".join([*head, *out]), dropped


def _signatures(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, indent: str
) -> list[str]:
    if isinstance(node, ast.ClassDef):
        bases = ", ".join(ast.unparse(b) for b in node.bases)
        out = [f"{indent}class {node.name}{f'({bases})' if bases else ''}"]
        for child in node.body:
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.extend(_signatures(child, indent + "  "))
        return out
    prefix = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
    returns = f" -> {ast.unparse(node.returns)}" if node.returns is not None else ""
    line = f"{indent}{prefix} {node.name}({ast.unparse(node.args)}){returns}"
    return [line if len(line) <= _SIGNATURE_CHARS else line[: _SIGNATURE_CHARS - 1] + "…"]


def _by_lines(source: str, level: Level) -> tuple[str, list[str]]:
    """Code that is not Python: comment lines out; definitions (and returns) kept."""
    lines = [line.rstrip() for line in source.splitlines() if line.strip()]
    if level == "light":
        kept = [line for line in lines if not _COMMENT_LINE.match(line)]
        return "\n".join(kept), ["comment lines and blank lines"]
    wanted = [
        line
        for line in lines
        if _DEFINITION.match(line) or (level == "medium" and _RETURNS.match(line))
    ]
    if level == "heavy":
        wanted = [line.strip() for line in wanted]
    left = len(lines) - len(wanted)
    return "\n".join(wanted), [f"{left} of {len(lines)} lines (bodies and comments)"]


def _docstring_node(node: ast.AST) -> ast.Constant | None:
    body = getattr(node, "body", None)
    if not isinstance(body, list) or not body:
        return None
    first = body[0]
    if _is_docstring(first):
        value = first.value
        assert isinstance(value, ast.Constant)
        return value
    return None


def _is_docstring(node: ast.stmt) -> TypeGuard[ast.Expr]:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _first_line(doc: ast.Constant) -> str:
    text = str(doc.value).strip()
    return text.splitlines()[0].strip().replace('"""', "'''") if text else ""


def _holds_what_matters(statement: ast.stmt) -> bool:
    """A block (``if``, ``for``, ``with``, ``try``...) with a statement that matters inside."""
    inner = [
        s
        for field in ("body", "handlers", "orelse", "finalbody")
        for s in getattr(statement, field, None) or []
    ]
    return bool(inner) and _matters_in(inner)


def _matters_in(body: list[ast.stmt]) -> bool:
    return any(isinstance(s, _MATTERS) or _yields(s) for s in _own_statements(body))


def _block_word(field: str) -> str:
    """The line that opens a block's other part: ``else:`` or ``finally:``."""
    return "finally:" if field == "finalbody" else "else:"


def _own_statements(node: ast.AST | list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a function's body at any depth, nested functions and classes left out."""
    out: list[ast.stmt] = []
    todo = list(node) if isinstance(node, list) else list(getattr(node, "body", []))
    while todo:
        statement = todo.pop(0)
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        out.append(statement)
        for field in ("body", "orelse", "finalbody", "handlers"):
            todo.extend(getattr(statement, field, []) or [])
    return sorted(out, key=lambda s: (s.lineno, s.col_offset))


def _yields(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(
        statement.value, (ast.Yield, ast.YieldFrom)
    )


def _source_line(lines: list[str], node: ast.AST) -> str:
    """The first line of ``node``'s source, stripped (and cut when a long one)."""
    number: int = getattr(node, "lineno", 0)
    line = lines[number - 1].strip() if 0 < number <= len(lines) else ""
    return line if len(line) <= _SIGNATURE_CHARS else line[: _SIGNATURE_CHARS - 1] + "…"
