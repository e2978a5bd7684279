"""Renderers: pure functions from run state to HTML and text, for notebooks and exports."""

from notebook_router.render.bundle import run_bundle
from notebook_router.render.html import render_html
from notebook_router.render.text import render_text

__all__ = ["render_html", "render_text", "run_bundle"]
