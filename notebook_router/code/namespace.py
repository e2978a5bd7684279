"""The scratch namespace the code runs in, and what the code bound there.

The code sees the user's variables but never writes the user's namespace:
it runs in a fresh dict, so ``df = None`` rebinds only the scratch name.
Objects are shared, not copied, so in-place changes need guarding, cheaply:

- pandas DataFrame / Series: ``copy(deep=False)``. With pandas >= 3
  (copy-on-write) the copy is fully independent: new columns, ``.loc``
  writes, ``inplace=True`` calls all stay in the scratch copy. With pandas
  < 3 (without ``pd.options.mode.copy_on_write = True``) new and dropped
  columns stay in the copy, but value writes into existing columns
  (``df.loc[0, "a"] = 99``) still reach the user's data.
- polars DataFrame / Series: ``clone()``, which shares the (immutable)
  column buffers and is independent of the original.
- numpy arrays: a read-only view; an in-place write raises
  ``ValueError: assignment destination is read-only``, which the model can
  repair by copying first.
- anything else (lists, dicts, models, connections) is passed as it is: the
  code can mutate it in place.

This is a guard against accidents, not a sandbox: the code runs in the
kernel's process with its permissions. It can import modules, read
``os.environ``, write files, or even patch ``builtins`` for the whole
process. That is why running it is the user's decision (the code policy),
and why what it prints is redacted before it goes anywhere.
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Callable, Mapping
from typing import Any

SCRATCH_NAME = "__route__"
_RUNNER_NAMES = frozenset({"display"})


def scratch_namespace(variables: Mapping[str, Any], display: Callable[..., None]) -> dict[str, Any]:
    """A fresh namespace holding protected views of ``variables`` and a capturing ``display``."""
    namespace = {name: protect(value) for name, value in variables.items()}
    namespace.update(__builtins__=builtins, __name__=SCRATCH_NAME, display=display)
    return namespace


def protect(value: Any) -> Any:
    """``value`` as the code sees it: an independent pandas copy, a read-only array, or itself."""
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(value, (pandas.DataFrame, pandas.Series)):
        return value.copy(deep=False)
    polars = sys.modules.get("polars")
    if polars is not None and isinstance(value, (polars.DataFrame, polars.Series)):
        return value.clone()
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.ndarray):
        view = value.view()
        view.flags.writeable = False
        return view
    return value


def assigned(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """Top-level names the code bound: new ones, and ones now holding another object.

    Dunders and the runner's own ``display`` are left out. A protected object
    changed in place (``df["x"] = 1``) is not "bound": the code must rebind
    the name (``df = df.assign(x=1)``) for it to count.
    """
    return {
        name: value
        for name, value in after.items()
        if not (name.startswith("__") and name.endswith("__"))
        and name not in _RUNNER_NAMES
        and (name not in before or before[name] is not value)
    }
