""" "which runner was the oldest?", "who is the tallest?": a superlative naming the
quantity it ranks, with no number column said.

"oldest" ranks by age, "tallest" by height (the words are in
``superlative_measures.toml``): when no number column is named and exactly one number
column's name holds that quantity's word (``age``, ``age_years``, ``height_cm``), the one
row with its largest (or smallest) value is picked and named by its own label
(:mod:`.row_labels`). Any other case is left to the other readings ("the oldest order"
with no age column is a date, "the 3 oldest" a ranking).

A column of groups said with it (one whose values repeat: a team, a coach) is read by
what the superlative is said of:

- of a member ("which coach has the oldest player?", "which team has the tallest
  player?": a noun follows the word): the one row is picked as above and named by that
  group's column, the coach of the oldest player;
- of the group itself ("which team is the tallest?"): the groups are ranked by their
  mean, the usual figure of a level such as a height, and the answer says so;
- of each group ("the youngest player on each team") no one row answers, so it is left
  to the other readings, which say what they did not use.
"""

from __future__ import annotations

import re

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.distinct_rows import tells_rows_apart
from notebook_router.analyst.intents import Outcome, base
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.row_labels import picked_row_label
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.superlatives import QUANTITY_WORDS, SUPERLATIVES
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_SAID = SUPERLATIVES
_WORD = re.compile(r"[a-z]+")
_NOT_WITH = re.compile(
    rf"\b(?:{alternation(table('superlative_measures')['not_with']['words'])})\b"
)
_EACH = re.compile(rf"\b(?:{alternation(table('superlative_measures')['of_each']['words'])})\b")
_SAID_OF = re.compile(r"\s+(?P<next>C\d+\b|[a-z]+)")
"""What follows the superlative in the skeleton: a column mention or a word."""


def superlative_measure(r: Reading) -> Outcome:
    """The row picked by a superlative of a quantity (module docstring), or None."""
    if r.top is not None or r.mentioned("number") or _NOT_WITH.search(r.text.lower()):
        return None
    said = [w for w in _WORD.findall(r.skeleton.lower()) if w in _SAID]
    if len({_SAID[w] for w in said}) != 1:
        return None
    quantity, ascending = _SAID[said[0]]
    holding = [
        c for c in r.schema.of_kind("number")
        if QUANTITY_WORDS[quantity] & {w.lower() for w in identifier_words(c)}
    ]  # fmt: skip
    if len(holding) != 1:
        return None
    groups = [
        c for c in r.mentioned("category", "text", "binary", "datetext")
        if not tells_rows_apart(r, c)
    ]  # fmt: skip
    if len(groups) > 1 or (groups and _EACH.search(r.text.lower())):
        return None  # "the youngest player on each team": one row per group, not built
    at = re.search(rf"\b{said[0]}\b", r.skeleton, re.IGNORECASE)
    assert at is not None  # found in the skeleton above
    member = _member_said(r, at, groups[0]) if groups else None
    r.skeleton = ph.blank(r.skeleton, at)  # "Tallest": read, never a name left over
    if not groups:
        return _picked(r, holding[0], ascending, picked_row_label(r))
    if member is not None:
        if member.group("next").startswith("C"):
            r.skeleton = ph.blank(r.skeleton, member)  # "player": the row picked, used up
        return _picked(r, holding[0], ascending, groups[0])
    return base(
        r, "groupby", variant="which", columns=(holding[0],), group_by=(groups[0],),
        aggs=("mean",), ascending=ascending,
    )  # fmt: skip


def _picked(r: Reading, column: str, ascending: bool, label: str) -> Outcome:
    return base(
        r, "rows", variant="argmax", columns=(column,), ascending=ascending, label_column=label
    )


def _member_said(r: Reading, at: re.Match[str], group: str) -> re.Match[str] | None:
    """The noun the superlative (``at``) is said of when it is other than the group's own
    column ("the oldest player"; none for "the tallest" or "the tallest team")."""
    follows = _SAID_OF.match(r.skeleton, at.end())
    if follows is None:
        return None
    named = follows.group("next")
    if named.startswith("C"):
        column = r.column_at(int(named[1:]))
        return follows if column != group and tells_rows_apart(r, column) else None
    return None if named.lower() in STOPWORDS else follows
