"""The input transformer that lets a ``%%route`` cell await its run.

A cell magic is a plain function and cannot ``await``. Registered in
``input_transformers_cleanup`` (which IPython applies before it recognises
cell magics), this turns::

    %%route --model offline
    Summarise the sales table

into a one-line top-level ``await`` of :func:`route_cell`, which ipykernel
runs as an async cell on the kernel's own event loop. ``%%route?`` and
``%%route??`` are left alone so IPython's help still works.
"""

from __future__ import annotations

_PREFIX = "%%route"
_CALL = (
    "await __import__('notebook_router.notebook.runner', fromlist=['route_cell'])"
    ".route_cell({line!r}, {body!r})\n"
)


_RESUME = "%route resume"
# The line is expanded here, at the cell's top level, as IPython expands any
# line magic's ({name}, $name): `%route resume {run_id}` is `%route resume 3f2a`.
_RESUME_CALL = (
    "await __import__('notebook_router.notebook.runner', fromlist=['resume_cell'])"
    ".resume_cell(__import__('IPython').get_ipython().var_expand({line!r}))\n"
)


def route_transformer(lines: list[str]) -> list[str]:
    """Rewrite a ``%%route`` cell into an awaited call; leave every other cell unchanged.

    A cell that is only ``%route resume RUN`` is rewritten the same way, so
    resuming waits for the run like a ``%%route`` cell does.
    """
    if lines and lines[0].startswith(_RESUME + " ") and not "".join(lines[1:]).strip():
        return [_RESUME_CALL.format(line=lines[0][len(_RESUME) :].strip())]
    if not lines or not lines[0].startswith(_PREFIX):
        return lines
    head = lines[0][len(_PREFIX) :]
    if head.strip().startswith("?") or (head and not head[0].isspace()):
        return lines  # help (%%route?) or another magic whose name starts with "route"
    line = head.strip()
    body = "".join(lines[1:])
    return [_CALL.format(line=line, body=body)]
