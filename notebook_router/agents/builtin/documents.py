"""The built-in documents agent: reads PDF, Word, HTML, Markdown and text, then
summarises them or answers questions about them in their own words.

It reads the documents the run holds (attachments, such as a PDF the task
names on disk or a cell's output) and the document files the task names,
with :func:`~notebook_router.readers.document.read_document`, each within the
per-document limits of :mod:`notebook_router.readers.bounded`. Offline it
quotes the sentences that carry the document (or that answer the question),
each with its page ("page 2") or section (its offline core,
:mod:`notebook_router.offline.team.documents`). With a model, the model answers
over the document's text and backs its answer with quotes, and quotes the
document does not contain are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from notebook_router.agents.base import AgentContext, TaskRequest, parse_capabilities
from notebook_router.agents.builtin.annotations import annotated
from notebook_router.agents.builtin.replies import ask_json
from notebook_router.agents.cores import BuiltinAgent, by_rules_or_model
from notebook_router.errors import MediaReadError
from notebook_router.language.phrases import phrase_table
from notebook_router.media import Media
from notebook_router.readers.bounded import read_bounded
from notebook_router.readers.document import DocumentFacts, is_document
from notebook_router.readers.files import DOCUMENT_TYPES, paths_named
from notebook_router.readers.named import media_named, refused_named
from notebook_router.result import AgentResult, Citation
from notebook_router.threads import in_thread

DOCUMENTS = "documents"
PROMPT_CHARS = 12_000
"""Characters of document text a model gets (shared fairly between documents)."""
_BOUND = frozenset({DOCUMENT_TYPES[".pdf"], DOCUMENT_TYPES[".docx"]})
"""Types that are documents whatever the task says (HTML and text outputs are often not)."""
_SAID = phrase_table("documents")
"""How a request asks for a document's text (``language/data/documents.toml``)."""
_W = _SAID.either
_AS_TEXT = re.compile(
    rf"\b(?:{_W('as_text.convert')}\b.*\b{_W('as_text.convert_to')}\s+(?:plain\s+)?"
    rf"{_W('as_text.formats')}\b"
    rf"|\b{_W('as_text.extract')}\s+(?:out\s+)?(?:all\s+)?(?:of\s+)?"
    rf"(?:the\s+)?(?:{_W('as_text.whole')}\s+)?text\b)",
    re.IGNORECASE,
)
"""A request for the document's text itself (document → text), not a summary of it."""
_DIGEST = re.compile(rf"\b(?:summar\w*|{_W('digest.words')})\b", re.I)
"""Words that ask for a digest of the text ("the text's main argument"), not the text."""
SYSTEM = (
    "You read documents and answer from them only. Quote the document's exact words for "
    "every claim, with where they are (the page or section label given before the text)."
)


class Quote(BaseModel):
    """A passage the model relied on, as the document words it."""

    text: str
    where: str = ""


class DocumentReply(BaseModel):
    """What the model answers with."""

    answer: str = Field(min_length=1)
    quotes: list[Quote] = Field(default_factory=list)
    confidence: float = Field(default=0.8, ge=0.0, le=1.0)


@dataclass(frozen=True, slots=True)
class Read:
    """A document and what was read from it."""

    media: Media
    facts: DocumentFacts

    @property
    def name(self) -> str:
        return self.media.source or self.facts.title or self.facts.kind


Quoting = Callable[[list[Read], str], AgentResult]
"""The documents agent's offline core: each document's own sentences that carry it or
answer the request, with where they are (``quote(read, request)``)."""


class Documents(BuiltinAgent[Quoting]):
    """Reads documents and summarises them or answers questions about them, quoting them."""

    name = DOCUMENTS
    description = (
        "Documents: PDF, Word, HTML and Markdown files (pages, headings, tables, title, "
        "author); summarises one or answers what it says, quoting it with page numbers."
    )
    capabilities = parse_capabilities(
        [("pdf", 0.95), ("document", 0.9), ("docx", 0.9), ("report", 0.6), ("page", 0.5)]
    )
    # Plain text is every printed output, so it does not bring this agent in: text
    # files a task names reach the team as text anyway. (A DataFrame's HTML does;
    # documents_for then tells it from a document.)
    reads = tuple(sorted({t for t in DOCUMENT_TYPES.values() if t != "text/plain"}))

    async def run(self, task: TaskRequest, context: AgentContext) -> AgentResult:
        request = task.description
        # Files are found and loaded on a worker thread, and each document is read in a
        # process of its own (readers/bounded.py): the kernel's loop (the panel, Stop,
        # other tasks) keeps turning meanwhile, and Stop ends a reading at once.
        documents = await in_thread(documents_for, request, context.media, task.user_words)
        if not documents:
            refused = refused_named(request, DOCUMENT_TYPES, user_words=task.user_words)
            return AgentResult.unable(
                f"There is no document to read for “{request}”{refused}: name the file in the "
                "task (e.g. `summarise data/report.pdf`, a path relative to the notebook), or "
                "point at a notebook output that holds one."
            )
        read, problems = await _read_all(documents)
        if not read:
            return AgentResult.failed("; ".join(problems))
        if _AS_TEXT.search(request) and not _DIGEST.search(request):
            result = as_text(read)
        else:
            result = await by_rules_or_model(
                context,
                rules=lambda: self.offline_core(read, request),
                model=lambda: _with_model(read, request, context, self),
            )
        if problems:
            note = "; ".join(problems)
            result = result.model_copy(update={"status": "partial", "error": note})
        return result


def documents_for(request: str, media: list[Media], user_words: str | None = "") -> list[Media]:
    """The documents a task is about: those the run holds, then the files it names.

    PDFs and Word files the run holds always count; HTML, Markdown and text
    outputs count only when nothing else is there (a DataFrame's HTML is not a
    document), or when the task names them.
    """
    named = set(paths_named(request))
    bound = [m for m in media if m.mime_type in _BOUND or (is_document(m) and m.source in named)]
    found = media_named(request, types=DOCUMENT_TYPES.values(), have=media, user_words=user_words)
    chosen = [*bound, *found]
    if not chosen:
        chosen = [m for m in media if is_document(m)]
    return chosen


async def _read_all(documents: list[Media]) -> tuple[list[Read], list[str]]:
    """Each document read within the per-document limits (time, inflated bytes, memory);
    Stop or the task's timeout ends a reading at once."""
    read: list[Read] = []
    problems: list[str] = []
    for media in documents:
        try:
            read.append(Read(media, await read_bounded(media)))
        except MediaReadError as exc:
            problems.append(str(exc))
    return read, problems


# ------------------------------------------------------------ document → text


def as_text(read: list[Read]) -> AgentResult:
    """Each document's whole text as Markdown (a heading per page or section, its tables
    as pipe tables), returned as a ``text/markdown`` media: the transformation, no model."""
    lines: list[str] = []
    found_in: list[dict[str, Any]] = []
    media: list[Media] = []
    for doc in read:
        markdown = _markdown(doc.facts, doc.name)
        words = doc.facts.words
        said = f"{doc.name} ({doc.facts.summary()}) as text: {words:,} words" + (
            f", {len(doc.facts.tables)} tables" if doc.facts.tables else ""
        )
        lines.append(said)
        found_in.append({"source": doc.name, "summary": said, "text": markdown})
        media.append(
            Media(
                mime_type="text/markdown",
                data=markdown,
                source=f"{doc.name} as text",
                description=f"the text of {doc.name} ({words:,} words)",
            )
        )
    return AgentResult(
        data=found_in[0] if len(found_in) == 1 else found_in,
        summary="\n".join(lines),
        confidence=0.9 if any(d.facts.words for d in read) else 0.3,
        media=tuple(media),
    )


def _markdown(facts: DocumentFacts, name: str) -> str:
    lines = [f"# {facts.title or name}", ""]
    tables: dict[str, list[str]] = {}
    for table in facts.tables:
        rows = table.rows or [[]]
        width = max(len(r) for r in rows) or 1
        pipe = [
            "| " + " | ".join(c.replace("|", "\\|") for c in r + [""] * (width - len(r))) + " |"
            for r in rows
        ]
        pipe.insert(1, "|" + "---|" * width)
        tables.setdefault(table.where, []).extend(["", *pipe])
    for part in facts.parts:
        if not part.text.strip():
            continue
        lines += [f"## {part.where}", "", part.text.strip(), *tables.pop(part.where, []), ""]
    for where, piped in tables.items():  # tables on pages with no text of their own
        lines += [f"## {where}", *piped, ""]
    return "\n".join(lines).rstrip() + "\n"


def finding(doc: Read, said: str, quotes: list[str]) -> dict[str, Any]:
    """One document's part of the result's data: its ``source`` and ``summary`` (as the
    other media agents give theirs, so a combined answer cites it by its source)."""
    return {
        "source": doc.name,
        "summary": said,
        "kind": doc.facts.kind,
        "title": doc.facts.title,
        "pages": doc.facts.pages,
        "quotes": quotes,
    }


def _quotes(doc: Read, text: str) -> bool:
    return " ".join(text.split()) in " ".join(doc.facts.text.split())


# ---------------------------------------------------------------- with a model


async def _with_model(
    read: list[Read], request: str, context: AgentContext, agent: Documents
) -> AgentResult:
    each = max(1_000, PROMPT_CHARS // len(read))
    blocks = []
    for doc in read:
        body = "\n".join(f"[{p.where}] {p.text}" for p in doc.facts.parts)[:each]
        tables = "\n".join(f"[table, {t.where}]\n{t.as_text()}" for t in doc.facts.tables[:3])
        blocks.append(f"# {doc.name} ({doc.facts.summary()})\n{body}\n{tables}".strip())
    prompt = f"Task: {request}\n\nDocuments:\n\n" + "\n\n".join(blocks)
    reply = await ask_json(
        context, prompt, system=SYSTEM, schema=DocumentReply, purpose="agent.documents"
    )
    if reply.parsed is None:
        fallback = agent.offline_core(read, request)
        note = f"the model's reply was unusable ({reply.problem}); quoted the documents instead"
        return fallback.model_copy(update={"status": "partial", "error": note})
    everything = " ".join(" ".join(d.facts.text.split()) for d in read)
    quotes = [q for q in reply.parsed.quotes if " ".join(q.text.split()) in everything]
    backed = " ".join(f"“{q.text}” ({q.where})" if q.where else f"“{q.text}”" for q in quotes)
    text = reply.parsed.answer + (f"\n\nQuoted: {backed}" if backed else "")
    names = ", ".join(d.name for d in read)
    found_in = [
        finding(d, text, [f"“{q.text}” ({q.where})" for q in quotes if _quotes(d, q.text)])
        for d in read
    ]
    return AgentResult(
        data=found_in[0] if len(found_in) == 1 else found_in,
        summary=text,
        confidence=reply.parsed.confidence if quotes else min(reply.parsed.confidence, 0.5),
        citations=tuple(Citation(source=f"{names}, {q.where}", text=q.text) for q in quotes),
        media=tuple(annotated(d.media, DOCUMENTS, text, d.facts) for d in read),
    )
