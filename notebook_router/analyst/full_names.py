""" "what team is LeBron James on?": a person's full name where the table holds first and
last names in two columns.

Linking puts each word of "LeBron James" in the column holding it most, and "James" is
more often a first name, so both words became one first-name condition
(``first_name in (LeBron, James)``: every LeBron and every James). Two values said side by
side, the first held by the first-name column and the second by the last-name column,
are the two parts of one name: ``first_name == LeBron and last_name == James``.

A first name said with a capitalised word after it that no last name holds ("LeBron
Smithers"), or with a second word only other first names hold, is a name the table does
not have: the answer would be about other people, so the part not applied is named in
``r.unapplied`` (the answer is then partial). The column names are in
``language/data/row_labels.toml`` (``name_parts``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from notebook_router.analyst.linking import Mention
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import LeftOut
from notebook_router.analyst.value_ends import held_values
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

_PARTS: dict[str, list[str]] = table("row_labels")["name_parts"]
_NEXT_NAME = re.compile(r"\s+([A-Z][\w'-]*)")


def name_part_columns(schema: Schema) -> tuple[str, str] | None:
    """The table's one first-name and one last-name column, or None without both."""
    found: dict[str, list[str]] = {"first": [], "last": []}
    for col in schema.columns:
        if col.kind not in ("category", "text"):
            continue
        joined = "".join(w.lower() for w in identifier_words(col.name))
        for part, names in _PARTS.items():
            if any(joined == n or (len(n) > 5 and joined.endswith(n)) for n in names):
                found[part].append(col.name)
    if len(found["first"]) == 1 and len(found["last"]) == 1:
        return found["first"][0], found["last"][0]
    return None


def full_names(r: Reading) -> None:
    """Read a first and a last name said side by side as one person's two columns (module
    docstring), in ``r.mentions``; name in ``r.unapplied`` a second part no last name holds."""
    columns = name_part_columns(r.schema)
    if columns is None:
        return
    first, last = columns
    for index, mention in enumerate(r.mentions):
        if not _a_value_of(r.schema, first, mention):
            continue
        after = r.mentions[index + 1] if index + 1 < len(r.mentions) else None
        if after is not None and r.text[mention.end : after.start].strip() == "":
            if after.is_value and held_values(r.schema, last, after.value):
                r.mentions[index] = replace(mention, column=first)
                r.mentions[index + 1] = replace(after, column=last)
                continue
            if after.is_value and after.column == first:
                _not_held(r, mention, str(after.value), first, last)
                continue
        unlinked = _capitalised_after(r, mention.end, after)
        if unlinked is not None:
            _not_held(r, mention, unlinked, first, last)


def _a_value_of(schema: Schema, column: str, mention: Mention) -> bool:
    return mention.is_value and bool(held_values(schema, column, mention.value))


def _capitalised_after(r: Reading, end: int, after: Mention | None) -> str | None:
    """A capitalised word said right after position ``end`` that nothing links ("LeBron
    *Smithers*"), as written; None when the question was not kept as written."""
    if len(r.written) != len(r.text):
        return None
    found = _NEXT_NAME.match(r.written, end)
    if found is None or (after is not None and after.start < found.end()):
        return None
    return found.group(1)


def _not_held(r: Reading, mention: Mention, said: str, first: str, last: str) -> None:
    r.unapplied.append(
        LeftOut(
            f"{mention.value} {said}",
            f"no {last} holds “{said}”; the table has no such person, and "
            f"{first} = {mention.value} alone would be about other people",
        )
    )
