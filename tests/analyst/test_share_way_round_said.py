"""A share by group says which way round it is.

"share of returned orders from each region" is the composition: of the returned orders,
the share from each region (adding up to 1), and the answer says so; "return rate by
region" is the rate within each region. Cases marked "guard" passed on ``next`` before
this change (the figures were right there; the wording did not say which it was).
"""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

ORDERS = pd.DataFrame(
    {
        "order_id": range(1, 11),
        "region": list("NNNSSSEEWW"),
        "returned": ["yes", "no", "yes", "no", "no", "yes", "no", "no", "yes", "no"],
    }
)
TICKETS = pd.DataFrame(
    {
        "team": ["red", "red", "blue", "blue", "blue", "green", "green", "green"],
        "escalated": [True, False, True, True, False, False, False, True],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "question", "kept", "group"),
    [
        (
            "orders",
            ORDERS,
            "share of returned orders from each region",
            ORDERS.returned == "yes",
            "region",
        ),
        (
            "tickets",
            TICKETS,
            "what share of escalated tickets came from each team?",
            TICKETS.escalated,
            "team",
        ),
    ],
)
def test_composition_is_said(
    name: str, frame: pd.DataFrame, question: str, kept: pd.Series, group: str
) -> None:
    a = analyse(question, {name: frame})
    want = frame[kept][group].value_counts(normalize=True).to_dict()
    assert a.value == pytest.approx(want), a.text
    assert "adding up to 1" in a.text and f"not the share within each {group}" in a.text


def test_guard_rate_by_group_is_within_each() -> None:
    """guard"""
    a = analyse("return rate by region", {"orders": ORDERS})
    want = (ORDERS.returned == "yes").groupby(ORDERS.region).mean().to_dict()
    assert a.value == pytest.approx(want)
    assert "within each region" in a.text
