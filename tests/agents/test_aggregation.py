"""How a parent combines its children's answers: every rule, as pure functions."""

from __future__ import annotations

from typing import Any

from notebook_router.agents.delegation import (
    DelegationRequest,
    DelegationResponse,
    DelegationStatus,
    combine_parts,
    resolve_alternatives,
)

REQUEST = DelegationRequest(id="t1", task_id="t1", task="plan", path=("head",))


def answer(
    path: tuple[str, ...],
    status: DelegationStatus,
    confidence: float = 1.0,
    data: Any = None,
    **kw: Any,
) -> DelegationResponse:
    return DelegationResponse(
        request_id="x",
        agent=path[1] if len(path) > 1 else path[0],
        status=status,
        confidence=confidence,
        data=data if data is not None else path[-1],
        path=path,
        hops=len(path) - 1,
        **kw,
    )


def test_best_fulfilled_wins_by_confidence_minus_path_penalty() -> None:
    near = answer(("head", "a"), "fulfilled", 0.80)  # 0.80 - 0.05 = 0.75
    far = answer(("head", "b", "c", "d"), "fulfilled", 0.85)  # 0.85 - 0.15 = 0.70
    won = resolve_alternatives(REQUEST, [far, near])
    assert won.status == "fulfilled" and won.path == ("head", "a")
    assert won.request_id == "t1" and won.agent == "head"  # addressed to the parent's request
    sure = answer(("head", "b", "c", "d"), "fulfilled", 0.95)  # 0.80 beats 0.75
    assert resolve_alternatives(REQUEST, [near, sure]).path == ("head", "b", "c", "d")


def test_equal_scores_keep_the_earlier_child() -> None:
    first = answer(("head", "a"), "fulfilled", 0.9)
    second = answer(("head", "b"), "fulfilled", 0.9)
    assert resolve_alternatives(REQUEST, [first, second]).path == ("head", "a")


def test_partial_answers_are_combined_with_the_winner() -> None:
    win = answer(("head", "a"), "fulfilled", 0.9, data="flights")
    extra = answer(("head", "b", "c"), "partial", 0.6, data="food", summary="two places")
    out = resolve_alternatives(REQUEST, [extra, win, answer(("head", "z"), "unable")])
    assert out.status == "fulfilled" and out.confidence == 0.9
    assert out.data == {"a": "flights", "c": "food"}
    assert out.summary == "a: flights; c: two places"
    assert [p.path for p in out.parts] == [("head", "a"), ("head", "b", "c")]


def test_only_partial_answers_combine_into_a_partial_one() -> None:
    out = resolve_alternatives(
        REQUEST,
        [answer(("head", "a"), "partial", 0.7), answer(("head", "b"), "partial", 0.5)],
        own=answer(("head",), "partial", 0.9, data="mine"),
    )
    assert out.status == "partial" and out.confidence == 0.5
    assert out.data == {"head": "mine", "a": "a", "b": "b"}


def test_a_question_goes_up_when_nobody_could_answer() -> None:
    asking = answer(("head", "b"), "needs_user_input", 0.0, question="Which city?")
    out = resolve_alternatives(REQUEST, [answer(("head", "a"), "unable", error="no"), asking])
    assert out.status == "needs_user_input" and out.question == "Which city?"
    assert out.to_result().error == "Which city?"
    # ... but an answer makes the question moot.
    done = answer(("head", "c"), "fulfilled")
    assert resolve_alternatives(REQUEST, [asking, done]).status == "fulfilled"


def test_all_unable_reports_unable_with_every_reason() -> None:
    out = resolve_alternatives(
        REQUEST,
        [
            answer(("head", "a"), "unable", error="only flights"),
            answer(("head", "b"), "failed", error="ValueError: boom"),
        ],
        own=answer(("head",), "unable", error="not mine"),
    )
    assert out.status == "unable" and out.path == ("head",)
    assert out.reasons == (
        "head: unable: not mine",
        "head → a: unable: only flights",
        "head → b: failed: ValueError: boom",
    )
    result = out.to_result()
    assert result.status == "unable"
    assert "head → a: unable: only flights" in (result.error or "")


def test_all_failed_reports_failed() -> None:
    out = resolve_alternatives(REQUEST, [answer(("head", "a"), "failed", error="x")])
    assert out.status == "failed" and "failed" in (out.error or "")


def test_parts_all_fulfilled_make_a_fulfilled_whole() -> None:
    out = combine_parts(
        REQUEST,
        [answer(("head", "f"), "fulfilled", 0.8), answer(("head", "h"), "fulfilled", 0.9)],
    )
    assert out.status == "fulfilled" and out.confidence == 0.8
    assert out.data == {"f": "f", "h": "h"}


def test_a_missing_part_makes_the_whole_partial_and_says_what_is_missing() -> None:
    out = combine_parts(
        REQUEST,
        [answer(("head", "f"), "fulfilled"), answer(("head", "h"), "unable", error="no hotels")],
    )
    assert out.status == "partial"
    assert out.error == "missing: head → h: unable: no hotels"


def test_a_part_that_needs_the_user_asks_for_the_whole() -> None:
    out = combine_parts(
        REQUEST,
        [
            answer(("head", "f"), "fulfilled", data="FCO"),
            answer(("head", "h"), "needs_user_input", 0.0, question="How many nights?"),
        ],
    )
    assert out.status == "needs_user_input" and out.question == "How many nights?"
    assert out.data == {"f": "FCO"}  # what was found is kept


def test_answers_from_the_same_agent_get_distinct_keys() -> None:
    one = answer(("head", "a"), "fulfilled", data=1).model_copy(update={"request_id": "t1.1"})
    two = answer(("head", "a"), "fulfilled", data=2).model_copy(update={"request_id": "t1.2"})
    assert combine_parts(REQUEST, [one, two]).data == {"a": 1, "a@t1.2": 2}
