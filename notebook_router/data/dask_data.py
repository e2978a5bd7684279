"""Dask DataFrames and Series, described without computing them whole.

Columns and dtypes come from the frame's meta: no computation. The row count and the
column statistics come from :data:`SAMPLED_PARTITIONS` partitions spread over the
frame (the first, the middle and the last): each is computed where Dask computes (on
a cluster's workers when the kernel has a ``distributed.Client``), and sends back only
its length, an even sample of its rows and its first rows, about :data:`SAMPLE_ROWS`
rows in all. The row count is the sampled partitions' mean length times the number
of partitions, said "about" unless every partition was read; the statistics say
which partitions they came from.

A Dask collection never changes (an operation makes a new one, with a new name), so
a frame is sampled once: :func:`partition_sample` keeps the last few samples by the
frame's name, and the analyst reads its schema from the same sample. Sampling is
bounded in time (:data:`SAMPLE_TIMEOUT_S`): the partitions read by then make the
sample, and the description says it was cut ("sampled 1 of 16 partitions within
10 s"); with none read, the frame is described from its meta alone. On a cluster the
partitions not read by then are cancelled, so the workers are not kept busy with them.
"""

from __future__ import annotations

import concurrent.futures
import contextvars
import threading
import time
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

from notebook_router.data import dask_partitions
from notebook_router.data.columns import summarise
from notebook_router.data.describe import (
    HEAD_ROWS,
    MAX_COLUMNS,
    SAMPLE_ROWS,
    ColumnSummary,
    DataDescription,
)
from notebook_router.data.masking import Masker
from notebook_router.shipping import ship_by_value, shippable

SAMPLED_PARTITIONS = 3
"""Partitions read to describe a frame: the first, the middle and the last."""
SAMPLE_TIMEOUT_S = 10.0
"""How long reading them may take: the partitions read by then make the sample (none: the
frame is described from its meta alone), and the description says it was cut."""
_KEPT = 16
"""Samples kept (by frame name)."""

_samples: OrderedDict[str, PartitionSample] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class PartitionSample:
    """Rows of a few partitions of a Dask frame, and what they say about the whole."""

    frame: Any
    """The sampled rows (a pandas DataFrame), None when sampling failed or took too long."""
    head: Any
    """The frame's first rows (pandas), None without a sample."""
    lengths: tuple[int, ...]
    """The length of each sampled partition."""
    partitions: int
    """How many partitions the frame has."""
    note: str = ""
    """Why there is no sample, or why it is short ("sampled 1 of 16 partitions within
    10 s"): '' when every chosen partition was read."""

    @property
    def exact(self) -> bool:
        """Every partition was read: the row count is exact."""
        return len(self.lengths) == self.partitions

    @property
    def rows(self) -> int | None:
        """The frame's row count (an estimate unless :attr:`exact`), None without a sample."""
        if not self.lengths:
            return None
        if self.exact:
            return sum(self.lengths)
        return round(sum(self.lengths) / len(self.lengths) * self.partitions)

    def memory_bytes(self) -> int | None:
        """About how much memory the whole frame would take as one pandas DataFrame."""
        rows = self.rows
        if self.frame is None or rows is None or not len(self.frame):
            return None
        per_row = float(self.frame.memory_usage(deep=True).sum()) / len(self.frame)
        return round(per_row * rows)


def is_dask_collection(value: Any) -> bool:
    """A Dask DataFrame or Series (recognised by class, without importing Dask)."""
    return any(
        cls.__module__.partition(".")[0] in ("dask", "dask_expr")
        and cls.__name__ in ("DataFrame", "Series")
        for cls in type(value).__mro__[:-1]
    )


def partition_sample(df: Any) -> PartitionSample:
    """The sample of ``df`` (a Dask DataFrame), read once per frame and kept."""
    key = str(frame_signal(df))
    with _lock:
        kept = _samples.get(key)
        if kept is not None:
            _samples.move_to_end(key)
            return kept
    sample = _read(df)
    with _lock:
        _samples[key] = sample
        while len(_samples) > _KEPT:
            _samples.popitem(last=False)
    return sample


def unsampled(values: Any) -> bool:
    """Some of ``values`` is a Dask frame not sampled yet (describing it computes)."""
    with _lock:
        kept = set(_samples)
    return any(is_dask_collection(v) and str(frame_signal(v)) not in kept for v in values)


def describe_frame(
    name: str, df: Any, mask: Masker, sample_rows: int = SAMPLE_ROWS
) -> DataDescription:
    """A Dask DataFrame's description: meta, estimated rows, sampled statistics."""
    sample = partition_sample(df)
    width = len(df.columns)
    names = [str(c) for c in list(df.columns)[:MAX_COLUMNS]]
    dtypes = [str(d) for d in list(df.dtypes)[:MAX_COLUMNS]]
    rows = sample.rows
    if sample.frame is None:
        columns = tuple(ColumnSummary(mask(n), d) for n, d in zip(names, dtypes, strict=True))
        head: tuple[tuple[str, ...], ...] = ()
    else:
        frame = sample.frame
        columns = tuple(
            summarise(n, d, frame.iloc[:, j].array, None, mask)
            for j, (n, d) in enumerate(zip(names, dtypes, strict=True))
        )
        head = tuple(
            tuple(mask.cell(v) for v in row[: len(names)])
            for row in sample.head.itertuples(index=False)
        )
    return DataDescription(
        name=name,
        kind="dask.DataFrame",
        is_data=True,
        shape=(rows, width) if rows is not None else None,
        columns=columns,
        total_columns=width,
        sample_rows=head,
        sampled_from=len(sample.frame) if sample.frame is not None else None,
        partitions=sample.partitions,
        sampled_partitions=len(sample.lengths) or None,
        rows_estimated=not sample.exact,
        preview=sample.note,
        note=sample.note,
    )


def describe_series(
    name: str, s: Any, mask: Masker, sample_rows: int = SAMPLE_ROWS
) -> DataDescription:
    """A Dask Series' description: as a one-column frame named after it."""
    frame = s.to_frame(name=s.name if s.name is not None else "values")
    described = describe_frame(name, frame, mask, sample_rows)
    shape = described.shape[:1] if described.shape else None
    return replace(described, kind="dask.Series", shape=shape)


def frame_signal(df: Any) -> Hashable:
    """The frame's name: Dask names a collection by the operations that make it."""
    name = getattr(df, "_name", None)
    if isinstance(name, str):
        return name
    from dask.base import tokenize

    return str(tokenize(df))


def _read(df: Any) -> PartitionSample:
    """Sample ``df``'s partitions, all at once, for at most :data:`SAMPLE_TIMEOUT_S`: the
    partitions read by then make the sample, and a sample cut short says so ("sampled 1
    of 16 partitions within 10 s"). On a cluster the partitions not read by then are
    cancelled, so the workers do not go on computing what nobody will read."""
    count = int(df.npartitions)
    chosen = sorted({0, count // 2, count - 1}) if count > 1 else [0]
    chosen = chosen[:SAMPLED_PARTITIONS]
    limit = SAMPLE_TIMEOUT_S
    ship_by_value(dask_partitions)
    per = -(-SAMPLE_ROWS // len(chosen))
    partitions = df.to_delayed()
    tasks = [_sample_task(partitions[i], per) for i in chosen]
    client = _cluster_client()
    boxes = _on_cluster(client, tasks, limit) if client is not None else _on_threads(tasks, limit)
    parts = [box["part"] for box in boxes if "part" in box]
    errors = [box["error"] for box in boxes if "error" in box]
    if errors:  # a frame whose partitions fail: described from its meta
        return PartitionSample(None, None, (), count, note=f"rows not counted: {errors[0]}")
    cut = (
        f"sampled {len(parts)} of {count:,} partitions within {limit:g} s"
        if len(parts) < len(chosen)
        else ""
    )
    if not parts:
        why = f"{cut}: rows not counted (reading a partition took longer)"
        return PartitionSample(None, None, (), count, note=why)
    import pandas as pd

    return PartitionSample(
        frame=pd.concat([p[1] for p in parts]),
        head=parts[0][2],
        lengths=tuple(int(p[0]) for p in parts),
        partitions=count,
        note=cut,
    )


def _sample_task(partition: Any, rows: int) -> Any:
    """The lazy sample of one partition (its length, rows and first rows)."""
    import dask

    return dask.delayed(shippable(dask_partitions.sample_partition), pure=False)(
        partition, rows, HEAD_ROWS
    )


def _cluster_client() -> Any | None:
    """The ``distributed.Client`` Dask computes with here, or None (a local scheduler).

    Read as Dask itself chooses (``with client.as_current():``, the default client, a
    ``scheduler=`` setting), so the sample runs where the frame's own code would.
    """
    from dask.base import get_scheduler

    owner = getattr(get_scheduler(), "__self__", None)
    if type(owner).__module__.partition(".")[0] == "distributed" and hasattr(owner, "cancel"):
        return owner
    return None


def _on_cluster(client: Any, tasks: list[Any], limit: float) -> list[dict[str, Any]]:
    """Each task's ``part`` or ``error``, read on ``client``'s workers within ``limit``
    seconds; the rest are cancelled (a task not started never runs; one running is
    released by the scheduler and its result dropped).

    The tasks are waited on together, as each finishes: a slow first partition does not
    hold up reading the others. A task cancelled by someone else meanwhile (the user's
    ``client.cancel``, a restart) is a partition not read, as one still running at the
    bound is: the others still make the sample.
    """
    import asyncio  # here, not at the top: loading the extension must not import asyncio

    from distributed import as_completed

    futures = client.compute(tasks)
    boxes: list[dict[str, Any]] = [{} for _ in futures]
    box_of = {future.key: box for future, box in zip(futures, boxes, strict=True)}
    try:
        for future in as_completed(futures, loop=client.loop, timeout=limit):
            box = box_of[future.key]
            try:
                box["part"] = future.result()
            except (concurrent.futures.CancelledError, asyncio.CancelledError):
                # distributed's FutureCancelledError derives from the first (an Exception);
                # the second (a BaseException) is caught too, for clients that raise it
                continue
            except Exception as exc:
                box["error"] = f"{type(exc).__name__}: {exc}"[:200]
    except TimeoutError:
        pass  # the bound passed: the partitions still running are not read
    finally:
        # the samples read are copied here; the rest are not wanted by anyone
        client.cancel(futures)
    return boxes


def _on_threads(tasks: list[Any], limit: float) -> list[dict[str, Any]]:
    """Each task's ``part`` or ``error``, computed by a local scheduler, each on a thread
    of its own, within ``limit`` seconds (a local scheduler cannot cancel a partition
    being made: a reader still running then is left to end on its own)."""
    boxes: list[dict[str, Any]] = [{} for _ in tasks]
    # The caller's context goes with each reader (a context is entered by one thread at
    # a time, hence a copy each), so each computes where the caller would.
    caller = contextvars.copy_context()
    readers = [
        threading.Thread(
            target=caller.copy().run,
            args=(_compute, task, box),
            daemon=True,  # a partition still being read when the bound passes is dropped
            name="notebook_router-sample",
        )
        for task, box in zip(tasks, boxes, strict=True)
    ]
    deadline = time.monotonic() + limit
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join(max(0.0, deadline - time.monotonic()))
    return boxes


def _compute(task: Any, box: dict[str, Any]) -> None:
    import dask

    try:
        (box["part"],) = dask.compute(task)
    except Exception as exc:
        box["error"] = f"{type(exc).__name__}: {exc}"[:200]
