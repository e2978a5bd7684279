"""The notebook layer: ``%load_ext notebook_router``.

Magics (``%%route``, ``%route``, ``%%agent``), the input transformer that
lets a ``%%route`` cell await its run on the kernel's loop, cell agents,
media from cell outputs, and the live view. Only this package imports
IPython; the core runs headless.
"""

from __future__ import annotations

from typing import Any

from notebook_router.notebook import control
from notebook_router.notebook.magics import RouteMagics
from notebook_router.notebook.session import NotebookSession
from notebook_router.notebook.transform import route_transformer
from notebook_router.render.bundle import display_runs_in

_ATTR = "_notebook_router_session"


def load_ipython_extension(shell: Any) -> None:
    """Install the magics, the ``%%route`` transformer and output recording."""
    if getattr(shell, _ATTR, None) is not None:
        return
    display_runs_in(shell)
    session = NotebookSession(shell)
    session.install()
    shell.register_magics(RouteMagics(shell, session))
    if route_transformer not in shell.input_transformers_cleanup:
        shell.input_transformers_cleanup.append(route_transformer)
    control.register(session)
    setattr(shell, _ATTR, session)


def unload_ipython_extension(shell: Any) -> None:
    """Undo :func:`load_ipython_extension` (magics stay registered, as IPython does)."""
    session = getattr(shell, _ATTR, None)
    if session is None:
        return
    session.uninstall()
    if route_transformer in shell.input_transformers_cleanup:
        shell.input_transformers_cleanup.remove(route_transformer)
    setattr(shell, _ATTR, None)


def session_for(shell: Any) -> NotebookSession:
    """The notebook session of ``shell``, loading the extension if needed."""
    if getattr(shell, _ATTR, None) is None:
        load_ipython_extension(shell)
    session: NotebookSession = getattr(shell, _ATTR)
    return session


__all__ = ["load_ipython_extension", "session_for", "unload_ipython_extension"]
