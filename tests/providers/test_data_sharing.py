"""What a model is sent of the user's data, at each data-sharing level, byte for byte.

The model is a loopback OpenAI server (tests/providers/planner_model.py); what
is asserted is the request bodies it received, as the provider sent them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pandas as pd
import pytest

from notebook_router import Router, agent
from notebook_router.data.sharing import DEFAULT_SHARE
from notebook_router.errors import ConfigError
from notebook_router.providers.registry import resolve_model
from notebook_router.render.bundle import run_bundle
from notebook_router.store import SessionStore
from notebook_router.store.stored_bundle import stored_bundle
from tests.providers.conftest import FAKE_OPENAI_KEY
from tests.providers.planner_model import planner_server, schema_name, view_of
from tests.providers.servers import LoopbackServer

PATIENTS = pd.DataFrame(
    {
        "name": ["Ada Byron", "Alan Turing", "Grace Hopper", "Edsger Dijkstra"],
        "age": [36, 41, 85, 72],
        "ward": ["B", "A", "B", "C"],
    }
)
COSTS = pd.DataFrame({"ward": ["A", "B", "C"], "cost": [1200.5, 980.0, 1515.25]})

HEAD = "Data in the notebook (most recently changed first):\n"
SENT = {
    "schema": HEAD + "costs: pandas.DataFrame, 3 rows × 2 columns\n"
    "  columns:\n"
    "  - ward str\n"
    "  - cost float64\n"
    "patients: pandas.DataFrame, 4 rows × 3 columns\n"
    "  columns:\n"
    "  - name str\n"
    "  - age int64\n"
    "  - ward str",
    "stats": HEAD + "costs: pandas.DataFrame, 3 rows × 2 columns\n"
    "  columns:\n"
    "  - ward str: 3 distinct\n"
    "  - cost float64: min 980, max 1515, mean 1232\n"
    "patients: pandas.DataFrame, 4 rows × 3 columns\n"
    "  columns:\n"
    "  - name str: 4 distinct\n"
    "  - age int64: min 36, max 85, mean 58.5\n"
    "  - ward str: top B (2), 3 distinct",
    "rows": HEAD + "costs: pandas.DataFrame, 3 rows × 2 columns\n"
    "  columns:\n"
    "  - ward str: 3 distinct\n"
    "  - cost float64: min 980, max 1515, mean 1232\n"
    "  first rows:\n"
    "    ward | cost\n"
    "    A | 1200.5\n"
    "    B | 980\n"
    "    C | 1515.25\n"
    "patients: pandas.DataFrame, 4 rows × 3 columns\n"
    "  columns:\n"
    "  - name str: 4 distinct\n"
    "  - age int64: min 36, max 85, mean 58.5\n"
    "  - ward str: top B (2), 3 distinct\n"
    "  first rows:\n"
    "    name | age | ward\n"
    "    Ada Byron | 36 | B\n"
    "    Alan Turing | 41 | A\n"
    "    Grace Hopper | 85 | B",
}
ROW_VALUES = ("Ada Byron", "Alan Turing", "Grace Hopper", "1200.5", "1515.25")
FIGURES = ("min 36", "mean 58.5", "top B (2)")


@agent(can=["ward", "report"], description="Reports on the wards.")
def ward_report(task: str) -> str:
    return "three wards reported"


@pytest.fixture
def model_server() -> Iterator[LoopbackServer]:
    server = planner_server()
    try:
        yield server
    finally:
        server.close()


def _router(server: LoopbackServer, **options: object) -> Router:
    model = resolve_model(
        "openai:gpt-4o-mini", base_url=server.url + "/v1", api_key=FAKE_OPENAI_KEY
    )
    options.setdefault("builtins", False)
    return Router([ward_report], model=model, **options)  # type: ignore[arg-type]


def _bodies(server: LoopbackServer) -> list[str]:
    return [json.dumps(seen.body, ensure_ascii=False) for seen in server.requests]


@pytest.mark.parametrize("level", ["schema", "stats", "rows"])
async def test_each_level_sends_exactly_its_description_of_the_data(
    model_server: LoopbackServer, level: str
) -> None:
    router = _router(model_server, data={"patients": PATIENTS, "costs": COSTS}, share=level)
    result = await router.run("Report on the wards")
    assert result.stop_reason == "completed"
    planner_requests = [s.body for s in model_server.requests if schema_name(s.body)]
    assert len(planner_requests) == 2  # the decision, the answer
    for body in planner_requests:
        view = view_of(body)
        assert view is not None and view["data"] == SENT[level]
        assert view["tables"] == ["costs", "patients"]
    sent = "".join(_bodies(model_server))
    assert any(v in sent for v in ROW_VALUES) is (level == "rows")
    assert all(f in sent for f in FIGURES) is (level != "schema")


async def test_the_default_is_the_schema_and_no_data_sends_nothing_of_it(
    model_server: LoopbackServer,
) -> None:
    assert DEFAULT_SHARE == "schema"
    await _router(model_server, data={"patients": PATIENTS, "costs": COSTS}).run("Report")
    assert view_of(model_server.requests[0].body)["data"] == SENT["schema"]  # type: ignore[index]
    model_server.requests.clear()
    await _router(model_server).run("Report on the wards")  # no data, as with --no-data
    view = view_of(model_server.requests[0].body)
    assert view is not None and "data" not in view and "tables" not in view
    assert not any(name in "".join(_bodies(model_server)) for name in ("patients", "Ada"))


async def test_an_agent_writing_code_for_the_model_is_held_to_the_runs_level(
    model_server: LoopbackServer,
) -> None:
    router = _router(model_server, data={"patients": PATIENTS}, builtins=True)
    await router.run("Write python code to compute the average age by ward in patients")
    agent_requests = [body for body in _bodies(model_server) if "The variables you can use" in body]
    assert agent_requests, "the coder asked the model for code"
    for body in agent_requests:
        assert "  - name str\\n  - age int64\\n  - ward str" in body
        assert not any(v in body for v in (*ROW_VALUES, *FIGURES))
    # A run may share more than the router does.
    model_server.requests.clear()
    await router.run("Report on the wards", share="rows")
    assert "Ada Byron | 36 | B" in view_of(model_server.requests[0].body)["data"]  # type: ignore[index]


async def test_the_run_says_what_its_model_was_sent(model_server: LoopbackServer) -> None:
    with SessionStore(":memory:") as store:
        router = _router(
            model_server, data={"patients": PATIENTS, "costs": COSTS}, share="stats", store=store
        )
        run = router.start("Report on the wards")
        await run
        line = (
            "sent to openai:gpt-4o-mini: the schema and statistics of costs, patients; "
            "task results too"
        )
        bundle = run_bundle(run)
        assert bundle["text/plain"].endswith("\n" + line)
        assert f'<div class="nr-note">{line}</div>' in bundle["text/html"]
        # Redrawn from the session database, the run says the same.
        stored = stored_bundle(store.rebuild(run.id), store.run(run.id))
        assert stored["text/plain"].endswith("\n" + line)
        no_data = _router(model_server).start("Report on the wards")
        await no_data
        assert run_bundle(no_data)["text/plain"].endswith(
            "sent to openai:gpt-4o-mini: none of the notebook's data (--no-data); "
            "the task and the tasks' results"
        )
    offline = Router([ward_report], data={"patients": PATIENTS}, builtins=False).start("Report")
    await offline
    assert "sent to" not in run_bundle(offline)["text/plain"]  # nothing leaves the process


def test_an_unknown_level_says_which_there_are() -> None:
    with pytest.raises(ConfigError, match=r"use schema .* stats .* or rows"):
        Router([ward_report], share="everything")  # type: ignore[arg-type]
