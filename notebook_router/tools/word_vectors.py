"""Sentence vectors from word vectors that ship inside a Python package: no download, ever.

Lexical relevance cannot know that "gratuity" is a tip or that "put on some
jazz" is playing music unless a lexicon says so. Static word vectors know
it, and a small set of them is cheap: WordLlama's 256-dimension token
embeddings (MIT licence, 16 MB of float16, trained on LLM token embeddings)
are *inside* its wheel, so ``pip install 'notebook-router[embeddings]'`` is
all it takes. A text's vector is the mean of its tokens' vectors, normalised.

Only the package's files are read (with ``safetensors`` and ``tokenizers``):
importing ``wordllama`` itself configures the root logger and, as released,
looks for its tokenizer in a folder the wheel does not have and goes to
Hugging Face for it. Without the extra, :func:`bundled_embedder` is None and
routing is lexical only.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

log = logging.getLogger(__name__)

PACKAGE = "wordllama"
WEIGHTS = Path("weights") / "l2_supercat_256.safetensors"
TOKENIZER = Path("tokenizers") / "l2_supercat_tokenizer_config.json"
MAX_TOKENS = 256
"""A text is read up to this many tokens (a tool's description, a request)."""
MAX_CHARS = 16 * MAX_TOKENS
"""... and cut to this many characters first: tokenizing a pasted 800 kB text whole takes
a third of a second, and only its first tokens count."""


class StaticEmbedder:
    """Mean of token vectors, normalised: an :class:`~.embedding.Embedder` with numpy rows."""

    def __init__(self, vectors: NDArray[np.floating[Any]], tokenizer: Any) -> None:
        self.vectors = vectors
        self.tokenizer = tokenizer

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """One unit vector per text (all zeros for a text with no tokens)."""
        import numpy as np

        out = np.zeros((len(texts), self.vectors.shape[1]), dtype=np.float32)
        cut = [text[:MAX_CHARS] for text in texts]
        encodings = self.tokenizer.encode_batch(cut, add_special_tokens=False)
        for i, encoding in enumerate(encodings):
            ids = np.asarray(encoding.ids[:MAX_TOKENS], dtype=np.int64)
            if ids.size:
                mean = self.vectors[ids].mean(axis=0, dtype=np.float32)
                norm = float(np.linalg.norm(mean))
                if norm:
                    out[i] = mean / norm
        return out


_LOADING = threading.Lock()


def bundled_embedder() -> StaticEmbedder | None:
    """The word vectors of the ``embeddings`` extra, loaded once (None: not installed)."""
    with _LOADING:  # threads asking at once share one load (16 MB), not one each
        return load_bundled()


@lru_cache(maxsize=1)
def load_bundled() -> StaticEmbedder | None:
    """Load the vectors (call :func:`bundled_embedder`; ``load_bundled.cache_clear()``
    makes the next call load them again)."""
    spec = find_spec(PACKAGE)  # finds the package without running its __init__
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations)))
    try:
        from safetensors import safe_open
        from tokenizers import Tokenizer

        with safe_open(str(root / WEIGHTS), framework="np") as f:
            # Kept as shipped (float16, 16 MB); a text's mean is taken in float32.
            vectors = f.get_tensor("embedding.weight")
        tokenizer = Tokenizer.from_file(str(root / TOKENIZER))
        if vectors.ndim != 2 or tokenizer.get_vocab_size() > vectors.shape[0]:
            raise ValueError(f"vectors of shape {vectors.shape} do not fit the tokenizer")
    except Exception as exc:  # tokenizers and safetensors raise bare Exception subclasses
        # A broken or different release: routing stays lexical, and says why once.
        log.warning("notebook_router: word vectors unavailable (%s); routing is lexical", exc)
        return None
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return StaticEmbedder(vectors, tokenizer)
