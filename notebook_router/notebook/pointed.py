"""The outputs a ``%%route`` request points at, found in the recorder's memory as media.

The request's pointing phrases are read once, by
:func:`notebook_router.language.references.mentions`: ``Out[3]``, ``In[3]`` (the
cell's source), ``@cell:<id>``, a kind of output named as a pointer ("the audio clip
above", "that plot", "the recording", "the second chart", "the last output") and
"it". Which output each means is :func:`notebook_router.data.pointers.pick`'s rule:
the newest of its kind, the one an ordinal counts to, and for "it" the previous
request's subject in a follow-up, else the newest medium, narrowed by the properties
the request asks about ("is there silence in it?" is about audio). An "it" that could
mean several outputs comes back *ambiguous*, every candidate marked, for the planner
to ask which.

Loaded with the first run, not at ``%load_ext`` (the language tables are read here).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from notebook_router.data.pointers import OutputRecord, Subject, pick
from notebook_router.language.references import Mention, kinds_asked, mentions
from notebook_router.media import AMBIGUOUS, POINTED, Media
from notebook_router.notebook.outputs import CellOutput, Reference

if TYPE_CHECKING:
    from notebook_router.notebook.outputs import OutputRecorder

Formatter = Callable[[Any], dict[str, Any]]


@dataclass(slots=True)
class _Found:
    """The recorder's outputs, oldest first, with the cell each came from."""

    cells: list[tuple[int, CellOutput]]
    records: list[OutputRecord]


def resolve(
    recorder: OutputRecorder,
    text: str,
    namespace: Mapping[str, Any],
    fmt: Formatter,
    *,
    remember: bool = False,
) -> list[Reference]:
    """Every output ``text`` points at, as media (explicit references first).

    ``remember``: what it pointed at becomes the subject a later "it" means, until
    another output is shown (a ``%%route`` cell's request does this).
    """
    found = mentions(text)
    asked = kinds_asked(text, found)
    outputs = _found(recorder)
    subject = _subject(recorder, outputs)
    refs: list[Reference] = []
    pointed: list[CellOutput] = []
    for mention in sorted(found, key=_order):
        ref = _one(recorder, mention, outputs, asked, subject, namespace, fmt, pointed)
        if ref is not None:
            refs.append(_tagged(ref))
    if remember:
        recorder.subject = (tuple(pointed), recorder.recorded)
    return refs


def _one(
    recorder: OutputRecorder,
    mention: Mention,
    outputs: _Found,
    asked: frozenset[str],
    subject: Subject,
    namespace: Mapping[str, Any],
    fmt: Formatter,
    pointed: list[CellOutput],
) -> Reference | None:
    phrase = mention.phrase
    if mention.explicit == "Out":
        ref, output = recorder.out(int(mention.target), phrase, namespace, fmt)
        pointed += [output] if output is not None else []
        return ref
    if mention.explicit == "In":
        return recorder.source_of(int(mention.target), phrase)
    if mention.explicit == "cell":
        ref = recorder.cell(mention.target, phrase)
        n = recorder.cell_ids.get(mention.target)
        pointed += recorder.cells.get(n, []) if n is not None else []
        return ref
    chosen = pick(mention, outputs.records, asked=asked, subject=subject)
    if chosen.ambiguous:
        candidates = [outputs.cells[i] for i in chosen.outputs]
        pointed += [o for _, o in candidates]
        return _ambiguous(phrase, candidates)
    if chosen.outputs:
        n, output = outputs.cells[chosen.outputs[0]]
        if any(output is p for p in pointed):
            return None  # "the chart above and that plot": one output, attached once
        pointed.append(output)
        return recorder.ref(phrase, [output], _name(n, output))
    if "table" in mention.kinds:
        table = _only_table(namespace, fmt)
        if table is not None:
            name, output = table
            return recorder.ref(phrase, [output], f"the variable {name}")
    if mention.strong:
        return Reference(phrase, (), f"{phrase}: nothing matching in the recent outputs")
    return None  # "the report", "it": may name something new, or the data


def _tagged(ref: Reference) -> Reference:
    """``ref`` with each medium saying which phrase pointed at it (``media.POINTED``)."""
    media = tuple(
        m.model_copy(update={"metadata": {**m.metadata, POINTED: ref.phrase}}) for m in ref.media
    )
    return Reference(ref.phrase, media, ref.note, ambiguous=ref.ambiguous)


def _order(mention: Mention) -> tuple[int, int]:
    """Explicit references first (``Out[n]``, then ``In[n]``, then ``@cell:``), then the
    rest in text order: the order a run's attachments have always had."""
    return ({"Out": 0, "In": 1, "cell": 2}.get(mention.explicit or "", 3), mention.start)


def _ambiguous(phrase: str, candidates: list[tuple[int, CellOutput]]) -> Reference:
    media: list[Media] = []
    for n, output in candidates:
        found = output.to_media(_name(n, output))
        if found is not None:
            meta = {**found.metadata, AMBIGUOUS: phrase}
            media.append(found.model_copy(update={"metadata": meta}))
    named = " or ".join(f"{m.source} ({m.description})" for m in media)
    return Reference(phrase, tuple(media), f"“{phrase}” may mean {named}", ambiguous=True)


def _name(n: int, output: CellOutput) -> str:
    """How an answer names an output: ``Out[n]`` for a cell's result, else by its cell."""
    return f"Out[{n}]" if output.kind == "result" and n > 0 else f"the output of cell {n}"


def _found(recorder: OutputRecorder) -> _Found:
    cells = [(n, o) for n, outputs in recorder.cells.items() for o in outputs]
    records = [OutputRecord(kind_of_output(o), stamp=n) for n, o in cells]
    return _Found(cells, records)


def _subject(recorder: OutputRecorder, outputs: _Found) -> Subject:
    if recorder.subject is None:
        return Subject()
    about, mark = recorder.subject
    indices = tuple(i for i, (_, o) in enumerate(outputs.cells) if any(o is a for a in about))
    return Subject(indices, current=mark == recorder.recorded)


def kind_of_output(output: CellOutput) -> str:
    """What an output is, in the words' kinds: audio, video, image, document, table, text."""
    mimes = list(output.data)
    html = output.data.get("text/html")
    markup = html.lower() if isinstance(html, str) else ""
    if any(m.startswith("audio/") for m in mimes) or "<audio" in markup:
        return "audio"
    if any(m.startswith("video/") for m in mimes) or "<video" in markup:
        return "video"
    if output.is_image():
        return "image"
    if "application/pdf" in mimes:
        return "document"
    if output.is_table():
        return "table"
    return "text"


def _only_table(namespace: Mapping[str, Any], fmt: Formatter) -> tuple[str, CellOutput] | None:
    """The one DataFrame in the namespace ("that table" with no table shown), if one."""
    tables = [
        (name, v)
        for name, v in namespace.items()
        if not name.startswith("_") and hasattr(v, "shape") and hasattr(v, "columns")
    ]
    if len(tables) != 1:
        return None
    name, value = tables[0]
    return name, CellOutput(0, None, fmt(value), "result", value)
