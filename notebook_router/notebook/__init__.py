"""The notebook layer: ``%load_ext notebook_router``.

Magics (``%%route``, ``%route``, ``%%agent``), the input transformer that
lets a ``%%route`` cell await its run on the kernel's loop, cell agents,
media from cell outputs, and the live view. Only this package imports
IPython; the core runs headless.

Loading the extension imports only light modules (a kernel pays for it
before its first cell): the run machinery is imported on a background thread
once the cell that loaded it ends (:mod:`~notebook_router.notebook.warm`), or by
the first magic if that comes first, see :mod:`~notebook_router.notebook.front`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from notebook_router.notebook import control
from notebook_router.notebook.front import NotebookFront
from notebook_router.notebook.magics import RouteMagics
from notebook_router.notebook.transform import route_transformer
from notebook_router.notebook.warm import warm_after_cell
from notebook_router.render.display import display_runs_in

if TYPE_CHECKING:
    from notebook_router.notebook.session import NotebookSession

_ATTR = "_notebook_router_front"


def load_ipython_extension(shell: Any) -> None:
    """Install the magics, the ``%%route`` transformer and output recording."""
    if getattr(shell, _ATTR, None) is not None:
        return
    display_runs_in(shell)
    front = NotebookFront(shell)
    front.install()
    shell.register_magics(RouteMagics(shell, front))
    if route_transformer not in shell.input_transformers_cleanup:
        shell.input_transformers_cleanup.append(route_transformer)
    control.register(front)
    setattr(shell, _ATTR, front)
    # The first %%route's machinery, imported while the user writes it.
    warm_after_cell(shell, front)


def unload_ipython_extension(shell: Any) -> None:
    """Undo :func:`load_ipython_extension` (magics stay registered, as IPython does)."""
    front = getattr(shell, _ATTR, None)
    if front is None:
        return
    front.uninstall()
    if route_transformer in shell.input_transformers_cleanup:
        shell.input_transformers_cleanup.remove(route_transformer)
    setattr(shell, _ATTR, None)


def front_for(shell: Any) -> NotebookFront:
    """The extension as loaded into ``shell``, loading it if needed (the session is built
    on first use, see :attr:`NotebookFront.session`)."""
    if getattr(shell, _ATTR, None) is None:
        load_ipython_extension(shell)
    front: NotebookFront = getattr(shell, _ATTR)
    return front


def session_for(shell: Any) -> NotebookSession:
    """The notebook session of ``shell``, loading the extension if needed."""
    return front_for(shell).session


__all__ = ["front_for", "load_ipython_extension", "session_for", "unload_ipython_extension"]
