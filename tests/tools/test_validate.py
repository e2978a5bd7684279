"""Input validation against a tool's JSON schema: lenient by default, strict on request."""

from __future__ import annotations

from notebook_router.tools import ToolSpec, check_inputs

SPEC = ToolSpec(
    name="convert_length",
    parameters={
        "type": "object",
        "properties": {
            "value": {"type": "number", "minimum": 0},
            "from_unit": {"type": "string", "enum": ["meter", "mile"]},
            "to_unit": {"type": "string", "enum": ["meter", "mile"]},
            "precision": {"type": "integer", "maximum": 10},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
            "when": {"type": "string", "format": "date"},
            "to": {"type": "string", "format": "email"},
            "window": {
                "type": "object",
                "properties": {"start": {"type": "integer"}},
                "required": ["start"],
            },
            "note": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
        "required": ["value", "from_unit", "to_unit"],
    },
)


def test_valid_inputs_pass_unchanged() -> None:
    checked = check_inputs(SPEC, {"value": 5, "from_unit": "mile", "to_unit": "meter"})
    assert checked.ok and checked.inputs == {"value": 5, "from_unit": "mile", "to_unit": "meter"}


def test_missing_required_inputs_are_reported_not_invented() -> None:
    checked = check_inputs(SPEC, {"value": 5})
    assert checked.missing == ["from_unit", "to_unit"] and not checked.problems
    assert not checked.ok


def test_unknown_inputs_are_pruned_by_default_and_rejected_when_strict() -> None:
    inputs = {"value": 5, "from_unit": "mile", "to_unit": "meter", "colour": "red"}
    lenient = check_inputs(SPEC, inputs)
    assert lenient.ok and lenient.pruned == ["colour"] and "colour" not in lenient.inputs
    strict = check_inputs(SPEC, inputs, strict=True)
    assert strict.problems == [
        "unknown input 'colour' (the parameters are: value, from_unit, to_unit, precision, "
        "tags, when, to, window, note)"
    ]


def test_lenient_mode_makes_only_unambiguous_conversions() -> None:
    checked = check_inputs(
        SPEC,
        {"value": "5.5", "from_unit": "Mile", "to_unit": "METER", "precision": 3.0, "tags": "x"},
    )
    assert checked.ok
    assert checked.inputs == {
        "value": 5.5,
        "from_unit": "mile",
        "to_unit": "meter",
        "precision": 3,
        "tags": ["x"],
    }
    strict = check_inputs(
        SPEC, {"value": "5.5", "from_unit": "Mile", "to_unit": "meter"}, strict=True
    )
    assert strict.problems == [
        "value: expected number, got '5.5'",
        "from_unit: 'Mile' is not one of 'meter', 'mile'",
    ]


def test_type_enum_bound_and_format_problems_are_each_reported() -> None:
    checked = check_inputs(
        SPEC,
        {
            "value": -1,
            "from_unit": "furlong",
            "to_unit": "meter",
            "precision": 2.5,
            "tags": ["a", "b", "c"],
            "when": "14/03/2025",
            "to": "not-an-address",
            "window": {"end": 3},
        },
    )
    assert checked.problems == [
        "value: -1 is below the minimum 0",
        "from_unit: 'furlong' is not one of 'meter', 'mile'",
        "precision: expected integer, got 2.5",
        "tags: allows at most 2 items, got 3",
        "when: '14/03/2025' is not an ISO date such as 2025-03-14",
        "to: 'not-an-address' is not an email address",
        "window: missing required field 'start'",
    ]


def test_null_for_an_optional_input_means_not_given() -> None:
    checked = check_inputs(
        SPEC, {"value": 1, "from_unit": "mile", "to_unit": "meter", "precision": None, "note": None}
    )
    assert checked.ok and "precision" not in checked.inputs and checked.inputs["note"] is None


def test_inputs_that_are_not_an_object_are_a_problem() -> None:
    assert check_inputs(SPEC, ["value", 5]).problems == ["inputs must be a JSON object, got list"]
    assert check_inputs(SPEC, True).problems == ["inputs must be a JSON object, got bool"]


def test_booleans_are_not_numbers() -> None:
    checked = check_inputs(SPEC, {"value": True, "from_unit": "mile", "to_unit": "meter"})
    assert checked.problems == ["value: expected number, got True"]
