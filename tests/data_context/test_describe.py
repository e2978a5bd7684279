"""Descriptions of small objects: dtypes, missing values, ranges, main categories, first rows."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from notebook_router.data import DataDescription, NamespaceScanner

pd: Any = pytest.importorskip("pandas")
np: Any = pytest.importorskip("numpy")


def describe(value: Any, name: str = "x", **options: Any) -> DataDescription:
    found = NamespaceScanner(**options).scan({name: value}).get(name)
    assert found is not None
    return found


def column(d: DataDescription, name: str) -> Any:
    return next(c for c in d.columns if c.name == name)


def test_a_small_frame_is_described_exactly() -> None:
    df = pd.DataFrame(
        {
            "price": [1.5, None, 3.5, 10.0],
            "qty": [1, 2, 3, 4],
            "region": pd.Categorical(["north", "south", "north", None]),
            "city": ["Oslo", "Oslo", None, "Rome"],
            "when": pd.to_datetime(["2024-01-31", None, "2024-03-01", "2024-02-10"]),
        }
    )
    d = describe(df, "sales")
    assert (d.kind, d.shape, d.is_data, d.sampled_from) == ("pandas.DataFrame", (4, 5), True, None)
    price = column(d, "price")
    assert (price.dtype, price.nulls, price.min, price.max, price.mean) == (
        "float64",
        1,
        "1.5",
        "10",
        "5",
    )
    assert (column(d, "qty").min, column(d, "qty").max, column(d, "qty").mean) == ("1", "4", "2.5")
    region = column(d, "region")
    assert (region.dtype, region.nulls, region.top[0]) == ("category", 1, ("north", 2))
    city = column(d, "city")
    assert (city.nulls, city.top) == (1, (("Oslo", 2),))
    when = column(d, "when")
    assert (when.nulls, when.min, when.max) == (1, "2024-01-31", "2024-03-01")
    text = d.render()
    assert text.startswith("sales: pandas.DataFrame, 4 rows × 5 columns")
    assert "price float64: nulls 1, min 1.5, max 10, mean 5" in text
    assert "region category: nulls 1, top north (2)" in text
    assert "first rows:" in text and "Oslo" in text
    assert "sample" not in text  # every row was read


def test_a_big_frame_says_its_figures_come_from_a_sample() -> None:
    df = pd.DataFrame({"v": np.arange(1_000, dtype=float)})
    df.loc[::10, "v"] = np.nan  # a period that a plain every-10th-row stride would alias with
    d = describe(df, "big", sample_rows=100)
    assert d.sampled_from == 91  # every 11th row: the smallest prime stride reaching 100 rows
    assert "(stats from a 91-row sample of 1,000)" in d.render()
    v = column(d, "v")
    assert v.rows == 91 and 5 <= v.nulls <= 12  # about one in ten, as in the whole column
    assert float(v.min) >= 0 and float(v.max) <= 999


def test_render_stays_within_its_budget_and_counts_what_it_leaves_out() -> None:
    df = pd.DataFrame({f"column_{i}": range(3) for i in range(30)})
    text = describe(df).render(400)
    assert len(text) <= 400
    assert "more columns" in text


def test_series_arrays_records_and_dicts_of_columns() -> None:
    s = describe(pd.Series([3, 1, 2], name="score"))
    assert (s.kind, s.shape, s.columns[0].name, s.columns[0].max) == (
        "pandas.Series",
        (3,),
        "score",
        "3",
    )
    a = describe(np.arange(12).reshape(3, 4))
    assert (a.kind, a.shape, a.columns[0].min, a.columns[0].max) == (
        "numpy.ndarray",
        (3, 4),
        "0",
        "11",
    )
    records = describe([{"city": "Oslo", "temp": 4}, {"city": "Rome", "temp": 18}])
    assert (records.kind, records.shape) == ("list of records", (2, 2))
    assert column(records, "temp").mean == "11"
    table = describe({"x": [1, 2, 3], "y": np.array([0.5, 1.5, 2.5])})
    assert (table.kind, table.shape, column(table, "y").mean) == ("dict of columns", (3, 2), "1.5")


def test_polars_frames_are_read_through_their_own_methods() -> None:
    pl: Any = pytest.importorskip("polars")
    d = describe(pl.DataFrame({"a": [1, None, 3], "b": ["x", "y", "x"]}))
    assert (d.kind, d.shape) == ("polars.DataFrame", (3, 2))
    assert (column(d, "a").nulls, column(d, "a").max) == (1, "3")
    assert column(d, "b").top == (("x", 2),)


def test_other_variables_get_a_short_preview_and_no_repr_call() -> None:
    class Heavy:
        def __repr__(self) -> str:
            raise AssertionError("a description never calls an arbitrary repr")

    context = NamespaceScanner().scan({"rate": 0.25, "tags": ["a", "b", "c", "d"], "h": Heavy()})
    assert context.get("rate").preview == "0.25"  # type: ignore[union-attr]
    assert context.get("tags").preview == "4 items: a, b, c, …"  # type: ignore[union-attr]
    assert context.get("h").is_data is False  # type: ignore[union-attr]
    assert "rate (float)" in context.render()


def test_importing_the_package_does_not_import_pandas() -> None:
    code = (
        "import sys, notebook_router.data; print('pandas' in sys.modules, 'polars' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_a_helper_array_is_described_as_values_on_an_axis_not_as_a_table() -> None:
    t = np.arange(16_000) / 16_000
    helper = describe(t)
    assert helper.headline() == (
        "x: numpy.ndarray, 16,000 values, evenly spaced from 0 to 0.999938 in steps of "
        "6.25e-05: an axis, not data"
    )
    signal = describe(np.sin(2 * np.pi * 440 * t)).headline()
    assert signal == "x: numpy.ndarray, 16,000 values"  # no rows: an array is no table
    assert describe(np.r_[np.arange(10), 100.0]).note == ""  # even steps, then a jump
    assert "to 2,999,999 in steps of 1:" in describe(np.arange(3_000_000.0)).headline()


def test_a_list_of_records_is_described_as_one_by_its_length_and_keys_not_as_a_table() -> None:
    rows = [{"a": i, "b": 2 * i, "city": c} for i, c in enumerate(["Rome", "Oslo", None] * 2)]
    described = describe(rows, name="rows")
    assert described.headline() == "rows: list of 6 records with keys a, b, city"
    text = described.render()
    assert "\n  keys:\n  - a int" in text and "\n  - city str or None" in text
    assert "DataFrame" not in text and "rows ×" not in text and "object" not in text
    assert described.to_row()["shape"] == "6 records"
