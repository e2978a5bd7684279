"""pyplot figures the code opened: saved as PNG Media, then closed.

pyplot keeps its figures in one process-wide registry, so the runner takes a
snapshot of the figure numbers before the code runs and collects the new ones
after; closing them keeps the kernel's inline backend from showing them a
second time under the cell. ``plt.show()`` called by the code is a no-op on
the code's own thread for the run (under the inline backend it would draw
the figures into the notebook and close them before they are collected);
other threads' calls go through unchanged.

pyplot is imported only when matplotlib already is, or the code imports it
itself (seen in its syntax tree). If no backend has been chosen yet (no
``MPLBACKEND``, no ``matplotlib.use``), the non-interactive "Agg" is chosen:
a GUI backend started from a worker thread would fail. A backend the user set
up, the inline one included, is never switched.
"""

from __future__ import annotations

import ast
import functools
import sys
import threading
from collections.abc import Callable
from typing import Any

from notebook_router.code.display import Displays, figure_media
from notebook_router.media import Media

PLOTTING_MODULES = frozenset({"matplotlib", "seaborn", "plotnine"})
"""Top-level modules whose import means the code will draw pyplot figures."""


def imports_plotting(tree: ast.AST) -> bool:
    """True if ``tree`` imports matplotlib or a library that draws with it."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        if any(name.partition(".")[0] in PLOTTING_MODULES for name in names):
            return True
    return False


class Figures:
    """One run's figures: ``start`` before the code, ``collect`` after, on the code's thread."""

    def __init__(self, wanted: bool) -> None:
        self._wanted = wanted or "matplotlib" in sys.modules
        self._before: set[int] = set()
        self._thread = threading.get_ident()
        self._pyplot: Any = None
        self._show: Any = None

    def start(self) -> None:
        self._thread = threading.get_ident()
        if not self._wanted:
            return
        self._pyplot = _pyplot()
        self._before = set(self._pyplot.get_fignums())
        self._show = _quiet_show(self._pyplot.show, self._thread)
        self._pyplot.show = self._show

    def collect(self, displays: Displays, *, keep: bool) -> list[Media]:
        """Close the figures the code opened; their PNGs if ``keep`` (a stopped run keeps none)."""
        pyplot = self._pyplot or sys.modules.get("matplotlib.pyplot")  # df.plot() imports it
        if self._pyplot is not None and self._pyplot.show is self._show:
            self._pyplot.show = self._show.__wrapped__
        if pyplot is None:
            return []
        media: list[Media] = []
        for number in sorted(set(pyplot.get_fignums()) - self._before):
            figure = pyplot.figure(number)
            try:
                if keep and not displays.shown(figure):
                    media.append(figure_media(figure))
            except Exception as exc:  # one broken artist must not lose the run's other output
                note = f"figure {number} could not be saved: {type(exc).__name__}: {exc}"
                media.append(Media(mime_type="text/plain", data=note, description="figure"))
            finally:
                pyplot.close(figure)
        return media


def _quiet_show(show: Callable[..., Any], thread: int) -> Callable[..., Any]:
    """``show`` that does nothing on ``thread`` (a function: pyplot sets its ``__signature__``)."""

    @functools.wraps(show)
    def quiet_show(*args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() == thread:
            return None  # the figures are collected after the run instead
        return show(*args, **kwargs)

    return quiet_show


def _pyplot() -> Any:
    import matplotlib

    if not _backend_chosen(matplotlib):
        matplotlib.use("Agg")
    import matplotlib.pyplot

    return matplotlib.pyplot


def _backend_chosen(matplotlib: Any) -> bool:
    params = matplotlib.rcParams
    if hasattr(params, "_get_backend_or_none"):  # matplotlib >= 3.7
        return params._get_backend_or_none() is not None
    from matplotlib import rcsetup

    return dict.__getitem__(params, "backend") is not rcsetup._auto_backend_sentinel
