"""Labels written in several cases or spacings ("Chat", "chat", "CHAT"), read as one.

A log typed by people holds one channel as "Email", "email" and "EMAIL". "What share of
chat tickets are urgent?" filtered by one spelling and "tickets per channel" gave eight
channels for four, both presented as complete. A label said in a question names the
label whatever its case, so the code reads every spelling of a label a condition or a
group-by uses as its commonest one first, and the answer says which spellings it joined.
Only columns of labels are read so (at most ``_MOST_LABELS`` distinct values): names or
free text are left as they are. The spellings come from the labels the value index
counted once per table. On a Dask collection that index is read from a sample of the
partitions, so a spelling written only in others is counted apart: the answer says so and
is partial.
"""

from __future__ import annotations

from dataclasses import replace

from notebook_router.analyst.schema import Schema
from notebook_router.analyst.spec import Filter, LeftOut, Spec

_MOST_LABELS = 500
"""More distinct values than this: names or free text, not labels typed in several cases."""
_LABEL_OPS = frozenset({"==", "!=", "isin", "notin"})


def _written_ways(schema: Schema, column: str) -> dict[str, str]:
    """Each spelling of a label of ``column`` that is not its commonest, with the commonest
    (``{}`` when every label is written one way), from the labels the value index counted
    once per table, never by counting the column again for each question."""
    labels = schema.labels(column)
    if labels is None or labels.distinct > _MOST_LABELS:
        return {}
    first: dict[str, str] = {}  # folded form → commonest spelling (counts come most first)
    out: dict[str, str] = {}
    for label, _ in labels.counts:
        if not isinstance(label, str):
            continue
        folded = " ".join(label.split()).casefold()
        if folded in first:
            out[label] = first[folded]
        else:
            first[folded] = label
    return out


def read_as_one(schema: Schema | None, spec: Spec) -> Spec:
    """``spec`` with every column of labels its conditions or groups use read as one
    spelling a label (``Spec.relabelled``), and each condition's label that spelling.
    Asked again of a part that carried an earlier part's conditions, it reads them too."""
    if schema is None:
        return spec
    used = [f.column for f in (*spec.filters, *spec.measure) if f.op in _LABEL_OPS]
    labelled = spec.op in _LABEL_LISTS  # "how many distinct channels", "tickets per channel"
    grouped = (*spec.group_by, *spec.columns) if labelled else spec.group_by
    relabelled = []
    for column in dict.fromkeys([*used, *grouped]):
        spellings = _written_ways(schema, column)
        if spellings:
            relabelled.append((column, tuple(spellings.items())))
    if not relabelled:
        return spec
    as_one = {column: dict(spellings) for column, spellings in relabelled}
    filters = tuple(_one_spelling(f, as_one.get(f.column, {})) for f in spec.filters)
    measure = tuple(_one_spelling(f, as_one.get(f.column, {})) for f in spec.measure)
    read = replace(spec, filters=filters, measure=measure, relabelled=tuple(relabelled))
    if not schema.sampled:
        return read
    # A Dask collection's spellings are read from a sample of its partitions: one written
    # only elsewhere is counted apart, so the answer cannot say every spelling was joined
    sampled = tuple(
        LeftOut(f"{column} labels in other case", _FROM_A_SAMPLE) for column, _ in relabelled
    )
    return replace(read, left_out=(*read.left_out, *sampled))


_FROM_A_SAMPLE = (
    "the spellings read as one come from a sample of the partitions; "
    "one written only in others is counted apart"
)
_LABEL_LISTS = frozenset({"value_counts", "unique"})


def _one_spelling(f: Filter, spellings: dict[str, str]) -> Filter:
    if not spellings or f.op not in _LABEL_OPS:
        return f
    if isinstance(f.value, tuple):
        values = tuple(
            dict.fromkeys(spellings.get(v, v) if isinstance(v, str) else v for v in f.value)
        )
        return replace(f, value=values)
    if isinstance(f.value, str):
        return replace(f, value=spellings.get(f.value, f.value))
    return f


_NOTE_OPENS = "Labels written in other cases are read as one ("


def joined_labels_note_in(text: str) -> str:
    """The note of :func:`joined_labels_note` inside an answer's text ("" when none)."""
    at = text.find(_NOTE_OPENS)
    end = text.find(").", at)
    return text[at : end + 2] if at >= 0 and end >= 0 else ""


def joined_labels_note(spec: Spec) -> str:
    """What the answer says of the spellings it read as one ("" when none): each label a
    condition used, or every label of a column grouped by."""
    if not spec.relabelled:
        return ""
    grouped = {*spec.group_by, *(spec.columns if spec.op in _LABEL_LISTS else ())}
    used = {
        v
        for f in (*spec.filters, *spec.measure)
        for v in (f.value if isinstance(f.value, tuple) else (f.value,))
        if isinstance(v, str)
    }
    said = []
    for column, spellings in spec.relabelled:
        by_label: dict[str, list[str]] = {}
        for spelling, label in spellings:
            if column in grouped or label in used:
                by_label.setdefault(label, []).append(spelling)
        if not by_label:
            continue
        joined = "; ".join(
            f"{', '.join(f'“{s}”' for s in others)} as “{label}”"
            for label, others in by_label.items()
        )
        said.append(f"{column}: {joined}")
    return _NOTE_OPENS + "; ".join(said) + ")." if said else ""
