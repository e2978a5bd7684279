"""Code text in, compiled cell out; exceptions out, tracebacks of the user's lines only.

The code gets a file name of its own per run, registered in :mod:`linecache`,
so tracebacks show the user's source lines and can be told from the
runner's (and pandas') frames by file name alone.
"""

from __future__ import annotations

import ast
import itertools
import linecache
import traceback
from collections import deque
from dataclasses import dataclass
from types import CodeType, FrameType

ERROR_CHARS = 4000
"""Longest error text: enough for a deep traceback, short enough for a model's prompt."""

_KEPT_SOURCES = 64
"""Sources kept in linecache: functions the code defined still show their lines later."""

_numbers = itertools.count(1)
_kept: deque[str] = deque()


@dataclass(frozen=True)
class Cell:
    """Code compiled as a notebook cell: every statement, then the last expression's value."""

    filename: str
    """Unique per run; the frames of the user's code carry it."""
    tree: ast.Module
    body: CodeType
    last: CodeType | None
    """The last top-level expression, for ``eval``; None if the code ends in a statement."""


def compile_cell(code: str, filename: str) -> Cell | SyntaxError:
    """``code`` compiled under a fresh file name, or the SyntaxError (as a value, not raised)."""
    name = _unique(filename)
    _remember(name, code)
    try:
        tree = ast.parse(code, name)
        last = _split_last_expression(tree, code)
        body = compile(tree, name, "exec")
        tail = compile(last, name, "eval") if last is not None else None
    except SyntaxError as exc:
        return _with_text(exc, code)
    except ValueError as exc:  # null bytes in the source (a SyntaxError from Python 3.12 on)
        return SyntaxError(str(exc))
    return Cell(name, tree, body, tail)


def syntax_error_text(error: SyntaxError) -> str:
    """Python's own rendering: file and line, the line, a caret, the message."""
    return "".join(traceback.format_exception_only(type(error), error)).rstrip()


def error_text(error: BaseException, filename: str) -> str:
    """The traceback of ``error`` through the user's frames only, ending in ``Type: message``."""
    summary = traceback.TracebackException.from_exception(error)
    _keep_user_frames(summary, filename, set())
    return clip("".join(summary.format()).rstrip())


def where_text(where: BaseException | FrameType | None, filename: str) -> str:
    """The ``Traceback`` lines of the user's frames only, without an exception line.

    ``where`` is a caught exception (where it was raised) or a running
    thread's frame (where that thread stands now); "" if not in the user's code.
    """
    if isinstance(where, BaseException):
        stack = list(traceback.extract_tb(where.__traceback__))
    else:
        stack = list(traceback.extract_stack(where)) if where is not None else []
    frames = [frame for frame in stack if frame.filename == filename]
    if not frames:
        return ""
    lines = traceback.StackSummary.from_list(frames).format()
    return clip("Traceback (most recent call last):\n" + "".join(lines).rstrip())


def clip(text: str, limit: int = ERROR_CHARS) -> str:
    """``text`` cut to its last ``limit`` characters: the last frames and message matter most."""
    if len(text) <= limit:
        return text
    return f"… ({len(text) - limit} characters cut)\n" + text[-limit:]


def _split_last_expression(tree: ast.Module, code: str) -> ast.Expression | None:
    """Take the final expression off ``tree`` (notebook semantics); a trailing ``;`` hides it."""
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return None
    last = tree.body.pop()
    assert isinstance(last, ast.Expr)
    if _followed_by_semicolon(last, code):
        tree.body.append(last)
        return None
    return ast.Expression(last.value)


def _followed_by_semicolon(node: ast.stmt, code: str) -> bool:
    lines = code.splitlines()
    if node.end_lineno is None or node.end_col_offset is None or node.end_lineno > len(lines):
        return False
    rest = lines[node.end_lineno - 1].encode()[node.end_col_offset :]  # offsets count UTF-8 bytes
    return rest.decode(errors="replace").lstrip().startswith(";")


def _keep_user_frames(summary: traceback.TracebackException, filename: str, seen: set[int]) -> None:
    """Drop the runner's and libraries' frames, through the whole cause/context chain.

    A linked exception raised entirely outside the user's code (pandas'
    internal KeyError behind ``df["nope"]``) is dropped: it repeats the message.
    """
    if id(summary) in seen:
        return
    seen.add(id(summary))
    user = [frame for frame in summary.stack if frame.filename == filename]
    summary.stack = traceback.StackSummary.from_list(user)
    for linked in (summary.__cause__, summary.__context__):
        if linked is not None:
            _keep_user_frames(linked, filename, seen)
    if summary.__cause__ is not None and not summary.__cause__.stack:
        summary.__cause__ = None
    if summary.__context__ is not None and not summary.__context__.stack:
        summary.__context__ = None


def _with_text(error: SyntaxError, code: str) -> SyntaxError:
    """Compiler-stage errors ('return' outside function) come without the line: add it."""
    lines = code.splitlines()
    if error.text is None and error.lineno and 0 < error.lineno <= len(lines):
        error.text = lines[error.lineno - 1] + "\n"
    return error


def _unique(filename: str) -> str:
    number = next(_numbers)
    if filename.startswith("<") and filename.endswith(">"):
        return f"{filename[:-1]}-{number}>"
    return f"{filename}-{number}"


def _remember(name: str, code: str) -> None:
    # mtime None: linecache.checkcache keeps the entry (it has no file to compare with).
    linecache.cache[name] = (len(code), None, code.splitlines(keepends=True), name)
    _kept.append(name)
    while len(_kept) > _KEPT_SOURCES:
        linecache.cache.pop(_kept.popleft(), None)
