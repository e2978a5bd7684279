"""A data source: the live tables a run reads, found by what the last scan saw."""

from __future__ import annotations

import pandas as pd

from notebook_router.data.source import DataSource


def test_tables_are_the_live_objects_most_recent_first_and_other_tabular_data_is_converted() -> (
    None
):
    old = pd.DataFrame({"x": [1, 2]})
    namespace: dict[str, object] = {"old": old, "n": 3, "records": [{"a": 1}, {"a": 2}]}
    source = DataSource(namespace)
    source.scan()
    namespace["new"] = pd.Series([1.0, 2.0], name="v")
    source.scan()

    tables = source.tables()

    assert next(iter(tables)) == "new"  # changed in the latest scan
    assert tables["old"] is old  # no copy
    assert tables["records"].to_dict("list") == {"a": [1, 2]}
    assert "n" not in tables
    assert source.default_table() == "records"  # a Series is data, not a table


def test_of_wraps_a_mapping_keeps_a_source_and_passes_none() -> None:
    source = DataSource({})
    assert DataSource.of(source) is source
    assert DataSource.of(None) is None
    wrapped = DataSource.of({"df": pd.DataFrame({"a": [1]})})
    assert wrapped is not None and wrapped.default_table() == "df"


def test_a_stamp_orders_objects_by_the_cell_that_changed_them() -> None:
    cell = [1]
    namespace: dict[str, object] = {"a": pd.DataFrame({"x": [1]}), "b": pd.DataFrame({"y": [1]})}
    source = DataSource(namespace, stamp=lambda: cell[0])
    source.scan()
    cell[0] = 2
    namespace["a"] = pd.DataFrame({"x": [5, 6]})
    assert source.scan().names()[0] == "a"
    assert source.default_table() == "a"
