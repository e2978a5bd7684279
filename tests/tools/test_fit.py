"""The no-fit decision: a tool lacking the request's inputs, or leaving words over, does not fit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notebook_router.tools import ToolRouter, ToolSpec
from notebook_router.tools.fit import FEATURES, model
from notebook_router.tools.word_vectors import bundled_embedder
from tests.scripts import load_script

CATALOG = Path(__file__).resolve().parents[1] / "data" / "tool_routing" / "catalog" / "tools.json"


def test_sharing_a_word_with_a_tool_that_lacks_its_inputs_is_not_a_fit() -> None:
    tools = [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]
    router = ToolRouter(tools, model="offline")
    assert router.choose("reset my wifi router").tool is None
    assert router.choose("apply for a mortgage").tool is None
    assert router.choose("weather in Paris").tool == "get_current_weather"


def test_a_request_with_a_word_no_tool_absorbs_is_declined_with_the_word_named() -> None:
    tools = [ToolSpec.from_openai(t) for t in json.loads(CATALOG.read_text())]
    router = ToolRouter(tools, model="offline", word_vectors=False)
    decision = router.choose("please sell my ethereum")
    assert decision.tool is None
    assert "no tool fits" in decision.reason and "'sell'" in decision.reason


def test_the_fit_weights_are_what_the_fit_script_gives_on_the_tuning_file() -> None:
    """fit.toml holds the logistic model scripts/fit_tool_fit.py fits on tune.jsonl alone."""
    if bundled_embedder() is None:
        pytest.skip("the weights were fitted with the [embeddings] extra's word vectors")
    script = load_script("fit_tool_fit")
    features, fits, _ = script.rows()
    refitted = script.fit(features, fits)
    fitted = model()
    assert fitted.intercept == pytest.approx(refitted[-1], abs=1e-3)
    for name, weight in zip(FEATURES, refitted[:-1], strict=True):
        assert fitted.weights[name] == pytest.approx(weight, abs=1e-3), name
    # the evidence is read the way the model was fitted: a left-over verb counts against
    assert fitted.weights["left_verb"] < 0 and fitted.weights["left_words"] < 0


def test_the_cross_validation_fit_toml_states_is_what_the_fit_script_measures() -> None:
    """The figures in fit.toml's header (pick accuracy, no-fit F1) are the fit script's
    5-fold cross-validation on the tuning file, at the L2 strength and threshold 0 used."""
    if bundled_embedder() is None:
        pytest.skip("the weights were fitted with the [embeddings] extra's word vectors")
    script = load_script("fit_tool_fit")
    header = script.WEIGHTS.read_text()
    checked = script.cross_validate(*script.rows())
    assert f"pick accuracy {checked['pick_accuracy']}, no-fit F1 {checked['no_fit_f1']}." in header
