"""Real media made at test time: a PDF (matplotlib), a Word file (python-docx), an image
with words on it (Pillow), a chart (matplotlib)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from notebook_router.media import Media

PAGES = (
    (
        "Revenue grew by 12 percent in the third quarter.",
        "The north region led with 4.1 million euros.",
        "The office plants were watered on Tuesdays.",
    ),
    (
        "Costs fell slightly over the year.",
        "Therefore the margin improved to 18 percent.",
    ),
)


def pdf_bytes(pages: tuple[tuple[str, ...], ...] = PAGES, title: str = "Quarterly report") -> bytes:
    """A PDF with one line of text per sentence, a page per tuple, and a title and author."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    buffer = io.BytesIO()
    with PdfPages(buffer, metadata={"Title": title, "Author": "Ada Lovelace"}) as pdf:
        for lines in pages:
            figure = plt.figure(figsize=(8.5, 11))
            for i, line in enumerate(lines):
                figure.text(0.08, 0.92 - 0.04 * i, line, fontsize=11)
            pdf.savefig(figure)
            plt.close(figure)
    return buffer.getvalue()


def write_pdf(folder: Path, name: str = "report.pdf") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pdf_bytes())
    return path


def docx_bytes() -> bytes:
    """A Word file with a title, two headed sections and a table."""
    import docx

    document = docx.Document()
    document.core_properties.author = "Grace Hopper"
    document.add_heading("Field notes", level=1)
    document.add_paragraph("The survey covered three sites in the spring.")
    document.add_heading("Findings", level=2)
    document.add_paragraph("Bird counts doubled at the river site. Therefore the site is kept.")
    table = document.add_table(rows=2, cols=2)
    for row, cells in zip(table.rows, [("site", "birds"), ("river", "42")], strict=True):
        for cell, text in zip(row.cells, cells, strict=True):
            cell.text = text
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def text_image(
    words: str = "INVOICE 2024 TOTAL 315 EUR", size: tuple[int, int] = (900, 200)
) -> bytes:
    """A white PNG with ``words`` drawn in black, large enough for OCR."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=48)
    draw.text((30, 60), words, fill="black", font=font)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def line_chart() -> Any:
    """A matplotlib figure: a line chart titled "Revenue by month" with two series."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots()
    months = list(range(1, 13))
    ax.plot(months, [10 + 3 * m for m in months], label="North")
    ax.plot(months, [12 + m for m in months], label="South")
    ax.set_title("Revenue by month")
    ax.set_xlabel("month")
    ax.set_ylabel("revenue")
    ax.legend()
    return figure


def png_of(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def chart_media(source: str) -> Media:
    """The line chart as a PNG output, with what its figure object said (as the kernel's
    hook records it)."""
    from notebook_router.readers.figure import read_figure

    figure = line_chart()
    return Media(
        mime_type="image/png",
        data=png_of(figure),
        source=source,
        metadata={"figure": read_figure(figure).model_dump(mode="json")},
    )


def pdf_media(source: str = "report.pdf") -> Media:
    return Media(mime_type="application/pdf", data=pdf_bytes(), source=source)


def raw_pdf(content: bytes, pages: int = 1) -> bytes:
    """A PDF written byte by byte: ``pages`` pages, each drawing ``content`` from one
    deflate stream (shared), with Helvetica for text operators. No library: a hostile
    file is whatever bytes one writes."""
    import zlib

    stream = zlib.compress(content, 9)
    kids = " ".join(f"{3 + i} 0 R" for i in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode(),
    ]
    content_ref = 3 + pages
    font = "<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"
    objects += [
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {content_ref} 0 R "
        f"/Resources {font} >>".encode()
        for _ in range(pages)
    ]
    objects.append(
        f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode()
        + stream
        + b"\nendstream"
    )
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)


def bomb_content(inflated: int) -> bytes:
    """Page content that deflates about a thousand times over: one short path, repeated."""
    line = b"0 0 m 1 1 l S\n"
    return line * (inflated // len(line))


def busy_content(inflated: int, seed: int = 0) -> bytes:
    """Page content that deflates only about three times over (paths between scattered
    points, as a dense chart draws), so it passes for a real page and is slow to parse."""
    import random

    pick = random.Random(seed).randrange
    lines = []
    size = 0
    while size < inflated:
        line = f"{pick(612)} {pick(792)} m {pick(612)} {pick(792)} l S\n".encode()
        lines.append(line)
        size += len(line)
    return b"".join(lines)
