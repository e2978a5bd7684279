"""Code sent to Dask workers by value, so a worker needs nothing of notebook_router.

Dask pickles a task with plain pickle first and falls back to cloudpickle only when
that fails or the task holds something from ``__main__``. Plain pickle ships a
module's function by reference (the worker imports it: here, notebook_router,
which a cluster's workers need not have). :func:`shippable` wraps a function in a
closure, which plain pickle cannot take, so the task goes through cloudpickle; and
:func:`ship_by_value` registers the function's module with cloudpickle, so its
functions and classes travel as code. The modules so shipped import nothing of the
package (``cluster/on_worker.py``, ``data/dask_partitions.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any


def ship_by_value(module: ModuleType) -> None:
    """Have cloudpickle send ``module``'s functions and classes as code (idempotent)."""
    import cloudpickle

    cloudpickle.register_pickle_by_value(module)


def shippable(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` in a closure that Dask can only send through cloudpickle (see above)."""

    def shipped(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    return shipped
