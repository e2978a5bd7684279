"""Renderers: pure functions from run state to HTML and text, for notebooks and exports."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notebook_router.lazy import lazy_exports

if TYPE_CHECKING:
    from notebook_router.render.bundle import run_bundle
    from notebook_router.render.html import render_html
    from notebook_router.render.text import render_text

__all__ = ["render_html", "render_text", "run_bundle"]

# Imported on first use: registering how runs show (render.display) happens in
# every kernel at start-up and must not pay for the renderers and the run state.
if not TYPE_CHECKING:
    __getattr__ = lazy_exports(
        __name__,
        {
            "render_html": "notebook_router.render.html",
            "render_text": "notebook_router.render.text",
            "run_bundle": "notebook_router.render.bundle",
        },
    )
