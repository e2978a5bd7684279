"""A bare comparative after a request with two comparisons is asked about, never put in
the place of the first one ("and fewer?" after "homes built after 2015 with more than 3
bedrooms" once read "built fewer than 2015")."""

from __future__ import annotations

import pytest

from notebook_router.agents.roles import ANALYST, DRAWS_TABLES
from notebook_router.context.arc import ArcRun, ArcTask, ArcView
from notebook_router.planner.followup import follow_up


def _asked(question: str) -> ArcView:
    said = question[:1].upper() + question[1:]
    roles = frozenset({ANALYST, DRAWS_TABLES})
    task = ArcTask(id="t1", description=said, agent="data_analyst", roles=roles)
    return ArcView(runs=(ArcRun(run_id="r1", goal=question, tasks=(task,)),))


@pytest.mark.parametrize(
    ("earlier", "request_", "rivals"),
    [
        (
            "average price of homes built after 2015 with more than 3 bedrooms",
            "and fewer?",
            ("after 2015", "more than 3"),
        ),
        (
            "people over 40 with more than 3 children",
            "and fewer?",
            ("over 40", "more than 3"),
        ),
        (
            "cars over 5 years old priced above 20000",
            "and cheaper ones?",
            ("over 5", "above 20000"),
        ),
    ],
)
def test_a_bare_comparative_between_two_comparisons_is_asked_about(
    earlier: str, request_: str, rivals: tuple[str, str]
) -> None:
    followed = follow_up(request_, _asked(earlier))
    assert followed is not None and followed.kind == "ask" and followed.tasks == ()
    assert all(f"“{r}”" in followed.question for r in rivals), followed.question


def test_a_comparison_with_its_own_number_still_takes_the_place_of_the_one_it_matches() -> None:
    followed = follow_up("and those under 30?", _asked("average income of people over 40"))
    assert followed is not None and followed.kind == "same"
    assert [t.description for t in followed.tasks] == ["Average income of people under 30"]
