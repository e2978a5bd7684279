"""Options scored against criteria, without a model: the decision agent's offline core.

The options and criteria come from the task ("choose between Rome, Paris and
Oslo on price and speed") and the numbers from the task ("Rome: price 90,
speed 5; ...") or from the inputs (a table with one row per option, or
``{option: {criterion: value}}``). Each criterion is scaled so its best option
scores 1 and its worst 0 (lower is better for costs, prices, times, risks);
an option's score is the mean over the criteria.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from notebook_router.language.lexicon import term, term_set
from notebook_router.language.phrases import phrase_table
from notebook_router.language.tables import table

_SAID = phrase_table("criteria")
"""The words of a decision task (``language/data/criteria.toml``)."""


def _either(group: str) -> str:
    return _SAID.either(group, space=" ")


_ASK = re.compile(
    rf"\b{_either('asking.verbs')}\b"
    rf"(?:\s+{_either('asking.before_options')})?\s*:?\s*"
    rf"(?P<options>.+?)\s+{_either('asking.before_criteria')}\s+(?P<criteria>[^.:;\n?]+)",
    re.IGNORECASE,
)
# A separator's first letter is its own (",", "and", "or", "versus", "vs", "/"): their order
# does not change where the text splits.
_SPLIT = re.compile(rf"\s*(?:,|\b{_either('asking.separators')}\b|\bvs\.?|/)\s*", re.IGNORECASE)
_NUMBER = r"(-?\d[\d,]*(?:\.\d+)?)"
_WORDS = table("criteria")
LOWER_IS_BETTER = term_set(_WORDS["lower_is_better"])
"""Criteria where less is better (a lower price, a shorter wait), as terms."""
_ALSO_CALLED: dict[str, list[str]] = _WORDS["synonyms"]
_SPEEDS = frozenset(_WORDS["speed"])
# A duration given for a speed ("takes 5 days"): fewer units are faster.
_DURATION = re.compile(
    rf"{_either('duration.before')}\s+" + r"(-?\d[\d,]*(?:\.\d+)?)"
    rf"\s*({_either('duration.units')})\b",
    re.IGNORECASE,
)


@dataclass
class Scoring:
    """Options, criteria, the values found and the resulting scores."""

    options: list[str]
    criteria: list[str]
    values: dict[str, dict[str, float]] = field(default_factory=dict)
    scores: dict[str, float] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    """``option: criterion`` pairs the task gave no number for."""
    durations: dict[str, str] = field(default_factory=dict)
    """Criteria given as durations (a speed as "takes 5 days"), with their unit: less is better."""

    @property
    def choice(self) -> str | None:
        """The option with the best score (the first one on a tie)."""
        if not self.scores:
            return None
        return max(self.options, key=lambda o: self.scores.get(o, -1.0))

    def lower_is_better(self, criterion: str) -> bool:
        """Whether less of ``criterion`` is better (prices, costs, times, risks)."""
        if criterion in self.durations:
            return True
        return any(term(w) in LOWER_IS_BETTER for w in re.findall(r"\w+", criterion.lower()))

    def records(self) -> list[dict[str, Any]]:
        """One row per option: its values, its score and its rank (best first)."""
        ranked = sorted(self.options, key=lambda o: -self.scores.get(o, 0.0))
        rows = []
        for rank, option in enumerate(ranked, 1):
            row: dict[str, Any] = {"option": option}
            row.update(
                {
                    f"{c} ({self.durations[c]})" if c in self.durations else c: self.values.get(
                        option, {}
                    ).get(c)
                    for c in self.criteria
                }
            )
            row.update(score=round(self.scores.get(option, 0.0), 3), rank=rank)
            rows.append(row)
        return rows

    def why(self) -> str:
        """One sentence on why the choice wins."""
        choice = self.choice
        if choice is None:
            return ""
        best_on = [c for c in self.criteria if self._best(c) == choice]
        parts = [
            f"best {c} ({_fmt(self.values[choice][c])} {self.durations[c]})"
            if c in self.durations
            else f"{'lowest' if self.lower_is_better(c) else 'highest'} {c} "
            f"({_fmt(self.values[choice][c])})"
            for c in best_on
        ]
        others = ", ".join(f"{o} {self.scores[o]:.2f}" for o in self.options if o != choice)
        reason = f"it has the {' and the '.join(parts)}" if parts else "it is the best balance"
        return (
            f"Choose {choice}: {reason}, scoring {self.scores[choice]:.2f} of 1 over "
            f"{', '.join(self.criteria)} (others: {others})."
        )

    def _best(self, criterion: str) -> str | None:
        have = {o: v[criterion] for o, v in self.values.items() if criterion in v}
        if len(set(have.values())) < 2:
            return None
        pick = min if self.lower_is_better(criterion) else max
        return pick(have, key=lambda o: have[o])


def parse_question(text: str) -> tuple[list[str], list[str]]:
    """Options and criteria named in ``text`` ("choose between A, B and C on price and speed")."""
    found = _ASK.search(text)
    if not found:
        return [], []
    options = [_clean(o) for o in _SPLIT.split(found.group("options")) if _clean(o)]
    criteria = [_clean(c) for c in _SPLIT.split(found.group("criteria")) if _clean(c)]
    return options, criteria


def values_from_text(
    text: str, options: list[str], criteria: list[str], durations: dict[str, str] | None = None
) -> dict[str, dict[str, float]]:
    """The numbers the text gives for each option and criterion ("Rome: price 90, speed 5",
    "A costs 10 and takes 5 days"). A speed given as a duration is recorded in
    ``durations`` (criterion → unit): for it, less is better."""
    mentions = sorted(
        (m.start(), m.end(), option)
        for option in options
        for pattern in _option_patterns(option, options)
        for m in re.finditer(pattern, text)
    )
    values: dict[str, dict[str, float]] = {}
    for i, (_start, end, option) in enumerate(mentions):
        stop = mentions[i + 1][0] if i + 1 < len(mentions) else len(text)
        segment = text[end:stop]
        for criterion in criteria:
            number = _number_for(segment, criterion)
            if number is None and _SPEEDS & set(re.findall(r"\w+", criterion.lower())):
                found = _DURATION.search(segment)
                if found:
                    number = float(found.group(1).replace(",", ""))
                    if durations is not None:
                        durations[criterion] = _plural(found.group(2).lower())
            if number is not None:
                values.setdefault(option, {}).setdefault(criterion, number)
    return values


def _option_patterns(option: str, options: list[str]) -> list[str]:
    """How the text may name ``option``: in full, or by what sets it apart from the others
    ("plan A, plan B and plan C", then "A costs 10": a capitalised, whole-word "A")."""
    patterns = [rf"(?i)\b{re.escape(option)}\b"]
    words = option.split()
    firsts = {o.split()[0].lower() for o in options if len(o.split()) > 1}
    if len(words) > 1 and len(firsts) == 1 and len(options) > 1:
        rest = " ".join(words[1:])
        patterns.append(rf"(?<![\w-]){re.escape(rest)}(?![\w-])")  # case as written
    return patterns


def _plural(unit: str) -> str:
    full = {"min": "minutes", "mins": "minutes", "hr": "hours", "hrs": "hours"}.get(unit, unit)
    full = {"sec": "seconds", "secs": "seconds"}.get(full, full)
    return full if full.endswith("s") else full + "s"


def values_from_inputs(
    inputs: Mapping[str, Any], options: list[str], criteria: list[str]
) -> tuple[list[str], list[str], dict[str, dict[str, float]]]:
    """Options, criteria and values from an upstream table or mapping (the task's own win)."""
    for data in inputs.values():
        table = _as_mapping(data)
        if not table:
            continue
        found_options = options or list(table)
        found_criteria = criteria or sorted({c for row in table.values() for c in row})
        values = {
            o: {c: row[c] for c in found_criteria if c in row}
            for o, row in ((o, _row(table, o)) for o in found_options)
            if row
        }
        if values:
            return found_options, found_criteria, values
    return options, criteria, {}


def score(
    options: list[str],
    criteria: list[str],
    values: dict[str, dict[str, float]],
    durations: Mapping[str, str] | None = None,
) -> Scoring:
    """Each option's mean scaled score over the criteria (0 where it has no value);
    ``durations`` are the criteria given as times (fewer units are better)."""
    scoring = Scoring(options, criteria, values, durations=dict(durations or {}))
    totals = dict.fromkeys(options, 0.0)
    for criterion in criteria:
        have = {o: values[o][criterion] for o in options if criterion in values.get(o, {})}
        scoring.missing += [f"{o}: {criterion}" for o in options if o not in have]
        if not have:
            continue
        low, high = min(have.values()), max(have.values())
        for option, value in have.items():
            scaled = 1.0 if high == low else (value - low) / (high - low)
            totals[option] += 1.0 - scaled if scoring.lower_is_better(criterion) else scaled
    scoring.scores = {o: t / max(1, len(criteria)) for o, t in totals.items()}
    return scoring


def _number_for(segment: str, criterion: str) -> float | None:
    name = criterion.split()[-1]
    stem = name[:-1] if name.endswith("s") else name
    for word in (re.escape(stem), *(re.escape(w) for w in _ALSO_CALLED.get(stem.lower(), ()))):
        for pattern in (
            rf"\b{word}\w*\b[^\d\-;]{{0,20}}?{_NUMBER}",  # "price 90", "costs $90"
            rf"{_NUMBER}\s*(?:[^\s\d;,]+\s+)?{word}\b",  # "90 price", "5 km speed"
        ):
            found = re.search(pattern, segment, re.IGNORECASE)
            if found:
                return float(found.group(1).replace(",", ""))
    return None


def _as_mapping(data: Any) -> dict[str, dict[str, float]]:
    if hasattr(data, "to_dict") and hasattr(data, "columns"):  # a DataFrame, one row per option
        frame = data
        label = next((c for c in frame.columns if frame[c].dtype.kind not in "biufc"), None)
        if label is not None:
            frame = frame.set_index(label)
        numeric = frame.select_dtypes("number")
        return {str(k): {str(c): float(v) for c, v in row.items()} for k, row in numeric.iterrows()}
    if isinstance(data, Mapping) and data and all(isinstance(v, Mapping) for v in data.values()):
        return {
            str(k): {str(c): float(x) for c, x in v.items() if isinstance(x, (int, float))}
            for k, v in data.items()
        }
    return {}


def _row(table: dict[str, dict[str, float]], option: str) -> dict[str, float]:
    for name, row in table.items():
        if name.lower() == option.lower():
            return row
    return {}


def _clean(text: str) -> str:
    return text.strip().strip("\"'“”‘’").removeprefix("the ").strip()


def _fmt(value: float) -> str:
    return f"{value:g}"
