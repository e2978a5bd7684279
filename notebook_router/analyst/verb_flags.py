"""A yes/no column named by a verb form of its word: the condition column = yes.

"number of times each mode was chosen" on a long table with a 0/1 ``choice`` counted every
row; "average income of people who chose train", "for choosers of car" and "how many
flights were cancelled by carrier" (``cancelled`` 0/1) dropped the verb without a word. A
verb form, an agent noun or a plural ("chose", "chosen", "choosers", "canceled",
"survivors") whose root meets the one content word of a yes/no column's name, said after a
copula, a relative, a preposition or the rows' noun, keeps the rows where the column says
yes (no, when negated: "were not cancelled", "never chose"). A column mention said as a
verb after a copula or a relative ("flights were cancelled") does the same. In a share
("share of flights that were cancelled") the flag is what is measured and is left to the
share, but the rows' plural noun ("share of choices that were air") picks the rows. A
word that could name two yes/no columns is reported, never guessed.
"""

from __future__ import annotations

import re

from notebook_router.analyst.adjective_flags import content_words
from notebook_router.analyst.conditions import NEGATION, yes_no
from notebook_router.analyst.reading import Reading
from notebook_router.analyst.spec import Filter, LeftOut
from notebook_router.language.lexicon import STOPWORDS
from notebook_router.language.tables import table
from notebook_router.language.verb_forms import READING, is_irregular, roots

_COPULAS = frozenset(READING["copulas"])
_RELATIVES = frozenset(READING["relatives"])
_SHARES = frozenset(READING["shares"])
_SHARE_OF = frozenset(READING["share_of"])
_PREPOSITIONS = frozenset(table("adjective_flags")["prepositions"])
_COUNTS = re.compile(rf"\b(?:{'|'.join(map(re.escape, READING['counts']))})\b")
_JOINED_NOT = "|".join(map(re.escape, READING["negation_endings"]))
_GROUPS = frozenset(READING["groups"])
_AGENT = tuple(READING["agent_endings"])
_PARTICIPLE = tuple(READING["participle_endings"])
_TOKEN = re.compile(r"\b([CV])(\d+)\b|\b[a-z][a-z]+\b")


def verb_flags(r: Reading) -> list[Filter]:
    """The yes/no conditions said by a verb of a flag, their words used up."""
    flags = [c.name for c in r.schema.columns if yes_no(r, c.name) is not None]
    if not flags:
        return []
    used = {f.column for f in r.filters}
    tokens = list(_TOKEN.finditer(r.skeleton))
    share = any(t.group(0) in _SHARES for t in tokens)
    out: list[Filter] = []
    if share:
        out += _share_rows(r, used)
    for i, token in enumerate(tokens):
        lead = i - 1
        negated = lead >= 0 and re.fullmatch(NEGATION, tokens[lead].group(0)) is not None
        if negated:
            lead -= 1
        before = tokens[lead].group(0) if lead >= 0 else ""
        if token.group(1) is None:
            column = _verb_column(r, token.group(0), flags, before, share)
        else:
            column = _mentioned_flag(r, tokens, i, lead, share)
        if column is None or column in used:
            continue
        if _other_side_asked(r.skeleton[token.end() :]):
            continue  # "how many were cancelled and how many weren't": both sides are asked
        sides = yes_no(r, column)
        if sides is None:
            continue
        out.append(Filter(column, "==", sides[0] if negated else sides[1]))
        used.add(column)
        said = token.group(0)  # an earlier reader's "not used" of the word is taken back
        r.unapplied[:] = [u for u in r.unapplied if u.said != said]
        start = (tokens[i - 1] if negated else token).start()
        r.skeleton = r.skeleton[:start] + " " * (token.end() - start) + r.skeleton[token.end() :]
    return out


def _verb_column(r: Reading, word: str, flags: list[str], before: str, share: bool) -> str | None:
    """The one yes/no column a written word names by its verb form, after a word that
    makes it said of the rows; two candidates, or a verb in a share, are reported."""
    if word in STOPWORDS or not _said_of_rows(before, word):
        return None
    met = roots(word)
    named = [c for c in flags if _one_word(c) and met & roots(_one_word(c))]
    if not named:
        return None
    if len(named) > 1:
        why = f"could name more than one yes/no column ({', '.join(named)}); I applied none"
        r.unapplied.append(LeftOut(word, why))
        return None
    if share:
        why = (
            f"a condition on {named[0]} inside a share; I could not tell its rows from its measure"
        )
        r.unapplied.append(LeftOut(word, why))
        return None
    return named[0]


def _other_side_asked(rest: str) -> bool:
    """A negation later in the question ("... and how many weren't?") asks the flag's
    other side too: the earlier readers count both, and one side must not be kept."""
    return re.search(rf"\b{NEGATION}\b|(?:{_JOINED_NOT})\b", rest) is not None


def _said_of_rows(before: str, word: str) -> bool:
    """The word before makes the verb a statement of the rows: a copula ("were chosen"), a
    relative ("who chose"), a preposition ("for choosers") or a noun before a participle
    ("modes chosen", "flights canceled per carrier")."""
    if re.fullmatch(r"[CV]\d+", before):
        return True
    if before and before not in STOPWORDS and (word.endswith(_PARTICIPLE) or is_irregular(word)):
        return True
    return before in _COPULAS or before in _RELATIVES or before in _PREPOSITIONS


def _mentioned_flag(
    r: Reading, tokens: list[re.Match[str]], i: int, lead: int, share: bool
) -> str | None:
    """A yes/no column's mention said as a verb of the rows ("flights were cancelled", "who
    churned"), or, in a share, as its rows' plural noun ("share of choices that were air")."""
    token = tokens[i]
    if token.group(1) != "C":
        return None
    mention = r.mentions[int(token.group(2))]
    if mention.value is not None or mention.is_value:
        return None
    column = r.column_at(int(token.group(2)))
    if yes_no(r, column) is None:
        return None
    before = tokens[lead].group(0) if lead >= 0 else ""
    if share:
        return None  # "share of flights that were cancelled": the flag is measured
    participle = r.text[mention.start : mention.end].lower().endswith(_PARTICIPLE)
    noun_before = lead >= 0 and before not in STOPWORDS and participle  # "loans defaulted"
    written = r.text[mention.start : mention.end].lower()
    # "of defaulters", "for smokers": the rows; "on smoker", "with smoker" (the column's
    # own name, as a regression or a correlation takes it) is the column, not its rows
    agent = written.endswith(_AGENT) and written != column.lower()
    noun_before = noun_before or (agent and before in _PREPOSITIONS)
    if not noun_before and (lead < 1 or (before not in _COPULAS and before not in _RELATIVES)):
        return None  # "is cancelled related to ...": the column asked about, no rows
    said = [t.group(0) for t in tokens]
    if _COUNTS.search(r.skeleton) and not _GROUPS & set(said):
        return None  # "how many flights were cancelled": the count's own measure
    return column


def _share_rows(r: Reading, used: set[str]) -> list[Filter]:
    """A yes/no column said as the plural noun of a share's rows, a value's clause after
    it: "share of choices that were air" is among the rows where ``choice`` says yes."""
    out: list[Filter] = []
    for mention in r.mentions:
        if mention.value is not None or mention.is_value or mention.column in used:
            continue
        sides = yes_no(r, mention.column)
        if sides is None or not _plural(r, mention.start, mention.end):
            continue
        before = re.findall(r"[a-z]+", r.text[: mention.start].lower())[-1:]
        after = re.findall(r"[a-z]+", r.text[mention.end :].lower())[:2]
        if not before or before[0] not in _SHARE_OF or len(after) < 2:
            continue
        if after[0] not in _RELATIVES or after[1] not in _COPULAS:
            continue
        if not any(m.value is not None and m.start > mention.end for m in r.mentions):
            continue  # "share of choices that were made": no value picks the measure
        out.append(Filter(mention.column, "==", sides[1]))
        used.add(mention.column)
    return out


def _plural(r: Reading, start: int, end: int) -> bool:
    """The mention was said as a plural noun ("choices" of ``choice``)."""
    said = r.text[start:end].lower()
    return said.endswith("s") or is_irregular(said)


def _one_word(column: str) -> str:
    """The one content word of a yes/no column's name ("" when it has more)."""
    words = content_words(column)
    return words[0] if len(words) == 1 else ""
