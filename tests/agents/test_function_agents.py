"""Function agents, the registry and loading agents from modules and files."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from notebook_router import (
    AgentContext,
    AgentRegistry,
    AgentResult,
    BaseAgent,
    Capability,
    Inputs,
    Media,
    SharedContext,
    TaskRequest,
    agent,
)
from notebook_router.agents.base import parse_capabilities
from notebook_router.agents.loader import load_agents
from notebook_router.errors import AgentDefinitionError, AgentLoadError, AgentNotFoundError
from notebook_router.providers.base import ModelClient
from tests.conftest import Script, router_with, task


def test_decorator_reads_name_docstring_and_capabilities() -> None:
    @agent(can={"flights": 0.9, "airlines": 0.5})
    def flights(task: str) -> str:
        """Finds flights.

        Longer text that is not part of the description."""
        return task

    assert flights.name == "flights"
    assert flights.description == "Finds flights."
    assert flights.capabilities == (
        Capability(topic="flights", confidence=0.9),
        Capability(topic="airlines", confidence=0.5),
    )
    assert flights("direct call still works") == "direct call still works"


def test_capabilities_accept_every_common_spelling() -> None:
    assert [c.topic for c in parse_capabilities("a, b; c\nd")] == ["a", "b", "c", "d"]
    assert parse_capabilities([("x", 0.5), "y"])[0].confidence == 0.5
    with pytest.raises(AgentDefinitionError, match="Cannot read capability"):
        parse_capabilities([42])  # type: ignore[list-item]


def test_bad_agent_definitions_say_what_to_do() -> None:
    with pytest.raises(AgentDefinitionError, match="parameter 'colour' has no default"):

        @agent
        def painter(task: str, colour: str) -> str:
            return colour

    with pytest.raises(AgentDefinitionError, match="not a usable agent name"):
        agent(name="has spaces")(lambda task: task)


async def test_parameters_are_filled_by_name() -> None:
    seen: dict[str, Any] = {}

    @agent(can=["upstream"])
    def upstream() -> int:
        return 41

    @agent(can=["inspect"])
    def inspect_(
        task: str,
        inputs: Inputs,
        goal: str,
        request: TaskRequest,
        context: AgentContext,
        shared: SharedContext,
        model: ModelClient,
        media: list[Media],
    ) -> int:
        seen.update(
            task=task, goal=goal, request=request, context=context, shared=shared, model=model
        )
        upstream_data: int = inputs["upstream"]
        return upstream_data + 1

    script = Script(
        decide=[
            {
                "action": "execute",
                "run": [task("t1", "upstream")],
                "later": [task("t2", "inspect_", "look", ["t1"])],
            },
            {"action": "execute", "run": [{"id": "t2"}]},
        ]
    )
    result = await router_with([upstream, inspect_], script).run("the goal")
    assert result.data("t2") == 42
    assert seen["task"] == "look" and seen["goal"] == "the goal"
    assert seen["request"].depends_on == ("t1",)
    assert seen["context"].inputs.by_task == {"t1": 41}
    assert seen["model"].source == "inspect_"


async def test_single_parameter_of_any_name_gets_the_task_text() -> None:
    @agent
    def shout(text: str) -> str:
        return text.upper()

    script = Script(decide=[{"action": "execute", "run": [task("t1", "shout", "hey")]}])
    assert (await router_with([shout], script).run("x")).data("t1") == "HEY"


async def test_sync_agents_run_off_the_loop_thread_unless_told_not_to() -> None:
    threads: dict[str, int] = {}

    @agent(can=["a"])
    def worker() -> None:
        threads["worker"] = threading.get_ident()

    @agent(can=["b"], thread=False)
    def inline() -> None:
        threads["inline"] = threading.get_ident()

    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "worker"), task("t2", "inline")]},
            {"action": "wait"},
        ]
    )
    await router_with([worker, inline], script).run("x")
    assert threads["inline"] == threading.get_ident()
    assert threads["worker"] != threading.get_ident()


async def test_returning_media_or_a_result_is_kept_as_is() -> None:
    @agent(can=["img"])
    def image() -> Media:
        return Media(mime_type="image/png", data=b"\x89PNG", description="a pixel")

    @agent(can=["partial"])
    def half() -> AgentResult:
        return AgentResult(status="partial", data=[1], confidence=0.4, error="only one region")

    script = Script(
        decide=[
            {"action": "parallel", "run": [task("t1", "image"), task("t2", "half")]},
            {"action": "wait"},
        ]
    )
    result = await router_with([image, half], script).run("x")
    assert result.results["t1"].media[0].mime_type == "image/png"
    assert result.task("t2").status == "partial"
    assert result.task("t2").error == "only one region"


async def test_class_based_agents_work_too() -> None:
    class Echo(BaseAgent):
        name = "echo"
        description = "Repeats the task."

        async def run(self, task: TaskRequest, context: AgentContext) -> str:
            await asyncio.sleep(0)
            return task.description

    script = Script(decide=[{"action": "execute", "run": [task("t1", "echo", "ping")]}])
    assert (await router_with([Echo()], script).run("x")).data("t1") == "ping"


def test_registry_add_replace_remove_and_helpful_errors() -> None:
    @agent
    def alpha(task: str) -> str:
        return "1"

    registry = AgentRegistry([alpha, agent(name="beta")(lambda task: task)])
    assert registry.names() == ["alpha", "beta"]
    with pytest.raises(AgentDefinitionError, match=r"agent\(name=\.\.\.\)"):
        registry.add(lambda task: task)
    v = registry.version
    registry.add(agent(name="alpha")(lambda task: "2"))
    assert registry.version == v + 1 and len(registry) == 2
    with pytest.raises(AgentDefinitionError, match="already registered"):
        registry.add(alpha, replace=False)
    with pytest.raises(AgentNotFoundError, match="Did you mean 'alpha'"):
        registry.get("alpah")
    registry.remove("alpha")
    assert "alpha" not in registry
    with pytest.raises(AgentDefinitionError, match="is not an agent"):
        registry.add(42)  # type: ignore[arg-type]


def test_load_agents_from_module_file_and_errors(tmp_path: Path) -> None:
    names = [a.name for a in load_agents("notebook_router.examples.sales")]
    assert names == ["sales_data", "chart", "trend_writer", "forecaster", "region_compare"]

    file = tmp_path / "my_agents.py"
    file.write_text(
        "from notebook_router import agent\n\n"
        "@agent(can=['a'])\ndef first(task):\n    return 1\n\n"
        "@agent(can=['b'])\ndef second(task):\n    return 2\n\n"
        "def helper():\n    return 3\n"
    )
    assert [a.name for a in load_agents(str(file))] == ["first", "second"]

    with pytest.raises(AgentLoadError, match="No module named 'no_such_module'"):
        load_agents("no_such_module")
    with pytest.raises(AgentLoadError, match="No such file"):
        load_agents(str(tmp_path / "missing.py"))
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    with pytest.raises(AgentLoadError, match="defines no agents"):
        load_agents(str(empty))
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('boom')\n")
    with pytest.raises(AgentLoadError, match="RuntimeError: boom"):
        load_agents(str(broken))


SCRIPT_WITH_A_STUCK_AGENT = """
import time
from notebook_router import Router, agent


@agent(can=["weather", "forecast"], timeout=1)
def weather(task: str) -> str:
    time.sleep(30)
    return "sunny"


result = Router([weather]).run_sync("What is the weather?")
print(result.task("t1").status, "|", result.task("t1").error)
# A second run in the same process abandons nothing: it must not report the first's thread.
Router([agent(name="greeter", can=["greeting"])(lambda task: "hi")]).run_sync("send a greeting")
"""


def test_a_script_does_not_wait_for_a_sync_agent_that_outlived_its_timeout() -> None:
    # The thread cannot be interrupted; it is left running and the script exits.
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT_WITH_A_STUCK_AGENT],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert time.monotonic() - started < 15  # not the 30 s the agent sleeps
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "failed | timed out after 1 s"
    note = "1 agent thread was still running when the run ended and was abandoned"
    assert done.stderr.count(note) == 1, done.stderr


def test_a_context_builds_its_model_client_on_first_use_only() -> None:
    from notebook_router.providers.registry import resolve_model

    made: list[ModelClient] = []

    def make() -> ModelClient:
        made.append(ModelClient(resolve_model("offline"), lambda usage, source: None, "a"))
        return made[-1]

    request = TaskRequest(id="t1", description="d", goal="g", agent="a")
    context = AgentContext(
        run_id="r", goal="g", task=request, inputs=Inputs(), shared=SharedContext(), model_for=make
    )
    assert made == []  # an agent that never calls a model never gets a client built
    assert context.model is context.model and made == [context.model]
    with pytest.raises(TypeError, match="model"):
        AgentContext(run_id="r", goal="g", task=request, inputs=Inputs(), shared=SharedContext())
