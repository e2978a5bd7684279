"""The routing bench reports the second and third tuning files as a JSON line of their own."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


async def test_the_second_and_third_tuning_files_have_a_bench_line_of_their_own() -> None:
    spec = importlib.util.spec_from_file_location(
        "routing_quality", ROOT / "bench" / "routing_quality.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    line = await bench.routing_quality_tune2()
    assert line["bench"] == "routing_quality_tune2"
    assert line["tools"] == 129
    sizes = {"tune2": (406, 0.34), "tune3": (424, 0.344)}
    for part, (requests, no_fit_share) in sizes.items():
        for figures in (line[part], line[f"{part}_sampled"]):
            assert figures["requests"] == requests
            assert figures["no_fit_share"] == no_fit_share
            assert 0.0 < figures["pick_accuracy"] <= 1.0
            assert 0.0 < figures["no_fit_f1"] <= 1.0
    json.dumps(line)  # one JSON line
