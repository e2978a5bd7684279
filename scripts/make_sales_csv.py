"""Regenerate notebook_router/examples/data/sales.csv (deterministic).

A small, plausible monthly sales table for four regions over 2025: units,
revenue and cost, with a different trend and seasonality per region. It is
synthetic and the docs say so (docs/guide/cli.md); it exists so examples have real numbers
to work on without a download.
"""

from __future__ import annotations

import csv
import math
import random
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "notebook_router" / "examples" / "data" / "sales.csv"
REGIONS = {  # base units, monthly growth, seasonality amplitude, price
    "North": (1200, 0.030, 0.10, 41.0),
    "South": (1500, -0.012, 0.18, 38.5),
    "East": (900, 0.055, 0.06, 44.0),
    "West": (1100, 0.004, 0.25, 40.0),
}


def main() -> None:
    rng = random.Random(2025)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["region", "month", "units", "revenue", "cost"])
        for region, (base, growth, season, price) in REGIONS.items():
            for m in range(1, 13):
                trend = base * (1 + growth) ** (m - 1)
                seasonal = 1 + season * math.sin((m - 3) / 12 * 2 * math.pi)
                units = round(trend * seasonal * rng.uniform(0.96, 1.04))
                revenue = round(units * price * rng.uniform(0.98, 1.02), 2)
                cost = round(revenue * rng.uniform(0.58, 0.66), 2)
                writer.writerow([region, f"2025-{m:02d}", units, revenue, cost])


if __name__ == "__main__":
    main()
