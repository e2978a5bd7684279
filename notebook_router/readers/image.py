"""Images as facts: size, colour mode, dominant colours, and the text in them (OCR).

``read_image(media)`` opens the image with Pillow, finds its dominant colours
by quantizing a thumbnail, and reads its words with Debian's tesseract
through pytesseract. Without the tesseract program the facts say so and how
to install it, and everything else is still read. A figure's own facts
(title, axes, series: see :mod:`~notebook_router.readers.figure`), captured
when a cell displayed it, travel in the media's ``metadata["figure"]`` and
are kept here too.
"""

from __future__ import annotations

import io
import shutil
from typing import Any

from pydantic import BaseModel, Field

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.extra import missing
from notebook_router.readers.figure import FigureFacts

OCR_INSTALL = (
    "OCR skipped: the tesseract program is not installed. Install it with "
    "`apt-get install tesseract-ocr tesseract-ocr-eng` (scripts/system_deps.sh does), "
    "or `brew install tesseract` on macOS, then run again."
)
COLOURS = 5
"""Dominant colours reported."""
OCR_TIMEOUT_S = 30.0
"""Longest tesseract may read one image (a huge scan would otherwise hold its thread)."""
_OCR_MIN_SIDE = 600
"""Small images are enlarged to about this size first: tesseract reads small text badly."""

_NAMES: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("black", (0, 0, 0)),
    ("white", (255, 255, 255)),
    ("grey", (128, 128, 128)),
    ("light grey", (200, 200, 200)),
    ("dark grey", (64, 64, 64)),
    ("red", (220, 40, 40)),
    ("dark red", (128, 0, 0)),
    ("orange", (255, 140, 0)),
    ("yellow", (240, 220, 40)),
    ("green", (40, 160, 60)),
    ("dark green", (0, 90, 30)),
    ("teal", (0, 128, 128)),
    ("cyan", (0, 200, 220)),
    ("blue", (31, 119, 180)),
    ("blue", (0, 0, 255)),  # pure blue too, not "navy" (matplotlib's blue is above)
    ("navy", (0, 0, 128)),
    ("light blue", (150, 190, 230)),
    ("purple", (128, 60, 160)),
    ("pink", (240, 140, 180)),
    ("brown", (140, 90, 40)),
)
"""Plain colour names and the colours they stand for (a name may have several)."""


class Colour(BaseModel):
    """A dominant colour: its hex code, a plain name, and its share of the pixels."""

    hex: str
    name: str
    share: float


class ImageFacts(BaseModel):
    """What an image holds, as Pillow and tesseract read it."""

    source: str = ""
    format: str = ""
    width: int
    height: int
    mode: str
    colours: list[Colour] = Field(default_factory=list)
    text: str = ""
    """The words OCR read (empty when there are none, or OCR did not run)."""
    ocr: bool = False
    """True when OCR ran."""
    figure: FigureFacts | None = None
    """A matplotlib figure's own facts, when the image is a figure a cell displayed."""
    notes: list[str] = Field(default_factory=list)

    def summary(self) -> str:
        """The image in a few sentences: the figure's description when it is one,
        then size and colours, then the words read from it (not for a figure,
        whose own title and labels say them without OCR's misreadings).

        >>> ImageFacts(width=640, height=480, mode="RGB", format="PNG").summary()
        'A 640×480 PNG image (RGB).'
        """
        out = [self.figure.describe()] if self.figure is not None else []
        kind = f"{self.format} image" if self.format else "image"
        head = f"A {self.width}×{self.height} {kind} ({self.mode})"
        if self.colours:
            named = list(dict.fromkeys(c.name for c in self.colours))
            head += f", mostly {', '.join(named[:3])}"
        out.append(head + ".")
        if self.figure is not None:
            pass  # its title and labels are said above; OCR of a chart reads tick labels as noise
        elif self.text:
            out.append(f"Text in it: “{' '.join(self.text.split())}”.")
        elif self.ocr:
            out.append("OCR found no text in it.")
        out += [n.rstrip(".") + "." for n in self.notes]
        return " ".join(out)


def read_image(media: Media, *, ocr: bool = True) -> ImageFacts:
    """Facts about an image: size, mode, dominant colours, OCR text, figure facts.

    Raises :class:`~notebook_router.errors.MediaReadError` when Pillow cannot
    open it (SVG, a broken file) or Pillow is missing.
    """
    image = _open(media)
    notes: list[str] = []
    text, ran = "", False
    if ocr:
        text, ran, note = ocr_text(image)
        if note:
            notes.append(note)
    return ImageFacts(
        source=media.source,
        format=image.format or media.mime_type.split("/")[-1].upper(),
        width=image.width,
        height=image.height,
        mode=image.mode,
        colours=dominant_colours(image),
        text=text,
        ocr=ran,
        figure=figure_facts(media),
        notes=notes,
    )


def is_image(media: Media) -> bool:
    """True for media :func:`read_image` reads (raster images; SVG is text)."""
    return media.mime_type.startswith("image/") and media.mime_type != "image/svg+xml"


def figure_facts(media: Media) -> FigureFacts | None:
    """The figure facts a cell's display left in ``media.metadata["figure"]``, if any."""
    raw = media.metadata.get("figure")
    if isinstance(raw, FigureFacts):
        return raw
    if isinstance(raw, dict):
        try:
            return FigureFacts.model_validate(raw)
        except ValueError:
            return None
    return None


def dominant_colours(image: Any, count: int = COLOURS) -> list[Colour]:
    """The ``count`` colours covering most of ``image`` (Pillow's median-cut quantize)."""
    small = image.convert("RGB")
    small.thumbnail((128, 128))
    quantized = small.quantize(colors=count)
    palette = quantized.getpalette() or []
    counts = sorted(quantized.getcolors() or [], reverse=True)
    total = sum(n for n, _ in counts) or 1
    out = []
    for n, index in counts[:count]:
        rgb = tuple(palette[index * 3 : index * 3 + 3])
        if len(rgb) == 3:
            out.append(
                Colour(
                    hex="#{:02x}{:02x}{:02x}".format(*rgb),
                    name=_name(rgb),
                    share=round(n / total, 3),
                )
            )
    return out


def ocr_text(image: Any) -> tuple[str, bool, str]:
    """``(text, ran, note)``: the words tesseract reads in ``image``.

    ``ran`` is False, with a note saying how to install it, when the
    tesseract program or pytesseract is missing; a failing run is a note too.
    """
    try:
        import pytesseract
    except ImportError:
        return "", False, "OCR skipped: " + missing("reading text in images", "pytesseract")
    if shutil.which(pytesseract.pytesseract.tesseract_cmd) is None:
        return "", False, OCR_INSTALL
    prepared = _for_ocr(image)
    try:
        text = pytesseract.image_to_string(prepared, timeout=OCR_TIMEOUT_S)
    except pytesseract.TesseractNotFoundError:
        return "", False, OCR_INSTALL
    except (RuntimeError, OSError) as exc:  # TesseractError is a RuntimeError too
        if str(exc) == "Tesseract process timeout":  # pytesseract's words for it
            return "", False, f"OCR stopped after {OCR_TIMEOUT_S:g} s: the image took too long"
        return "", False, f"OCR failed: {exc}"
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return "\n".join(line for line in lines if line), True, ""


def _for_ocr(image: Any) -> Any:
    """Greyscale, and enlarged when small: what tesseract reads best."""
    grey = image.convert("L")
    side = min(grey.width, grey.height)
    if 0 < side < _OCR_MIN_SIDE:
        scale = min(4.0, _OCR_MIN_SIDE / side)
        grey = grey.resize((int(grey.width * scale), int(grey.height * scale)))
    return grey


def _open(media: Media) -> Any:
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise MediaReadError(missing("Reading images", "Pillow")) from None
    if not is_image(media):
        raise MediaReadError(
            f"{media.source or 'this media'} is {media.mime_type}, not a raster image: "
            "give a PNG, JPEG, GIF, WebP, BMP or TIFF (an SVG is read as text)."
        )
    try:
        image = Image.open(io.BytesIO(media.raw))
        image.load()
    except Image.DecompressionBombError as exc:  # not an OSError: Pillow's guard on pixel count
        raise MediaReadError(
            f"{media.source or 'The image'} ({media.mime_type}) is too large to read: {exc} "
            "Give a smaller image (resize it first)."
        ) from None
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise MediaReadError(
            f"Pillow could not open {media.source or 'the image'} ({media.mime_type}): {exc}. "
            "Check that the file is a complete image."
        ) from exc
    return image


def _name(rgb: tuple[int, ...]) -> str:
    """The nearest plain colour name (by distance in RGB: rough, but says what a reader sees)."""

    def distance(named: tuple[str, tuple[int, int, int]]) -> int:
        return sum((a - b) ** 2 for a, b in zip(named[1], rgb, strict=True))

    return min(_NAMES, key=distance)[0]
