"""Models built from trusted values must be indistinguishable from validated ones."""

from __future__ import annotations

import pickle

import pytest
from pydantic import BaseModel, Field

from notebook_router.agents.result import AgentResult, coerce_result
from notebook_router.planner.state import Task
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


def test_task_template_matches_validation() -> None:
    values = {"id": "t1", "description": "look up", "agent": "search", "depends_on": ("t0",)}
    assert_same(Template(Task).build(values), Task(**values))


def test_a_plain_return_value_becomes_the_same_result_as_validation() -> None:
    data = {"rows": [1, 2, 3]}
    result = coerce_result(data)
    assert_same(result, AgentResult(data=data))
    assert result.data is data  # never copied


def test_built_models_stay_independent() -> None:
    template = Template(Task)
    a = template.build({"id": "a", "description": "x", "agent": "s"})
    b = template.build({"id": "b", "description": "y", "agent": "s"})
    a.status = "running"
    assert (a.id, b.id, b.status) == ("a", "b", "pending")


def test_models_the_template_cannot_build_faithfully_are_refused() -> None:
    class WithFactory(BaseModel):
        items: list[int] = Field(default_factory=list)

    with pytest.raises(TypeError, match="default factories"):
        Template(WithFactory)
