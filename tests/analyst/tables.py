"""Small made-up tables that several analyst tests ask questions of.

Each factory builds a fresh frame on every call, so a test may change its own copy. A
table lives here once more than one test module (or one module more than once) used the
same rows; each test still computes its expected figure from the frame with plain pandas.
"""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped, unused-ignore]


def four_chicks() -> pd.DataFrame:
    """Four chicks weighed at days 0, 10 and 20, two on diet 1 and two on diet 2: as many
    chicks as a rating scale has values, too few to be sure ``Chick`` is an id."""
    return pd.DataFrame(
        {
            "weight": [40, 50, 60, 42, 55, 70, 41, 48, 66, 45, 52, 61],
            "Time": [0, 10, 20, 0, 10, 20, 0, 10, 20, 0, 10, 20],
            "Chick": [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4],
            "Diet": [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2],
        }
    )


def department_salaries() -> pd.DataFrame:
    """Seven salaries in three departments (Eng, HR and a lone Sales)."""
    return pd.DataFrame(
        {
            "department": ["Eng", "Eng", "Eng", "HR", "HR", "Sales", "Eng"],
            "salary": [100, 160, 200, 90, 155, 170, 140],
        }
    )


def ages_and_salaries() -> pd.DataFrame:
    """Five employees' ages (25 to 65) and yearly salaries in dollars."""
    return pd.DataFrame(
        {"age": [25, 35, 45, 55, 65], "salary": [60000, 80000, 96000, 120000, 99000]}
    )


def warehouse_stock() -> pd.DataFrame:
    """Eight items: a category (Toys, Tools), the warehouse holding it and its price."""
    return pd.DataFrame(
        {
            "category": ["Toys", "Toys", "Tools", "Toys", "Tools", "Toys", "Tools", "Toys"],
            "warehouse": ["Newark", "Reno", "Reno", "Reno", "Newark", "Newark", "Reno", "Reno"],
            "price": [10.0, 20.0, 300.0, 40.0, 500.0, 16.0, 700.0, 60.0],
        }
    )


def daily_temperatures() -> pd.DataFrame:
    """Ten days' temperatures and each day's change from the day before."""
    return pd.DataFrame(
        {
            "day": range(1, 11),
            "temperature": [2, 8, 12, 6, 15, 9, 18, 11, 4, 16],
            "temperature_change": [0, 6, 4, -6, 9, -6, 9, -7, -7, 12],
        }
    )


def monthly_rain() -> pd.DataFrame:
    """A year of monthly rain (``Month`` numbered 1 to 12) in each of two cities, X and Y."""
    return pd.DataFrame(
        {
            "Month": list(range(1, 13)) * 2,
            "rain": [50, 40, 45, 30, 20, 10, 5, 8, 15, 35, 45, 55] * 2,
            "city": ["X"] * 12 + ["Y"] * 12,
        }
    )


def product_ratings() -> pd.DataFrame:
    """Ten ratings from 1 to 5 of three products, x, y and z."""
    return pd.DataFrame({"product": list("xyzxyzxyzx"), "rating": [5, 4, 3, 5, 5, 2, 1, 4, 5, 3]})
