"""Write notebook_router/language/data/common_words.txt: everyday English words, not names.

    pip download --no-deps spacy-lookups-data==1.0.5 -d /tmp/lookups
    python scripts/make_common_words.py /tmp/lookups/spacy_lookups_data-1.0.5-py2.py3-none-any.whl

A lower-case word is *common* when (1) it is a WordNet 3.0 lemma or an inflection of one
(``en_lemma_index`` / ``en_lemma_lookup`` of spaCy's lookups data), (2) its lower-case form
is more frequent than its capitalised and upper-case forms in spaCy's English word
probabilities (``en_lexeme_prob``: "car" yes; "berlin", "tokyo", "amazon", "tsla" no, they
are names), and (3) it is frequent enough (log probability at least ``THRESHOLD``). The
tool router's word-by-word accounting reads it to tell a name a parameter may take
("weather in *oslo*") from an everyday word it may not ("weather in my *car*").
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "notebook_router" / "language" / "data" / "common_words.txt"
THRESHOLD = -17.0
_INFLECTIONS = (
    ("s", ""),
    ("es", ""),
    ("ies", "y"),
    ("ed", ""),
    ("ed", "e"),
    ("ing", ""),
    ("ing", "e"),
    ("er", ""),
    ("est", ""),
)
HEADER = """\
# Everyday English words (not names), one a line: read by the tool router's word-by-word
# accounting (notebook_router/tools/absorb.py) to tell a name a parameter may take
# ("weather in oslo") from an everyday word it may not ("weather in my car").
# Made by scripts/make_common_words.py from spaCy's lookups data (spacy-lookups-data
# 1.0.5, MIT): the WordNet 3.0 lemmas and their inflections whose lower-case form is more
# frequent than their capitalised one in its English word probabilities, with a log
# probability of at least {threshold}.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. (WordNet
# licence: permission to use, copy, modify and distribute for any purpose and without fee
# or royalty, with this notice.)
"""


def _read(wheel: zipfile.ZipFile, name: str) -> Any:
    return json.loads(gzip.decompress(wheel.read(f"spacy_lookups_data/data/{name}.json.gz")))


def common_words(wheel_path: Path, threshold: float = THRESHOLD) -> list[str]:
    """The common words (see the module docstring), most frequent first."""
    with zipfile.ZipFile(wheel_path) as wheel:
        probability: dict[str, float] = _read(wheel, "en_lexeme_prob")
        index: dict[str, list[str]] = _read(wheel, "en_lemma_index")
        lookup: dict[str, str] = _read(wheel, "en_lemma_lookup")
    lemmas = {w for words in index.values() for w in words}

    def in_wordnet(word: str) -> bool:
        if word in lemmas or lookup.get(word) in lemmas:
            return True
        return any(
            word.endswith(suffix) and word[: -len(suffix)] + base in lemmas
            for suffix, base in _INFLECTIONS
        )

    found = [
        (p, w)
        for w, p in probability.items()
        if re.fullmatch(r"[a-z]+", w)
        and p >= threshold
        and p > probability.get(w.capitalize(), -99.0)
        and p > probability.get(w.upper(), -99.0)
        and in_wordnet(w)
    ]
    return [w for _, w in sorted(found, key=lambda pw: (-pw[0], pw[1]))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", type=Path, help="the spacy-lookups-data 1.0.5 wheel")
    args = parser.parse_args()
    words = common_words(args.wheel)
    OUT.write_text(HEADER.format(threshold=THRESHOLD) + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} words -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
