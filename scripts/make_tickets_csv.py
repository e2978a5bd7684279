"""Regenerate notebooks/data/support_tickets.csv (deterministic).

One row per customer-support ticket for the same four regions and year as
the sales table (``notebook_router/examples/data/sales.csv``): when it was
opened, its category and priority, how many hours it took to resolve and the
customer's satisfaction score (1-5). It is synthetic, shaped like a helpdesk
export, and tied to the sales table on purpose: ticket volume follows units
sold, one region (West) has a delivery problem in the summer, and slow
resolutions get worse scores. The notebooks say all of this; nothing in it
is real customer data.

    python scripts/make_tickets_csv.py
"""

from __future__ import annotations

import csv
import random
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SALES = ROOT / "notebook_router" / "examples" / "data" / "sales.csv"
OUT = ROOT / "notebooks" / "data" / "support_tickets.csv"

TICKETS_PER_1000_UNITS = 9.0
CATEGORIES = {  # share of tickets, median hours to resolve
    "billing": (0.30, 6.0),
    "delivery": (0.25, 20.0),
    "product defect": (0.20, 40.0),
    "account access": (0.25, 3.0),
}
PRIORITY = (("low", 0.45), ("normal", 0.40), ("high", 0.15))


def monthly_units() -> dict[tuple[str, int], int]:
    """Units sold per (region, month number) from the sales table."""
    with SALES.open(newline="") as fh:
        return {
            (row["region"], int(row["month"][-2:])): int(row["units"]) for row in csv.DictReader(fh)
        }


def pick(rng: random.Random, weighted: dict[str, float]) -> str:
    return rng.choices(list(weighted), weights=list(weighted.values()))[0]


def main() -> None:
    rng = random.Random(7)
    rows = []
    for (region, month), units in sorted(monthly_units().items()):
        rate = TICKETS_PER_1000_UNITS * rng.uniform(0.85, 1.15)
        shares = {c: share for c, (share, _) in CATEGORIES.items()}
        if region == "West" and month in (6, 7, 8):
            # A summer courier problem in one region: delivery tickets triple.
            rate *= 1.6
            shares["delivery"] *= 3
        for _ in range(round(units / 1000 * rate)):
            category = pick(rng, shares)
            priority = pick(rng, dict(PRIORITY))
            median = CATEGORIES[category][1] * (0.6 if priority == "high" else 1.0)
            hours = round(rng.lognormvariate(0, 0.6) * median, 1)
            score = 5 - min(3, int(hours // 24)) - (rng.random() < 0.15)
            opened = date(2025, month, 1) + timedelta(days=rng.randrange(28))
            rows.append((opened, region, category, priority, hours, max(1, score)))
    rows.sort(key=lambda r: (r[0], r[1]))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(
            ["ticket_id", "opened", "region", "category", "priority", "hours_to_resolve", "csat"]
        )
        for number, (opened, *rest) in enumerate(rows, 1):
            writer.writerow([f"T{number:05d}", opened.isoformat(), *rest])
    print(f"wrote {len(rows)} tickets to {OUT}")


if __name__ == "__main__":
    main()
