"""The routing bench reports the second tuning file as a JSON line of its own."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


async def test_the_second_tuning_file_has_a_bench_line_of_its_own() -> None:
    spec = importlib.util.spec_from_file_location(
        "routing_quality", ROOT / "bench" / "routing_quality.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    line = await bench.routing_quality_tune2()
    assert line["bench"] == "routing_quality_tune2"
    assert line["tools"] == 129
    for figures in (line["tune2"], line["tune2_sampled"]):
        assert figures["requests"] == 406
        assert figures["no_fit_share"] == 0.34
        assert 0.0 < figures["pick_accuracy"] <= 1.0
        assert 0.0 < figures["no_fit_f1"] <= 1.0
    json.dumps(line)  # one JSON line
