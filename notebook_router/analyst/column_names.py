"""What a column's name says of it: the words it is made of ("OrderID" → order, id;
"salary_in_thousands" → salary, in, thousands), whether it identifies rows, and which
number columns hold money or pay.

Read by the readers of numbers said in a question (:mod:`.number_owners`,
:mod:`.money_bounds`): a figure is put on the column whose name says what it measures.
The words live in ``language/data/number_owners.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.language.stems import forms, stem
from notebook_router.language.tables import table
from notebook_router.language.words import identifier_words

if TYPE_CHECKING:  # the reading imports this module's name words
    from notebook_router.analyst.reading import Reading

_WORDS = table("number_owners")
_IDENTIFIER_WORDS = frozenset(_WORDS["identifier_words"])
_MONEY_WORDS = frozenset(_WORDS["money_words"])
_PAY_WORDS = frozenset([*_MONEY_WORDS, *_WORDS["money"]["pay_words"]])

name_words = identifier_words
"""The lower-case words of a column's name, split at camelCase, underscores and other
punctuation ("OrderID" → order, id): the language layer's reading of identifiers."""


_SHORTEST_OWNER = 3
"""A column name's first word shorter than this ("x", "id") names no owner."""


def names_owner(said: str, column: str) -> bool:
    """Whether ``said``, a noun of the question in another form than the column's first
    name word, names what the column is of: "children" of ``childHeight``, "players" of
    ``player_age``. Such a noun names the rows (each row a child), never a column
    ``children`` beside them."""
    words = name_words(column)
    if len(words) < 2 or len(words[0]) < _SHORTEST_OWNER:
        return False
    noun = said.lower()
    return noun != words[0] and (noun.startswith(words[0]) or stem(noun) == stem(words[0]))


def plural_of_its_name(said: str, column: str) -> bool:
    """Whether ``said`` is a one-word column's name in the plural ("flights" of
    ``flight``): a column named for one thing labels each row's thing (its number), where
    a column counting things is named in the plural (``passengers``, ``listings``)."""
    words = name_words(column)
    low = said.lower()
    return len(words) == 1 and low != words[0] and low in forms(words[0])


def is_identifier(column: str) -> bool:
    """Whether the column's name says it identifies rows ("order_id", "OrderID", "sku_no")."""
    words = name_words(column)
    return (len(words) >= 2 and words[-1] in _IDENTIFIER_WORDS) or words == ["id"]


def money_columns(r: Reading) -> list[str]:
    """The number columns whose name says they hold an amount of money ("revenue",
    "sale_amount"), identifiers left out ("payment_id")."""
    return _number_columns_named(r, _MONEY_WORDS)


def pay_columns(r: Reading) -> list[str]:
    """The number columns whose name says they hold money or pay ("salary", "wages"
    besides the money columns), identifiers left out."""
    return _number_columns_named(r, _PAY_WORDS)


def _number_columns_named(r: Reading, words: frozenset[str]) -> list[str]:
    return [
        c
        for c in r.schema.of_kind("number")
        if not is_identifier(c) and (set(name_words(c)) & words or _written_as_money(r, c))
    ]


def _written_as_money(r: Reading, column: str) -> bool:
    """Whether the column's text carried a currency ("€1,200.00"): money, whatever its name."""
    amounts = r.schema.column(column).amounts
    return amounts is not None and bool(amounts.currencies)


_AMOUNT_NOUNS = frozenset(_WORDS["amount_nouns"])


def amount_of_a_noun(column: str, said: str) -> bool:
    """Whether ``said`` (a word of the question that begins ``column``'s name, as "loans"
    begins ``loan_amount``) names the things whose amount the column holds: counting or
    sharing those things counts rows, never adds the amounts up."""
    words = name_words(column)
    return bool(set(words[1:]) & _AMOUNT_NOUNS) and said.lower().startswith(words[0])
