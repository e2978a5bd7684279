"""A chart of a Dask frame in a real kernel: drawn without pyplot, shown as an image.

The analyst computes a Dask frame's aggregate on a worker thread (the kernel's loop stays
free for Stop); matplotlib's pyplot is not thread-safe, so the chart is drawn with the
object-oriented Figure API, which keeps no global state. The kernel here records every
pyplot figure made and the thread that made it: a Dask-frame chart makes none, shows its
PNG in the cell's output, and writes no warning.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.notebook.kernel import Kernel

pytest.importorskip("distributed", reason="the [dask] extra is not installed")

pytestmark = [pytest.mark.kernel, pytest.mark.cluster]

SETUP = """\
%load_ext notebook_router
%matplotlib inline
import threading
import warnings
import pandas as pd
import dask.dataframe as dd
import matplotlib.pyplot as plt
from distributed import Client, LocalCluster

warnings.simplefilter("always")  # every warning is shown, none swallowed as seen before
made_off_main = []
_figure = plt.figure
def _recorded(*args, **kwargs):
    if threading.current_thread() is not threading.main_thread():
        made_off_main.append(threading.current_thread().name)
    return _figure(*args, **kwargs)
plt.figure = _recorded

cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0")
client = Client(cluster)
rows = pd.DataFrame({
    "region": ["North", "South", "East", "West"] * 500,
    "revenue": [float(i % 97) for i in range(2000)],
})
sales = dd.from_pandas(rows, npartitions=4).persist()
"""


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    k = Kernel()
    try:
        result = k.execute(SETUP, timeout=120)
        assert result.status == "ok", (result.errors(), result.stderr)
        yield k
    finally:
        k.execute("client.close(); cluster.close()", timeout=60)
        k.shutdown()


def test_a_dask_frame_chart_is_an_image_drawn_without_pyplot_and_no_warning(
    kernel: Kernel,
) -> None:
    result = kernel.execute("%%route -o charted\nbar chart of total revenue by region in sales")
    assert result.status == "ok", result.errors()
    html = (result.result() or {}).get("text/html", "")
    assert "data:image/png;base64," in html, "the chart is in the cell's output"
    assert ".compute()" in html  # Dask code, computed on the cluster
    assert "Warning" not in result.stderr, result.stderr
    check = kernel.execute(
        "r = charted.result()\n"
        "print(r.stop_reason, r.tasks[0].status)\n"
        "print([m.mime_type for m in r.results['t1'].media])\n"
        "print(made_off_main, plt.get_fignums())"
    )
    assert check.status == "ok", check.errors()
    status, media, pyplot = check.stdout.strip().splitlines()
    assert status == "completed fulfilled"
    assert "'image/png'" in media
    assert pyplot == "[] []", "no pyplot figure was made on a worker thread, none left open"
