"""Whether a short code stands for the words said before it ("likely voter (LV)").

A code stands for words when each word gives its first letter and maybe more of its own
letters in order: "lv" for "likely voter", "ses" for "socioeconomic status", "repwt" for
"reported weight", "glu" for "glucose". This is how people shorten a description into a
column name or a category code, so a bracketed code can be read together with the words
it defines.
"""

from __future__ import annotations


def stands_for(code: str, words: list[str]) -> bool:
    """Whether ``code`` (lower case) is each of ``words``' first letter, each followed by
    none or more of that word's later letters in order.

    >>> stands_for("ses", ["socioeconomic", "status"]), stands_for("lv", ["margin"])
    (True, False)
    """
    if not words:
        return not code
    word, rest = words[0], words[1:]
    if not code or not word or code[0] != word[0]:
        return False
    # how many of the code's letters this word gives, the rest coming from the next words
    return any(
        _in_order(code[1:taken], word[1:]) and stands_for(code[taken:], rest)
        for taken in range(1, len(code) + 1)
    )


def _in_order(letters: str, word: str) -> bool:
    rest = iter(word)
    return all(ch in rest for ch in letters)
