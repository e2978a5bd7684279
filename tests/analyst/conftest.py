"""Small hand-built frames for the analyst tests: a daily sales table and a titanic-like table."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from notebook_router.analyst import Analysis


@pytest.fixture
def sales() -> pd.DataFrame:
    rng = np.random.default_rng(7)
    n = 120
    return pd.DataFrame(
        {
            "date": pd.date_range("2024-01-01", periods=n, freq="D"),
            "region": np.array(["North", "South", "East", "West"])[np.arange(n) % 4],
            "revenue": (rng.normal(100, 20, n) + np.arange(n) * 0.5).round(2),
            "units": rng.integers(1, 20, n),
        }
    )


@pytest.fixture
def titanic() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "Name": [
                "Braund",
                "Cumings",
                "Heikkinen",
                "Futrelle",
                "Allen",
                "Moran",
                "McCarthy",
                "Palsson",
                "Johnson",
                "Nasser",
                "Rice",
                "Bonnell",
            ],
            "Pclass": [3, 1, 3, 1, 3, 3, 1, 3, 3, 2, 3, 1],
            "Sex": [
                "male",
                "female",
                "female",
                "female",
                "male",
                "male",
                "male",
                "male",
                "female",
                "female",
                "male",
                "female",
            ],
            "Age": [22, 38, 26, 35, 35, None, 54, 2, 27, 14, None, 65],
            "Fare": [7.25, 71.28, 7.92, 53.1, 8.05, 8.46, 51.86, 21.08, 11.13, 30.07, 29.12, 26.55],
            "Survived": [0, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1],
            "Embarked": ["S", "C", "S", "S", "S", "Q", "S", "S", "S", "C", "Q", None],
        }
    )


def mapping(value: object) -> dict[Any, Any]:
    """An analysis value that must be a mapping (per-group values, counts per bin...)."""
    assert isinstance(value, dict), value
    return value


def rerun(analysis: Analysis, frames: dict[str, Any]) -> Any:
    """Run the analysis' shown code on its own, as a user pasting it would, and return ``result``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from scipy import stats

    namespace: dict[str, Any] = {"pd": pd, "np": np, "stats": stats, "plt": plt, **frames}
    exec(analysis.code, namespace)
    if "fig" in namespace:
        plt.close(namespace["fig"])
    return namespace["result"]
