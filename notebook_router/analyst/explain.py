""" "Why is that?" without a model: what the data shows next to an answer, never a cause.

A table cannot say why a figure is what it is. What it can show is what goes with
it, and that is what an analyst would look at first:

- an answer about one group ("Africa had the lowest median life expectancy") is set
  against the other groups on every other numeric column, largest gap first (in
  standard deviations of the rows, so columns of any unit compare);
- an answer about a measure ("the mean fare") is broken down by the category that
  explains most of its variance (the share of variance its group means account for);
- in both, the measure's correlations with the other numeric columns, strongest first.

The answer says plainly that this is association, not cause, and is *partial*: the
cause the question asks for is named as left out. Like every analysis, it carries
the code that ran.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from notebook_router.analyst.codegen import Builder, Program
from notebook_router.analyst.execute import run
from notebook_router.analyst.result import Analysis
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Decline, Spec
from notebook_router.analyst.understand import understand
from notebook_router.analyst.values import fmt

WHY = re.compile(r"^\s*why\s*[:\u2013\u2014-]\s*(?P<question>\S.*)$", re.IGNORECASE | re.DOTALL)
"""A request to explain an earlier question's answer: "Why: <the question>"."""
CAUSE = "why (a cause: the data shows what goes with the answer, not what causes it)"
NOT_A_CAUSE = (
    "I can't tell causes from the data alone: that takes a model or knowledge of the "
    "subject. Here is what the data shows."
)
MAX_COLUMNS = 12
"""The other numeric columns looked at, at most (in the table's order)."""
MAX_LEVELS = 30
"""A category with more distinct values than this is not a breakdown worth showing."""
SHOWN = 3
"""How many gaps and correlations the sentence names (the table holds them all)."""


def why_question(question: str) -> str | None:
    """The question a "Why: ..." request asks to explain, or None."""
    m = WHY.match(question)
    return m["question"].strip() if m else None


def explain(
    question: str,
    schemas: Mapping[str, Schema],
    frames: Mapping[str, Any],
    default: str | None = None,
) -> Analysis:
    """What the data shows about the answer to ``question`` (see the module docstring)."""
    understood = understand(question, schemas, default)
    if isinstance(understood, Decline):
        return Analysis("declined", f"I can't look into why: {understood.reason}", operation="why")
    spec = understood
    schema = schemas[spec.frame]
    measure = next((c for c in spec.columns if _numeric(schema, c)), None)
    if measure is None:
        return Analysis(
            "declined",
            "I can't look into why without a measure to look at: ask why a figure of a "
            "numeric column is what it is.",
            operation="why",
        )
    chosen = {f.column for f in spec.filters}  # constant, or nearly, in the rows looked at
    others = [
        c.name
        for c in schema.columns
        if c.kind == "number" and c.name != measure and c.name not in chosen
    ][:MAX_COLUMNS]
    program = _program(spec, schema, measure, others)
    try:
        ran = run(program, frames)
    except Exception as error:  # the code is shown; the reader should see why it failed
        text = f"The code that looks into why failed: {type(error).__name__}: {error}."
        return Analysis("declined", text, code=program.code, operation="why")
    text = " ".join([NOT_A_CAUSE, _sentence(spec, measure, ran.outputs)])
    return Analysis(
        "partial", f"{text} This answers only part of the question: I did not say {CAUSE}.",
        value=_plain(ran.outputs), table=ran.result, code=program.code, operation="why",
        columns=(measure, *spec.group_by), left_out=(CAUSE,),
    )  # fmt: skip


def _numeric(schema: Schema, column: str) -> bool:
    return any(c.name == column and c.kind in ("number", "binary") for c in schema.columns)


def _program(spec: Spec, schema: Schema, measure: str, others: list[str]) -> Program:
    b = Builder(replace(spec, rounding=None, derived=None))
    rows = b.rows
    agg = spec.aggs[0] if spec.aggs and spec.aggs[0] in ("mean", "median", "sum") else "mean"
    outputs = {"correlations": "correlations"}
    if spec.group_by and others:
        group = spec.group_by[0]
        pick = "idxmin" if spec.ascending else "idxmax"
        b.add(
            f"by_group = {rows}.groupby({group!r})[{measure!r}].{agg}()",
            f"focus = by_group.{pick}()",
            f"inside = {rows}[{rows}[{group!r}] == focus]",
            f"rest = {rows}[{rows}[{group!r}] != focus]",
            f"others = {others!r}",
            "result = pd.DataFrame({'this group': inside[others].mean(), "
            "'the rest': rest[others].mean()})",
            f"result['gap (sd)'] = (result['this group'] - result['the rest']) / {rows}[others].std()",
            "result = result.dropna(subset=['gap (sd)'])",
            "result = result.reindex(result['gap (sd)'].abs().sort_values(ascending=False).index)",
        )
        outputs.update({"focus": "focus", "value": "by_group[focus]", "gaps": "result"})
    else:
        categories = [
            c.name
            for c in schema.columns
            if c.kind in ("category", "binary", "text") and c.name != measure
            and c.name not in spec.group_by and (not c.values or len(c.values) <= MAX_LEVELS)
        ]  # fmt: skip
        b.add(
            f"categories = {categories!r}",
            f"explained = {{c: {rows}.groupby(c)[{measure!r}].transform('mean').var() "
            f"/ {rows}[{measure!r}].var() for c in categories "
            f"if 1 < {rows}[c].nunique() <= {MAX_LEVELS}}}",
            "best = max(explained, key=explained.get) if explained else None",
            f"result = ({rows}.groupby(best)[{measure!r}].agg(['mean', 'count'])"
            f".sort_values('mean') if best is not None else None)",
        )
        outputs.update({"best": "best", "explained": "explained.get(best) if best else None"})
    if others:
        b.add(
            f"correlations = {rows}[{others!r}].corrwith({rows}[{measure!r}]).dropna()",
            "correlations = correlations.reindex(correlations.abs().sort_values(ascending=False).index)",
        )
    else:
        b.add("correlations = pd.Series(dtype=float)")
    return Program("\n".join(b.lines), "frame", outputs)


def _sentence(spec: Spec, measure: str, out: Mapping[str, Any]) -> str:
    said: list[str] = []
    if "focus" in out:
        group = spec.group_by[0]
        gaps = out["gaps"]
        named = [
            f"{name} ({fmt(row['this group'])} against {fmt(row['the rest'])})"
            for name, row in list(gaps.iterrows())[:SHOWN]
        ]
        said.append(
            f"Where {group} is {out['focus']} ({measure} {fmt(out['value'])}), the rows differ "
            f"most from the rest in " + _listed(named) + "."
        )
    elif out.get("best") is not None:
        share = out.get("explained") or 0.0
        said.append(
            f"Of the categories, {out['best']} accounts for most of the variation in {measure} "
            f"({share:.0%} of its variance); its groups' means are in the table."
        )
    correlations = out["correlations"]
    if len(correlations):
        named = [f"{c} (r = {r:+.2f})" for c, r in list(correlations.items())[:SHOWN]]
        said.append(f"Across the rows, {measure} goes with " + _listed(named) + ".")
    return " ".join(said) or f"No other column of the table varies with {measure}."


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _plain(outputs: Mapping[str, Any]) -> dict[str, Any]:
    from notebook_router.analyst.values import plain

    return {k: plain(v) for k, v in outputs.items()}
