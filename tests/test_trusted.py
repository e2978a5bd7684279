"""Models built from trusted values must be indistinguishable from validated ones."""

from __future__ import annotations

import pickle

import pytest
from pydantic import BaseModel, Field, ValidationError

from notebook_router.agents.result import AgentResult, coerce_result
from notebook_router.planner.state import Task, new_task
from notebook_router.trusted import Template


def assert_same(built: BaseModel, validated: BaseModel) -> None:
    assert built == validated
    assert type(built) is type(validated)
    assert list(built.__dict__) == list(validated.__dict__)  # field order, for repr and dumps
    assert built.model_fields_set == validated.model_fields_set
    assert built.model_dump() == validated.model_dump()
    assert built.model_dump(exclude_unset=True) == validated.model_dump(exclude_unset=True)
    assert repr(built) == repr(validated)
    assert pickle.loads(pickle.dumps(built)) == validated


def test_a_task_built_by_the_loop_matches_validation() -> None:
    values = {"id": "t1", "description": "look up", "agent": "search", "depends_on": ("t0",)}
    built, validated = new_task(**values), Task(**values)
    assert built == validated
    assert repr(built) == repr(validated)
    assert pickle.loads(pickle.dumps(built)) == validated


def test_task_validates_when_built_by_hand() -> None:
    with pytest.raises(ValidationError):
        Task(id="t1", description="x", agent="a", status="sleeping")  # type: ignore[arg-type]
    assert Task(id="t1", description="x", agent="a", depends_on=["t0"]).depends_on == ("t0",)


def test_a_plain_return_value_becomes_the_same_result_as_validation() -> None:
    data = {"rows": [1, 2, 3]}
    result = coerce_result(data)
    assert_same(result, AgentResult(data=data))
    assert result.data is data  # never copied


def test_built_models_stay_independent() -> None:
    template = Template(AgentResult)
    a = template.build({"data": "x"})
    b = template.build({"data": "y"})
    a.status = "failed"
    assert (a.data, b.data, b.status) == ("x", "y", "fulfilled")


def test_models_the_template_cannot_build_faithfully_are_refused() -> None:
    class WithFactory(BaseModel):
        items: list[int] = Field(default_factory=list)

    with pytest.raises(TypeError, match="default factories"):
        Template(WithFactory)
