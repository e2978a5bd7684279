"""One row picked by a ranking ("who had the fastest finish time?", "which runner was the
oldest?") is named by the label that tells rows apart (a runner's name, not the country
many runners share); a ranking of totals or averages ("who has the highest total sales?")
still ranks the people a repeating column names."""

from __future__ import annotations

import pandas as pd
import pytest

from notebook_router.analyst import analyse

RACE = pd.DataFrame(
    {
        "runner_name": ["Ann Lee", "Bo Kim", "Cy Tan", "Di Wu", "Ed Fox", "Flo Ray", "Gus Orr"],
        "country_code": ["USA", "JPN", "KEN", "JPN", "GBR", "USA", "KEN"],
        "sex": ["F", "M", "M", "F", "M", "F", "M"],
        "age": [31, 45, 28, 39, 52, 26, 33],
        "finish_time_sec": [15000, 13000, 16000, 12900, 14500, 13500, 14000],
    }
)
HOTELS = pd.DataFrame(
    {
        "hotel_name": ["Alba", "Borealis", "Corte", "Duna", "Esker", "Fjord"],
        "city": ["Rome", "Oslo", "Rome", "Oslo", "Rome", "Oslo"],
        "price_eur": [120.0, 310.0, 95.0, 180.0, 240.0, 150.0],
        "height_m": [20.0, 45.0, 12.0, 30.0, 60.0, 18.0],
    }
)
STAFF = pd.DataFrame(
    {
        "employee_name": ["Ines", "Jon", "Kai", "Lea", "Mo"],
        "company": ["Acme", "Acme", "Bolt", "Bolt", "Acme"],
        "age_years": [29, 58, 41, 23, 36],
        "salary": [50.0, 90.0, 70.0, 40.0, 60.0],
    }
)


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("race", RACE, "who had the fastest finish time?", "Di Wu"),
        ("race", RACE, "who had the slowest finish time?", "Cy Tan"),
        ("hotels", HOTELS, "which hotel has the highest price?", "Borealis"),
        ("hotels", HOTELS, "which hotel had the lowest price_eur", "Corte"),
        ("staff", STAFF, "who has the highest salary?", "Jon"),
    ],
)
def test_a_picked_row_is_named_by_its_own_label(
    name: str, frame: pd.DataFrame, question: str, truth: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.value == truth, answer.text


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("race", RACE, "which runner was the oldest?", "Ed Fox"),
        ("race", RACE, "who is the youngest runner?", "Flo Ray"),
        ("staff", STAFF, "which employee is the oldest?", "Jon"),
        ("staff", STAFF, "who was the youngest?", "Lea"),
        ("hotels", HOTELS, "which hotel is the tallest?", "Esker"),
    ],
)
def test_a_superlative_of_a_quantity_picks_by_its_column(
    name: str, frame: pd.DataFrame, question: str, truth: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.status in ("answered", "fulfilled"), answer.text
    assert answer.value == truth, answer.text


ORDERS = pd.DataFrame(
    {
        "order_id": ["o1", "o2", "o3", "o4", "o5", "o6"],
        "customer": ["Ava", "Ben", "Ava", "Cal", "Ben", "Ava"],
        "sales": [100.0, 320.0, 150.0, 300.0, 20.0, 200.0],
    }
)
"""Largest single order: o2 (Ben, 320); largest total: Ava (450, Ben 340, Cal 300)."""
GAMES = pd.DataFrame(
    {
        "game_id": ["g1", "g2", "g3", "g4", "g5"],
        "player": ["Rui", "Sam", "Rui", "Sam", "Rui"],
        "points": [10.0, 20.0, 12.0, 2.0, 14.0],
    }
)
"""Largest single game: Sam's 20; largest total: Rui (36); highest average: Rui (12, Sam 11)."""


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("orders", ORDERS, "who has the highest total sales?", "Ava"),
        ("orders", ORDERS, "which customer has the highest total sales", "Ava"),
        ("games", GAMES, "who has the highest total points?", "Rui"),
        ("games", GAMES, "which player has the highest average points?", "Rui"),
    ],
)
def test_a_ranking_of_totals_still_ranks_the_repeating_entity(
    name: str, frame: pd.DataFrame, question: str, truth: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.value == truth, answer.text


@pytest.mark.parametrize(
    ("name", "frame", "question", "truth"),
    [
        ("orders", ORDERS, "who had the highest sales?", "Ben"),
        ("orders", ORDERS, "who made the biggest sale?", "Ben"),
        ("games", GAMES, "who had the highest points?", "Sam"),
    ],
)
def test_who_of_one_row_is_never_named_by_an_id(
    name: str, frame: pd.DataFrame, question: str, truth: str
) -> None:
    answer = analyse(question, {name: frame})
    assert answer.value == truth, answer.text


TEAMS = pd.DataFrame(
    {
        "player": list("abcdef"),
        "team": ["X", "X", "X", "Y", "Y", "Y"],
        "height_cm": [210, 170, 175, 190, 195, 192],
        "age": [20, 35, 22, 30, 31, 29],
    }
)


@pytest.mark.parametrize(
    "question",
    [
        "how many players are older than the oldest player on team Y?",
        "which team is the tallest?",
        "which team is youngest on average?",
    ],
)
def test_a_superlative_in_a_count_or_of_a_group_picks_no_single_row(question: str) -> None:
    answer = analyse(question, {"teams": TEAMS})
    # a count, or a team's figure, is asked: one player named as complete answers neither
    assert not (answer.status == "answered" and answer.value in set(TEAMS["player"])), answer.text
