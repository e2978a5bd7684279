"""A dependency-free SVG line chart, so the examples can draw without matplotlib."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape


def line_chart_svg(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    width: int = 560,
    height: int = 260,
) -> str:
    """An SVG line chart of ``values`` over ``labels`` with a title and y-axis range."""
    if not values:
        raise ValueError("line_chart_svg needs at least one value")
    left, right, top, bottom = 64, 16, 36, 40
    lo, hi = min(values), max(values)
    span = (hi - lo) or 1.0
    step = (width - left - right) / max(1, len(values) - 1)

    def xy(i: int, v: float) -> tuple[float, float]:
        return left + i * step, top + (hi - v) / span * (height - top - bottom)

    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, v) for i, v in enumerate(values)))
    ticks = "".join(
        f'<text x="{xy(i, lo)[0]:.1f}" y="{height - bottom + 16}" text-anchor="middle">'
        f"{escape(label[-2:] if len(label) > 4 else label)}</text>"
        for i, label in enumerate(labels)
    )
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3"/>'
        for x, y in (xy(i, v) for i, v in enumerate(values))
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">'
        f'<rect width="100%" height="100%" fill="white"/>'
        f'<text x="{left}" y="20" font-size="14" font-weight="bold">{escape(title)}</text>'
        f'<text x="{left - 8}" y="{top + 4}" text-anchor="end">{hi:,.0f}</text>'
        f'<text x="{left - 8}" y="{height - bottom}" text-anchor="end">{lo:,.0f}</text>'
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" '
        f'y2="{height - bottom}" stroke="#999"/>'
        f'<polyline fill="none" stroke="#2563eb" stroke-width="2" points="{points}"/>'
        f'<g fill="#2563eb">{dots}</g><g fill="#444">{ticks}</g></svg>'
    )
