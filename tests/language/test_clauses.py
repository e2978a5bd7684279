"""How the rule planner splits requests into tasks and infers what needs what."""

from __future__ import annotations

import pytest

from notebook_router.language.clauses import decompose


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        # A data pipeline: load first, then three independent presentations of it.
        (
            "Load the sales table for the North region, then plot monthly revenue, "
            "summarise the trend and forecast next quarter.",
            [
                ("Load the sales table for the North region", []),
                ("Plot monthly revenue", [0]),
                ("Summarise the trend", [0]),
                ("Forecast next quarter", [0]),
            ],
        ),
        # Independent errands run in parallel.
        (
            "Book a flight to Rome, find a hotel near the Colosseum and suggest restaurants.",
            [
                ("Book a flight to Rome", []),
                ("Find a hotel near the Colosseum", []),
                ("Suggest restaurants", []),
            ],
        ),
        # "and" between nouns does not split.
        ("Compare sales and costs", [("Compare sales and costs", [])]),
        # Back-references need the task before.
        (
            "Search for papers on transformers and summarise them",
            [("Search for papers on transformers", []), ("Summarise them", [0])],
        ),
        # A chain of transformations.
        (
            "Load the data, clean it, compute the totals and plot them",
            [
                ("Load the data", []),
                ("Clean it", [0]),
                ("Compute the totals", [1]),
                ("Plot them", [2]),
            ],
        ),
        # Lists and sequence words across sentences.
        (
            "- fetch prices\n- compute the average\n- chart it",
            [("Fetch prices", []), ("Compute the average", [0]), ("Chart it", [1])],
        ),
        (
            "Load X. Next, plot it. Finally, write a short report.",
            [("Load X", []), ("Plot it", [0]), ("Write a short report", [0, 1])],
        ),
        # Politeness is not a task.
        (
            "Could you please load the table and then show the top rows?",
            [("Load the table", []), ("Show the top rows?", [0])],
        ),
        # A single goal stays whole.
        ("Plan a trip to Italy with great food", [("Plan a trip to Italy with great food", [])]),
        # An instruction, a colon, then its material: one task, whatever the material holds.
        (
            "Summarise: Sales rose. Then costs fell, and we plan to hire. In 1 sentence",
            [("Summarise: Sales rose. Then costs fell, and we plan to hire. In 1 sentence", [])],
        ),
        # Not an instruction before the colon: split as usual.
        (
            "Note: load the table and plot it",
            [("Note: load the table", []), ("Plot it", [0])],
        ),
        # ... across lines too.
        (
            "Choose between A and B on price: A costs 10,\nB costs 12",
            [("Choose between A and B on price: A costs 10, B costs 12", [])],
        ),
        # Options after "between" are not tasks, though "plan" is a verb.
        (
            "Choose between plan A, plan B and plan C on price",
            [("Choose between plan A, plan B and plan C on price", [])],
        ),
    ],
)
def test_decompose(request_text: str, expected: list[tuple[str, list[int]]]) -> None:
    assert [(c.text, c.depends_on) for c in decompose(request_text)] == expected


def test_empty_and_stopword_only_requests_give_no_tasks() -> None:
    assert decompose("") == []
    assert decompose("and then, also.") == []


def test_a_noun_phrase_is_not_a_back_reference() -> None:
    # "the numbers" names new data; "the results" points back.
    assert [c.depends_on for c in decompose("Think about the weather. Load the numbers")] == [
        [],
        [],
    ]
    assert [c.depends_on for c in decompose("Search the web. Summarise the results")] == [[], [0]]


@pytest.mark.parametrize(
    ("request_text", "tasks"),
    [
        (
            "quick question: what was total revenue for North? ASAP",
            ["What was total revenue for North?"],
        ),
        ("Load the sales table for North, thanks!", ["Load the sales table for North"]),
        ("Urgent: plot monthly revenue", ["Plot monthly revenue"]),
        ("Plot revenue, if possible. Thank you!", ["Plot revenue"]),
        ("Summarise the trend, when you can.", ["Summarise the trend"]),
        (
            "Hi team, load the table and then plot it. Much appreciated",
            ["Load the table", "Plot it"],
        ),
        ("Compare sales and costs — no rush, please", ["Compare sales and costs"]),
        ("ASAP!", []),
        ("Thanks in advance, it would be great if possible.", []),
        # Words that can be about tone stay when they are part of the work.
        ("Answer the question about revenue", ["Answer the question about revenue"]),
        ("Find the best hotel in Rome", ["Find the best hotel in Rome"]),
    ],
)
def test_urgency_politeness_and_tone_are_not_tasks(request_text: str, tasks: list[str]) -> None:
    assert [c.text for c in decompose(request_text)] == tasks


@pytest.mark.parametrize(
    ("request_text", "clauses"),
    [
        ("total yield of No. 462 at each site", ["Total yield of No. 462 at each site"]),
        ("plot revenue vs. units", ["Plot revenue vs. units"]),
        ("Load the sales. Then plot it.", ["Load the sales", "Plot it"]),
    ],
)
def test_an_abbreviation_ends_no_sentence(request_text: str, clauses: list[str]) -> None:
    assert [c.text for c in decompose(request_text)] == clauses


def test_an_abbreviation_that_can_end_a_sentence_ends_one_before_a_capital() -> None:
    clauses = [c.text for c in decompose("Sum the sales for each dept. Email the totals to Ann.")]
    assert clauses == ["Sum the sales for each dept", "Email the totals to Ann"]


@pytest.mark.parametrize(
    ("request_text", "clause"),
    [
        (
            "which has the higher mean murder rate, g80 or g99, and by how much?",
            "Which has the higher mean murder rate, g80 or g99, and by how much?",
        ),
        (
            "which year has the higher mean murder rate, g80 or g99? and by how much?",
            "Which year has the higher mean murder rate, g80 or g99, by how much?",
        ),
        (
            "which table has more rows, a or b? And by how many?",
            "Which table has more rows, a or b, by how many?",
        ),
    ],
)
def test_a_question_asking_more_of_the_clause_before_stays_with_it(
    request_text: str, clause: str
) -> None:
    # "and by how much?" names no work of its own: it was dropped, and the gap never asked
    assert [c.text for c in decompose(request_text)] == [clause]


def test_a_question_of_its_own_after_one_is_its_own_clause() -> None:
    said = "Which carrier has the most flights? How many more flights does it have than UA?"
    assert len(decompose(said)) == 2
