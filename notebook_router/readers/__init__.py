"""What media say, read with real libraries: documents, images, audio, video.

Each reader takes a :class:`~notebook_router.media.Media` (or a path) and
returns facts about it (a small dataclass with a ``summary()`` in words).
Core code: no IPython, no widgets; the heavy libraries (numpy, soundfile, av,
Pillow) are imported when a reader first runs, never with this package.
"""
