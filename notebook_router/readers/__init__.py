"""Readers: what a piece of media holds, as facts an agent can quote.

One module per medium, each with one entry point that takes a
:class:`~notebook_router.media.Media` (or a path; for figures, the live object)
and returns a pydantic model of facts with a summary in words:

* :mod:`~notebook_router.readers.document`: ``read_document(media) -> DocumentFacts``
  (PDF, Word, HTML, Markdown, plain text); agents read documents through
  :mod:`~notebook_router.readers.bounded` (``read_bounded``: a process of its own per
  document, bounded in time, inflated bytes and memory, ended by Stop);
* :mod:`~notebook_router.readers.image`: ``read_image(media) -> ImageFacts``
  (size, mode, dominant colours, OCR text);
* :mod:`~notebook_router.readers.figure`: ``read_figure(fig) -> FigureFacts``
  (a matplotlib figure's title, axes, series and ranges, from the object, not its pixels);
* :mod:`~notebook_router.readers.audio`: ``read_audio(media) -> AudioFacts``
  (duration, rate, channels, loudness, sound and silence);
* :mod:`~notebook_router.readers.video`: ``read_video(media) -> VideoFacts``
  (duration, fps, size, key frames as images);
* :mod:`~notebook_router.readers.files`: the file types the readers know, a file as media;
* :mod:`~notebook_router.readers.named`: the files a task names, resolved and kept inside
  the notebook's folder (the one way an agent reaches the disk).

Core code: no IPython, no widgets. Each reader imports its third-party library
(pypdf, Pillow, soundfile, av...) only when it reads. They come with the ``media``
extra (:mod:`~notebook_router.readers.extra`); a missing one is a
:class:`~notebook_router.errors.MediaToolMissingError` or
:class:`~notebook_router.errors.MediaReadError` whose message is the install line
for that extra.
"""
