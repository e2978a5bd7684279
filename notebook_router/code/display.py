"""``display(obj)`` inside the code: each object becomes one Media, in call order.

The richest representation wins (an image over HTML over Markdown over plain
text), the way a notebook front-end picks one; the plain ``repr`` travels in
``metadata["text/plain"]`` so a text-only model can still read it. Objects
are rendered at the call, as a notebook would, so later changes do not show.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import threading
from typing import Any

from notebook_router.media import Media

PLAIN_CHARS = 20_000
"""Longest plain-text rendering kept per displayed object."""

RICHEST_FIRST = (
    "image/png",
    "image/jpeg",
    "image/svg+xml",
    "text/html",
    "text/markdown",
    "text/latex",
    "application/json",
    "text/plain",
)
_METHODS = {
    "image/png": "_repr_png_",
    "image/jpeg": "_repr_jpeg_",
    "image/svg+xml": "_repr_svg_",
    "text/html": "_repr_html_",
    "text/markdown": "_repr_markdown_",
    "text/latex": "_repr_latex_",
    "application/json": "_repr_json_",
}
_BINARY = ("image/png", "image/jpeg")


class Displays:
    """What one run displayed; ``display`` is the function the code calls."""

    def __init__(self) -> None:
        self._media: list[Media] = []
        self._figures: set[int] = set()  # ids of matplotlib figures shown through display()
        self._lock = threading.Lock()

    def display(self, *objs: Any, **_options: Any) -> None:
        """Capture each object (IPython's keyword options are accepted and ignored)."""
        for obj in objs:
            media = figure_media(obj) if is_figure(obj) else media_of(obj)
            with self._lock:
                if is_figure(obj):
                    self._figures.add(id(obj))
                self._media.append(media)

    def media(self) -> tuple[Media, ...]:
        with self._lock:
            return tuple(self._media)

    def shown(self, figure: Any) -> bool:
        """True if ``figure`` was already captured through ``display``."""
        with self._lock:
            return id(figure) in self._figures


def media_of(obj: Any) -> Media:
    """``obj`` as one Media: its richest representation, its plain ``repr`` in the metadata."""
    bundle = mime_bundle(obj)
    mime = next(m for m in RICHEST_FIRST if m in bundle)
    plain = bundle["text/plain"]
    metadata = {} if mime == "text/plain" else {"text/plain": plain}
    return Media(
        mime_type=mime, data=bundle[mime], description=type(obj).__name__, metadata=metadata
    )


def mime_bundle(obj: Any) -> dict[str, str | bytes]:
    """Every representation ``obj`` offers; always has ``text/plain``."""
    bundle: dict[str, str | bytes] = {}
    if not isinstance(obj, type):  # a class's _repr_html_ is an unbound method, not its repr
        bundle.update(_from_mimebundle(obj))
        for mime, method in _METHODS.items():
            if mime not in bundle:
                value = _call(obj, method)
                if value is not None:
                    bundle[mime] = value
    bundle = {m: v for m, v in ((m, _payload(m, v)) for m, v in bundle.items()) if v is not None}
    bundle["text/plain"] = _plain(obj)
    return bundle


def is_figure(obj: Any) -> bool:
    """A matplotlib Figure (told by its methods, so matplotlib need not be imported)."""
    return callable(getattr(type(obj), "savefig", None)) and hasattr(obj, "canvas")


def figure_media(figure: Any) -> Media:
    """A matplotlib figure as PNG; described by its first axes title, else "figure"."""
    out = io.BytesIO()
    figure.savefig(out, format="png", bbox_inches="tight")
    return Media(mime_type="image/png", data=out.getvalue(), description=_title(figure))


def _title(figure: Any) -> str:
    for axes in figure.get_axes():
        if axes.get_title():
            return str(axes.get_title())
    suptitle = getattr(figure, "_suptitle", None)
    return str(suptitle.get_text()) if suptitle is not None and suptitle.get_text() else "figure"


def _from_mimebundle(obj: Any) -> dict[str, Any]:
    got = _call(obj, "_repr_mimebundle_", include=None, exclude=None)
    if isinstance(got, tuple) and got:
        got = got[0]  # (data, metadata)
    return {str(k): v for k, v in got.items()} if isinstance(got, dict) else {}


def _call(obj: Any, name: str, **kwargs: Any) -> Any:
    """``obj.name(**kwargs)``, or None if it has no such method or the method fails."""
    try:
        method = getattr(obj, name, None)
        return method(**kwargs) if callable(method) else None
    except Exception:  # a broken _repr_ must not fail the display, as in IPython
        return None


def _payload(mime: str, value: Any) -> str | bytes | None:
    if isinstance(value, tuple) and value:
        value = value[0]  # _repr_png_ may return (data, metadata)
    if mime in _BINARY:
        if isinstance(value, str):  # base64, as in a notebook file
            try:
                return base64.b64decode(value)
            except (binascii.Error, ValueError):
                return None
        return value if isinstance(value, bytes) else None
    if isinstance(value, (dict, list)) and mime == "application/json":
        return json.dumps(value, default=str)
    return value if isinstance(value, str) else None


def _plain(obj: Any) -> str:
    try:
        text = repr(obj)
    except Exception as exc:
        text = f"<{type(obj).__name__} object; repr failed: {type(exc).__name__}: {exc}>"
    if len(text) > PLAIN_CHARS:
        text = text[:PLAIN_CHARS] + f"\n… ({len(text) - PLAIN_CHARS} more characters)"
    return text
