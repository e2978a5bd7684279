"""The input transformer that lets a ``%%route`` cell await its run.

A cell magic is a plain function and cannot ``await``. Registered in
``input_transformers_cleanup`` (which IPython applies before it recognises
cell magics), this turns::

    %%route --model offline
    Summarise the sales table

into a one-line top-level ``await`` of :func:`route_cell`, which ipykernel
runs as an async cell on the kernel's own event loop. ``%%route?`` and
``%%route??`` are left alone so IPython's help still works.

In other cells, a ``%route mcp ...`` line keeps its ``${VARIABLE}`` as written
(see :data:`SPEC_VARIABLE`).
"""

from __future__ import annotations

import re

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


_MCP_LINE = "%route mcp "
SPEC_VARIABLE = re.compile(r"\$\{((?:env:)?[A-Za-z_][A-Za-z0-9_]*(?::-[^{}]*)?)\}")
"""A ``${NAME}`` in an MCP server's spec: read from the environment when it connects.

IPython expands a line magic's ``{expression}`` before the magic sees it, so a kernel
variable named like the environment variable (``FILES_TOKEN = getpass()``) would put
its value, the token itself, into the spec. The braces are doubled (IPython's escape)
and the magic receives ``${NAME}`` as written; ``{sys.executable}`` still expands."""


def escape_spec_variables(line: str) -> str:
    """``${NAME}`` -> ``${{NAME}}`` so IPython's expansion gives back ``${NAME}``.

    >>> escape_spec_variables("%route mcp add --env T=${API_TOKEN} x {sys.executable} s.py")
    '%route mcp add --env T=${{API_TOKEN}} x {sys.executable} s.py'
    """
    return SPEC_VARIABLE.sub(r"${{\1}}", line)


def unescape_spec_variables(word: str) -> str:
    """``${{NAME}}`` -> ``${NAME}``: where IPython did not expand the line (a name in
    braces it could not evaluate), the escape is still there."""
    return re.sub(r"\$\{\{([^{}]+)\}\}", r"${\1}", word)


def route_transformer(lines: list[str]) -> list[str]:
    """Rewrite a ``%%route`` cell into an awaited call; leave every other cell unchanged.

    A cell that is only ``%route resume RUN`` is rewritten the same way, so
    resuming waits for the run like a ``%%route`` cell does.
    """
    if lines and lines[0].startswith(_RESUME + " ") and not "".join(lines[1:]).strip():
        return [_RESUME_CALL.format(line=lines[0][len(_RESUME) :].strip())]
    if not lines or not lines[0].startswith(_PREFIX):
        return [
            escape_spec_variables(line) if line.lstrip().startswith(_MCP_LINE) else line
            for line in lines
        ]
    head = lines[0][len(_PREFIX) :]
    if head.strip().startswith("?") or (head and not head[0].isspace()):
        return lines  # help (%%route?) or another magic whose name starts with "route"
    line = head.strip()
    body = "".join(lines[1:])
    return [_CALL.format(line=line, body=body)]
