"""A real IPython kernel for tests, driven over jupyter_client (no fake shell)."""

from __future__ import annotations

import queue
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jupyter_client.manager import start_new_kernel

# An agent that asks the model. Offline runs plan with rules, so a recording
# of one holds only the calls its agents make: this one makes one.
DESCRIBER = """
@agent(can=["describe", "explain"])
async def describer(task, inputs, model):
    "Describes results in words, with the model."
    numbers = next(iter(inputs.values()))
    return await model.ask(f"{task}\\nThe numbers are {numbers}. Nine is the largest.")
"""


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

    def panel_id(self) -> str:
        """The model id of the run panel the live view showed."""
        for state in self.view_states():
            view = state.get(WIDGET_VIEW)
            if view:
                return str(view["model_id"])
        raise AssertionError("the live view never showed a widget")


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@dataclass
class WidgetModel:
    """A widget model as a front end sees it: the comm_open state plus every update."""

    comm_id: str
    state: dict[str, Any]
    parent: str
    """The id of the execute request that created the model."""
    updates: list[dict[str, Any]] = field(default_factory=list)
    """Each ``update`` message's partial state, in order."""
    custom: list[tuple[dict[str, Any], list[bytes]]] = field(default_factory=list)
    """Custom messages from the kernel (content, buffers)."""
    closed: bool = False
    """The kernel closed the model's comm (its views go; a saved notebook keeps nothing of it)."""
    emptied: dict[str, Any] = field(default_factory=dict)
    """The update that empties a finished panel as it closes (its code sent as ``""``):
    kept apart, so ``state`` stays the last state its views showed."""

    def apply(self, msg: dict[str, Any]) -> None:
        data = msg["content"]["data"]
        if data.get("method") == "update" and data["state"].get("_esm") == "":
            self.emptied.update(data["state"])
        elif data.get("method") == "update":
            self.updates.append(data["state"])
            self.state.update(data["state"])
        elif data.get("method") == "custom":
            self.custom.append((data["content"], [bytes(b) for b in msg.get("buffers", [])]))


class Kernel:
    """A started kernel with helpers to execute code and talk over comms."""

    def __init__(self, **options: Any) -> None:
        """``options`` go to the kernel manager (e.g. ``env=``, ``cwd=``)."""
        self.km, self.kc = start_new_kernel(kernel_name="python3", startup_timeout=60, **options)
        self.backlog: list[dict[str, Any]] = []
        """iopub messages read while waiting for something else (e.g. comm replies)."""
        self.widgets: dict[str, WidgetModel] = {}
        """Widget models the kernel opened, kept up to date like a front end would."""

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
            self.track_widgets(msg)
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
            self.track_widgets(msg)
            if msg["msg_type"] == "comm_msg" and msg["content"]["comm_id"] == comm_id:
                data: dict[str, Any] = msg["content"]["data"]
                return data

    def track_widgets(self, msg: dict[str, Any]) -> None:
        """Keep :attr:`widgets` in step with a comm message (any other message is ignored)."""
        if msg.get("_tracked"):
            return
        msg["_tracked"] = True
        content = msg["content"]
        if msg["msg_type"] == "comm_open" and content.get("target_name") == "jupyter.widget":
            state = dict(content["data"]["state"])
            parent = str(msg["parent_header"].get("msg_id", ""))
            self.widgets[content["comm_id"]] = WidgetModel(content["comm_id"], state, parent)
        elif msg["msg_type"] == "comm_msg" and content["comm_id"] in self.widgets:
            self.widgets[content["comm_id"]].apply(msg)
        elif msg["msg_type"] == "comm_close" and content["comm_id"] in self.widgets:
            self.widgets[content["comm_id"]].closed = True

    def pump(self, until: Callable[[], bool], timeout: float = 30) -> None:
        """Read iopub (keeping messages in the backlog) until ``until()`` holds."""
        deadline = time.monotonic() + timeout
        while not until():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the kernel never reached the expected state")
            try:
                msg = self.kc.get_iopub_msg(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            self.track_widgets(msg)
            self.backlog.append(msg)

    def panels(self, msg_id: str) -> list[WidgetModel]:
        """The run panels an execute request opened."""
        return [
            w
            for w in self.widgets.values()
            if w.parent == msg_id and w.state.get("_anywidget_id", "").endswith(".RunPanel")
        ]

    def widget_send(self, model_id: str, content: dict[str, Any]) -> None:
        """What a widget's front end does with ``model.send(content)``."""
        msg = self.kc.session.msg(
            "comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": content}}
        )
        self.kc.shell_channel.send(msg)

    def interrupt(self) -> None:
        """What the ■ button does."""
        self.km.interrupt_kernel()

    def shutdown(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
