"""Tables for the data benchmarks.

``make_namespace``: a notebook's namespace for the data-context benchmark, ten pandas
DataFrames of 1,000,000 rows with mixed dtypes (float, int, category, string, datetime)
and 190 ordinary variables: numbers, strings, small lists and dicts, functions, a
module, private names.

``question_tables``: a support-ticket log for the analyst-question benchmark, its
channels typed in several cases ("Chat", "chat", "CHAT") and its countries by name.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from typing import Any

ROWS = 1_000_000
FRAMES = 10
VARIABLES = 200


def make_namespace(
    rows: int = ROWS, frames: int = FRAMES, total: int = VARIABLES
) -> dict[str, Any]:
    """``frames`` DataFrames of ``rows`` rows, then small variables up to ``total`` names."""
    np = importlib.import_module("numpy")
    pd = importlib.import_module("pandas")
    rng = np.random.default_rng(0)
    regions = np.array(["north", "south", "east", "west", None], dtype=object)
    namespace: dict[str, Any] = {}
    for i in range(frames):
        price = rng.random(rows) * 100
        price[:: 97 + i] = np.nan
        namespace[f"sales_{i}"] = pd.DataFrame(
            {
                "price": price,
                "qty": rng.integers(0, 1_000, rows),
                "region": pd.Categorical(regions[rng.integers(0, 4, rows)]),
                "customer": regions[rng.integers(0, 5, rows)],
                "when": pd.date_range("2020-01-01", periods=rows, freq="min"),
            }
        )
    kinds: list[Callable[[int], Any]] = [
        lambda k: k * 3,
        lambda k: k / 7,
        lambda k: f"label {k}",
        lambda k: [k, k + 1, k + 2],
        lambda k: {"k": k, "name": f"n{k}"},
        lambda k: lambda x: x + k,
    ]
    namespace["math"] = math
    k = 0
    while len(namespace) < total:
        name = f"_private_{k}" if k % 19 == 0 else f"var_{k}"
        namespace[name] = kinds[k % len(kinds)](k)
        k += 1
    return namespace


def question_tables(rows: int) -> dict[str, Any]:
    """``{"tickets": DataFrame}`` of ``rows`` tickets: channel (typed in several cases),
    country, priority, amount and units."""
    np = importlib.import_module("numpy")
    pd = importlib.import_module("pandas")
    rng = np.random.default_rng(1)
    channels = np.array(["Chat", "chat", "CHAT", "Email", "email", "Phone", "Web"], dtype=object)
    countries = np.array(["United States", "Germany", "France", "Japan", "Bermuda"], dtype=object)
    priorities = np.array(["low", "high"], dtype=object)
    tickets = pd.DataFrame(
        {
            "channel": channels[rng.integers(0, len(channels), rows)],
            "country": countries[rng.integers(0, len(countries), rows)],
            "priority": priorities[rng.integers(0, 2, rows)],
            "amount": rng.random(rows) * 100,
            "units": rng.integers(0, 50, rows),
        }
    )
    return {"tickets": tickets}
