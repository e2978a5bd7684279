"""Which cluster ``executor=`` names, and the one client this process keeps for it.

``"dask"`` is a :class:`distributed.LocalCluster` of worker processes on this machine,
started the first time an agent needs it and shared by every router of the process
(a notebook's kernel) until the process exits. A scheduler address
(``"tcp://10.0.0.5:8786"``, ``"tls://..."``, ``"host:8786"``) gets one client per
address, shared the same way; a :class:`distributed.Client` is used as it is (and
left open: it is the caller's). The clients this module makes are closed at exit.

A client made here becomes Dask's default only when the process has none yet, so
``df.compute()`` in the notebook (and the analyst's) runs on the cluster the router
uses, and a client of your own stays the default when you have one.

Connecting is done on a worker thread by :meth:`Connection.client`: starting a local
cluster takes about a second, and an unreachable address up to
:data:`CONNECT_TIMEOUT_S`; the event loop (the kernel) keeps running meanwhile.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib.util
import logging
import re
import threading
from typing import Any

from notebook_router.errors import ClusterUnavailableError, ConfigError

LOCAL = "dask"
"""``executor="dask"``: a cluster of worker processes on this machine."""
IN_PROCESS = ("local", "none", "")
"""Spellings of "run agents in this process" (the default)."""
CONNECT_TIMEOUT_S = 10.0
"""How long connecting to a scheduler address may take before the run says it cannot."""
EXTRA = (
    "Running agents on a Dask cluster needs the [dask] extra: pip install 'notebook-router[dask]'."
)

_ADDRESS = re.compile(r"^(?:(?:tcp|tls|ucx|ws|wss|inproc)://\S+|[\w.\-]+:\d{1,5})$")
_lock = threading.Lock()
_clients: dict[str, Any] = {}
"""Clients this module made, by what was asked for (``dask`` or an address)."""
_local_cluster: list[Any] = []


def check_spec(spec: Any) -> str | Any | None:
    """``spec`` as a connection target: None (run here), ``"dask"``, an address, or a Client.

    Raises :class:`ConfigError` for a string that is none of these, and
    :class:`ClusterUnavailableError` when a cluster is asked for without the extra.
    """
    if spec is None or (isinstance(spec, str) and spec.strip().lower() in IN_PROCESS):
        return None
    if isinstance(spec, str):
        text = spec.strip()
        if text.lower() != LOCAL and not _ADDRESS.match(text):
            raise ConfigError(
                f"executor={spec!r}: give 'local' (agents run in this process, the default), "
                "'dask' (a cluster of worker processes on this machine), a scheduler address "
                "such as 'tcp://10.0.0.5:8786', or a distributed.Client."
            )
        _require_distributed()
        return LOCAL if text.lower() == LOCAL else text
    if type(spec).__module__.partition(".")[0] == "distributed" and hasattr(spec, "submit"):
        return spec
    raise ConfigError(
        f"executor={spec!r}: give 'local', 'dask', a scheduler address or a distributed.Client "
        f"(not a {type(spec).__name__})."
    )


def describe_spec(spec: str | Any) -> str:
    """How a target reads in a trace or a listing: ``dask``, the address, or the client's."""
    if isinstance(spec, str):
        return "a local Dask cluster" if spec == LOCAL else spec
    address = getattr(getattr(spec, "scheduler", None), "address", None)
    return str(address) if address else "a Dask client"


class Connection:
    """A target and, once connected, its client (shared with every connection to it)."""

    def __init__(self, target: str | Any) -> None:
        self.target = target
        self._client: Any = None if isinstance(target, str) else target
        self._connecting: asyncio.Future[Any] | None = None

    @property
    def connected(self) -> Any:
        """The client, if connected (None until the first agent needed it)."""
        return self._client

    async def client(self) -> Any:
        """The client, connecting on a worker thread the first time.

        Calls waiting for the first connection share it and resume in the order they
        asked (an asyncio future wakes its waiters in order), so they go on to submit
        their tasks in the order the run placed them."""
        if self._client is None:
            connecting = self._connecting
            if connecting is None or connecting.get_loop() is not asyncio.get_running_loop():
                connecting = asyncio.ensure_future(asyncio.to_thread(client_for, self.target))
                self._connecting = connecting
            try:
                self._client = await asyncio.shield(connecting)
            finally:
                if connecting.done() and self._connecting is connecting:
                    self._connecting = None  # a failed connection is tried again next time
        return self._client

    def __repr__(self) -> str:
        return f"Connection({describe_spec(self.target)})"


def client_for(target: str) -> Any:
    """The client of ``target`` (``dask`` or an address), made once per process."""
    with _lock:
        client = _clients.get(target)
        if client is not None and client.status not in ("closing", "closed"):
            return client
        client = _start_local() if target == LOCAL else _connect(target)
        _clients[target] = client
        return client


def _start_local() -> Any:
    import dask
    from distributed import Client, LocalCluster

    # One thread per worker process: agents are Python, and threads of one process share
    # its interpreter lock. Warnings of the workers (a restart after a crash) would land
    # in the notebook's cells; the run reports what happened to its tasks itself.
    # An agent's call is long (seconds), so a worker holds one at a time and the rest wait
    # at the scheduler for the first free thread: with Dask's default of a little more
    # than one per thread, a call can queue behind one that cannot be stopped (code in C)
    # while another worker stands idle.
    with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}):
        cluster = LocalCluster(
            processes=True,
            threads_per_worker=1,
            # Any free port: Dask's 8787 may be another cluster's (None would still
            # take 8787 for the scheduler's HTTP routes, and warn when it is taken).
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )
    _local_cluster.append(cluster)
    return Client(cluster, set_as_default=_no_default_client())


def _connect(address: str) -> Any:
    from distributed import Client

    try:
        return Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=_no_default_client())
    except (OSError, TimeoutError) as exc:
        raise ClusterUnavailableError(
            f"No Dask scheduler answered at {address} within {CONNECT_TIMEOUT_S:g} s ({exc}). "
            "Check the address (the scheduler prints it: 'Scheduler at: tcp://...'), start "
            "one with `dask scheduler` and `dask worker ADDRESS`, or use executor='dask' for "
            "a cluster on this machine."
        ) from None


def _no_default_client() -> bool:
    from distributed import default_client

    try:
        default_client()
    except ValueError:
        return True
    return False


def _require_distributed() -> None:
    if importlib.util.find_spec("distributed") is None:
        raise ClusterUnavailableError(EXTRA)


@atexit.register
def close_all() -> None:
    """Close the clients (and the local cluster) this module made."""
    with _lock:
        clients = list(_clients.values())
        _clients.clear()
        clusters = list(_local_cluster)
        _local_cluster.clear()
    # The process is ending: a client or cluster that cannot close is let go.
    for closable in [*clients, *clusters]:
        with contextlib.suppress(Exception):
            closable.close()
