"""Instant answers to "what data do I have?" and "what's in df?", with no model call.

``parse_listing_question`` is a small phrase grammar matched against the
whole (normalised) question, so only questions that are *nothing but* a
request for a listing match: "what variables do I have?" does, "what
variables affect price in df?" does not (it is an analysis question and
goes to the planner). ``listing`` builds the answer from a scan: a table
of rows (a pandas DataFrame when pandas is installed) and the same as
markdown.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from notebook_router.data.context import DataContext
from notebook_router.data.describe import DataDescription
from notebook_router.language.phrases import phrase_table

What = Literal["data", "variables", "object"]


@dataclass(frozen=True, slots=True)
class ListingRequest:
    """What a listing question asks for: all data, all variables, or one object."""

    what: What
    name: str | None = None
    """The variable asked about, for ``what == "object"``."""


@dataclass(frozen=True, slots=True)
class Listing:
    """A listing answer: a title, table rows, and the same as markdown."""

    title: str
    rows: tuple[dict[str, str], ...]
    markdown: str

    def frame(self) -> Any | None:
        """The rows as a pandas DataFrame, or None when pandas is not installed."""
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            return None
        return pandas.DataFrame(list(self.rows))


_SAID = phrase_table("listing")
"""The words of listing questions (``language/data/listing.toml``); the shapes are below."""


def _w(group: str) -> str:
    # The question is normalised to single spaces before it is matched.
    return _SAID.either(group, space=" ")


_QUAL = _w("qualifiers")
_DATA = _w("data")
_VARS = _w("variables")
_HAVE = _w("have")
_WHERE = rf"(?:{_w('where_in')} (?:{_w('where_whose')} )?{_w('where_places')}|{_w('where_when')})"
_SHOW = _w("show")
_NAME = r"`?(?P<name>[a-z_]\w*)`?"
_NOUN = rf"(?: {_w('object_nouns')})?"

_COLLECTION = [
    re.compile(
        rf"{_w('asking')} (?:{_QUAL} )*(?P<coll>{_DATA}|{_VARS})"
        rf"(?: {_HAVE})?(?: {_WHERE})*"
    ),
    re.compile(
        rf"{_SHOW}(?: (?:a|the) list of)?(?: {_QUAL})* (?P<coll>{_DATA}|{_VARS})"
        rf"(?: (?:that )?{_w('present')})?"
        rf"(?: {_WHERE})*"
    ),
    re.compile(
        rf"what (?P<coll>{_w('what_have')}"
        rf"|is in (?:(?:the|my) )?{_w('what_is_in')})"
        rf"(?: {_WHERE})*"
    ),
]  # fmt: skip
_STRONG_OBJECT = [
    re.compile(rf"what is (?:in|inside) (?:the )?{_NAME}{_NOUN}"),
    re.compile(rf"what does {_NAME} {_w('contains')}"),
    re.compile(rf"what (?:columns|fields) (?:does|do) {_NAME} have"),
    re.compile(rf"what (?:columns|fields) are (?:there )?in {_NAME}"),
    re.compile(rf"what are the {_w('schema')} (?:of|in) {_NAME}"),
    re.compile(
        rf"{_SHOW} (?:the )?{_w('parts')}"
        rf" {_w('parts_of')} (?:the )?{_NAME}{_NOUN}"
    ),
    re.compile(
        rf"{_w('looking')} (?:the )?{_NAME}{_NOUN}"
    ),
]  # fmt: skip
_WEAK_OBJECT = [
    re.compile(rf"what is {_NAME}"),
    re.compile(rf"{_w('weak_show')}(?: me)? {_NAME}"),
]
_POLITE = re.compile(
    rf"^(?:{_w('openers')}[,:]? )*"
    rf"(?:{_w('modals')} (?:you|u) (?:please )?|{_w('wishes')} )?"
)
_TRAILING = re.compile(rf"(?: {_w('trailing')})+$")


def parse_listing_question(
    text: str, names: Collection[str] | None = None
) -> ListingRequest | None:
    """The listing ``text`` asks for, or None if it asks anything else.

    With ``names`` (the namespace's variables), a question about one object
    must name one of them; "what is churn?" is then a listing only if
    ``churn`` is a variable.

    >>> parse_listing_question("What dataframes do I have?")
    ListingRequest(what='data', name=None)
    >>> parse_listing_question("what variables affect price in df?") is None
    True
    """
    q = _normalise(text)
    for pattern in _COLLECTION:
        m = pattern.fullmatch(q)
        if m:
            coll = m.group("coll")
            return ListingRequest("data" if re.fullmatch(_DATA, coll) else "variables")
    known = None if names is None else {n.lower(): n for n in names}
    for pattern in _STRONG_OBJECT + (_WEAK_OBJECT if known else []):
        m = pattern.fullmatch(q)
        if m and (known is None or m.group("name") in known):
            name = m.group("name") if known is None else known[m.group("name")]
            return ListingRequest("object", _original_case(text, name))
    return None


def is_listing_question(text: str, names: Collection[str] | None = None) -> bool:
    """True when ``text`` only asks what data or variables exist, or what one holds."""
    return parse_listing_question(text, names) is not None


def _normalise(text: str) -> str:
    q = text.strip().lower().replace("’", "'")
    q = re.sub(r"\bwhat's\b", "what is", q)
    q = re.sub(r"\bwhat're\b", "what are", q)
    q = re.sub(r"\bwhats\b", "what is", q)
    q = re.sub(r"[?!.\s]+$", "", q)
    q = " ".join(q.replace(",", " ").split())
    q = _POLITE.sub("", q, count=1)
    return _TRAILING.sub("", q)


def _original_case(text: str, name: str) -> str:
    found = re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE)
    return found.group(0) if found else name


def listing(context: DataContext, request: ListingRequest) -> Listing:
    """The answer to ``request`` from ``context``: a table and its markdown."""
    if request.what == "object" and request.name is not None:
        described = context.get(request.name)
        if described is None:
            return Listing(f"No variable named {request.name} in the notebook.", (), "")
        return _object_listing(described)
    data_only = request.what == "data"
    rows = tuple(context.to_rows(data_only=data_only))
    noun = "data object" if data_only else "variable"
    if not rows:
        title = f"No {noun}s in the notebook yet."
        return Listing(title, (), title)
    plural = "" if len(rows) == 1 else "s"
    title = f"{len(rows)} {noun}{plural} (most recently changed first)"
    return Listing(title, rows, f"**{title}**\n\n" + markdown_table(rows))


def answer_listing(text: str, context: DataContext) -> Listing | None:
    """The listing ``text`` asks for, answered from ``context``; None if it is not one."""
    request = parse_listing_question(text, context.names())
    return None if request is None else listing(context, request)


def _object_listing(d: DataDescription) -> Listing:
    if not d.columns:
        rows: tuple[dict[str, str], ...] = (d.to_row(),)
        return Listing(d.headline(), rows, f"**{_cell(d.headline())}**\n\n" + markdown_table(rows))
    rows = tuple(d.column_rows())
    parts = [f"**{_cell(d.headline())}**"]
    if d.sampled_from is not None:
        parts.append(f"Figures from a {d.sampled_from:,}-{d.sample_unit} sample.")
    parts.append(markdown_table(rows))
    if d.sample_rows:
        names = [c.name for c in d.columns] or ["value"]
        head = [dict(zip(names, row, strict=False)) for row in d.sample_rows]
        parts.append("First rows:\n\n" + markdown_table(head))
    return Listing(d.headline(), rows, "\n\n".join(parts))


def markdown_table(rows: Sequence[dict[str, str]]) -> str:
    """``rows`` as a GitHub-flavoured markdown table (``|`` in cells escaped)."""
    if not rows:
        return ""
    header = list(rows[0])
    lines = ["| " + " | ".join(_cell(h) for h in header) + " |"]
    lines.append("|" + "|".join("---" for _ in header) + "|")
    lines.extend("| " + " | ".join(_cell(r.get(h, "")) for h in header) + " |" for r in rows)
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
