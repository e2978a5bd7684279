"""The label that names one picked row ("who had the fastest finish time?").

A single row picked by a ranking (no statistic: "the fastest", "the oldest", "the
highest price") is named by the column that tells rows apart: a text column whose
values are (nearly) all different, a name-like one first (``runner_name`` before
``country_code``, which many runners share); "who" asks for a person, so an id
(``order_id``) never names the row then. The usual label
(:func:`.intents.label_column`) stays when it already tells rows apart, and it is the
one for rankings of aggregates ("who has the highest total sales?" ranks the people a
repeating column names): those never come here.
"""

from __future__ import annotations

import re

from notebook_router.analyst.column_names import is_identifier
from notebook_router.analyst.distinct_rows import tells_rows_apart
from notebook_router.analyst.intents import LABEL_NAME, label_column
from notebook_router.analyst.person_columns import asks_who, names_people
from notebook_router.analyst.reading import Reading
from notebook_router.language.words import identifier_words


def picked_row_label(r: Reading) -> str:
    """The column naming the one row a ranking picks (module docstring)."""
    usual = label_column(r)
    if usual and tells_rows_apart(r, usual):
        return usual
    labels = r.schema.of_kind("text", "category")
    apart = [c for c in labels if tells_rows_apart(r, c)]
    if asks_who(r):
        # "who ...?" asks for a person: an order's id is never one, and a column of people
        # answers though a person appears on several rows (an actor winning twice), before
        # a label of things that tells the rows apart (the film)
        apart = [c for c in apart if not is_identifier(c)]
        people = [c for c in labels if names_people(c)]
        if people:
            return ([c for c in people if c in apart] or people)[0]
    named = [c for c in apart if any(re.search(LABEL_NAME, w) for w in identifier_words(c))]
    return (named or apart or [usual])[0]
