"""Semantic compression of context values: three levels, chosen by size, read by content.

>>> from notebook_router.context.compress import compress
>>> compress("def area(r):\\n    '''The area of a circle.'''\\n    return 3.14159 * r * r\\n",
...          level="heavy").text
'def area(r)'

See :mod:`~notebook_router.context.compress.levels` for the levels and how one is
chosen, and the modules by kind (:mod:`.prose`, :mod:`.code`, :mod:`.table`,
:mod:`.data`) for what each level keeps.
"""

from __future__ import annotations

from notebook_router.context.compress.facts import facts_in, retained
from notebook_router.context.compress.kinds import kind_of
from notebook_router.context.compress.levels import LEVELS, Compressed, Kind, Level, compress

__all__ = ["LEVELS", "Compressed", "Kind", "Level", "compress", "facts_in", "kind_of", "retained"]
