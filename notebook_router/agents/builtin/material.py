"""What the team's agents read: the run's sources, as named pieces of text.

A source is whatever the run already holds or the user handed over: results
of the tasks this one depends on, notebook outputs attached to the run
(``Out[3]``, "the table above"), the shared context, files the task names
(through the one guarded resolver, :mod:`notebook_router.readers.named`: inside
the notebook's folder, or named by the user), tables the task names, and hits of
the search function the user plugged in (``Router(search=...)``). Nothing here
reaches the network by itself: a URL is read only through that search function.
"""

from __future__ import annotations

import asyncio
import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from notebook_router.agents.base import AgentContext
from notebook_router.readers.named import files_named, read_text
from notebook_router.result import AgentResult, Citation
from notebook_router.text.preview import preview

SearchFunction = Callable[[str], Any]
"""``search(query)`` returns hits (or an awaitable of them): strings, ``(title, text)``
pairs, :class:`~notebook_router.result.Citation` objects, or dicts with a
title (``title``/``name``/``source``), a text (``text``/``snippet``/``content``/``body``)
and optionally a ``url``. Given a URL, it should return that page (a fetch)."""

SOURCE_CHARS = 20_000
"""Characters kept of one source (a long file is cut, not skipped)."""
MAX_HITS = 8
"""Search hits kept per query."""

TEXT_FILES = (".txt", ".md", ".markdown", ".rst", ".csv", ".json", ".html", ".htm", ".log")
"""Files a task may name that are read as text sources."""

_URL = re.compile(r"https?://[^\s<>\"')\]]+")
_TAG = re.compile(r"<[^>]+>")
_SKIP_CONTEXT = frozenset({"references"})
"""Context keys that only point at sources (the sources themselves come as media)."""


@dataclass(frozen=True, slots=True)
class Source:
    """One piece of text an agent may read and cite."""

    name: str
    text: str
    url: str | None = None

    def citation(self, excerpt: str = "") -> Citation:
        """This source as a result's citation (with the passage used, if any)."""
        return Citation(
            source=self.name, text=preview(excerpt, 300) if excerpt else "", url=self.url
        )


def given_sources(context: AgentContext, request: str) -> list[Source]:
    """Everything the run hands this task to read, most specific first."""
    files = _files(context, request)
    sources = [*_inputs(context), *_media(context), *files, *_tables(context, request)]
    sources += _context(context) + _facts(request)
    seen: set[str] = set()
    unique: list[Source] = []
    for source in sources:
        if source.text.strip() and source.text not in seen:
            seen.add(source.text)
            unique.append(source)
    return unique


async def searched(search: SearchFunction | None, request: str) -> list[Source]:
    """Hits of the user's search function for ``request``, and the pages of the URLs it names."""
    if search is None:
        return []
    queries = [*_URL.findall(request), _URL.sub("", request).strip()]
    found: list[Source] = []
    for query in (q for q in queries if q):
        if inspect.iscoroutinefunction(search):
            reply = await search(query)
        else:  # a plain function may block on I/O: not on the run's loop
            reply = await asyncio.to_thread(_call, search, query)
            if inspect.isawaitable(reply):
                reply = await reply
        found += [_hit(h, query, i) for i, h in enumerate(_iterable(reply)[:MAX_HITS], 1)]
    return [s for s in found if s.text.strip()]


def text_of(value: Any) -> str:
    """``value`` as text to read: strings as they are, tables described, the rest previewed."""
    if value is None:
        return ""
    if isinstance(value, AgentResult):
        return text_of(value.summary or value.data)
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("summary"), str):
        return str(value["summary"])  # a finding that says itself in words (the media agents')
    if hasattr(value, "shape") and hasattr(value, "describe"):
        return describe_table(value)
    return preview(value, SOURCE_CHARS)


def describe_table(table: Any) -> str:
    """A DataFrame (or Series) in sentences: its size, columns, and each number column's range."""
    try:
        shape = table.shape
        rows = shape[0]
        columns = [str(c) for c in getattr(table, "columns", [getattr(table, "name", "value")])]
        lines = [
            f"The table has {rows} rows and {len(columns)} columns ({', '.join(columns[:20])})."
        ]
        numeric = table.describe()
        if hasattr(numeric, "columns"):
            for column in list(numeric.columns)[:20]:
                stats = numeric[column]
                lines.append(_column_sentence(str(column), stats))
        else:
            lines.append(_column_sentence(columns[0], numeric))
        return " ".join(lines)
    except Exception:  # a table-like object describe() cannot handle: its preview will do
        return preview(table, 2000)


def _column_sentence(name: str, stats: Any) -> str:
    try:
        return (
            f"Column {name}: mean {float(stats['mean']):.4g}, min {float(stats['min']):.4g}, "
            f"max {float(stats['max']):.4g} over {int(stats['count'])} values."
        )
    except (KeyError, TypeError, ValueError):
        return f"Column {name}: {preview(dict(stats), 200)}."


def _inputs(context: AgentContext) -> list[Source]:
    by_task = context.inputs.by_task
    names = list(context.inputs)
    return [
        Source(name=f"{task_id} ({agent}{_about(data)})", text=text_of(data)[:SOURCE_CHARS])
        for (task_id, data), agent in zip(by_task.items(), names, strict=False)
    ]


def _about(data: Any) -> str:
    """``, Out[3]`` for a finding about one piece of media (the media agents' data names it)."""
    source = data.get("source") if isinstance(data, dict) else None
    return f", {source}" if isinstance(source, str) and source else ""


def _media(context: AgentContext) -> list[Source]:
    out: list[Source] = []
    for media in context.media:
        if not media.is_text:
            continue
        raw = media.data if isinstance(media.data, str) else media.raw.decode(errors="replace")
        text = _TAG.sub(" ", raw) if "html" in media.mime_type or "svg" in media.mime_type else raw
        name = media.source or media.description or media.mime_type
        out.append(Source(name=name, text=" ".join(text.split())[:SOURCE_CHARS]))
    return out


def _files(context: AgentContext, request: str) -> list[Source]:
    out: list[Source] = []
    for file in files_named(request, TEXT_FILES, user_words=context.task.user_words):
        if not file.readable:
            continue
        try:
            out.append(Source(name=file.name, text=read_text(file, SOURCE_CHARS)))
        except OSError:  # unreadable: the agent says it has no source rather than failing
            continue
    return out


def unread_files(context: AgentContext, request: str) -> list[str]:
    """For each text file ``request`` names that is not read, the name and why
    ("../notes.txt: outside the notebook's folder, ..."), for the answer to say so."""
    named = files_named(request, TEXT_FILES, user_words=context.task.user_words)
    return [f"{f.name}: {f.refused}" for f in named if not f.readable]


def with_unread(result: AgentResult, unread: list[str]) -> AgentResult:
    """``result`` saying which named files were not read and why (a fulfilled one
    becomes partial: part of what the task named was not used)."""
    if not unread:
        return result
    note = "not read: " + "; ".join(unread)
    error = f"{result.error}; {note}" if result.error else note
    status = "partial" if result.status == "fulfilled" else result.status
    return result.model_copy(update={"error": error, "status": status})


def _tables(context: AgentContext, request: str) -> list[Source]:
    if context.data is None:
        return []
    said = set(re.findall(r"\w+", request.lower()))
    return [
        Source(name=f"table {name}", text=describe_table(table))
        for name, table in context.data.tables().items()
        if name.lower() in said
    ]


def _context(context: AgentContext) -> list[Source]:
    out: list[Source] = []
    for key in list(context.shared):
        if key in _SKIP_CONTEXT or key.startswith("_"):
            continue
        text = text_of(context.shared.get(key))
        if text.strip():
            out.append(Source(name=f"context: {key}", text=text[:SOURCE_CHARS]))
    return out


def _facts(request: str) -> list[Source]:
    """The notebook's knowledge base: the facts that share words with ``request``."""
    from notebook_router.context.memory import current_memory

    memory = current_memory()
    if memory is None:
        return []
    return [Source(name=f"fact {f.id}", text=f.text) for f in memory.facts.search(request)]


def _call(search: SearchFunction, query: str) -> Any:
    """``search(query)``, a lazy generator of hits read to the end (in the worker thread)."""
    reply = search(query)
    if inspect.isgenerator(reply):
        return list(reply)
    return reply


def _iterable(reply: Any) -> list[Any]:
    if reply is None:
        return []
    if isinstance(reply, (str, bytes, dict, tuple, Citation)):
        return [reply]
    if isinstance(reply, Iterable):
        return list(reply)
    return [reply]


def _hit(hit: Any, query: str, n: int) -> Source:
    """One search hit as a source, whatever shape the user's function gives it."""
    url = query if _URL.fullmatch(query) else None
    if isinstance(hit, Citation):
        return Source(name=hit.source, text=hit.text, url=hit.url or url)
    if isinstance(hit, dict):
        title = hit.get("title") or hit.get("name") or hit.get("source")
        text = hit.get("text") or hit.get("snippet") or hit.get("content") or hit.get("body")
        link = hit.get("url") or hit.get("link") or url
        return Source(name=str(title or link or f"search hit {n}"), text=text_of(text), url=link)
    if isinstance(hit, tuple) and len(hit) == 2:
        return Source(name=str(hit[0]), text=text_of(hit[1]), url=url)
    if isinstance(hit, bytes):
        hit = hit.decode(errors="replace")
    return Source(
        name=url or f"search hit {n} for “{preview(query, 60)}”", text=text_of(hit), url=url
    )


def numbered(sources: list[Source], chars: int = 12_000) -> str:
    """Sources for a prompt: ``[1] name`` then the text, cut to share ``chars`` fairly."""
    if not sources:
        return "(none)"
    each = max(400, chars // len(sources))
    return "\n\n".join(
        f"[{i}] {s.name}{f' <{s.url}>' if s.url else ''}\n{s.text[:each]}"
        for i, s in enumerate(sources, 1)
    )
