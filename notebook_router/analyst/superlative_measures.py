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

A number said with it ("the 5 heaviest athletes", "which sports do the 3 tallest players
play?") ranks that many rows the same way, each named by its label or by the group's
column said of its members.
"""

from __future__ import annotations

import re

from notebook_router.analyst import phrases as ph
from notebook_router.analyst.distinct_rows import tells_rows_apart
from notebook_router.analyst.intents import Outcome, base
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.row_labels import picked_row_label
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.numbers import NUMBER_WORDS, number
from notebook_router.language.patterns import alternation
from notebook_router.language.stems import stem
from notebook_router.language.superlatives import SUPERLATIVES, holds
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_SAID = SUPERLATIVES
_WORD = re.compile(r"[a-z]+")
_NOT_WITH = re.compile(
    rf"\b(?:{alternation(table('superlative_measures')['not_with']['words'])})\b"
)
_EACH = re.compile(rf"\b(?:{alternation(table('superlative_measures')['of_each']['words'])})\b")
_COUNT = rf"(\d+|{'|'.join(NUMBER_WORDS)})"
"""How many rows a superlative ranks, said before it ("the *5* heaviest")."""
_TOP_SAID = re.compile(rf"\b{_COUNT}\s+({alternation(list(_SAID))})\b", re.IGNORECASE)
"""A superlative said with its count, "the 3 longest", wherever the ranking's N was read."""
_SAID_OF = re.compile(r"\s+(?P<next>C\d+\b|[a-z]+)")
"""What follows the superlative in the skeleton: a column mention or a word."""


def superlative_measure(r: Reading) -> Outcome:
    """The row picked by a superlative of a quantity (module docstring), or None."""
    if r.mentioned("number") or _NOT_WITH.search(r.text.lower()):
        return None
    said = [w for w in _WORD.findall(r.skeleton.lower()) if w in _SAID]
    # as said: the ranking's "3 longest" is blanked from the text and the skeleton
    top_said = _TOP_SAID.search(r.question) if not said and r.top is not None else None
    if top_said is not None:  # "the 3 longest movies": read as a ranking's N already
        said = [top_said.group(2).lower()]
    if len({_SAID[w] for w in said}) != 1:
        return None
    quantity, ascending = _SAID[said[0]]
    holding = [c for c in r.schema.of_kind("number") if holds(quantity, identifier_words(c))]
    if len(holding) != 1:
        return None
    groups = [
        c for c in r.mentioned("category", "text", "binary", "datetext")
        if not tells_rows_apart(r, c)
    ]  # fmt: skip
    if len(groups) > 1 or (groups and _EACH.search(r.text.lower())):
        return None  # "the youngest player on each team": one row per group, not built
    counted = top_said or re.search(rf"\b{_COUNT}\s+({said[0]})\b", r.skeleton, re.IGNORECASE)
    if counted is not None and (len(said) > 1 or (r.top is not None and top_said is None)):
        return None  # "the 3 tallest and 3 shortest": two rankings, left to the rest
    if counted is not None:  # "the 5 heaviest athletes"
        return _ranked(r, counted, holding[0], ascending, groups, in_skeleton=top_said is None)
    if r.top is not None:
        return None  # "which 3 teams have the tallest player": groups, left to the rest
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


def _ranked(
    r: Reading,
    counted: re.Match[str],
    column: str,
    ascending: bool,
    groups: list[str],
    *,
    in_skeleton: bool = True,
) -> Outcome:
    """The N rows ``counted`` says ("the 5 heaviest athletes") with the largest (or
    smallest) ``column``, named by the group's column said of them ("which sports do ...
    play") or by the rows' label, else their figures. None where the superlative is said
    of the groups ("the 3 tallest teams": their means, left to the other readings).
    ``in_skeleton``: ``counted`` was found in the skeleton, not only in the question as
    said (whose places the skeleton's tokens shift)."""
    follows = _SAID_OF.match(r.skeleton, counted.end()) if in_skeleton else None
    said = follows.group("next") if follows is not None else ""
    if said.startswith("C") and r.column_at(int(said[1:])) in groups:
        return None
    if not _rows_said(r, counted.group(2)):
        return None  # "the 2 tallest swimmers": which rows is not read, left to the rest
    # (a group said by a value, "in team X", picks rows: the rows keep their own label; one
    # named otherwise labels them only when asked for, "which sports do ... play?")
    named = [c for c in groups if not any(m.column == c and m.is_value for m in r.mentions)]
    if named and not _WHICH_NAMED.match(r.skeleton):
        return None  # "the 2 oldest employees by department": per group, not built
    if in_skeleton:
        r.skeleton = ph.blank(r.skeleton, counted)
    label = named[0] if named else picked_row_label(r)
    return base(
        r, "rows", variant="labels" if label else "values", columns=(column,),
        n=int(number(counted.group(1))), ascending=ascending, label_column=label,
    )  # fmt: skip


_SHORTEST_VALUE = 3
"""A value shorter than this ("F", "No") begins too many nouns to be a kind of row said."""
_WHICH_NAMED = re.compile(r"\s*(?:which|what)\s+C\d+\b")
_PEOPLE = frozenset(table("analysis")["conditions"]["people"])


def _rows_said(r: Reading, superlative: str) -> bool:
    """Whether the word after ``superlative`` ("the 5 heaviest *athletes*") is what the
    rows are: nothing, the table's name, a word for people, or a noun nothing else reads
    that is no kind of row a value says ("swimmers" beside sport == "Swim")."""
    after = re.search(rf"\b{superlative}\s+(?P<noun>[a-z][a-z'-]*)", r.question.lower())
    if after is None:
        return True
    noun = after.group("noun")
    if noun in STOPWORDS or noun in _PEOPLE or stem(noun) == stem(r.frame.lower()):
        return True
    # "athletes" of a table ``df``: the rows, unless the noun is a kind of them a value
    # says another way ("swimmers" of sport == "Swim") or a column's name
    return noun in r.unknown_words() and not any(
        stem(noun).startswith(str(v).lower()) for c in r.schema.of_kind("category")
        for v in r.schema.column(c).values if len(str(v)) >= _SHORTEST_VALUE
    )  # fmt: skip


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
