"""Running a model's Python code in the user's process, safely and stoppably.

:func:`run_code` runs code as a notebook cell against the user's variables
(read, never written), on a worker thread, with a time limit; it captures
printed output, ``display()``-ed objects and pyplot figures, and returns one
:class:`CodeOutcome`. The package never imports IPython or widget code.
"""

from __future__ import annotations

from notebook_router.code.outcome import CodeOutcome
from notebook_router.code.runner import run_code

__all__ = ["CodeOutcome", "run_code"]
