"""``%route executor [local|dask|ADDRESS|CLIENT]``: where the session's function agents run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from IPython.core.error import UsageError

from notebook_router.errors import NotebookRouterError

if TYPE_CHECKING:
    from notebook_router.notebook.session import NotebookSession

USAGE = "%route executor [local|dask|tcp://HOST:PORT|CLIENT_VARIABLE]"


def executor_command(session: NotebookSession, rest: list[str]) -> None:
    """Show or set where function agents of new runs run (``--executor`` sets one run's).

    A word naming a kernel variable that holds a ``distributed.Client`` means that
    client; ``local`` means the kernel."""
    if len(rest) > 1:
        raise UsageError(USAGE)
    if rest:
        session.executor = _chosen(session, rest[0])
    print(f"Function agents of new runs run {where(session.executor)}.")


def where(executor: Any) -> str:
    """``in the kernel``, ``on a local Dask cluster (...)``, ``on the cluster at ADDRESS``."""
    from notebook_router.cluster.connect import LOCAL, describe_spec

    if executor is None:
        return "in the kernel (%route executor dask, or a scheduler's address, for a cluster)"
    if executor == LOCAL:
        return "on a local Dask cluster of worker processes (started when first needed)"
    return f"on the Dask cluster at {describe_spec(executor)}"


def _chosen(session: NotebookSession, word: str) -> Any:
    from notebook_router.cluster.connect import check_spec

    namespace = session.shell.user_ns
    if word.lower() in ("local", "dask") or not word.isidentifier():
        value: Any = word
    elif word in namespace:
        value = namespace[word]
    else:
        raise UsageError(
            f"{USAGE}: {word!r} is neither a scheduler address nor a variable holding a "
            "distributed.Client."
        )
    try:
        return check_spec(value)
    except NotebookRouterError as exc:
        raise UsageError(str(exc)) from None
