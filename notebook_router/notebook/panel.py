"""The run panel: an anywidget under each ``%%route`` cell, driven by the run's events.

Synced traitlets are the source of truth. The panel follows the run's
events, and at most every ``interval`` seconds (always once more at the end)
copies a fresh :class:`~notebook_router.render.panel_state.PanelState` into
its traitlets inside one ``hold_sync()``, so a fast run sends about ten small
updates a second, never a flood.

The front end (``widgets/`` in the repository, built into ``static/``) sends
``{"type": "action", "action": "stop" | "redirect" | "answer" | "approve", ...}``
messages; each one is acknowledged through the ``ack`` trait, which is how
the browser tells a kernel that is busy and queueing widget messages (the
panel then points to the kernel interrupt) from one that is listening.
The delegation tree is drawn by the panel's own code from the ``tree`` rows
(see ``render/panel_tree.py``): nothing is loaded from the kernel or the network.

The media strip's ``media`` trait holds small rows (digest, caption); a view
asks for the pictures it lacks (``{"type": "media", "digests": [...], "size":
"thumb" | "large"}``) and gets them in one custom message (``{"type": "media",
"size": ..., "urls": {digest: data URL}}``). Pictures are made once per digest
(``render/panel_media.py``) and only when a view asks: a headless run sends none,
and the page keeps each one it got by digest, so a trait update never resends one.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from notebook_router.errors import NotebookRouterError
from notebook_router.text.secrets import redact, redact_all, settled

if TYPE_CHECKING:
    from concurrent.futures import Future

    from notebook_router.planner import events as ev
    from notebook_router.planner.rails import Limits
    from notebook_router.planner.run import Run
    from notebook_router.planner.state import RunState
    from notebook_router.render.panel_media import MediaStrip, Size
    from notebook_router.render.panel_state import TraceLine
    from notebook_router.render.panel_tables import ResultTables

# The run's modules (the planner, the panel's state, its tables and pictures) are imported
# when the panel first follows a run or draws a state, not with this module: a %%route
# cell shows its panel first (see runner.py), while the rest of the run is still loading.

STATIC = Path(__file__).parent / "static"
TRACE_LINES = 200
"""Trace lines the panel keeps (the newest); the whole log stays on the run."""
HEARTBEAT_S = 1.0
"""While agents work without events, the time meter still moves this often."""


class _Frontends:
    """Whether a front end has shown a panel in this kernel (it then can answer questions).

    Set by the first message any panel's view sends (each view says so when it
    renders); never set under nbclient or other headless runs, which render nothing.
    """

    seen = False


FRONTENDS = _Frontends()


_WIDGET_OWN = frozenset({"layout", "tabbable", "tooltip"})
"""ipywidgets' own traits of every widget (a layout is a widget of its own)."""


class RunPanel(anywidget.AnyWidget):
    """The live plan, delegation tree, trace, meters and controls of one run."""

    _esm = STATIC / "panel.js"
    _css = STATIC / "panel.css"

    run_id = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("running").tag(sync=True)
    headline = traitlets.Unicode("").tag(sync=True)
    goal = traitlets.Unicode("").tag(sync=True)
    detail = traitlets.Unicode("").tag(sync=True)
    intent = traitlets.Unicode("").tag(sync=True)
    plan: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    tree: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    meters: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    usage: traitlets.Dict[str, Any] = traitlets.Dict().tag(sync=True)
    """Tokens and cost by agent and by task (the meters' breakdown)."""
    trace: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    answer_html = traitlets.Unicode("").tag(sync=True)
    draft = traitlets.Unicode("").tag(sync=True)
    """The answer as the model writes it (streamed); empty once ``answer_html`` is set."""
    tables: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    tables_note = traitlets.Unicode("").tag(sync=True)
    media: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    media_note = traitlets.Unicode("").tag(sync=True)
    question = traitlets.Unicode("").tag(sync=True)
    approvals: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    steering: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    ack = traitlets.Dict().tag(sync=True)

    def __init__(self, run: Run | None, *, interval: float = 0.1, **kwargs: Any) -> None:
        """Follow ``run``; ``run=None`` makes a still panel (see :meth:`of_state`), or one
        that follows a run later (:meth:`follow`)."""
        super().__init__(**kwargs)
        self.run: Run | None = None
        self.interval = interval
        self._trace: collections.deque[TraceLine] = collections.deque(maxlen=TRACE_LINES)
        self._read = 0
        """Position in the run's event log up to which the trace has been formatted."""
        self._tables_kept: ResultTables | None = None
        self._media_kept: MediaStrip | None = None
        self._started = time.monotonic()
        self._last = 0.0
        self._pending: asyncio.Handle | None = None
        self._heartbeat: asyncio.TimerHandle | None = None
        self._closed = True
        self._on_finish: list[Callable[[], None]] = []
        self._unsubscribe: Callable[[], None] = lambda: None
        self.on_msg(self._on_message)
        if run is not None:
            self.follow(run)

    @classmethod
    def starting(cls, *, interval: float = 0.1) -> RunPanel:
        """A panel to show the moment a ``%%route`` cell starts, before its run exists
        (the run's modules may still be loading): it says so, and :meth:`follow` fills it."""
        # "running" (not a status of its own): the page's controls are those of a run
        # that goes on; a click cannot arrive before the run does, as the kernel is busy
        # starting it.
        return cls(None, interval=interval, headline="starting…")

    @property
    def _tables(self) -> ResultTables:
        if self._tables_kept is None:
            from notebook_router.render.panel_tables import ResultTables

            self._tables_kept = ResultTables()
        return self._tables_kept

    @property
    def _media(self) -> MediaStrip:
        if self._media_kept is None:
            from notebook_router.render.panel_media import MediaStrip

            self._media_kept = MediaStrip()
        return self._media_kept

    def follow(self, run: Run) -> None:
        """Follow ``run`` from now on (once): its events refresh the panel until it ends."""
        if self.run is not None:
            raise ValueError(f"this panel already follows run {self.run.id}")
        self.run = run
        self._closed = False
        self._started = time.monotonic()
        self._unsubscribe = _both(run.subscribe(self._on_event), run.on_draft(self._on_event))
        # After run_finished: finish on the next loop turn (the final refresh
        # need not hold up the run's own ending).
        run.on_finish(self._finish_soon)
        self.refresh()
        self._beat()

    @classmethod
    def of_state(
        cls,
        state: RunState,
        limits: Limits,
        *,
        elapsed_s: float,
        events: Iterable[ev.Event] = (),
    ) -> RunPanel:
        """A still panel of a run that is not running here (``%route show``, ``import``)."""
        from notebook_router.render.panel_state import panel_state, trace_line

        panel = cls(None)
        trace = [line for e in events if (line := trace_line(e)) is not None][-TRACE_LINES:]
        shown = panel_state(state, limits, elapsed_s=elapsed_s, trace=trace, media=panel._media)
        with panel.hold_sync():
            panel.set_state_from(shown.model_dump())
        return panel

    def get_state(
        self, key: str | Iterable[str] | None = None, drop_defaults: bool = False
    ) -> dict[str, Any]:
        """The state sent to the front end (and saved with the notebook), keys masked.

        Every synced value leaves through here, whether it came from the run's
        state, its trace or an acknowledgement echoing a redirect.
        """
        state: dict[str, Any] = super().get_state(key, drop_defaults)
        # Underscored traits are the widget's own code and names (_esm, _css, _model_name).
        return {k: v if k.startswith("_") else redact_all(v) for k, v in state.items()}

    def shed(self) -> dict[str, Any]:
        """Send every trait back to its default, and the widget's code as empty: for a
        finished panel, just before it closes (its views are gone by then). Returns the
        state sent (see :meth:`RunView.close`, which sends it again at the next cell).

        nbclient keeps the last state of every widget it saw, closed or not, and
        ``store_widget_state=True`` (its default, what ``jupyter nbconvert --execute``
        and papermill users get) saves it in the notebook: 46 KB of code and final
        state per finished panel, which no output shows. After this, a few hundred
        bytes of names and empty values.
        """
        empty = {
            name: "" if name in ("_esm", "_css") else self.trait_defaults(name)
            for name in self.keys
            if name in ("_esm", "_css") or not (name.startswith("_") or name in _WIDGET_OWN)
        }
        if self.comm is None:
            return {}
        with self.hold_sync():
            for name, value in empty.items():
                setattr(self, name, value)
        return self.get_state(list(empty))

    def set_state_from(self, values: dict[str, Any]) -> None:
        """Copy changed values into the traits (call inside ``hold_sync``)."""
        for name, value in values.items():
            if getattr(self, name) != value:
                setattr(self, name, value)

    # --- following the run -------------------------------------------------

    def on_finish(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the final state has been sent."""
        self._on_finish.append(callback)

    def refresh(self) -> None:
        """Send the run's current state now (one batch of trait updates)."""
        run = self.run
        if run is None:
            return
        from notebook_router.render.panel_state import panel_state, trace_line
        from notebook_router.render.sharing import sharing_meter

        self._last = time.monotonic()
        unread = run.history_since(self._read)  # the log keeps the events: no copy here
        self._read += len(unread)
        self._trace.extend(line for e in unread if (line := trace_line(e)) is not None)
        elapsed = run.result().duration_s if run.done() else self._last - self._started
        state = panel_state(
            run.state,
            run.limits,
            elapsed_s=elapsed,
            trace=self._trace,
            tables=self._tables,
            media=self._media,
        )
        shared = sharing_meter(run.state, f"{run.provider.name}:{run.provider.model}")
        if shared is not None:  # what a model run sent of the data, beside the meters
            state.meters.append(shared)
        with self.hold_sync():
            self.set_state_from(state.model_dump())
            # Up to its last whitespace: a key still arriving is never shown in part.
            draft = "" if run.done() else redact(_settled_draft(run.draft))
            if self.draft != draft:
                self.draft = draft

    def _on_event(self, event: ev.Event | str) -> None:
        # Only schedule a refresh here: it formats the trace from the run's event
        # log, throttled, so a burst of events costs one check each.
        if self._pending is not None or self._closed:
            return
        delay = max(0.0, self._last + self.interval - time.monotonic())
        self._pending = asyncio.get_running_loop().call_later(delay, self._flush)

    def _beat(self) -> None:
        if self._closed:
            return
        if time.monotonic() - self._last >= HEARTBEAT_S * 0.9:
            self.refresh()  # only the changed traits (the time meter) are sent
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # shown outside a running loop: nothing will move anyway
            return
        self._heartbeat = loop.call_later(HEARTBEAT_S, self._beat)

    def _flush(self) -> None:
        self._pending = None
        if not self._closed:
            self.refresh()

    def _finish_soon(self) -> None:
        if self.run is not None:
            self.run.loop.call_soon(self._finish)

    def _finish(self) -> None:
        if self._closed:
            return
        for handle in (self._pending, self._heartbeat):
            if handle is not None:
                handle.cancel()
        self._pending = self._heartbeat = None
        self._unsubscribe()
        self._closed = True
        self.refresh()
        for callback in self._on_finish:
            callback()

    # --- messages from the browser ------------------------------------------

    def _on_message(self, _widget: Any, content: dict[str, Any], _buffers: list[Any]) -> None:
        FRONTENDS.seen = True
        if content.get("type") == "action":
            self._act(str(content.get("id", "")), str(content.get("action", "")), content)
        elif content.get("type") == "media":
            self._send_pictures(content)

    def _send_pictures(self, content: dict[str, Any]) -> None:
        """Answer a view's request for pictures, for media the strip shows (one message)."""
        from notebook_router.render.panel_media import PICTURES

        size: Size = "large" if content.get("size") == "large" else "thumb"
        wanted = content.get("digests")
        if not isinstance(wanted, list):
            return
        shown = self._media.shown
        digests = {str(d) for d in wanted} & shown.keys()
        urls = {d: PICTURES.url(d, shown[d], size) for d in sorted(digests)}
        if urls:
            self.send({"type": "media", "size": size, "urls": urls})

    def _act(self, ack_id: str, action: str, content: dict[str, Any]) -> None:
        message = str(content.get("message", "")).strip()
        ok, detail = True, ""
        try:
            if self.run is None:
                ok, detail = (
                    False,
                    (
                        f"Run {self.run_id} is not running in this kernel; "
                        f"`%route resume {self.run_id}` continues it if it was interrupted."
                    ),
                )
            elif action == "stop":
                if self.run.done():
                    ok, detail = False, "The run has already finished."
                else:
                    self.run.stop()
                    detail = "Stopping: running agents are being cancelled; finished work is kept."
            elif action in ("redirect", "answer"):
                send = self.run.redirect if action == "redirect" else self.run.answer
                # Acknowledged once the run has taken it (at once on the loop's thread;
                # a moment later from a subshell thread, when the run may have ended).
                send(message).add_done_callback(
                    functools.partial(self._acknowledge, ack_id, action, _RECEIVED[action](message))
                )
                return
            elif action == "approve":
                self._approve(self.run, ack_id, content)
                return
            else:
                ok, detail = False, f"Unknown action {action!r}."
        except NotebookRouterError as exc:
            ok, detail = False, str(exc)
        self.ack = {"id": ack_id, "action": action, "ok": ok, "detail": detail, "at": time.time()}

    def _approve(self, run: Run, ack_id: str, content: dict[str, Any]) -> None:
        """Run or Skip for agent-written code or a tool call; ``code`` is the user's edit
        (None: unedited)."""
        decision = str(content.get("decision", ""))
        approval = content.get("approval")
        code = content.get("code")
        delivery = run.approve(
            decision,
            approval=str(approval) if approval is not None else None,
            code=code if isinstance(code, str) else None,
        )
        pending = run.state.approvals.get(str(approval)) if approval is not None else None
        about = pending.about if pending is not None else "code"
        received = _approved(decision, edited=isinstance(code, str), about=about)
        delivery.add_done_callback(
            functools.partial(self._acknowledge, ack_id, "approve", received)
        )

    def _acknowledge(self, ack_id: str, action: str, received: str, delivery: Future[None]) -> None:
        error = delivery.exception()
        ok, detail = (True, received) if error is None else (False, str(error))
        self.ack = {"id": ack_id, "action": action, "ok": ok, "detail": detail, "at": time.time()}


def _approved(decision: str, *, edited: bool, about: str = "code") -> str:
    if about == "tool":
        if decision == "skip":
            return "Skipped: the tool will not be called; the run goes on."
        return (
            "The tool is called now, with your arguments."
            if edited
            else "Approved: the tool is called now."
        )
    if decision == "skip":
        return "Skipped: the code will not run; the run goes on."
    return "Your edited code runs now." if edited else "Approved: the code runs now."


_RECEIVED: dict[str, Callable[[str], str]] = {
    "redirect": lambda m: f"Redirect received: “{m}”. The planner handles it next step.",
    "answer": lambda m: "Answer received; the run goes on.",
}


def _both(first: Callable[[], None], second: Callable[[], None]) -> Callable[[], None]:
    def undo() -> None:
        first()
        second()

    return undo


def _settled_draft(draft: str) -> str:
    return draft[: settled(draft)]
