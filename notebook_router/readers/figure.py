"""A matplotlib figure as facts: what the figure object knows, not what its pixels look like.

``read_figure(fig)`` reads the title, each axes' labels, its series (lines,
bars, scatter points, areas, images, wedges) with their labels, and the
ranges the data spans. ``FigureFacts.describe()`` says it in a sentence:
"a line chart titled “Revenue by month” with x axis “month” (1 to 12) and
y axis “revenue” (10 to 42); series: North, South".

Duck-typed: anything with ``get_axes()`` works, and matplotlib is never
imported here (the figure brings its own classes; numpy comes with it).
Ranges are taken with numpy over whole arrays: this runs on every figure a
cell displays, and a million-point line must cost milliseconds.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

if TYPE_CHECKING:  # numpy is imported when a figure is read, not when this module is
    import numpy as np
    from numpy.typing import NDArray

_PANDAS_DATES = "pandas.plotting._matplotlib.converter"
MAX_SERIES = 12
MAX_CATEGORIES = 12
_FLAT = 0.05
"""A change under this share of a series' range is no rise or fall."""

_KIND_OF_ARTIST = {
    "Line2D": "line",
    "BarContainer": "bar",
    "PathCollection": "scatter",
    "PolyCollection": "area",
    "FillBetweenPolyCollection": "area",
    "QuadMesh": "heatmap",
    "AxesImage": "image",
    "Wedge": "pie",
    "ErrorbarContainer": "errorbar",
    "StemContainer": "stem",
}
_CHART = {
    "line": "line chart",
    "bar": "bar chart",
    "scatter": "scatter plot",
    "area": "area chart",
    "heatmap": "heatmap",
    "image": "image plot",
    "pie": "pie chart",
    "errorbar": "chart with error bars",
    "stem": "stem plot",
}


class SeriesFacts(BaseModel):
    """One series of an axes: its kind, label, number of points and the ranges it spans."""

    kind: str
    label: str = ""
    points: int = 0
    x_range: tuple[float, float] | None = None
    y_range: tuple[float, float] | None = None
    ends: tuple[float, float] | None = None
    """The value at the smallest x and at the largest (lines and bars): where it goes."""

    def trend(self) -> str | None:
        """Where the series goes, in words: "rises from 13 to 46", "falls from 9 to 2,
        after a peak of 12", "stays at 5"; None when its ends are not known."""
        if self.ends is None or self.y_range is None:
            return None
        start, end = self.ends
        low, high = self.y_range
        name = self.label or f"the {self.kind}"
        span = high - low
        if span == 0:
            return f"{name} stays at {_num(start)}"
        change = end - start
        if abs(change) <= _FLAT * span:
            text = f"{name} ends about where it starts ({_num(start)} to {_num(end)})"
        else:
            text = f"{name} {'rises' if change > 0 else 'falls'} from {_num(start)} to {_num(end)}"
        if high - max(start, end) > _FLAT * span:
            text += f", after a peak of {_num(high)}"
        elif min(start, end) - low > _FLAT * span:
            text += f", after a low of {_num(low)}"
        return text


class AxesFacts(BaseModel):
    """One chart of a figure: title, axis labels, limits, categories and series."""

    title: str = ""
    x_label: str = ""
    y_label: str = ""
    x_limits: tuple[float, float] | None = None
    y_limits: tuple[float, float] | None = None
    x_categories: list[str] = Field(default_factory=list)
    """Tick labels of a categorical x axis ("North", "South", ...), when it is one."""
    x_dates: str = ""
    """What the x axis's numbers count when they are dates, said as dates: ``"day"``
    (matplotlib's day numbers), or a pandas period ("M": months since 1970, as pandas
    plots a regular time series); empty for plain numbers."""
    series: list[SeriesFacts] = Field(default_factory=list)

    @property
    def kind(self) -> str:
        """The chart's kind: its most common series kind ("line", "bar", ...)."""
        kinds = Counter(s.kind for s in self.series)
        return kinds.most_common(1)[0][0] if kinds else ""

    def describe(self) -> str:
        """This chart in a sentence."""
        chart = _CHART.get(self.kind, "chart")
        words = [f"{'an' if chart[0] in 'aeiou' else 'a'} {chart}"]
        if self.title:
            words.append(f"titled “{self.title}”")
        axes = []
        if self.kind != "pie":
            for name, label, span in (
                ("x", self.x_label, self._span("x")),
                ("y", self.y_label, self._span("y")),
            ):
                if label or span:
                    text = f"{name} axis" + (f" “{label}”" if label else "")
                    axes.append(text + (f" ({span})" if span else ""))
        if axes:
            words.append("with " + " and ".join(axes))
        sentence = " ".join(words)
        labels = [s.label for s in self.series if s.label]
        if labels:
            sentence += "; series: " + ", ".join(labels[:8]) + (" …" if len(labels) > 8 else "")
        if self.x_categories:
            shown = ", ".join(self.x_categories[:8])
            sentence += f"; categories: {shown}" + (" …" if len(self.x_categories) > 8 else "")
        return sentence

    def trends(self) -> list[str]:
        """Where each line or bar series goes, with the x span it covers."""
        said = []
        for series in self.series:
            trend = series.trend()
            if trend is None:
                continue
            if series.x_range is not None and not self.x_categories:
                low, high = series.x_range
                axis = f"{self.x_label} " if self.x_label else "x "
                trend += f" ({axis}{self._x(low)} to {self._x(high)})"
            said.append(trend)
        return said

    def _span(self, axis: str) -> str:
        if axis == "x" and self.x_categories:
            return ""
        spans = [s.x_range if axis == "x" else s.y_range for s in self.series]
        found = [r for r in spans if r is not None]
        if found:
            low, high = min(r[0] for r in found), max(r[1] for r in found)
        else:
            limits = self.x_limits if axis == "x" else self.y_limits
            if limits is None:
                return ""
            low, high = limits
        if axis == "x":
            return f"{self._x(low)} to {self._x(high)}"
        return f"{_num(low)} to {_num(high)}"

    def _x(self, value: float) -> str:
        return _date(value, self.x_dates) if self.x_dates else _num(value)


class FigureFacts(BaseModel):
    """What a matplotlib figure knows about itself."""

    title: str = ""
    """The figure's suptitle (each chart's own title is in ``axes``)."""
    axes: list[AxesFacts] = Field(default_factory=list)

    @property
    def headline(self) -> str:
        """The figure's title, or its first chart's."""
        return self.title or next((a.title for a in self.axes if a.title), "")

    def describe(self) -> str:
        """The figure in a sentence or two.

        >>> FigureFacts(axes=[AxesFacts(title="Revenue", x_label="month", y_label="EUR",
        ...     series=[SeriesFacts(kind="line", x_range=(1, 12), y_range=(10, 42))])]).describe()
        'A line chart titled “Revenue” with x axis “month” (1 to 12) and y axis “EUR” (10 to 42).'
        """
        charts = [a for a in self.axes if a.series or a.title or a.x_label or a.y_label]
        if not charts:
            return f"An empty figure titled “{self.title}”." if self.title else "An empty figure."
        if len(charts) == 1:
            chart = charts[0]
            if self.title and not chart.title:  # the figure's title is the chart's
                chart = chart.model_copy(update={"title": self.title})
            text = chart.describe()
            if self.title and self.title != chart.title:
                text += f" (figure title “{self.title}”)"
            return _sentence(text)
        head = f"A figure with {len(charts)} charts" + (
            f" titled “{self.title}”" if self.title else ""
        )
        each = "; ".join(f"({i}) {a.describe()}" for i, a in enumerate(charts, 1))
        return _sentence(f"{head}: {each}")

    def trend(self) -> str | None:
        """Where the series of its charts go, as a sentence; None when none says.

        >>> FigureFacts(axes=[AxesFacts(x_label="month", series=[SeriesFacts(kind="line",
        ...     label="North", x_range=(1, 12), y_range=(13, 46), ends=(13, 46))])]).trend()
        'Trend: North rises from 13 to 46 (month 1 to 12).'
        """
        said = [t for a in self.axes for t in a.trends()]
        return _sentence("Trend: " + "; ".join(said)) if said else None


def is_figure(value: Any) -> bool:
    """True for a matplotlib figure (checked by shape, so matplotlib is never imported)."""
    return type(value).__name__ == "Figure" and hasattr(value, "get_axes")


def read_figure(figure: Any) -> FigureFacts:
    """The facts ``figure`` (a matplotlib Figure) knows about itself."""
    suptitle = getattr(figure, "_suptitle", None)
    title = suptitle.get_text() if suptitle is not None else ""
    axes = [_axes(ax) for ax in figure.get_axes() if _is_chart(ax)]
    return FigureFacts(title=title, axes=axes)


def _is_chart(ax: Any) -> bool:
    # A colorbar's axes is an Axes too: not a chart of its own.
    return not hasattr(ax, "_colorbar") and type(ax).__name__ != "Colorbar"


def _axes(ax: Any) -> AxesFacts:
    series = _series(ax)[:MAX_SERIES]
    return AxesFacts(
        title=ax.get_title(),
        x_label=ax.get_xlabel(),
        y_label=ax.get_ylabel(),
        x_limits=_pair(ax.get_xlim()),
        y_limits=_pair(ax.get_ylim()),
        x_categories=_categories(ax),
        x_dates=_date_unit(ax),
        series=series,
    )


def _series(ax: Any) -> list[SeriesFacts]:
    out: list[SeriesFacts] = []
    in_containers: set[int] = set()
    for container in getattr(ax, "containers", []):
        kind = _KIND_OF_ARTIST.get(type(container).__name__, "bar")
        patches = list(container) if kind == "bar" else []
        in_containers.update(id(p) for p in patches)
        out.append(_bars(container, patches, kind))
    for line in ax.get_lines():
        out.append(_line(line))
    for collection in getattr(ax, "collections", []):
        found = _KIND_OF_ARTIST.get(type(collection).__name__)
        if found is not None:
            out.append(_collection(collection, found))
    for image in getattr(ax, "images", []):
        out.append(SeriesFacts(kind="image", label=_label(image)))
    wedges = [p for p in getattr(ax, "patches", []) if type(p).__name__ == "Wedge"]
    if wedges:
        labels = [t.get_text() for t in getattr(ax, "texts", []) if t.get_text()]
        out.append(
            SeriesFacts(kind="pie", label=", ".join(labels[: len(wedges)]), points=len(wedges))
        )
    return out


def _line(line: Any) -> SeriesFacts:
    # orig=False: in matplotlib's own units, so dates are day numbers, as the axis says.
    x, y = line.get_xdata(orig=False), line.get_ydata(orig=False)
    return SeriesFacts(
        kind="line",
        label=_label(line),
        points=len(y),
        x_range=_range(x),
        y_range=_range(y),
        ends=_ends(x, y),
    )


def _bars(container: Any, patches: list[Any], kind: str) -> SeriesFacts:
    if not patches:
        return SeriesFacts(kind=kind, label=_label(container))
    xs = [p.get_x() + p.get_width() / 2 for p in patches]
    heights = [p.get_height() for p in patches]
    bottoms = [p.get_y() for p in patches]
    ys = (
        heights + [b + h for b, h in zip(bottoms, heights, strict=True)]
        if any(bottoms)
        else heights
    )
    return SeriesFacts(
        kind="bar",
        label=_label(container),
        points=len(patches),
        x_range=_range(xs),
        y_range=_range(ys),
        ends=_ends(xs, heights),
    )


def _collection(collection: Any, kind: str) -> SeriesFacts:
    if kind == "scatter":
        offsets = _numbers(collection.get_offsets())
        pairs = offsets.reshape(-1, 2) if offsets.size % 2 == 0 else offsets[:0].reshape(0, 2)
        return SeriesFacts(
            kind=kind,
            label=_label(collection),
            points=len(pairs),
            x_range=_range(pairs[:, 0]),
            y_range=_range(pairs[:, 1]),
        )
    return SeriesFacts(kind=kind, label=_label(collection))


def _categories(ax: Any) -> list[str]:
    """Tick labels of a categorical x axis (strings plotted as positions)."""
    units = getattr(ax.xaxis, "units", None)
    mapping = getattr(units, "_mapping", None)
    if isinstance(mapping, dict) and mapping:
        return [str(k) for k in list(mapping)[:MAX_CATEGORIES]]
    return []


def _date_unit(ax: Any) -> str:
    """What the x axis's numbers count when its ticks are dates (see ``AxesFacts.x_dates``):
    its tick formatter is one of matplotlib's or pandas' date formatters."""
    formatter = ax.xaxis.get_major_formatter()
    if type(formatter).__module__ not in ("matplotlib.dates", _PANDAS_DATES):
        return ""
    freq = getattr(formatter, "freq", None)
    if freq is None:
        return "day"
    pandas = sys.modules.get("pandas")  # the figure's plot brought it
    try:
        return str(pandas.Period(ordinal=0, freq=freq).freqstr) if pandas else ""
    except (TypeError, ValueError):
        return ""


def _date(value: float, unit: str) -> str:
    """``value`` on a date axis as the date it stands for (the time, when it has one)."""
    if not math.isfinite(value):
        return _num(value)
    try:
        if unit != "day":  # a pandas period ordinal, said as pandas says the period
            return str(sys.modules["pandas"].Period(ordinal=round(value), freq=unit))
        when: datetime = sys.modules["matplotlib.dates"].num2date(value)
    except (KeyError, TypeError, ValueError, OverflowError):
        return _num(value)
    return when.strftime("%Y-%m-%d %H:%M" if (when.hour, when.minute) != (0, 0) else "%Y-%m-%d")


def _label(artist: Any) -> str:
    label = str(artist.get_label() or "") if hasattr(artist, "get_label") else ""
    return "" if label.startswith("_") else label


def _numbers(values: Any) -> NDArray[np.float64]:
    """``values`` as a float array, whole: no Python list of a million points is built.

    A line's data may be dates, categories (strings) or masked: what does not
    convert as a whole is converted value by value, and whatever is not a
    number is dropped (NaN).
    """
    import numpy as np

    try:
        return np.asarray(np.ma.filled(np.ma.asarray(values, dtype=np.float64), np.nan))
    except (TypeError, ValueError):
        data: NDArray[Any] = np.ma.filled(np.ma.asarray(values, dtype=object), np.nan)
        flat = data.ravel()
        return np.fromiter((_float(v) for v in flat), np.float64, len(flat)).reshape(data.shape)


def _float(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def _range(values: Any) -> tuple[float, float] | None:
    """The finite span of ``values`` (all of them), or None when there is none."""
    import numpy as np

    numeric = isinstance(values, np.ndarray) and values.dtype == np.float64
    array = values if numeric else _numbers(values)
    finite = array[np.isfinite(array)]
    return (float(finite.min()), float(finite.max())) if finite.size else None


def _ends(xs: Any, ys: Any) -> tuple[float, float] | None:
    """The y at the smallest x and at the largest, over the finite points (None if none)."""
    import numpy as np

    x, y = _numbers(xs).ravel(), _numbers(ys).ravel()
    if x.shape != y.shape:
        return None
    finite = np.isfinite(x) & np.isfinite(y)
    if not finite.any():
        return None
    x, y = x[finite], y[finite]
    return float(y[int(np.argmin(x))]), float(y[int(np.argmax(x))])


def _pair(limits: Any) -> tuple[float, float] | None:
    try:
        low, high = (float(v) for v in limits)
    except (TypeError, ValueError):
        return None
    return (low, high) if math.isfinite(low) and math.isfinite(high) else None


def _num(value: float) -> str:
    return f"{value:.4g}" if value != int(value) or abs(value) >= 1e6 else str(int(value))


def _sentence(text: str) -> str:
    text = text[0].upper() + text[1:] if text else text
    return text if text.endswith(".") else text + "."
