"""Change detection and recency: what a later scan re-describes, and what it reuses."""

from __future__ import annotations

from typing import Any

import pytest

from notebook_router.data import NamespaceScanner

pd: Any = pytest.importorskip("pandas")


def frame() -> Any:
    return pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0, 5.0], "b": ["u", "v", "w", "x", "y"]})


def test_an_unchanged_object_is_not_described_again() -> None:
    ns = {"df": frame()}
    scanner = NamespaceScanner()
    first = scanner.scan(ns).get("df")
    second = scanner.scan(ns).get("df")
    assert second is first
    assert second is not None and second.changed_at == 1


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(lambda df: df.__setitem__("c", 1), id="new column"),
        pytest.param(lambda df: df.__setitem__("a", df["a"] * 2), id="column replaced"),
        pytest.param(lambda df: df.loc.__setitem__((2, "a"), 50.0), id="a cell set with loc"),
        pytest.param(lambda df: df.at.__setitem__((0, "a"), 50.0), id="first cell set with at"),
        pytest.param(lambda df: df.loc.__setitem__(len(df), [6.0, "z"]), id="row appended"),
        pytest.param(lambda df: df.__delitem__("b"), id="column deleted"),
        pytest.param(lambda df: setattr(df, "columns", ["A", "B"]), id="columns renamed"),
    ],
)
def test_edits_in_place_are_seen(edit: Any) -> None:
    ns = {"df": frame(), "other": frame()}
    scanner = NamespaceScanner()
    scanner.scan(ns)
    edit(ns["df"])
    after = scanner.scan(ns)
    assert after.get("df").changed_at == 2  # type: ignore[union-attr]
    assert after.get("other").changed_at == 1  # type: ignore[union-attr]
    assert after.names()[0] == "df"  # most recently changed first
    assert after.most_recent() is after.get("df")


def test_the_new_content_is_what_is_described() -> None:
    ns = {"df": frame()}
    scanner = NamespaceScanner()
    scanner.scan(ns)
    ns["df"]["c"] = 1
    ns["df"].loc[0, "a"] = 50.0
    d = scanner.scan(ns).get("df")
    assert d is not None and d.shape == (5, 3)
    assert d.columns[0].max == "50"


def test_reassignment_and_new_names_are_stamped_with_the_scan() -> None:
    ns: dict[str, Any] = {"df": frame(), "old": frame()}
    scanner = NamespaceScanner()
    scanner.scan(ns)
    ns["df"] = frame()  # equal content, another object
    ns["new"] = [{"k": 1}]
    context = scanner.scan(ns)
    assert {d.name: d.changed_at for d in context.variables} == {"df": 2, "new": 2, "old": 1}
    assert context.names()[-1] == "old"
    assert scanner.scan(ns, stamp=7).generation == 7  # e.g. the cell's execution count


def test_a_lone_in_place_write_to_an_unprobed_cell_goes_unseen() -> None:
    # The documented trade-off: the signal probes the first, middle and last
    # cell of each column; ``df.at`` / ``df.iat`` write elsewhere in place
    # and replace nothing, so that write is seen once something else changes.
    ns = {"df": pd.DataFrame({"a": [float(i) for i in range(10)]})}
    scanner = NamespaceScanner()
    scanner.scan(ns)
    ns["df"].at[1, "a"] = 99.0
    assert scanner.scan(ns).get("df").changed_at == 1  # type: ignore[union-attr]


def test_lists_and_arrays_change_with_appends_and_writes() -> None:
    np: Any = pytest.importorskip("numpy")
    ns: dict[str, Any] = {"rows": [{"a": 1}, {"a": 2}], "arr": np.zeros(5)}
    scanner = NamespaceScanner()
    scanner.scan(ns)
    ns["rows"].append({"a": 3})
    ns["arr"][0] = 1.0
    context = scanner.scan(ns)
    assert context.get("rows").shape == (3, 1)  # type: ignore[union-attr]
    assert context.get("arr").columns[0].max == "1"  # type: ignore[union-attr]


def test_deleted_names_leave_the_context() -> None:
    ns: dict[str, Any] = {"df": frame()}
    scanner = NamespaceScanner()
    scanner.scan(ns)
    del ns["df"]
    assert scanner.scan(ns).variables == ()
