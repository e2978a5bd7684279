"""Filling inputs from a request's own words (offline routing), and never inventing them."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from notebook_router.tools import ToolSpec
from notebook_router.tools.extract import extract_inputs


def _spec(**properties: Mapping[str, object]) -> ToolSpec:
    return ToolSpec(
        name="t",
        parameters={"type": "object", "properties": properties, "required": list(properties)},
    )


UNITS = {"type": "string", "enum": ["meter", "kilometer", "mile", "foot", "inch"]}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("convert 5 km to miles", {"value": 5, "from_unit": "kilometer", "to_unit": "mile"}),
        ("how many feet is 3 meters?", {"value": 3, "from_unit": "meter", "to_unit": "foot"}),
        ("12 inches in kilometres", {"value": 12, "from_unit": "inch", "to_unit": "kilometer"}),
    ],
)
def test_a_unit_after_a_number_is_the_source_and_to_marks_the_target(
    query: str, expected: dict[str, object]
) -> None:
    spec = _spec(value={"type": "number"}, from_unit=UNITS, to_unit=UNITS)
    assert extract_inputs(query, spec).inputs == expected


def test_dates_times_emails_quotes_and_paths() -> None:
    spec = _spec(
        title={"type": "string"},
        date={"type": "string", "format": "date"},
        time={"type": "string", "description": "Start time, HH:MM."},
        to={"type": "string", "format": "email"},
        path={"type": "string"},
    )
    got = extract_inputs(
        "invite ann@example.org to 'Budget review' on March 3, 2025 at 2pm, attach plan.pdf", spec
    )
    assert got.inputs == {
        "title": "Budget review",
        "date": "2025-03-03",
        "time": "14:00",
        "to": "ann@example.org",
        "path": "plan.pdf",
    }
    assert got.missing == [] and got.used == got.values == 5


def test_numbers_go_where_their_words_point() -> None:
    spec = _spec(
        principal={"type": "number", "description": "Starting amount."},
        annual_rate={"type": "number", "description": "Yearly interest rate in percent."},
        years={"type": "number"},
    )
    got = extract_inputs("10000 at 5% for 10 years", spec)
    assert got.inputs == {"principal": 10000, "annual_rate": 5, "years": 10}
    lists = _spec(
        values={"type": "array", "items": {"type": "number"}}, percentile={"type": "number"}
    )
    got = extract_inputs("90th percentile of 12, 15, 20 and 22", lists)
    assert got.inputs == {"values": [12, 15, 20, 22], "percentile": 90}
    assert extract_inputs(
        "a=1, b=-3", _spec(a={"type": "number"}, b={"type": "number"})
    ).inputs == {
        "a": 1,
        "b": -3,
    }


def test_what_the_request_does_not_give_is_missing_not_invented() -> None:
    spec = _spec(city={"type": "string"}, days={"type": "integer"})
    got = extract_inputs("what's the weather going to be like", spec)
    assert got.inputs == {} and got.missing == ["city", "days"]
