"""keyword_maker builds the same objects as calling the dataclass, with the same errors."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from notebook_router.agents.base import NO_INPUTS, AgentContext, TaskRequest
from notebook_router.makers import keyword_maker


@dataclass(slots=True, kw_only=True)
class Sample:
    name: str
    count: int = 1
    tags: list[str] = field(default_factory=list)


def test_the_maker_matches_the_constructor_with_and_without_defaults() -> None:
    make = keyword_maker(Sample)
    assert make(name="a") == Sample(name="a")
    assert make(name="a", count=3, tags=["x"]) == Sample(name="a", count=3, tags=["x"])


def test_each_object_gets_its_own_default_container() -> None:
    make = keyword_maker(Sample)
    first, second = make(name="a"), make(name="b")
    first.tags.append("x")
    assert second.tags == []


def test_missing_and_unknown_fields_are_errors() -> None:
    make = keyword_maker(Sample)
    with pytest.raises(TypeError):
        make(count=2)
    with pytest.raises(TypeError):
        make(name="a", colour="red")


def test_skipped_fields_are_left_for_the_caller() -> None:
    made = keyword_maker(Sample, skip=["name"])(count=2)
    with pytest.raises(AttributeError):
        _ = made.name
    made.name = "late"
    assert made == Sample(name="late", count=2)


def test_the_loop_builds_agents_the_same_request_and_context() -> None:
    fields = {"id": "t1", "description": "d", "goal": "g", "agent": "a", "attempt": 2}
    assert keyword_maker(TaskRequest)(**fields) == TaskRequest(**fields)
    request = TaskRequest(**fields)
    context_fields = {
        "run_id": "r",
        "goal": "g",
        "task": request,
        "inputs": NO_INPUTS,
        "shared": None,
        "model": None,
    }
    made = keyword_maker(AgentContext)(**context_fields)
    assert made == AgentContext(**context_fields)  # type: ignore[arg-type]


def test_classes_the_maker_would_build_wrongly_are_refused() -> None:
    @dataclass
    class Checked:
        value: int

        def __post_init__(self) -> None:
            self.value = abs(self.value)

    with pytest.raises(TypeError, match="__post_init__"):
        keyword_maker(Checked)
    with pytest.raises(TypeError, match="dataclasses"):
        keyword_maker(dict)
