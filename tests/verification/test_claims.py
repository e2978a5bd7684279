"""Offline claim checks a user can trust: numbers read as written, rounded figures taken to
the precision written, and a verdict per claim (verified, merely not found, contradicted)
that matches a hand-labelled set."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.language.numbers import numbers_in
from notebook_router.verification.claims import ClaimCheck
from notebook_router.verification.evidence import Evidence
from notebook_router.verification.judge import check_numbers

# North 120,500 + 130,000 + 127,400 = 377,900 (30.7 % of 1,231,650; +5.7 % Jan to Mar);
# South 284,500 (mean 94,833); East 303,750 (24.7 %); West 265,500; the months 406,750,
# 408,500 and 416,400 (+2.4 %). North - South = 93,400; North / South = 1.33 (+32.8 %).
SALES = pd.DataFrame(
    {
        "region": ["North", "South", "East", "West"] * 3,
        "month": ["2024-01"] * 4 + ["2024-02"] * 4 + ["2024-03"] * 4,
        "revenue": [
            *(120500, 98000, 101250, 87000, 130000, 91000),
            *(99500, 88000, 127400, 95500, 103000, 90500),
        ],
    }
)

# (sentence, the verdict of each number in it), labelled by hand from the figures above.
LABELLED: list[tuple[str, list[str]]] = [
    ("North's total revenue was 377,900.", ["verified"]),
    ("North's total revenue was about 378,000.", ["verified"]),
    ("North's total was $0.38M.", ["verified"]),
    ("North: 377.9K", ["verified"]),
    ("North had 30.7 percent of revenue.", ["verified"]),
    ("North leads South by 93,400.", ["verified"]),
    ("North led with about 378,000, 93,400 ahead of South.", ["verified", "verified"]),
    ("North's revenue grew 5.7% from January to March.", ["verified"]),
    ("Total revenue was 1,231,650.", ["verified"]),
    ("Total revenue was about 1.23M.", ["verified"]),
    ("Average monthly revenue in North was 125,967.", ["verified"]),
    ("North's revenue was 1.3x South's.", ["verified"]),
    ("North's revenue was 32.8% higher than South's.", ["verified"]),
    ("Revenue ranged from 87,000 to 130,000.", ["verified", "verified"]),
    ("Total revenue grew 2.4% from January to March.", ["verified"]),
    ("West made about 260,000.", ["verified"]),  # 265,500: within 2.5 %
    ("West made roughly 270,000.", ["verified"]),
    ("East came to 303,750, a 24.7% share.", ["verified", "verified"]),
    ("North's revenue was over 350K.", ["verified"]),
    ("West made 260,000.", ["contradicted"]),  # no hedge: 255,000 to 265,000
    ("West made 268,000.", ["contradicted"]),
    ("North led with revenue of 1.2M.", ["contradicted"]),  # the grand total
    ("North's revenue was 12.3M.", ["contradicted"]),  # more than all of North's
    ("North had 45% of revenue.", ["contradicted"]),
    ("North leads South by 95,000.", ["contradicted"]),
    ("South's average was 99,000.", ["contradicted"]),
    ("Total revenue was 1,250,000.", ["contradicted"]),
    ("North made 250,500 in January and February.", ["unverified"]),  # true, not computed
    ("The company has 1,200 employees.", ["unverified"]),
    ("North's revenue was under 300K.", ["unverified"]),  # a bound is never contradicted
]


def _verdict(check: ClaimCheck) -> str:
    if check.verified:
        return "verified"
    return "contradicted" if check.contradicted else "unverified"


@pytest.fixture(scope="module")
def evidence() -> Evidence:
    evidence = Evidence()
    evidence.add(SALES, "sales")
    return evidence


@pytest.mark.parametrize(("sentence", "verdicts"), LABELLED, ids=[s for s, _ in LABELLED])
def test_each_labelled_claim_gets_its_verdict(
    evidence: Evidence, sentence: str, verdicts: list[str]
) -> None:
    checks = check_numbers(sentence, evidence)
    assert [_verdict(c) for c in checks] == verdicts, [c.evidence for c in checks]


def test_a_contradiction_says_what_the_data_has(evidence: Evidence) -> None:
    [check] = check_numbers("North led with revenue of 1.2M.", evidence)
    assert "not North's" in check.evidence and "region=North is 377,900" in check.evidence
    [check] = check_numbers("North leads South by 95,000.", evidence)
    assert check.evidence.endswith("is 93,400")


def test_suffixes_and_separators_are_read_whatever_their_case() -> None:
    text = "12.3M, 350K, 1.2bn, 0.28m, 2 BN, 1,234,567, 5.7 %, 377\u202f900 and 1.3x"
    assert [(n.text, n.value) for n in numbers_in(text)] == [
        ("12.3M", 12_300_000),
        ("350K", 350_000),
        ("1.2bn", 1_200_000_000),
        ("0.28m", 280_000),
        ("2 BN", 2_000_000_000),
        ("1,234,567", 1_234_567),
        ("5.7 %", 5.7),
        ("377\u202f900", 377_900),
        ("1.3x", 1.3),
    ]
    assert [n.percent for n in numbers_in("5.7 % and 3 per cent")] == [True, True]


def test_rounded_figures_are_taken_to_the_precision_written() -> None:
    def tolerance(text: str) -> float:
        [number] = numbers_in(text)
        return round(number.tolerance, 3)

    assert tolerance("378,000") == 500  # trailing zeros are rounding
    assert tolerance("1,000") == 50  # but two significant digits are meant
    assert tolerance("377,900.5") == 0.05
    assert tolerance("0.38M") == 5000
    assert tolerance("about 378,000") == 9450  # a hedge: within 2.5 %
    assert tolerance("roughly 400,000") == 40000  # or one digit, at most 10 %
