"""Reading images: size, colours, OCR through tesseract, and a figure's own facts."""

from __future__ import annotations

import io
import shutil

import pytest

from notebook_router.errors import MediaReadError
from notebook_router.media import Media
from notebook_router.readers.figure import read_figure
from notebook_router.readers.image import OCR_INSTALL, read_image
from tests.readers.make import line_chart, png_of, text_image

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None,
    reason="tesseract is not installed: run scripts/system_deps.sh (apt-get install tesseract-ocr)",
)


@needs_tesseract
def test_ocr_reads_the_words_drawn_on_an_image() -> None:
    facts = read_image(Media(mime_type="image/png", data=text_image(), source="shot.png"))
    assert (facts.width, facts.height, facts.mode) == (900, 200, "RGB")
    assert facts.ocr and "INVOICE" in facts.text and "315" in facts.text
    assert facts.colours[0].name == "white"
    assert "Text in it: “INVOICE" in facts.summary()


def test_without_tesseract_ocr_is_skipped_with_how_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pytesseract

    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "no-such-tesseract")
    facts = read_image(Media(mime_type="image/png", data=text_image(), source="shot.png"))
    assert not facts.ocr and facts.text == "" and facts.notes == [OCR_INSTALL]
    assert "apt-get install tesseract-ocr" in facts.summary()
    assert facts.width == 900  # the rest is still read


def test_a_figure_is_described_by_its_title_axes_series_and_ranges() -> None:
    facts = read_figure(line_chart())
    assert facts.describe() == (
        "A line chart titled “Revenue by month” with x axis “month” (1 to 12) and "
        "y axis “revenue” (13 to 46); series: North, South."
    )


def test_figure_facts_in_an_images_metadata_come_first_in_its_summary() -> None:
    figure = line_chart()
    media = Media(
        mime_type="image/png",
        data=png_of(figure),
        source="Out[3]",
        metadata={"figure": read_figure(figure).model_dump(mode="json")},
    )
    summary = read_image(media, ocr=False).summary()
    assert summary.startswith("A line chart titled “Revenue by month” with x axis “month”")
    assert "640×480 PNG image" in summary
    # OCR of a chart reads tick labels out of order: the figure's own words stand instead.
    ocr = read_image(media).model_copy(update={"text": "revenue 454 40 4 354 a4 o", "ocr": True})
    assert "Text in it" not in ocr.summary() and "OCR found" not in ocr.summary()


def test_an_image_too_large_to_open_safely_is_a_read_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (100, 100)).save(out, format="PNG")
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)  # 10,000 pixels: over twice the limit
    bomb = Media(mime_type="image/png", data=out.getvalue(), source="huge.png")
    with pytest.raises(MediaReadError, match=r"huge.png \(image/png\) is too large to read.*10000"):
        read_image(bomb)
