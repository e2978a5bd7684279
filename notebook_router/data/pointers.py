"""Which recent output a pointing phrase of a request means.

The phrases come from :func:`notebook_router.language.references.mentions`; the
outputs are the notebook's recent ones, oldest first, each with its kind (``audio``,
``image``, ``video``, ``document``, ``table``, ``text``). :func:`pick` resolves one
phrase:

* a kind phrase: the newest output of a kind it names ("the recording above": the
  newest audio or video), or, with an ordinal, that one of them counted from the
  oldest ("the second chart") or the newest ("the second to last plot");
* a pronoun ("it"): what the conversation is about. In a follow-up (nothing was shown
  since the previous request) that is the previous request's subject; otherwise the
  newest output, when it is a medium a reader takes (a table or a printed value is
  the data's: the analyst reads "it" as the most recent data). Words that ask about
  a kind's properties narrow it ("is there silence in it?" is about audio, even after
  a chart was drawn). When several outputs remain and nothing tells them apart, the
  pick is *ambiguous*: the planner asks which, rather than guessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from notebook_router.language.references import ANY, Mention, kinds, kinds_called, media_of


@dataclass(frozen=True, slots=True)
class OutputRecord:
    """One recent cell output, as the notebook layer reports it (oldest first in a list)."""

    kind: str
    """``image`` (``figure`` and ``chart`` read as image), ``audio``, ``table``, ``text``..."""
    label: str = ""
    stamp: int | None = None
    """When it appeared, on the scanner's clock (e.g. the cell's execution count)."""


@dataclass(frozen=True, slots=True)
class Subject:
    """What the previous request was about: the outputs it pointed at (indices into the
    outputs given), and whether it is still the subject (nothing was shown since)."""

    outputs: tuple[int, ...] = ()
    current: bool = False


@dataclass(frozen=True, slots=True)
class Pick:
    """What a pointing phrase means: one output, the candidates when it is ambiguous,
    or none."""

    outputs: tuple[int, ...] = ()
    ambiguous: bool = False


NOTHING = Pick()


def kind_of_record(record: OutputRecord) -> str:
    """The kind of ``record`` in the words' terms ("figure" is an image)."""
    if record.kind in kinds():
        return record.kind
    named = kinds_called(record.kind)
    return min(named) if named else record.kind


def readable(kind: str) -> bool:
    """Whether a reader takes outputs of ``kind`` (audio, images, video, documents)."""
    return bool(media_of(kind))


def pick(
    mention: Mention,
    outputs: Sequence[OutputRecord],
    *,
    asked: frozenset[str] = frozenset(),
    subject: Subject | None = None,
) -> Pick:
    """The output(s) ``mention`` points at among ``outputs`` (oldest first).

    ``asked``: the kinds whose properties the request asks about (see
    :func:`~notebook_router.language.references.kinds_asked`); ``subject``: what the
    previous request pointed at. Explicit references (``Out[2]``) are the notebook's to
    look up, and a pronoun with an antecedent in the request points at nothing.
    """
    if mention.explicit or mention.pinned or (mention.pronoun and mention.antecedent):
        return NOTHING
    if mention.pronoun:
        return _pronoun(outputs, asked, subject)
    wanted = mention.kinds
    matching = [i for i, o in enumerate(outputs) if ANY in wanted or kind_of_record(o) in wanted]
    if mention.position is None:
        newest = _newest(outputs, matching)
        return NOTHING if newest is None else Pick((newest,))
    if -len(matching) <= mention.position < len(matching):
        return Pick((matching[mention.position],))
    return NOTHING


def _pronoun(
    outputs: Sequence[OutputRecord], asked: frozenset[str], subject: Subject | None
) -> Pick:
    kinds_of = [kind_of_record(o) for o in outputs]

    def fits(i: int) -> bool:
        return readable(kinds_of[i]) and (not asked or kinds_of[i] in asked)

    if subject is not None and subject.current:
        about = [i for i in subject.outputs if 0 <= i < len(outputs) and fits(i)]
        if about:
            return Pick(tuple(about), ambiguous=len(about) > 1)
        if not asked:
            return NOTHING  # the previous request was about something else: its data, a text
    if asked:
        newest = _newest(outputs, [i for i in range(len(outputs)) if fits(i)])
        return NOTHING if newest is None else Pick((newest,))
    last = _newest(outputs, list(range(len(outputs))))
    if last is None or not fits(last):
        return NOTHING  # the newest is a table or a value: the data's "it"
    stamp = outputs[last].stamp
    together = [i for i in range(len(outputs)) if outputs[i].stamp == stamp and fits(i)]
    if stamp is None or len(together) <= 1:
        return Pick((last,))
    return Pick(tuple(together), ambiguous=True)  # one cell showed several: which?


def _newest(outputs: Sequence[OutputRecord], among: list[int]) -> int | None:
    """The newest of ``among``: by stamp when the outputs have one, else the last."""
    if not among:
        return None
    stamped = [(outputs[i].stamp, i) for i in among if outputs[i].stamp is not None]
    if stamped:
        return max(stamped, key=lambda pair: (pair[0] or 0, pair[1]))[1]
    return among[-1]
