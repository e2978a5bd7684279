"""The mode and style a request's words ask for, and that such words never become tasks."""

from __future__ import annotations

import pytest

from notebook_router.language.clauses import decompose
from notebook_router.language.intent import read_intent


@pytest.mark.parametrize(
    ("request_text", "mode", "style"),
    [
        ("quick question: what was total revenue for North? ASAP", "quick", "conversational"),
        ("Roughly how many orders came from Oslo?", "quick", "conversational"),
        ("Take your time and be thorough: mean revenue by region", "thorough", "conversational"),
        ("Carefully check the totals, in depth", "thorough", "conversational"),
        ("Write a thorough, detailed report on revenue by region", "thorough", "report"),
        ("List the top products as bullet points", "normal", "structured"),
        ("Give me a breakdown of costs in a table", "normal", "structured"),
        ("Just tell me in one sentence which region sold most", "normal", "conversational"),
        ("A quick but thorough look at churn", "normal", "conversational"),
        ("What is the total revenue by region?", "normal", "conversational"),
        # "report" the verb asks for no report, "fastest" for no hurry
        ("how many days did Chile report more than 100 cases?", "normal", "conversational"),
        ("which car is the fastest?", "normal", "conversational"),
        ("summarise the trend and write a brief of it", "normal", "conversational"),
        ("Plot the quickest delivery routes", "normal", "conversational"),  # not a mode word
    ],
)
def test_the_words_choose_the_mode_and_style(request_text: str, mode: str, style: str) -> None:
    found = read_intent(request_text)
    assert (found.mode, found.style) == (mode, style)


def test_the_words_that_chose_are_kept_as_written() -> None:
    found = read_intent("QUICK question, ASAP: a write-up of sales")
    assert (found.mode_words, found.style_words) == (("QUICK", "ASAP"), ("write-up",))


@pytest.mark.parametrize(
    ("request_text", "tasks"),
    [
        (
            "Take your time and be thorough: what is the mean revenue by region?",
            ["What is the mean revenue by region?"],
        ),
        ("Total revenue by region, as bullet points", ["Total revenue by region"]),
        ("Plot revenue by month, in depth please", ["Plot revenue by month"]),
        ("Load the sales, then write a report", ["Load the sales", "Write a report"]),
        (
            "quick question: what was total revenue for North? ASAP",
            ["What was total revenue for North?"],
        ),
    ],
)
def test_a_mode_or_style_is_never_a_task(request_text: str, tasks: list[str]) -> None:
    assert [c.text for c in decompose(request_text)] == tasks
