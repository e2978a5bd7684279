"""Agents on a Dask cluster: where a router's function agents run.

``Router(agents, executor=...)`` takes

- ``"local"`` or None (the default): every agent runs in this process;
- ``"dask"``: a :class:`distributed.LocalCluster` of worker processes on this machine,
  started the first time an agent needs it and shared by the process until it exits;
- a scheduler address, ``"tcp://HOST:PORT"``: an existing cluster (a laptop's, a
  Kubernetes or HPC deployment's, a cloud's); one client per address per process;
- a :class:`distributed.Client`: that client, left open when the process is done with it.

Function agents (``@agent``, sync or async) then run on the workers, each call a
Dask task; ``@agent(..., local=True)`` keeps one here, as do agents that take the
run's ``context``, ``shared`` or ``model`` (they live in this process), cell agents
and the built-ins (they read the notebook's namespace). Where each task ran is in the
trace, the plan, the panel and the finished view. Stop, the kernel interrupt, timeouts
and budgets cancel remote tasks at once; a worker that dies mid-task is a failed
result that says so. Nothing here imports Dask until a cluster is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from notebook_router.cluster.connect import check_spec

if TYPE_CHECKING:
    from notebook_router.cluster.remote import DaskExecutor

__all__ = ["ExecutorSpec", "resolve_executor"]

ExecutorSpec = Any
"""What ``executor=`` takes: ``"local"``, ``"dask"``, a scheduler address, a Client or None."""


def resolve_executor(spec: ExecutorSpec) -> DaskExecutor | None:
    """The placement ``spec`` names, or None for "run every agent in this process".

    >>> resolve_executor("local") is None
    True
    """
    if spec is None or isinstance(spec, str):
        target = check_spec(spec)
        if target is None:
            return None
    from notebook_router.cluster.remote import DaskExecutor

    if isinstance(spec, DaskExecutor):  # one router's executor, shared with another
        return spec
    return DaskExecutor(check_spec(spec))
