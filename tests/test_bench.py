"""The benchmark runner keeps printing the lines the docs' Benchmarks page and CI rely on.

This checks shape, not speed: speed goals are judged from `make bench`
output, never by timed unit tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_quick_prints_one_json_line_per_result() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    by_name: dict[str, list[dict[str, object]]] = {}
    for line in lines:
        by_name.setdefault(str(line["bench"]), []).append(line)
    loop = by_name["loop_overhead"][0]
    assert {"us_per_iter", "floor_us_per_iter", "ratio"} <= loop.keys()
    assert [line["k"] for line in by_name["fanout"]] == [1, 4, 16, 64]
    assert all(float(str(line["ratio"])) >= 1.0 for line in by_name["fanout"])
    assert {"us_per_step", "ratio"} <= by_name["plan_ahead_loop"][0].keys()
    assert "ms" in by_name["stop_latency"][0]
    assert "ratio" in by_name["state_growth"][0]
    store = by_name["store_overhead"][0]
    assert {"ratio", "us_per_iter_off", "us_per_iter_on", "db_bytes"} <= store.keys()
    assert float(str(store["ratio"])) > 0 and int(str(store["db_bytes"])) > 0
    assert "ratio" in by_name["store_growth"][0]
    space = by_name["store_bytes_per_run"][0]
    assert 0 < float(str(space["bytes_per_run"])) < 64 * 1024
    assert {"bytes_per_run_spread", "table_bytes_per_run", "empty_bytes"} <= space.keys()
    # The dev extra installs LangGraph, so the comparison is always there in CI.
    assert "langgraph_us_per_iter" in loop
    store = by_name["tool_store"][0]
    assert store["tools"] == 10_000 and store["namespaces"] == 20
    assert {"top5_ms", "top5_ms_spread", "scoped_top5_ms", "build_s", "hit_at_5"} <= store.keys()
    data = by_name["data_context"][0]
    assert data["frames"] == 10 and data["rows"] == 1_000_000 and data["variables"] == 200
    assert data["data_objects"] == 10
    assert {
        "cold_ms",
        "cold_ms_spread",
        "warm_ms",
        "warm_ms_spread",
        "one_changed_ms",
    } <= data.keys()
    question = by_name["analyst_question"][0]
    assert {"ratio", "ratio_spread", "ms_1000_rows", "ms_1000000_rows"} <= question.keys()
    assert question["questions"] == 4
    code = by_name["code_runner"][0]
    assert {"overhead_ms", "stop_ms", "stop_ms_spread"} <= code.keys()
    assert code["variables"] == 200
    latency = by_name["latency_composite"][0]
    for variant in ("", "one_fails_"):
        for style in ("", "baseline_"):
            prefix = variant + style
            assert {"wall_over_critical_path", "model_calls", "tokens"} <= {
                key.removeprefix(prefix) for key in latency if key.startswith(prefix)
            }
    # Plan ahead: the plan and the answer, plus one decision when an agent fails.
    assert (latency["model_calls"], latency["one_fails_model_calls"]) == (2, 3)
    assert int(str(latency["baseline_model_calls"])) > 2
    ahead = by_name["latency_prefetch"][0]
    for prefix in ("", "no_prefetch_"):
        assert {f"{prefix}wall_over_critical_path", f"{prefix}wall_s", f"{prefix}read_ms"} <= (
            ahead.keys()
        )
        assert ahead[f"{prefix}model_calls"] == 2  # the files read ahead change no decision
    assert "saved_ms" in ahead
    first = by_name["time_to_first_token"][0]
    assert float(str(first["first_token_ms"])) < float(str(first["whole_answer_ms"]))
    prompts = by_name["planner_prompt_tokens"][0]
    assert {"agents_10", "agents_100", "agents_1000", "per_call_100_tasks_max"} <= prompts.keys()
    assert {"import_ms", "load_ext_ms", "cli_help_ms"} <= by_name["import_time"][0].keys()
    compression = by_name["context_compression"][0]
    for kind in ("prose", "code", "table"):
        by_level = compression[kind]
        assert isinstance(by_level, dict) and by_level["documents"] >= 8
        for level in ("light", "medium", "heavy", "budget_300"):
            figures = by_level[level]
            assert {"tokens_saved", "facts_retained", "facts_retained_pooled"} <= figures.keys()
    first = by_name["first_run"][0]
    for prefix in ("", "no_warm_"):
        assert {f"{prefix}first_answer_s", f"{prefix}first_panel_s"} <= first.keys()
    # The dev extra installs Dask: the cluster lines are always there too.
    fan = by_name["cluster_fanout"][0]
    assert {"threads_s", "cluster_s", "speedup", "overhead_ms_per_task", "workers"} <= fan.keys()
    assert fan["workers"] == 2
    assert "ms" in by_name["cluster_stop_latency"][0]
    groupby = by_name["dask_groupby_memory"][0]
    assert {"dask_s", "kernel_rss_growth_mb", "pandas_s"} <= groupby.keys()
    assert groupby["same_totals"] is True
