"""Readers: what a piece of media holds, as facts an agent can quote.

One module per medium, each with one entry point that takes a
:class:`~notebook_router.media.Media` (or, for figures, the live object) and
returns a pydantic model of facts:

* :mod:`~notebook_router.readers.document`: ``read_document(media) -> DocumentFacts``
  (PDF, Word, HTML, Markdown, plain text);
* :mod:`~notebook_router.readers.image`: ``read_image(media) -> ImageFacts``
  (size, mode, dominant colours, OCR text);
* :mod:`~notebook_router.readers.figure`: ``read_figure(fig) -> FigureFacts``
  (a matplotlib figure's title, axes, series and ranges, from the object, not its pixels);
* :mod:`~notebook_router.readers.files`: files a request names on disk, as media.

Readers never import IPython, and import their third-party library only when
they read (a missing one is a :class:`~notebook_router.errors.MediaReadError`
that names the package to install).
"""
