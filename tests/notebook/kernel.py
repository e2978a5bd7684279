"""A real IPython kernel for tests, driven over jupyter_client (no fake shell)."""

from __future__ import annotations

import queue
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jupyter_client.manager import start_new_kernel


@dataclass
class Execution:
    """What one execute request produced."""

    reply: dict[str, Any]
    outputs: list[dict[str, Any]] = field(default_factory=list)
    """iopub messages (stream, display_data, update_display_data, execute_result, error)."""

    @property
    def status(self) -> str:
        return str(self.reply["content"]["status"])

    @property
    def stdout(self) -> str:
        return "".join(
            m["content"]["text"]
            for m in self.outputs
            if m["msg_type"] == "stream" and m["content"]["name"] == "stdout"
        )

    @property
    def stderr(self) -> str:
        return "".join(
            m["content"]["text"]
            for m in self.outputs
            if m["msg_type"] == "stream" and m["content"]["name"] == "stderr"
        )

    def last_display(self, display_id_prefix: str = "notebook-router-") -> dict[str, Any] | None:
        """The latest state of our view's display (after all updates)."""
        latest = None
        for m in self.outputs:
            if m["msg_type"] in ("display_data", "update_display_data"):
                transient = m["content"].get("transient", {})
                if str(transient.get("display_id", "")).startswith(display_id_prefix):
                    latest = m["content"]["data"]
        return latest

    def result(self) -> dict[str, Any] | None:
        """The cell's execute_result data (``Out[n]``), if any."""
        for m in self.outputs:
            if m["msg_type"] == "execute_result":
                data: dict[str, Any] = m["content"]["data"]
                return data
        return None

    def view_states(self) -> list[dict[str, Any]]:
        """Every state our live view went through, in order."""
        return [
            m["content"]["data"]
            for m in self.outputs
            if m["msg_type"] in ("display_data", "update_display_data")
            and str(m["content"].get("transient", {}).get("display_id", "")).startswith(
                "notebook-router-"
            )
        ]

    def errors(self) -> list[dict[str, Any]]:
        return [m["content"] for m in self.outputs if m["msg_type"] == "error"]


class Kernel:
    """A started kernel with helpers to execute code and talk over comms."""

    def __init__(self, **options: Any) -> None:
        """``options`` go to the kernel manager (e.g. ``env=``, ``cwd=``)."""
        self.km, self.kc = start_new_kernel(kernel_name="python3", startup_timeout=60, **options)
        self.backlog: list[dict[str, Any]] = []
        """iopub messages read while waiting for something else (e.g. comm replies)."""

    def execute(
        self,
        code: str,
        timeout: float = 60,
        on_output: Callable[[dict[str, Any]], None] | None = None,
    ) -> Execution:
        """Run ``code``; collect its iopub output until the kernel is idle again."""
        msg_id = self.kc.execute(code)
        return self.collect(msg_id, timeout, on_output)

    def collect(
        self, msg_id: str, timeout: float, on_output: Callable[[dict[str, Any]], None] | None = None
    ) -> Execution:
        deadline = time.monotonic() + timeout
        outputs: list[dict[str, Any]] = []
        earlier = [m for m in self.backlog if m["parent_header"].get("msg_id") == msg_id]
        self.backlog = [m for m in self.backlog if m not in earlier]
        idle = False
        while not idle:
            if earlier:
                msg = earlier.pop(0)
            else:
                msg = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") != msg_id:
                self.backlog.append(msg)
                continue
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
                continue
            if msg["msg_type"] in (
                "stream",
                "display_data",
                "update_display_data",
                "execute_result",
                "error",
            ):
                outputs.append(msg)
                if on_output is not None:
                    on_output(msg)
        reply = self._reply(msg_id, deadline)
        return Execution(reply, outputs)

    def _reply(self, msg_id: str, deadline: float) -> dict[str, Any]:
        while True:
            reply: dict[str, Any] = self.kc.get_shell_msg(
                timeout=max(0.1, deadline - time.monotonic())
            )
            if reply["parent_header"].get("msg_id") == msg_id:
                return reply

    def comm_open(self, target: str, data: dict[str, Any]) -> str:
        """Open a comm to ``target`` carrying ``data``; returns the comm id."""
        comm_id = uuid.uuid4().hex
        msg = self.kc.session.msg(
            "comm_open", {"comm_id": comm_id, "target_name": target, "data": data}
        )
        self.kc.shell_channel.send(msg)
        return comm_id

    def wait_comm_msg(self, comm_id: str, timeout: float = 10) -> dict[str, Any]:
        """The next comm_msg the kernel sends on ``comm_id``."""
        deadline = time.monotonic() + timeout
        while True:
            found = [
                m
                for m in self.backlog
                if m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == comm_id
            ]
            if found:
                self.backlog.remove(found[0])
                return dict(found[0]["content"]["data"])
            try:
                msg = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"no message on comm {comm_id}") from None
            if msg["msg_type"] == "comm_msg" and msg["content"]["comm_id"] == comm_id:
                data: dict[str, Any] = msg["content"]["data"]
                return data

    def interrupt(self) -> None:
        """What the ■ button does."""
        self.km.interrupt_kernel()

    def shutdown(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
