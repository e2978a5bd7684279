"""A notebook's namespace for the data-context benchmark: 200 variables, 10 big frames.

Ten pandas DataFrames of 1,000,000 rows with mixed dtypes (float, int,
category, string, datetime) and 190 ordinary variables: numbers, strings,
small lists and dicts, functions, a module, private names.
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
