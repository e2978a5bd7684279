"""What the command line reads and how it prints.

A task may be given in the arguments, read from stdin (``-``) or from a file
(``@FILE``), so a long task needs no shell quoting. Everything the command
line prints goes through :func:`terminal_output`: keys are masked, as in
every other output, and escape sequences a task or an answer carries are
dropped rather than acted on by the terminal.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from notebook_router.errors import ConfigError
from notebook_router.text.secrets import redact, settled
from notebook_router.text.terminal import printable


def read_task(spec: str) -> str:
    """The task ``spec`` names: itself, stdin for ``-``, a file's text for ``@FILE``."""
    if spec == "-":
        return sys.stdin.read()
    if not spec.startswith("@"):
        return spec
    path = Path(spec[1:])
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ConfigError(
            f"cannot read the task from {spec[1:] or '(no file name)'}: {reason}. "
            "@FILE reads a UTF-8 text file; - reads the task from stdin."
        ) from None


class _TerminalStream(io.TextIOBase):
    """Writes to ``target`` with keys masked and terminal control sequences dropped."""

    def __init__(self, target: TextIO) -> None:
        self._target = target

    def write(self, text: str) -> int:
        self._target.write(redact(printable(text)))
        return len(text)

    def flush(self) -> None:
        self._target.flush()

    def isatty(self) -> bool:
        return self._target.isatty()


@contextlib.contextmanager
def terminal_output() -> Iterator[None]:
    """Print through :class:`_TerminalStream` on stdout and stderr while inside."""
    out, err = _TerminalStream(sys.stdout), _TerminalStream(sys.stderr)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield


__all__ = ["read_task", "terminal_output"]


class DraftPrinter:
    """Prints an answer as the model writes it, then only what the finished answer adds.

    Text is written up to its last whitespace: a key never contains any, so
    one split across two pieces is still whole when the output masks it.
    """

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self._held = ""
        self.shown = ""
        """The text written so far."""

    def __call__(self, piece: str) -> None:
        text = self._held + piece
        cut = settled(text)
        self._held = text[cut:]
        if cut:
            self._write(text[:cut])

    def finish(self, answer: str) -> None:
        """End the draft with ``answer``: the rest of it, or the whole answer on a new
        paragraph when it is not what was drafted (a fallback, a stopped run)."""
        drafted = self.shown + self._held
        if not self.shown and not self._held:
            self._write(answer + "\n")
        elif answer.startswith(drafted):
            self._write(answer[len(self.shown) :] + "\n")
        else:
            self._write(f"{self._held}\n\n{answer}\n")
        self._held = ""

    def _write(self, text: str) -> None:
        self.shown += text
        self._out.write(text)
        self._out.flush()
