"""One scan's result: the namespace's variables, described, most recently changed first."""

from __future__ import annotations

from dataclasses import dataclass

from notebook_router.data.describe import DataDescription
from notebook_router.data.masking import Masker
from notebook_router.data.sharing import ShareLevel, current_share

TABULAR_KINDS = frozenset(
    {"pandas.DataFrame", "polars.DataFrame", "dask.DataFrame", "list of records", "dict of columns"}
)


@dataclass(frozen=True, slots=True)
class DataContext:
    """The described namespace: every user variable, data first in :attr:`data`."""

    variables: tuple[DataDescription, ...]
    """Every variable the scan kept, most recently changed first."""
    generation: int = 0
    """The scanner's generation when this was taken."""

    @property
    def data(self) -> tuple[DataDescription, ...]:
        """The data objects (tables, series, arrays, records), most recent first."""
        return tuple(d for d in self.variables if d.is_data)

    def get(self, name: str) -> DataDescription | None:
        """The description of variable ``name``, if the scan kept it."""
        return next((d for d in self.variables if d.name == name), None)

    def names(self) -> list[str]:
        """Every variable's name, most recent first."""
        return [d.name for d in self.variables]

    def most_recent(self, *, tabular: bool = False) -> DataDescription | None:
        """The most recently changed data object (a table, with ``tabular``)."""
        for d in self.data:
            if not tabular or d.kind in TABULAR_KINDS:
                return d
        return None

    def render(self, max_chars: int = 4000, share: ShareLevel | None = None) -> str:
        """The data as prompt text, most recent first, within ``max_chars``.

        Each data object gets an equal share of the space (at least 240
        characters); what does not fit is named in a last line. Other
        variables follow as one line of ``name (type)``. ``share``: the
        data-sharing level to cut each description to (None: the level of the
        run this is called in, see :mod:`.sharing`).
        """
        level = share or current_share()
        data = self.data
        if not self.variables:
            return "No variables in the notebook yet."
        out: list[str] = []
        used = 0
        if data:
            room = max(240, (max_chars - 200) // len(data))
            out.append("Data in the notebook (most recently changed first):")
            used = len(out[0])
            for i, d in enumerate(data):
                text = d.render(min(room, max_chars - used - 1), level)
                if used + len(text) + 1 > max_chars - 120 or len(text) < 40:
                    rest = ", ".join(x.name for x in data[i:])
                    out.append(f"(not shown: {rest})"[: max(0, max_chars - used - 2)])
                    break
                out.append(text)
                used += len(text) + 1
        others = [f"{d.name} ({d.kind})" for d in self.variables if not d.is_data]
        if others:
            line = "Other variables: " + ", ".join(others)
            room = max_chars - used - 1
            if room > 20:
                out.append(line if len(line) <= room else line[: room - 1] + "…")
        return Masker()("\n".join(out))[:max_chars]

    def to_rows(self, *, data_only: bool = True) -> list[dict[str, str]]:
        """One listing row per variable (data objects only, unless ``data_only`` is False)."""
        chosen = self.data if data_only else self.variables
        return [d.to_row() for d in chosen]
