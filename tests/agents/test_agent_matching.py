"""The offline planner's choice of agent: the tool router's relevance, read for agents."""

from __future__ import annotations

from notebook_router.agents.card import AgentCard
from notebook_router.agents.matcher import AgentMatcher


def _card(name: str, description: str, *topics: str) -> AgentCard:
    return AgentCard(
        name=name, description=description, capabilities=tuple((t, 1.0) for t in topics)
    )


TEAM = [
    _card("plotter", "Draws charts of a table: line, bar, scatter and histograms.", "plot"),
    _card("summariser", "Condenses long articles into short summaries.", "summarise"),
    _card("refunds", "Issues a refund or store credit when the policy allows.", "refund"),
    _card("reply_drafter", "Drafts replies to customer emails.", "reply", "customer email"),
    _card("translator", "Translates text between languages.", "translate", "language"),
]


def test_a_synonym_finds_the_agent_that_never_uses_the_word() -> None:
    matcher = AgentMatcher(TEAM)
    assert matcher.best("Visualise the weekly orders") == "plotter"
    assert matcher.best("Give me the gist of the notes") == "summariser"
    assert matcher.best("tl;dr of the paper") == "summariser"
    assert matcher.best("Put this in French") == "translator"


def test_a_misspelt_verb_is_read_as_the_word_it_meant() -> None:
    matcher = AgentMatcher(TEAM)
    assert matcher.best("Sumarize the interview") == "summariser"
    assert matcher.best("Refnud the duplicate charge") == "refunds"


def test_one_word_of_a_phrase_topic_matches_it_only_partly() -> None:
    # "load" is half of support_load's name and of its topic "support load", and all
    # of table_loader's topic "load": a task that says only "load" is the loader's.
    cards = [
        _card(
            "support_load",
            "Tickets per unit sold: where support load outgrows sales.",
            "support load",
        ),
        _card("table_loader", "Reads tables.", "load", "table"),
    ]
    matcher = AgentMatcher(cards)
    assert matcher.best("Load the orders") == "table_loader"
    assert matcher.best("Is support load rising?") == "support_load"


def test_a_word_said_again_is_not_more_evidence() -> None:
    """Notebook 08's choice: three "plan"s do not make a choice between plans a planning job."""
    cards = [
        AgentCard(
            name="planning",
            description="Planning: breaks a goal into ordered steps",
            capabilities=(("plan", 1.0), ("steps", 1.0), ("schedule", 1.0), ("roadmap", 1.0)),
        ),
        AgentCard(
            name="decision",
            description="Decision: weighs options against criteria and recommends one",
            capabilities=(("decide", 1.0), ("choose", 1.0), ("options", 1.0), ("compare", 1.0)),
        ),
    ]
    task = "Choose between plan A, plan B and plan C on price and speed"
    assert AgentMatcher(cards).best(task) == "decision"
