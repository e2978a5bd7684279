"""A value a parenthesis restates: "for boys only (sex M)" of a school table.

"boys" is also a value of ``schgend`` (boys' schools), but the parenthesis right after it
says which condition the writer meant: another column and a value the word names in
other words ("M" begins "male", one of the words for "boys"). The word's own reading is
then no condition: its mention is blanked, so only the parenthesis filters, and the word
counts as read. A parenthesis that adds a condition ("tea only (month Feb)"), names the
word's own column ("boys (schgend)") or a column alone ("boys (sex)") restates nothing.
"""

from __future__ import annotations

import re

from notebook_router.analyst.reading import Reading
from notebook_router.language.value_words import other_words
from notebook_router.language.words import word_spans

_RESTATED = re.compile(r"\bV(?P<value>\d+)\s+(?:[a-z]+\s+)?\(\s*C(?P<column>\d+)\s*[^)\s][^)]*\)")
"""A value token, at most one word ("only"), then a parenthesis opening with a column
token and saying more than the column."""


def restated_values(r: Reading) -> None:
    """Blank each value a parenthesis after it restates as another column's condition."""
    for m in list(_RESTATED.finditer(r.skeleton)):
        index = int(m.group("value"))
        said, named = r.mentions[index], r.mentions[int(m.group("column"))]
        if said.column == named.column:
            continue
        word = r.text[said.start : said.end].strip().lower()
        close = r.text.find(")", named.end)  # the text's own places: tokens are shorter
        after = word_spans(r.text[named.end : close if close >= 0 else len(r.text)])
        if not after or not _names(word, after[0][0]):
            continue
        start, end = m.span("value")
        start -= 1  # the token's "V"
        r.skeleton = r.skeleton[:start] + " " * (end - start) + r.skeleton[end:]
        r.restated.add(index)


_CODE_LETTERS = 2
"""A value this short ("M", "F") is a code that begins the word it stands for."""


def _names(word: str, value: str) -> bool:
    """Whether ``word`` says ``value`` in other words ("boys" → "male" → "M")."""
    others = {word, *other_words(word)}
    if value in others:
        return True
    return len(value) <= _CODE_LETTERS and any(o.startswith(value) for o in others)
