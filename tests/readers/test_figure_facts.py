"""A figure's facts over all its data, however many points it has."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from typing import Any

import matplotlib.pyplot as plt
import numpy as np

from notebook_router.readers.figure import read_figure


def test_a_million_point_line_is_described_by_its_whole_range() -> None:
    fig, ax = plt.subplots()
    x = np.arange(1_000_000)
    ax.plot(x, np.where(x == 900_000, 50.0, np.sin(x / 1000)))
    ax.set_xlabel("sample")
    facts = read_figure(fig)
    plt.close(fig)
    (series,) = facts.axes[0].series
    assert series.points == 1_000_000
    assert series.x_range == (0.0, 999_999.0)
    assert series.y_range is not None and series.y_range[1] == 50.0  # a peak late in the data
    assert "x axis “sample” (0 to 999999)" in facts.describe()


def test_a_big_scatter_counts_every_point_and_skips_what_is_not_a_number() -> None:
    fig, ax = plt.subplots()
    xs = np.linspace(-5.0, 5.0, 300_000)
    ys = xs.copy()
    ys[3::7] = np.nan  # scatter masks these points, x and y
    ys[-1] = 1e9
    ax.scatter(xs, ys)
    facts = read_figure(fig)
    plt.close(fig)
    (series,) = facts.axes[0].series
    assert series.kind == "scatter" and series.points == 300_000
    assert series.x_range == (-5.0, 5.0)
    assert series.y_range == (float(np.nanmin(ys)), 1e9)


def test_masked_and_missing_values_do_not_count() -> None:
    fig, ax = plt.subplots()
    ax.plot(np.ma.masked_array([1.0, 200.0, 3.0], [False, True, False]), [1.0, np.nan, 5.0])
    facts = read_figure(fig)
    plt.close(fig)
    (series,) = facts.axes[0].series
    assert (series.x_range, series.y_range) == ((1.0, 3.0), (1.0, 5.0))


def test_a_time_series_is_described_in_the_axis_own_units_not_raw_timestamps() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.dates as mdates
    import matplotlib.pyplot as plt
    import pandas as pd

    from notebook_router.readers.figure import read_figure

    days = pd.date_range("2024-01-01", periods=10, freq="D")
    fig, ax = plt.subplots()
    ax.plot(days, range(10))
    (series,) = [s for axes in read_figure(fig).axes for s in axes.series]
    low, high = series.x_range or (0.0, 0.0)
    first, last = (mdates.date2num(d) for d in (days[0], days[-1]))  # type: ignore[no-untyped-call]
    assert (low, high) == (first, last)
    plt.close(fig)


def _trend(draw: Any) -> str | None:
    fig, ax = plt.subplots()
    draw(ax)
    ax.set_xlabel("month")
    facts = read_figure(fig)
    plt.close(fig)
    return facts.trend()


def test_where_each_series_goes_is_read_from_its_ends_in_x_order() -> None:
    assert _trend(lambda ax: ax.plot([3, 1, 2], [30, 10, 20], label="North")) == (
        "Trend: North rises from 10 to 30 (month 1 to 3)."
    )
    assert _trend(lambda ax: ax.plot([1, 2, 3, 4, 5], [5, 9, 12, 8, 2])) == (
        "Trend: the line falls from 5 to 2, after a peak of 12 (month 1 to 5)."
    )
    assert _trend(lambda ax: ax.plot([1, 2, 3], [4, 4, 4])) == (
        "Trend: the line stays at 4 (month 1 to 3)."
    )
    assert _trend(lambda ax: ax.bar(["a", "b", "c"], [3, 1, 3.05])) == (
        "Trend: the bar ends about where it starts (3 to 3.05), after a low of 1."
    )
    assert _trend(lambda ax: ax.scatter([1, 2], [3, 4])) is None  # no line, no direction


def _monthly() -> Any:
    import pandas as pd

    return pd.DataFrame(
        {"month": pd.date_range("2024-01-01", periods=6, freq="MS"), "revenue": [1, 2, 3, 4, 5, 9]}
    )


def test_a_date_axis_is_described_in_dates_not_day_numbers() -> None:
    df = _monthly()
    fig, ax = plt.subplots()
    ax.plot(df["month"], df["revenue"])
    ax.set_xlabel("month")
    facts = read_figure(fig)
    plt.close(fig)
    assert "x axis “month” (2024-01-01 to 2024-06-01)" in facts.describe()
    assert facts.trend() == "Trend: the line rises from 1 to 9 (month 2024-01-01 to 2024-06-01)."


def test_pandas_time_series_plots_are_described_in_their_periods_and_dates() -> None:
    import pandas as pd

    fig, ax = plt.subplots()
    _monthly().plot(x="month", y="revenue", ax=ax)  # monthly: pandas plots month numbers
    monthly = read_figure(fig).describe()
    plt.close(fig)
    uneven = pd.DataFrame({"t": pd.to_datetime(["2024-01-01", "2024-01-05", "2024-03-01"])})
    uneven["v"] = range(3)
    fig, ax = plt.subplots()
    uneven.plot(x="t", y="v", ax=ax)  # irregular: day numbers
    irregular = read_figure(fig).describe()
    plt.close(fig)
    assert "x axis “month” (2024-01 to 2024-06)" in monthly
    assert "x axis “t” (2024-01-01 to 2024-03-01)" in irregular
