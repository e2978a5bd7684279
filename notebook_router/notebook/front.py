"""What ``%load_ext notebook_router`` sets up at once; the session waits for the first magic.

A kernel loads the extension before its first cell, and most of the package
(the planner, the agents, their pydantic models, the panel, the session
database) is needed only once a magic runs. So loading does only what cannot
wait: record cell outputs from the start (a run's "the chart above" may have
been drawn long before the first ``%%route``), carry agent trees across
re-run cells, and show a run with its live panel. The
:class:`~notebook_router.notebook.session.NotebookSession` (runs, agents,
model, store) is built the first time something asks for it.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from typing import TYPE_CHECKING, Any

from notebook_router.agents.tree import TreeNode
from notebook_router.notebook.outputs import OWN_OUTPUT, OutputRecorder
from notebook_router.notebook.persistence import Persistence
from notebook_router.render.display import RUN, display_runs_in, for_class
from notebook_router.text.secrets import redact_all

if TYPE_CHECKING:
    from notebook_router.notebook.session import NotebookSession
    from notebook_router.planner.run import Run

log = logging.getLogger("notebook_router")


class NotebookFront:
    """The extension as loaded into one shell: hooks now, the session on first use."""

    def __init__(self, shell: Any, *, max_outputs: int = 50) -> None:
        self.shell = shell
        self.outputs = OutputRecorder(max_cells=max_outputs)
        """Outputs of recent cells, recorded from ``%load_ext`` on (the session shares it)."""
        self._session: NotebookSession | None = None
        # A control message (handled on another thread in recent kernels) and
        # a cell may be first to ask at the same moment: one session for both.
        # Reentrant: building the session asks for its persistence under it.
        self._building = threading.RLock()
        self._hooks: list[tuple[Any, str, Any]] = []
        self._parents: dict[str, TreeNode] = {}
        """Namespace variables holding an agent with children, as of the last cell."""
        self.warming: threading.Thread | None = None
        """The thread importing the first run's machinery (None when not warming)."""
        self._persistence: Persistence | None = None

    @property
    def persistence(self) -> Persistence:
        """The session database, opened when a run or command first needs it (the session's
        :attr:`~NotebookSession.persistence`; a ``%%route`` cell starts opening it before
        the session exists).

        Built on first use, not at ``%load_ext``: ``NOTEBOOK_ROUTER_STORE`` and
        ``NOTEBOOK_ROUTER_STORE_EXPIRY`` set in a cell after loading still count."""
        with self._building:
            if self._persistence is None:
                self._persistence = Persistence()
            return self._persistence

    @property
    def session(self) -> NotebookSession:
        """The kernel's session, built (and the run machinery imported) on first use."""
        with self._building:
            if self._session is None:
                from notebook_router.notebook.session import NotebookSession

                self._session = NotebookSession(
                    self.shell,
                    self.outputs,
                    persistence=self.persistence,
                )
            return self._session

    # ------------------------------------------------------------------- hooks

    def install(self) -> None:
        """Start recording cell outputs (display data and execute results)."""
        shell = self.shell
        shell.events.register("pre_run_cell", self._pre_run_cell)
        shell.events.register("post_run_cell", self._post_run_cell)
        self._wrap(shell.display_pub, "publish", self._recording_publish)
        self._wrap(shell.displayhook, "write_format_data", self._recording_write_format_data)
        self._wrap(shell.display_formatter, "format", self._noting_format)
        # A run shown as a cell's result (Out[n]): its static view, marked as ours.
        for_class(shell.display_formatter.mimebundle_formatter, RUN, self._format_run)

    def uninstall(self) -> None:
        """Undo :meth:`install`; runs then show as without the extension."""
        for event, callback in (
            ("pre_run_cell", self._pre_run_cell),
            ("post_run_cell", self._post_run_cell),
        ):
            with contextlib.suppress(ValueError):
                self.shell.events.unregister(event, callback)
        display_runs_in(self.shell)
        for obj, name, original in self._hooks:
            setattr(obj, name, original)
        self._hooks.clear()
        if self._persistence is not None:  # never built: nothing to close
            self._persistence.close()

    def _format_run(self, run: Run) -> tuple[dict[str, Any], dict[str, Any]]:
        # The static view only: a widget view would not survive the notebook
        # being saved and reopened (see notebook.run_output). Marked as ours,
        # so "the table above" never points at it.
        from notebook_router.render.bundle import run_bundle

        notes = []
        if not run.done():
            # A result cannot be updated later: say this is a moment of a live run.
            notes.append(
                f"still running: this is run {run.id} as it stood when shown; its live view "
                f"is under the cell that started it, `await {_name_of(run, self.shell)}` "
                "waits for the answer and `%route status` shows it again"
            )
        bundle = dict(run_bundle(run, notes=notes))
        if notes:
            bundle["text/plain"] = f"{notes[0]}\n{bundle['text/plain']}"
        return bundle, {OWN_OUTPUT: {"run_id": run.id}}

    def _wrap(self, obj: Any, name: str, factory: Any) -> None:
        original = getattr(obj, name)
        self._hooks.append((obj, name, original))
        setattr(obj, name, factory(original))

    def _pre_run_cell(self, info: Any) -> None:
        self.outputs.start_cell(getattr(info, "cell_id", None), getattr(info, "raw_cell", "") or "")

    def _post_run_cell(self, result: Any) -> None:
        value = getattr(result, "result", None)
        cells = self.outputs.cells.get(self.outputs.current)
        if value is not None and cells and cells[-1].kind == "result" and cells[-1].obj is None:
            cells[-1].obj = value
        count = getattr(result, "execution_count", None)
        info = getattr(result, "info", None)
        if info is not None and not getattr(info, "store_history", True):
            # Not numbered by the kernel: every such cell reports the same
            # count, so let the recorder number it (see finish_cell).
            self.outputs.finish_cell(None)
        elif isinstance(count, int):
            self.outputs.finish_cell(count)
        try:
            self._keep_children()
        except Exception:  # never break the user's cell over a tree bookkeeping bug
            log.exception("notebook_router: could not carry child agents over")

    def _keep_children(self) -> None:
        """Give an ``@agent`` redefined by re-running its cell the children of the old one.

        Children attach to the parent *object* (``@agent(parent=trip)``), and
        re-running the parent's cell binds its name to a new object without
        any: the tree would silently lose them. Cell agents keep theirs the
        same way (see :mod:`~notebook_router.notebook.cells`). A redefinition
        that names its own ``children`` keeps those instead.
        """
        ns = self.shell.user_ns
        for key, old in self._parents.items():
            new = ns.get(key)
            if new is old or not isinstance(new, TreeNode) or new.children:
                continue
            if new.name != old.name:
                continue
            for child in old.children:
                if getattr(child, "parent", None) is old:
                    new.add_child(child)
        # Only agents with children matter next time: a cheap type test per
        # variable (TreeNode is a plain class, not the runtime-checked Agent protocol).
        self._parents = {
            key: value
            for key, value in list(ns.items())
            if isinstance(value, TreeNode) and value.children and not key.startswith("_")
        }

    def _recording_publish(self, original: Any) -> Any:
        def publish(data: Any, metadata: Any = None, *args: Any, **kwargs: Any) -> Any:
            own = bool(metadata) and OWN_OUTPUT in metadata
            try:
                if not kwargs.get("update") and not own:
                    self.outputs.record(data)
            except Exception:  # recording must never break the user's display
                log.exception("notebook_router: could not record an output")
            return original(_masked(data, own), metadata, *args, **kwargs)

        return publish

    def _noting_format(self, original: Any) -> Any:
        # The formatter is the one place that sees both a figure object and the
        # bundle its display publishes: the recorder reads the figure's facts here.
        def format(obj: Any, *args: Any, **kwargs: Any) -> Any:
            result = original(obj, *args, **kwargs)
            try:
                self.outputs.formatted(obj, result[0] if isinstance(result, tuple) else result)
            except Exception:
                log.exception("notebook_router: could not read a figure's facts")
            return result

        return format

    def _recording_write_format_data(self, original: Any) -> Any:
        def write_format_data(format_dict: Any, md_dict: Any = None) -> Any:
            own = bool(md_dict) and OWN_OUTPUT in md_dict  # a run's Out[n] is not user output
            try:
                if not own:
                    self.outputs.record(format_dict, kind="result")
            except Exception:
                log.exception("notebook_router: could not record a result")
            return original(_masked(format_dict, own), md_dict)

        return write_format_data


def _masked(data: Any, own: bool) -> Any:
    """Our own views with keys masked: every display the router makes passes here.

    A run's views repeat what the run saw (the task, a redirect, an agent's
    error or result), and a saved notebook keeps them. The user's own
    outputs are left as they are.
    """
    return redact_all(data) if own else data


def _name_of(run: Run, shell: Any) -> str:
    """A variable of the user's that holds ``run`` (for the hint), or a generic name."""
    names = [k for k, v in shell.user_ns.items() if v is run and not k.startswith("_")]
    return names[0] if names else "the run"
