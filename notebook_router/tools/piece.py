"""The pieces of a request as :mod:`.absorb` accounts for them, and the words it reads them by.

The word tables are ``language/data/accounting.toml`` (words of asking, of time,
determiners, content cues) and ``language/data/common_words.txt`` (everyday
words, as opposed to names).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from notebook_router.language.lexicon import FILLER, STOPWORDS, is_common_word, term_set
from notebook_router.language.stems import stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words
from notebook_router.tools.slots import Slot, slots_of
from notebook_router.tools.spec import ToolSpec

Role = Literal["purpose", "input", "free", "asking", "when", "left"]

_TABLE = table("accounting")
ASKING = frozenset(_TABLE["asking"])
"""Words that say how a request is put: any tool absorbs them."""
TIME = frozenset(_TABLE["time"])
"""Words that say when."""
DETERMINERS = frozenset(_TABLE["determiners"])
"""Words that open a noun phrase."""
CONTENT_CUES = frozenset(_TABLE["content_cues"])
PERSON_PARAMETERS = term_set(_TABLE["person_parameters"])
_PERSON_NAMES = frozenset(_TABLE["person_parameters"])
CLOSED_PARAMETERS = term_set(_TABLE["closed_parameters"])
"""Words of a parameter that takes one of a closed set (a unit, a format)."""
TEXT_NOUNS = frozenset(_TABLE["text_nouns"])
"""Nouns that name a text ("the *report*", "this *paragraph*")."""
OPENERS = frozenset(_TABLE["openers"])
"""Words that open a request before its verb ("can you", "pls")."""
"""Words of a parameter that takes a person ("contact", "recipient")."""
"""Words after which what follows is what to say or look for."""
_TIME_PARAMETERS = term_set(_TABLE["time_parameters"])
_FUNCTION_WORDS = frozenset(w for w in (*STOPWORDS, *FILLER, *ASKING) if w.isalpha())
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class Piece:
    """One content word, phrase or value of a request, and what absorbs it."""

    text: str
    start: int
    end: int
    role: Role
    by: str = ""
    """The parameter that takes it (roles ``input`` and ``free``)."""
    lexical: bool = False
    """The lexicon knows it as something tools do ("text message", "alarm")."""
    value: str = ""
    """The kind of value the request gives here (``number``, ``date``, ``name``, ``quoted``,
    ``code``, ``content`` for what to say...), or "" for a word."""
    verb: bool = False
    """The word opening the request before a noun phrase ("*sell* my bitcoin"): its action."""
    object: bool = False
    """The head of the noun phrase the verb acts on ("send a *fax*")."""
    thing: bool = False
    """An object sent or given to someone ("send a *fax* to"): a thing, not a person."""

    @property
    def name_like(self) -> bool:
        """A name or an identifier: a name, code or quoted text the request gives, or
        words one of which is not an everyday English word ("oslo", "new york", "tsla")."""
        if self.value:
            return self.value in ("name", "code", "quoted")
        return not all(is_common_word(w) for w in self.text.split())


def takes_person(slot: Slot) -> bool:
    """The parameter takes a person: its name or description says so ("to", "contact")."""
    return slot.name.lower() in _PERSON_NAMES or not slot.context.isdisjoint(PERSON_PARAMETERS)


def words_of(text: str) -> list[str]:
    """The lower-case words of ``text`` that are not stopwords."""
    return [w for w in identifier_words(text) if w not in STOPWORDS]


def is_time(word: str) -> bool:
    """A word that says when ("tomorrow", "friday", "pm")."""
    return word in TIME


def is_asking(text: str) -> bool:
    """Words of asking ("pls", "check", "how many"), or a function word missing a letter
    or with two letters swapped ("wats", "wher", "teh"): a misspelt one is one too."""
    word = text.lower()
    if word in ASKING:
        return True
    if len(word) < 3 or not word.isalpha() or is_common_word(word):
        return False
    dropped = {word[:i] + c + word[i:] for i in range(len(word) + 1) for c in _LETTERS}
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return not _FUNCTION_WORDS.isdisjoint(dropped | swapped)


def tool_words(spec: ToolSpec) -> frozenset[str]:
    """The words a tool is written with (name, description, parameters, options), as
    written and as stems: a request word among them is part of its purpose even when the
    relevance set it aside ("movie times *near me*": "near a location")."""
    return _tool_words(spec.name, spec.description, _schema_text(spec.parameters))


@lru_cache(maxsize=4096)
def _tool_words(name: str, description: str, schema: str) -> frozenset[str]:
    words = identifier_words(f"{name} {description} {schema}")
    return frozenset(words) | frozenset(stem(w) for w in words)


def _schema_text(schema: Any) -> str:
    if isinstance(schema, dict):
        parts = [str(k) for k in schema.get("properties", {})]
        for key in ("description", "enum"):
            if key in schema:
                parts.append(str(schema[key]))
        parts += [_schema_text(v) for v in schema.values() if isinstance(v, (dict, list))]
        return " ".join(parts)
    if isinstance(schema, list):
        return " ".join(_schema_text(v) for v in schema)
    return ""


def time_parameter(spec: ToolSpec) -> str:
    """The tool's parameter that takes a date or a time, or ""."""
    for slot in slots_of(spec.properties):
        if slot.kind != "place" and not _TIME_PARAMETERS.isdisjoint(slot.context):
            return slot.name
    return ""
