"""Words for matching requests to tools: terms, unit aliases, filler words, currencies.

Built on :mod:`notebook_router.text.tokens` (stemming and synonyms) and kept
apart from it because these folds only make sense for tools: a request says
"5 km" where a tool's schema says ``"kilometer"``, "euros" where a parameter
wants ``EUR``. The tables are general knowledge (units, currencies), not
tuned to any tool set.
"""

from __future__ import annotations

import re
from functools import lru_cache

from notebook_router.text.tokens import STOPWORDS, normalize

_WORD = re.compile(r"[a-z0-9]+")
_SPLIT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|[_\-./]")

# Abbreviations and spellings that fold to one unit word (after stemming).
UNIT_ALIASES: dict[str, str] = {
    "mm": "millimeter",
    "millimetre": "millimeter",
    "cm": "centimeter",
    "centimetre": "centimeter",
    "metre": "meter",
    "km": "kilometer",
    "kilometre": "kilometer",
    "kms": "kilometer",
    "mi": "mile",
    "ft": "foot",
    "feet": "foot",
    "yd": "yard",
    "kg": "kilogram",
    "kilo": "kilogram",
    "kgs": "kilogram",
    "gramme": "gram",
    "lb": "pound",
    "lbs": "pound",
    "oz": "ounce",
    "ml": "milliliter",
    "millilitre": "milliliter",
    "litre": "liter",
    "ltr": "liter",
    "gal": "gallon",
    "celcius": "celsius",
    "centigrade": "celsius",
    "hex": "hexadecimal",
    "jpg": "jpeg",
    "excel": "xlsx",
}

# Conversational words that say nothing about which tool is wanted.
FILLER = frozenset(
    "like right want wanted need needs know tell show give help thing things way much many "
    "really able something anything maybe kind sort okay ok hey hi quick quickly "
    "currently moment after before between through during until till within across "
    "against among near whats hows wheres whos im ive id dont doesnt isnt called named titled "
    "entitled".split()
)

# Currency names → ISO 4217 codes, for parameters that ask for a code.
CURRENCIES: dict[str, str] = {
    "dollar": "USD",
    "buck": "USD",
    "euro": "EUR",
    "yen": "JPY",
    "sterling": "GBP",
    "pound sterling": "GBP",
    "british pound": "GBP",
    "franc": "CHF",
    "swiss franc": "CHF",
    "yuan": "CNY",
    "renminbi": "CNY",
    "rupee": "INR",
    "krona": "SEK",
    "kronor": "SEK",
    "peso": "MXN",
    "canadian dollar": "CAD",
    "australian dollar": "AUD",
}


# Groups of words that ask for the same thing of a tool; each folds to its first word.
TOOL_SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("outlier", "anomaly", "anomalies", "abnormal"),
    ("delete", "remove", "erase"),
    ("weather", "sunny", "cloudy", "windy", "stormy", "snowy"),
    ("humidity", "humid"),
)
_TOOL_SYNONYMS = {word: group[0] for group in TOOL_SYNONYMS for word in group}


@lru_cache(maxsize=65536)
def term(word: str) -> str:
    """The matching form of one lower-case word: stemmed, synonym- and alias-folded."""
    if word in _TOOL_SYNONYMS:
        return _TOOL_SYNONYMS[word]
    base = normalize(_singular(word))
    return UNIT_ALIASES.get(word) or UNIT_ALIASES.get(base) or _TOOL_SYNONYMS.get(base) or base


def _singular(word: str) -> str:
    """ "miles" → "mile", "values" → "value": only -s goes unless the plural needs -es.

    The shared stemmer strips "-es" from every word ("miles" → "mil"), which
    splits a unit from its plural; English adds "-es" only after s, x, z, ch
    and sh ("inches", "taxes"), so only those lose it here.
    """
    if (
        len(word) > 4
        and word.endswith("es")
        and not word.endswith("ies")
        and word[-3] not in "sxzh"
    ):
        return word[:-1]
    return word


def terms(text: str) -> list[str]:
    """Matching terms of ``text``; identifiers split (``convert_length`` → convert, length)."""
    spaced = _SPLIT.sub(" ", text).lower()
    return [term(w) for w in _WORD.findall(spaced) if w not in STOPWORDS]


def is_filler(word: str) -> bool:
    """A stopword or a conversational word that names no tool."""
    return word in STOPWORDS or word in FILLER
