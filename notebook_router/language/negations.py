"""The negations a condition is turned round by, as the analyst reads them
(``language/data/analysis.toml``, ``[conditions] negation``), and the contracted ones
among them ("n't"): written onto the end of a word ("don't", "isn't"), a pattern finds
them inside the word, never after a word boundary.

>>> import re
>>> bool(re.search(rf"(?:{CONTRACTED})\\s*$", "people who don't "))
True
"""

from __future__ import annotations

from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

NEGATIONS: tuple[str, ...] = tuple(table("analysis")["conditions"]["negation"])
"""Every negation of a condition, in the table's order ("not", "n't", "except", ...)."""
CONTRACTED = alternation(n for n in NEGATIONS if "'" in n)
"""A regex alternation (embed it in a group) of the contracted negations: "n't"."""
