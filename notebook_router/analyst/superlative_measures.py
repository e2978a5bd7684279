""" "which runner was the oldest?", "who is the tallest?": a superlative naming the
quantity it ranks, with no number column said.

"oldest" ranks by age, "tallest" by height (the words are in
``superlative_measures.toml``): when no number column is named and exactly one number
column's name holds that quantity's word (``age``, ``age_years``, ``height_cm``), the one
row with its largest (or smallest) value is picked and named by its own label
(:mod:`.row_labels`). Any other case is left to the other readings ("the oldest order"
with no age column is a date, "the 3 oldest" a ranking).
"""

from __future__ import annotations

import re

from notebook_router.analyst.intents import Outcome, base
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.row_labels import picked_row_label, tells_rows_apart
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_SAID: dict[str, tuple[str, bool]] = {
    word: (quantity, end == "min")
    for quantity, ends in table("superlative_measures")["measures"].items()
    for end, words in ends.items()
    for word in words
}
_WORD = re.compile(r"[a-z]+")
_NOT_WITH = re.compile(
    rf"\b(?:{alternation(table('superlative_measures')['not_with']['words'])})\b"
)


def superlative_measure(r: Reading) -> Outcome:
    """The row picked by a superlative of a quantity (module docstring), or None."""
    if r.top is not None or r.mentioned("number") or _NOT_WITH.search(r.text.lower()):
        return None
    grouped = r.mentioned("category", "text", "binary", "datetext")
    if any(not tells_rows_apart(r, c) for c in grouped):
        return None  # "which team is the tallest?": a group's figure, not one row
    said = [_SAID[w] for w in _WORD.findall(r.text.lower()) if w in _SAID]
    if len(set(said)) != 1:
        return None
    quantity, ascending = said[0]
    holding = [c for c in r.schema.of_kind("number") if quantity in identifier_words(c)]
    if len(holding) != 1:
        return None
    return base(
        r, "rows", variant="argmax", columns=(holding[0],), ascending=ascending,
        label_column=picked_row_label(r),
    )  # fmt: skip
