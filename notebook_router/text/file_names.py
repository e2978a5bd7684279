"""File names with known extensions, found in free text ("load titanic.csv", "summarise
"Q3 notes.docx"").

One finder for every kind of file a request may name (data files, documents, media):
a quoted name may hold spaces (the quotes are not part of it); a bare name has none,
is not a URL (":" is not a path character, and a name cannot start right after one),
and has a stem before its extension (".csv" alone is a word).
"""

from __future__ import annotations

import re
from collections.abc import Iterable


class FileNames:
    """Finds names ending in one of ``extensions`` (with their dots: ``".csv"``)."""

    def __init__(self, extensions: Iterable[str]) -> None:
        # Longest first, so "jsonl" is not read as "json" followed by "l".
        ext = "|".join(sorted((e.lstrip(".") for e in extensions), key=len, reverse=True))
        end = rf"\.(?:{ext})(?!\w|\.\w)"
        self._quoted = re.compile(
            rf"([\"'`])(?P<path>[^\"'`\n]*[^\s\"'`/\\]{end})\1", re.IGNORECASE
        )
        self._bare = re.compile(rf"(?<![\w./\\~:-])(?P<path>[\w./\\~-]*[\w-]{end})", re.IGNORECASE)

    def find(self, text: str) -> list[str]:
        """The names in ``text`` as written, in order of appearance, each once.

        >>> FileNames([".csv", ".xlsx"]).find('mean of a.csv and "Sales 2024.xlsx", not https://x.org/b.csv')
        ['a.csv', 'Sales 2024.xlsx']
        """
        found: list[tuple[int, str]] = []
        taken: list[range] = []
        for match in self._quoted.finditer(text):
            found.append((match.start(), match["path"]))
            taken.append(range(match.start(), match.end()))
        for match in self._bare.finditer(text):
            if not any(match.start() in span for span in taken):
                found.append((match.start(), match["path"]))
        return list(dict.fromkeys(path for _, path in sorted(found)))
