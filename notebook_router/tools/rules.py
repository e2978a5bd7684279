"""Tool routing for the ``offline`` model, by rules: pick by relevance, fill inputs, or decline.

:class:`~notebook_router.tools.router.ToolRouter` calls :func:`route` directly
when its model is the offline one (no prompt, no model call). It ranks the
candidate tools by BM25 over their names, descriptions and parameters, and
takes the best one only when it is relevant enough:

- the tool's fit reaches ``ACCEPT``: mostly the share of the request's
  information (IDF over the candidates, see :mod:`.relevance`) the tool
  matches, partly the share of the tool's name the request says, plus a
  little when the request gives every required input.

Otherwise it declines (``tool=None``): a request that shares one common word
with a tool ("convert my garage into an office") is not routed to it. It sees
what a model would be shown, the specs: retrieval ``keywords`` play no part.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from notebook_router.language.gloss import gloss
from notebook_router.language.lexicon import is_filler
from notebook_router.language.relevance import Catalogue, analyse, document
from notebook_router.language.words import identifier_words
from notebook_router.tools.absorb import Accounting, account
from notebook_router.tools.decision import RouteReply
from notebook_router.tools.extract import Extraction, extract_inputs
from notebook_router.tools.fit import Evidence
from notebook_router.tools.spec import ToolSpec

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from notebook_router.tools.word_vectors import StaticEmbedder

# Lexical contenders within this share of the best score are re-ranked by how
# many of their required inputs the request fills ("convert 20 CHF to SEK" is
# a currency conversion, not a temperature one, though both say "convert").
CONTENDERS = 5
CLOSE = 0.6
FIT_WEIGHT = 0.5
# With word vectors, the tools nearest in meaning join the contenders, and how
# much nearer in meaning one is than the nearest moves it: "how much gratuity"
# reaches the tip calculator, "put on some jazz" the music player.
SEMANTIC_CONTENDERS = 3
SEMANTIC_WEIGHT = 0.75
# Among the contenders, the share of the request a tool leaves unabsorbed counts
# against it (:mod:`.absorb`): "cheap flights from london to nyc" leaves the cities to
# a flight-status tool, not to a flight search.
ACCOUNT_WEIGHT = 0.75
# A contender that does not perform the operation asked (:mod:`.operation`: "did I get
# any emails from Amazon" of a tool that replies to email) gives way to one that does.
MISMATCH_WEIGHT = 1.0
MEANING = 0.4
"""A left-over word this near (cosine) to one of a tool's own words is its purpose."""
WORD_CACHE = 4096
"""Word vectors kept per catalogue for that check (a router reads the same words often)."""


NAME_WEIGHT = 3.0
DESCRIPTION_WEIGHT = 1.0
PARAMETER_WEIGHT = 1.0
PARAMETER_TEXT_WEIGHT = 0.5


class ToolCatalog:
    """The candidate tools of one routing request, read by :mod:`.relevance`."""

    def __init__(self, specs: list[ToolSpec]) -> None:
        self.specs = specs
        fields = [tool_fields(spec) for spec in specs]
        raw = [w for f in fields for text, _ in f for w in re.findall(r"[a-z]+", text.lower())]
        self.relevance = Catalogue([document(f) for f in fields], raw)
        self.names = [analyse(spec.name) for spec in specs]
        self._vectors: tuple[StaticEmbedder, NDArray[np.float32]] | None = None
        self._words: (
            tuple[
                StaticEmbedder,
                dict[str, NDArray[np.float32] | None],
                dict[str, NDArray[np.float32]],
            ]
            | None
        ) = None

    def meaning(self, embedder: StaticEmbedder) -> Callable[[str, ToolSpec], bool]:
        """Whether a word is near in meaning to one of a tool's own words."""
        import numpy as np

        if self._words is None or self._words[0] is not embedder:
            words = {s.name: sorted(set(_content_words(s))) for s in self.specs}
            vectors = {n: embedder.embed(w) if w else None for n, w in words.items()}
            self._words = (embedder, vectors, {})
        table, cache = self._words[1], self._words[2]

        def near(word: str, spec: ToolSpec) -> bool:
            rows = table.get(spec.name)
            if rows is None:
                return False
            if word not in cache:
                if len(cache) >= WORD_CACHE:
                    cache.clear()
                cache[word] = embedder.embed([word])[0]
            return bool(np.max(rows @ cache[word]) >= MEANING)

        return near

    def similarities(self, request: str, embedder: StaticEmbedder) -> NDArray[np.float32]:
        """Cosine similarity of ``request`` to each tool (tool vectors made once)."""
        # Kept with the embedder they came from (not its id, which a new one may reuse).
        if self._vectors is None or self._vectors[0] is not embedder:
            self._vectors = (embedder, embedder.embed([spec_text(s) for s in self.specs]))
        result: NDArray[np.float32] = self._vectors[1] @ embedder.embed([request])[0]
        return result


def _content_words(spec: ToolSpec) -> list[str]:
    return [w for w in identifier_words(f"{spec.name} {spec.description}") if not is_filler(w)]


def spec_text(spec: ToolSpec) -> str:
    """What word vectors read of a tool: its name as words, description and input names."""
    inputs = " ".join(n.replace("_", " ") for n in spec.properties)
    return f"{spec.name.replace('_', ' ').replace('.', ' ')}: {spec.description} {inputs}"


def tool_fields(spec: ToolSpec) -> list[tuple[str, float]]:
    """What a tool is about, as weighted texts: its name counts most, then what it says it does.

    Parameter names and enum values ("celsius", "phone_number") are evidence
    as strong as the description; parameter descriptions count half.
    """
    fields = [(spec.name, NAME_WEIGHT), (spec.description, DESCRIPTION_WEIGHT)]
    for name, schema in spec.properties.items():
        fields.append((name, PARAMETER_WEIGHT))
        fields.extend(_schema_fields(schema))
    return fields


def _schema_fields(schema: Any) -> list[tuple[str, float]]:
    if not isinstance(schema, dict):
        return []
    out = [(str(schema.get("description", "")), PARAMETER_TEXT_WEIGHT)]
    out += [(o, PARAMETER_WEIGHT) for o in schema.get("enum", []) if isinstance(o, str)]
    for sub in [schema.get("items"), *schema.get("anyOf", []), *schema.get("oneOf", [])]:
        out += _schema_fields(sub)
    return out


def catalog_for(specs: Sequence[ToolSpec]) -> ToolCatalog:
    """The catalog of ``specs``, cached: a router routes every request over the same tools."""
    return _catalog(_Specs(tuple(specs)))


class _Specs:
    """Specs as a cache key, by identity: they hold dicts, so they cannot be hashed by value.

    The cache keeps the key, and the key keeps the specs alive, so no other
    object can take an id the cache still maps.
    """

    __slots__ = ("ids", "specs")

    def __init__(self, specs: tuple[ToolSpec, ...]) -> None:
        self.specs = specs
        self.ids = tuple(map(id, specs))

    def __hash__(self) -> int:
        return hash(self.ids)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Specs) and self.ids == other.ids


@lru_cache(maxsize=16)
def _catalog(specs: _Specs) -> ToolCatalog:
    return ToolCatalog([_sorted_spec(spec) for spec in specs.specs])


def _sorted_spec(spec: ToolSpec) -> ToolSpec:
    """``spec`` with the keys of its schemas in sorted order.

    Inputs are filled in the order the parameters are listed, and these rules
    have always seen them sorted (they used to read the specs back from
    sorted JSON): "height 165 cm, weight 60 kg" fills ``height_cm`` first.
    Sorting keeps every decision and filled input what it was.
    """
    parameters: dict[str, Any] = _sorted(spec.parameters)
    return ToolSpec(name=spec.name, description=spec.description, parameters=parameters)


def _sorted(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _sorted(value[key]) for key in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [_sorted(item) for item in value]
    return value


@dataclass(frozen=True)
class Choice:
    """The best candidate for a request, with what is known about how well it fits."""

    spec: ToolSpec
    extraction: Extraction
    evidence: Evidence
    accounting: Accounting


def best_candidate(
    request: str, specs: Sequence[ToolSpec], *, embedder: StaticEmbedder | None = None
) -> Choice | None:
    """The candidate among ``specs`` that ``request`` is nearest, fit or not (None: no
    tool shares a word with it, nor is near it in meaning). A request in another language
    is read in English where the word tables know its words (:func:`.gloss.gloss`)."""
    request = gloss(request)
    catalog = catalog_for(specs)
    relevance = catalog.relevance
    query = relevance.read(request)
    everything = relevance.rank(query)
    hits = everything[:CONTENDERS]
    lexical = {h.doc: h for h in hits if h.score >= CLOSE * hits[0].score}
    similar = catalog.similarities(request, embedder) if embedder is not None else None
    contenders = list(lexical)
    if similar is not None:
        nearest = sorted(range(len(similar)), key=lambda d: (-float(similar[d]), d))
        contenders += [d for d in nearest[:SEMANTIC_CONTENDERS] if d not in lexical]
    if not contenders:
        return None
    top = hits[0].score if hits else 1.0
    closest = max(float(similar[d]) for d in contenders) if similar is not None else 0.0
    meaning = catalog.meaning(embedder) if embedder is not None and MEANING else None
    ranked = []
    for doc in contenders:
        spec = catalog.specs[doc]
        extraction = extract_inputs(request, spec)
        accounting = account(request, spec, query, relevance.bags[doc], extraction, meaning=meaning)
        score = (lexical[doc].score / top if doc in lexical else 0.0) + FIT_WEIGHT * _fit(
            spec, extraction
        )
        score -= ACCOUNT_WEIGHT * accounting.left_share
        if accounting.mismatch and accounting.mismatch != "reads":
            # a tool that only reads is still the nearest to what a change is asked of
            # ("buy shares" of a share price): it stays the candidate and is declined
            score -= MISMATCH_WEIGHT
        if similar is not None:
            score += SEMANTIC_WEIGHT * (float(similar[doc]) - closest)
        ranked.append((score, doc, extraction, accounting))
    _, doc, extraction, accounting = max(ranked, key=lambda r: (r[0], -r[1]))
    spec = catalog.specs[doc]
    coverage = next((h.coverage for h in everything if h.doc == doc), 0.0)
    evidence = Evidence(
        coverage=coverage,
        name=relevance.name_coverage(doc, catalog.names[doc], query),
        missing_inputs=len(extraction.missing) / len(spec.required) if spec.required else 0.0,
        accounting=accounting,
    )
    return Choice(spec, extraction, evidence, accounting)


def route(
    request: str, specs: Sequence[ToolSpec], *, embedder: StaticEmbedder | None = None
) -> RouteReply:
    """The tool among ``specs`` that ``request`` asks for, with the inputs it gives, or none.

    ``embedder``: word vectors (:mod:`.word_vectors`) that add meaning to the
    lexical relevance; None: lexical only.

    >>> spec = ToolSpec(name="get_weather", description="Current weather in a city.",
    ...     parameters={"type": "object", "properties": {"city": {"type": "string"}}})
    >>> route("weather in Oslo", [spec]).inputs
    {'city': 'Oslo'}
    """
    choice = best_candidate(request, specs, embedder=embedder)
    if choice is None:
        return RouteReply(tool=None, reason="no tool shares a word with the request")
    spec, extraction, evidence = choice.spec, choice.extraction, choice.evidence
    coverage = evidence.coverage
    if not coverage and not _one_written_value(choice):
        # only near in meaning: naming it would only puzzle
        return RouteReply(tool=None, reason="no tool shares a word with the request")
    if not evidence.fits:
        left = ", ".join(f"'{p.text}'" for p in choice.accounting.left[:3])
        why = f"has no use for {left}" if left else f"covers only {coverage:.0%} of it"
        if choice.accounting.mismatch == "question":
            why = "changes things and does not answer a question"
        return RouteReply(tool=None, reason=f"no tool fits: the closest, {spec.name}, {why}"[:200])
    reason = f"{spec.name} covers {coverage:.0%} of the request"
    if extraction.missing:
        reason += f"; the request does not give {', '.join(extraction.missing)}"
    return RouteReply(
        tool=spec.name, inputs=extraction.inputs, reason=reason[:200], missing=extraction.missing
    )


def _one_written_value(choice: Choice) -> bool:
    """The request is one text value the tool takes, written with several numbers, and
    nothing else ("(17 + 5) * 3"): no word of it names the tool, and none is left over."""
    content = [p for p in choice.accounting.pieces if p.role not in ("asking", "when")]
    taken = {p.by for p in content}
    if len(content) < 2 or any(p.role != "input" for p in content) or len(taken) != 1:
        return False
    return isinstance(choice.extraction.inputs.get(taken.pop()), str)


def _fit(spec: ToolSpec, extraction: Extraction) -> float:
    """How well the request's values suit the tool: required inputs filled, values used."""
    required = spec.required
    filled = (
        sum(1 for name in required if name in extraction.inputs) / len(required)
        if required
        else 0.5
    )
    return (filled + extraction.used_share) / 2
