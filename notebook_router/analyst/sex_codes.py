"""One-letter codes a column may hold for people's sex ("F" and "M", "G" and "B").

A question says "women" where a column holds "F"; which letters stand for which sex is
data (``number_owners.toml`` [sex_codes]): a column holding exactly one pair is read so,
and the pair of girls and boys only in a column named for sex ("B" and "W" may be races,
"G" and "B" a grade).
"""

from __future__ import annotations

from notebook_router.analyst.column_names import name_words
from notebook_router.language.tables import table

_CODES = table("number_owners")["sex_codes"]
SEXES = ("female", "male")
"""The two sexes, named by their groups in value_words.toml, in the order of a code pair."""
_PAIRS: tuple[dict[str, str], ...] = tuple(
    dict(zip(pair, SEXES, strict=True)) for pair in _CODES["pairs"]
)
_NAMED_PAIRS: tuple[dict[str, str], ...] = tuple(
    dict(zip(pair, SEXES, strict=True)) for pair in _CODES["named_pairs"]
)
_SEX_NAMES = frozenset(_CODES["column_names"])


def sex_pair(column: str, values: tuple[object, ...]) -> dict[str, str] | None:
    """Code to sex for the pair of codes ``values`` hold (each spelling: "F", "f "), or
    None when they are no such pair."""
    held = {str(v).strip().lower() for v in values}
    named = bool(_SEX_NAMES & set(name_words(column)))
    pairs = (*_PAIRS, *_NAMED_PAIRS) if named else _PAIRS
    return next((pair for pair in pairs if held == set(pair)), None)
