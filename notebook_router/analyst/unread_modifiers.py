"""Words that pick out rows which no column holds: "average tip for *tall* customers",
"students *who like music*". Each is a condition the answer cannot apply; left unread, the
answer was the figure over every row, shown as complete.

Four shapes are read: words before the plural the rows are ("for tall customers",
"among first-time buyers"), a relative clause after it ("who like music", "that play
chess"), a condition joined after it ("girls on free lunch"), and a scope said first ("for orange juice, the mean length and ..."). A word counts when it names nothing the reading knows (no column, value,
operation, method or unit: the caller's ``unknown``). The words live in
``language/data/accounting_grammar.toml`` (``[modifiers]``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from notebook_router.analyst.reading import IGNORED, Reading
from notebook_router.analyst.spec import LeftOut, Spec
from notebook_router.analyst.values_read import read_as_a_value
from notebook_router.language.numbers import NUMBER_WORDS
from notebook_router.language.patterns import alternation
from notebook_router.language.tables import table

_GRAMMAR = table("accounting_grammar")["modifiers"]
_SUPERLATIVE = tuple(_GRAMMAR["superlative_endings"])
_WORD = r"[a-z][a-z'-]+"
_BEFORE_ROWS = re.compile(
    rf"\b(?:{alternation(_GRAMMAR['leads'])})\s+(?:(?:{alternation(_GRAMMAR['determiners'])})\s+)?"
    rf"(?P<mods>(?:{_WORD}\s+){{1,3}})(?P<rows>{_WORD}s|{alternation(_GRAMMAR['irregular_plurals'])})\b"
)
_CLAUSE_END = re.compile(rf"[,;.?!]|\b(?:{alternation(_GRAMMAR['clause_ends'])})\b")
_OPENING = re.compile(
    rf"^\s*(?:{alternation(_GRAMMAR['opening_leads'])})\s+"
    rf"(?!(?:{alternation(_GRAMMAR['not_scopes'])})\s*,)(?:the\s+)?"
    rf"(?P<scope>{_WORD}(?:\s+{_WORD}){{0,3}})\s*,"
)
_EXCLUSION = re.compile(
    rf"\b(?:{alternation(table('conditions_grammar')['exclusion_leads'])})\s+(?:the\s+)?"
    rf"(?P<excluded>{_WORD}(?:\s+{_WORD}){{0,2}})"
)
_CONDITION_LINKS = frozenset(table("conditions_grammar")["exclusion_condition_links"])
"""The words after a noun of rows left out that say which: "excluding machines *with* ..."."""
_AFTER_ROWS = re.compile(
    rf"\b(?:{_WORD}s|{alternation(_GRAMMAR['irregular_plurals'])})\s+"
    rf"(?P<lead>{alternation(_GRAMMAR['after_rows'])})\s+(?:(?:{alternation(_GRAMMAR['determiners'])})\s+)?"
    rf"(?P<said>{_WORD}(?:\s+{_WORD}){{0,2}})"
)
_RELATIVE = re.compile(rf"\b(?:{alternation(_GRAMMAR['relatives'])})\s+(?P<clause>{_WORD})")


def unread_modifiers(r: Reading, unknown: Callable[[str], bool], spec: Spec) -> list[LeftOut]:
    """The kinds of row said that no column holds, each as it was said."""
    covered = [(m.start, m.end) for m in r.mentions]

    def unread(word: str) -> bool:
        """Nothing reads ``word``, or each part of it ("left-handed"). A value said another
        way, a superlative or a number in words ("the *biggest* teams", "the *three*
        cities") is read elsewhere: a ranking or a count, no kind of row."""
        if (
            read_as_a_value(word, spec, r.schema)
            or word.endswith(_SUPERLATIVE)
            or word in NUMBER_WORDS
        ):
            return False
        parts = [p for p in re.split(r"[-']", word) if len(p) > 2]
        return bool(parts) and all(unknown(p) for p in parts)

    out: list[LeftOut] = []
    # the table's own name is blanked from the text ("registered voter *polls*" of a table
    # named polls): the words before it still pick out its rows
    said_text = r.question.lower() if len(r.question) == len(r.text) else r.text
    for m in _BEFORE_ROWS.finditer(said_text):
        mods = list(re.finditer(_WORD, m.group("mods")))
        at = m.start("mods")
        linked = any(s <= at + w.start() < e for w in mods for s, e in covered)
        if not linked and all(unread(w.group(0)) for w in mods):
            mods_said = " ".join(w.group(0) for w in mods)
            said = f"{mods_said} {m.group('rows')}"
            out.append(LeftOut(said, "a kind of row no column holds"))
    for m in _RELATIVE.finditer(r.text):
        # The clause up to where it ends: one that holds a number or a linked word says a
        # condition the reading took ("who scored more than 20", "that are female"); its
        # verb alone is no condition of its own.
        start = m.start("clause")
        end = start + len(_CLAUSE_END.split(r.text[start:], maxsplit=1)[0].rstrip())
        clause = r.text[start:end]
        if any(start <= x.start < end for x in r.mentions) or any(c.isdigit() for c in clause):
            continue
        words = [w.group(0) for w in re.finditer(_WORD, clause)]
        content = [w for w in words if w not in IGNORED]
        if content and all(unread(w) for w in content):
            said = " ".join(words[: words.index(content[-1]) + 1])
            out.append(LeftOut(f"{m.group(0).split()[0]} {said}", "a condition no column holds"))
    for m in _AFTER_ROWS.finditer(r.text):
        # "girls on free lunch": the words after the lead up to the first one read
        at = m.start("said")
        unread_words: list[str] = []
        for w in re.finditer(_WORD, m.group("said")):
            if any(s <= at + w.start() < e for s, e in covered) or not unread(w.group(0)):
                break
            unread_words.append(w.group(0))
        if unread_words and all(w not in IGNORED for w in unread_words[-1:]):
            said = f"{m.group('lead')} {' '.join(unread_words)}"
            out.append(LeftOut(said, "a condition no column holds"))
    for m in _EXCLUSION.finditer(r.text):
        # "excluding returns in the North": what is left out, when no column holds it
        at = m.start("excluded")
        stop = at + len(_CLAUSE_END.split(r.text[at:], maxsplit=1)[0].rstrip())
        negated = {f.column for f in r.filters if f.op in ("!=", "notin")}
        if any(at <= x.start < stop and x.column in negated for x in r.mentions):
            continue  # "excluding people aged 75+": the words describe the value left out
        excluded: list[str] = []
        for w in list(re.finditer(_WORD, r.text[at:stop]))[:3]:
            if any(s <= at + w.start() < e for s, e in covered) or not unread(w.group(0)):
                break
            excluded.append(w.group(0))
        after = r.text[at:stop].split()[len(excluded) : len(excluded) + 1]
        conditioned = {f.column for f in r.filters}
        if (
            after
            and after[0] in _CONDITION_LINKS
            and any(at <= x.start < stop and x.column in conditioned for x in r.mentions)
        ):
            continue  # "leaving aside the machines with a syct over 500": the rows' noun
        if excluded:
            out.append(LeftOut(" ".join(excluded), "what is excluded: no column holds it"))
    opening = _OPENING.match(r.text)
    if opening is not None:
        start, end = opening.span("scope")
        words = [w.group(0) for w in re.finditer(_WORD, opening.group("scope"))]
        content = [w for w in words if w not in IGNORED]
        linked = any(start <= x.start < end for x in r.mentions)
        if content and not linked and all(unread(w) for w in content):
            out.append(LeftOut(opening.group("scope"), "a condition no column holds"))
    return out
