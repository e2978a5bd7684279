"""A memory of recent cell outputs, and looking them up as media.

Every display (``display(...)``, figures, rich reprs) and every execute
result is recorded with the cell that made it, for the last ``max_cells``
cells. A task can then point at them (see :mod:`~notebook_router.notebook.pointed`):

* explicitly: ``Out[3]``, ``In[3]`` (the cell's source), ``@cell:<id>``;
* implicitly: "the chart above", "the audio clip above", "that table", "the last
  output", "it" resolve to the output they mean (or, for tables, the one DataFrame
  in the namespace).

What is found travels with the run as :class:`~notebook_router.media.Media`,
never pasted into the prompt.
"""

from __future__ import annotations

import base64
import contextlib
import io
import re
import sys
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO

from notebook_router.text.preview import preview
from notebook_router.text.secrets import redact

# Recording starts at ``%load_ext``, in every kernel, before any run: Media (a
# pydantic model) is imported when a run first turns an output into media.
if TYPE_CHECKING:
    from notebook_router.media import Media

# Most useful first: what a multimodal model or an agent can use best.
MEDIA_ORDER = (
    "image/png",
    "image/jpeg",
    "image/svg+xml",
    "application/pdf",
    "audio/wav",
    "audio/mpeg",
    "audio/ogg",
    "text/html",
    "text/markdown",
    "text/plain",
)
_BINARY = ("image/png", "image/jpeg", "application/pdf", "audio/wav", "audio/mpeg", "audio/ogg")
_IMAGES = ("image/png", "image/jpeg", "image/svg+xml")
OWN_OUTPUT = "notebook_router"
"""Metadata key marking our own views: never treated as user outputs, always shown keys masked."""


def show_own(bundle: dict[str, Any]) -> None:
    """Display one of our own views (a run's status, a stored run, a table of runs).

    Marked with :data:`OWN_OUTPUT`, so "the chart above" or "that table" never
    points at the router's own plan table or tree, and keys in it are masked
    on the way out (see :class:`~notebook_router.notebook.session.NotebookSession`).
    """
    from IPython.display import display

    display(bundle, raw=True, metadata={OWN_OUTPUT: {}})


class _MaskedStream(io.TextIOBase):
    """A text stream that masks keys on the way to ``target``."""

    def __init__(self, target: TextIO) -> None:
        self._target = target

    def write(self, text: str) -> int:
        self._target.write(redact(text))
        return len(text)

    def flush(self) -> None:
        self._target.flush()


@contextlib.contextmanager
def masked_prints() -> Iterator[None]:
    """Mask keys in what is printed inside (the magics' replies echo what the user typed).

    IPython expands ``{key}`` in a line magic before the magic sees it, so
    ``%route redirect "use {key}"`` would otherwise print the key itself.
    """
    with contextlib.redirect_stdout(_MaskedStream(sys.stdout)):
        yield


@dataclass(slots=True)
class CellOutput:
    """One output of one cell."""

    execution_count: int
    cell_id: str | None
    data: dict[str, Any]
    kind: str  # "display" or "result"
    obj: Any = None
    figure: dict[str, Any] | None = None
    """A matplotlib figure's facts (see :func:`figure_facts`), read when it was displayed."""

    def best_mime(self) -> str | None:
        """The most useful MIME type this output has."""
        return next((m for m in MEDIA_ORDER if m in self.data), None)

    def is_image(self) -> bool:
        return any(m in self.data for m in _IMAGES)

    def is_table(self) -> bool:
        if self.obj is not None and hasattr(self.obj, "shape") and hasattr(self.obj, "columns"):
            return True
        html = self.data.get("text/html")
        return isinstance(html, str) and "<table" in html

    def to_media(self, source: str) -> Media | None:
        """This output as media (its best MIME type), described for a reader."""
        audio = audio_output_media(self, source)
        if audio is not None:
            return audio
        mime = self.best_mime()
        if mime is None:
            return None
        payload = self.data[mime]
        if mime in _BINARY and isinstance(payload, str):
            payload = base64.b64decode(payload)
        if isinstance(payload, (list, dict)):
            payload = str(payload)
        metadata: dict[str, Any] = {
            "execution_count": self.execution_count,
            "cell_id": self.cell_id,
        }
        if self.figure is not None:
            metadata["figure"] = self.figure
        return _media(
            mime_type=mime,
            data=payload,
            source=source,
            description=self.describe(),
            metadata=metadata,
        )

    def describe(self) -> str:
        """A one-line description (a table's shape, columns and head; a figure's labels)."""
        obj = self.obj
        if is_figure(obj):
            return describe_figure(obj)
        if self.figure is not None:
            return _figure_sentence(self.figure)
        if obj is not None and hasattr(obj, "shape") and hasattr(obj, "columns"):
            dtypes = getattr(obj, "dtypes", None)
            schema = (
                ", ".join(f"{c}: {dtypes[c]}" for c in list(obj.columns)[:12])
                if dtypes is not None
                else ""
            )
            head = preview(obj.head(3).to_dict("records") if hasattr(obj, "head") else obj, 300)
            return f"{type(obj).__name__} {obj.shape[0]}×{obj.shape[1]} ({schema}); head: {head}"
        plain = self.data.get("text/plain")
        return preview(plain, 160) if isinstance(plain, str) else (self.best_mime() or "output")


_AUDIO_TAG = re.compile(r"<audio\b.*?</audio>", re.IGNORECASE | re.DOTALL)
_SRC = re.compile(r"""\bsrc\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_DATA_URL = re.compile(
    r"^data:(audio/[\w.+-]{1,100})(?:;[\w=.-]+)*;base64,(.*)$", re.DOTALL | re.ASCII
)
_AUDIO_TYPES = {"audio/x-wav": "audio/wav", "audio/wave": "audio/wav", "audio/mp3": "audio/mpeg"}


def audio_output_media(output: CellOutput, source: str) -> Media | None:
    """An ``IPython.display.Audio`` output as audio media, or None for any other output.

    Such an output is only HTML (an ``<audio>`` element whose ``<source>`` is a
    ``data:audio/wav;base64,...`` URL): sent as its best MIME type it would reach
    a model as kilobytes of base64 inside HTML text. The sound is decoded from
    the data URL instead. An ``Audio(url=...)`` embeds no sound: it becomes a
    line of text naming the URL, never the HTML.
    """
    html = output.data.get("text/html")
    if any(m.startswith("audio/") for m in output.data) or not isinstance(html, str):
        return None  # a bundle with audio itself is taken as it is
    tag = _AUDIO_TAG.search(html)
    if tag is None:
        return None
    meta = {"execution_count": output.execution_count, "cell_id": output.cell_id}
    for url in _SRC.findall(tag.group(0)):
        found = _DATA_URL.match(url.strip())
        if found is None:
            continue
        try:
            sound = base64.b64decode("".join(found.group(2).split()), validate=True)
        except ValueError:
            continue
        mime = _AUDIO_TYPES.get(found.group(1).lower(), found.group(1).lower())
        about = f"audio ({mime}, {len(sound) / 1024:.1f} KB) from an IPython Audio output"
        return _media(mime, sound, source, about, {**meta, "recovered_from": "text/html"})
    urls = [u for u in _SRC.findall(tag.group(0)) if not u.startswith("data:")]
    where = f" at {urls[0]}" if urls else ""
    note = (
        f"an audio player{where} (the sound is not embedded in the notebook, so it cannot be sent)"
    )
    return _media("text/plain", note, source, note, meta)


def _media(
    mime_type: str,
    data: bytes | str,
    source: str,
    description: str,
    metadata: dict[str, Any] | None = None,
) -> Media:
    from notebook_router.media import Media  # see the import block: not at %load_ext

    return Media(
        mime_type=mime_type,
        data=data,
        source=source,
        description=description,
        metadata=metadata or {},
    )


def is_figure(value: Any) -> bool:
    """True for a matplotlib figure (checked by shape, so matplotlib is never imported)."""
    return type(value).__name__ == "Figure" and hasattr(value, "savefig")


def describe_figure(figure: Any) -> str:
    """A figure's title, axis labels and series names: what its pixels say in words.

    This is what a reader (or a model without vision) learns about a chart
    without seeing it, e.g. ``figure: Revenue (y: EUR; series: North, South)``.
    """
    axes = list(figure.get_axes()) if hasattr(figure, "get_axes") else []
    suptitle = getattr(figure, "_suptitle", None)
    title = suptitle.get_text() if suptitle is not None else ""
    if not title and axes:
        title = axes[0].get_title()
    details = []
    for ax in axes[:4]:
        bits = [
            f"{axis}: {label}"
            for axis, label in (("x", ax.get_xlabel()), ("y", ax.get_ylabel()))
            if label
        ]
        series = [s for s in ax.get_legend_handles_labels()[1] if not s.startswith("_")]
        if series:
            bits.append("series: " + ", ".join(series[:8]) + (" …" if len(series) > 8 else ""))
        if bits:
            details.append("; ".join(bits))
    head = f"figure: {title}" if title else "figure"
    return f"{head} ({' | '.join(details)})" if details else head


def figure_facts(obj: Any) -> dict[str, Any] | None:
    """What a figure about to be displayed knows (title, axes, series, ranges), as plain data.

    Read from the object, since its PNG alone cannot say what the axes mean;
    kept in the output's media as ``metadata["figure"]`` for the image agent.
    None for anything that is not a matplotlib figure.
    """
    if not is_figure(obj):
        return None
    from notebook_router.readers.figure import read_figure

    return read_figure(obj).model_dump(mode="json")


def _figure_sentence(facts: dict[str, Any]) -> str:
    from notebook_router.readers.figure import FigureFacts

    return "figure: " + FigureFacts.model_validate(facts).describe()


@dataclass(frozen=True, slots=True)
class Reference:
    """A reference found in a task and what it resolved to."""

    phrase: str
    media: tuple[Media, ...]
    note: str
    ambiguous: bool = False
    """The phrase ("it") may mean any of ``media``: which one is for the user to say."""


@dataclass
class OutputRecorder:
    """Keeps the outputs of the last ``max_cells`` cells, keyed by execution count."""

    max_cells: int = 50
    cells: OrderedDict[int, list[CellOutput]] = field(default_factory=OrderedDict)
    cell_ids: dict[str, int] = field(default_factory=dict)
    sources: dict[int, str] = field(default_factory=dict)
    current: int = 0
    current_id: str | None = None
    last_number: int = 0
    """The number the last finished cell was filed under."""
    _provisional: int = 0
    _on_finish: list[Callable[[int], None]] = field(default_factory=list)
    _figure: tuple[Any, dict[str, Any]] | None = None
    """The bundle a figure was just formatted into, and its facts (see :meth:`formatted`)."""
    recorded: int = 0
    """How many outputs have been recorded: a clock that moves whenever one is shown."""
    subject: tuple[tuple[CellOutput, ...], int] | None = None
    """What the last ``%%route`` request pointed at, and :attr:`recorded` then: while no
    output has been shown since, a follow-up's "it" means it (None: no request yet)."""

    # ----------------------------------------------------------------- recording

    def start_cell(self, cell_id: str | None, source: str) -> None:
        """A cell is about to run.

        Its execution count is only certain once it has run (IPython 9 bumps
        the counter before ``pre_run_cell``, IPython 8 after), so outputs go
        under a provisional key until :meth:`finish_cell`.
        """
        self._provisional -= 1
        self.current, self.current_id = self._provisional, cell_id
        self.sources[self.current] = source
        if cell_id:
            self.cell_ids[cell_id] = self.current

    def finish_cell(self, execution_count: int | None) -> None:
        """The current cell ran as ``In[execution_count]``: file its outputs there.

        ``None`` is a cell the kernel did not number (run without storing
        history, as nbval runs every cell): it is filed as the cell after the
        last one, which is the number Run All shows for it in a frontend, so
        ``Out[n]`` in a notebook means the same under nbval as in Jupyter.
        """
        if execution_count is None:
            execution_count = self.last_number + 1
        self.last_number = execution_count
        provisional = self.current
        outputs = self.cells.pop(provisional, [])
        for output in outputs:
            output.execution_count = execution_count
        if outputs:
            self.cells.setdefault(execution_count, []).extend(outputs)
            self.cells.move_to_end(execution_count)
        source = self.sources.pop(provisional, None)
        if source is not None:
            self.sources[execution_count] = source
        if self.current_id:
            self.cell_ids[self.current_id] = execution_count
        self.current = execution_count
        callbacks, self._on_finish = self._on_finish, []
        for callback in callbacks:
            callback(execution_count)

    def when_finished(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(execution_count)`` once the current cell has finished."""
        self._on_finish.append(callback)

    def formatted(self, obj: Any, bundle: Any) -> None:
        """``obj`` was just formatted into ``bundle``: if it is a figure, keep its facts
        for when that very bundle is recorded (a display or a cell's result)."""
        facts = figure_facts(obj)
        self._figure = (bundle, facts) if facts is not None else None

    def record(self, data: Mapping[str, Any], *, kind: str = "display", obj: Any = None) -> None:
        """Record one output of the current cell."""
        outputs = self.cells.setdefault(self.current, [])
        pending, self._figure = self._figure, None
        figure = pending[1] if pending is not None and pending[0] is data else None
        outputs.append(CellOutput(self.current, self.current_id, dict(data), kind, obj, figure))
        self.recorded += 1
        self.cells.move_to_end(self.current)
        while len(self.cells) > self.max_cells:
            old, _ = self.cells.popitem(last=False)
            self.sources.pop(old, None)

    # ---------------------------------------------------------------- looking up
    # (which outputs a request's words point at: notebook_router.notebook.pointed)

    def out(
        self,
        n: int,
        phrase: str,
        namespace: Mapping[str, Any],
        fmt: Callable[[Any], dict[str, Any]],
    ) -> tuple[Reference, CellOutput | None]:
        """``Out[n]`` as media, and the recorded output it is (None when not recorded)."""
        for output in self.cells.get(n, []):
            if output.kind == "result":
                return self.ref(phrase, [output], f"Out[{n}]"), output
        out = namespace.get("Out", {})
        if isinstance(out, Mapping) and n in out:
            output = CellOutput(n, None, fmt(out[n]), "result", out[n])
            return self.ref(phrase, [output], f"Out[{n}]"), None
        missing = f"{phrase}: no such output (kept: the last {self.max_cells} cells)"
        return Reference(phrase, (), missing), None

    def source_of(self, n: int, phrase: str) -> Reference:
        """``In[n]``: the source of cell ``n`` as code media."""
        source = self.sources.get(n)
        if source is None:
            return Reference(phrase, (), f"{phrase}: no such cell in this session")
        media = _media(
            mime_type="text/x-python",
            data=source,
            source=f"In[{n}]",
            description=f"source of cell {n}",
        )
        return Reference(phrase, (media,), f"{phrase}: the source of cell {n}")

    def cell(self, cell_id: str, phrase: str) -> Reference:
        """``@cell:<id>``: every output of that cell."""
        n = self.cell_ids.get(cell_id)
        if n is None or n not in self.cells:
            return Reference(phrase, (), f"{phrase}: no outputs recorded for that cell")
        return self.ref(phrase, self.cells[n], f"@cell:{cell_id}")

    @staticmethod
    def ref(phrase: str, outputs: list[CellOutput], source: str) -> Reference:
        """A reference to ``outputs`` as media named ``source``."""
        media = tuple(m for m in (o.to_media(source) for o in outputs) if m is not None)
        return Reference(phrase, media, f"{phrase} → {source}")
