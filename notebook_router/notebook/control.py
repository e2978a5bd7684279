"""A comm target for steering runs from any frontend: ``notebook_router.control``.

Messages (``comm_open`` data or later ``comm_msg`` data)::

    {"action": "stop" | "redirect" | "answer", "run_id": "...", "message": "..."}

``run_id`` is optional (default: the newest running run). The reply on the
same comm is ``{"ack": action, "ok": true, "run_id": ...}`` or ``{"ok": false,
"error": "..."}``. With ipykernel >= 7.4 comm messages are handled while a
cell awaits its run, so this reaches a running ``%%route``; the handler may
run on another thread, and the run hands the request to its own loop.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from notebook_router.errors import NotebookRouterError

if TYPE_CHECKING:
    from notebook_router.notebook.front import NotebookFront
    from notebook_router.notebook.session import NotebookSession

TARGET = "notebook_router.control"
log = logging.getLogger("notebook_router")


def register(front: NotebookFront) -> bool:
    """Register the comm target on the running kernel; False outside a kernel.

    Registered at ``%load_ext``; the session is looked up when a message comes.
    """
    manager = _comm_manager(front.shell)
    if manager is None:
        return False

    def on_open(comm: Any, open_msg: dict[str, Any]) -> None:
        comm.on_msg(lambda msg: handle(front.session, comm, msg["content"].get("data") or {}))
        data = open_msg["content"].get("data") or {}
        if data:
            handle(front.session, comm, data)

    manager.register_target(TARGET, on_open)
    return True


def handle(session: NotebookSession, comm: Any, data: dict[str, Any]) -> None:
    """Carry out one control message and acknowledge it on ``comm``."""
    action = data.get("action")
    try:
        run = _pick(session, data.get("run_id"))
        if action == "stop":
            run.stop()
        elif action in ("redirect", "answer"):
            send = run.redirect if action == "redirect" else run.answer
            # Acknowledged once the run has taken the message (it may have ended meanwhile).
            send(str(data.get("message", ""))).add_done_callback(
                lambda delivery: _acknowledge(comm, action, run.id, delivery.exception())
            )
            return
        else:
            raise NotebookRouterError(f"unknown action {action!r}: use stop, redirect or answer")
    except NotebookRouterError as exc:
        _acknowledge(comm, action, None, exc)
        return
    _acknowledge(comm, action, run.id, None)


def _acknowledge(comm: Any, action: Any, run_id: str | None, error: BaseException | None) -> None:
    if error is None:
        comm.send({"ack": action, "ok": True, "run_id": run_id})
    else:
        comm.send({"ack": action, "ok": False, "error": str(error)})


def _pick(session: NotebookSession, run_id: str | None) -> Any:
    if run_id:
        return session.find_run(run_id)
    active = session.active()
    if not active:
        raise NotebookRouterError("no run is going")
    return active[-1]


def _comm_manager(shell: Any) -> Any:
    kernel = getattr(shell, "kernel", None)
    if kernel is None:
        return None
    try:
        from comm import get_comm_manager

        return get_comm_manager()
    except ImportError:  # older ipykernel without the comm package
        return getattr(kernel, "comm_manager", None)
