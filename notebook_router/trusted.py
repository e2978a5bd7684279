"""Building pydantic models from values the code has already checked.

The planner loop builds a :class:`~notebook_router.planner.state.Task` for
every task a decision adds and an :class:`~notebook_router.agents.result.AgentResult`
for every plain value an agent returns. Their inputs are already valid by
construction (a validated ``TaskSpec``, a registry name, the defaults), so
validating them again costs a quarter of a loop step for nothing.
pydantic's own ``model_construct`` skips validation too, but walks every
field in Python and ends up slower than validating.

:class:`Template` does what ``model_construct`` does for one model with
plain defaults: the defaults are looked up once, and each build is a dict
copy. Public entry points still validate; only the loop's own values take
this path. ``tests/test_trusted.py`` checks that the result is
indistinguishable from a validated model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
Setter = Callable[[Any, Any], None]


def _setter(name: str) -> Setter:
    """Set ``name`` on a model instance, bypassing pydantic's ``__setattr__``.

    BaseModel keeps its own state in slots; calling their descriptors directly
    costs a third less than ``object.__setattr__``, which looks them up by name.
    """
    setter: Setter | None = getattr(BaseModel.__dict__.get(name), "__set__", None)
    if setter is None:  # a pydantic that stores them elsewhere: take the general path
        return lambda obj, value: object.__setattr__(obj, name, value)
    return setter


_set_dict = _setter("__dict__")
_set_fields_set = _setter("__pydantic_fields_set__")
_set_extra = _setter("__pydantic_extra__")
_set_private = _setter("__pydantic_private__")
_new = object.__new__


class Template(Generic[M]):
    """Instances of ``model`` from trusted values, without validation.

    >>> from notebook_router.usage import Usage
    >>> Template(Usage).build({"calls": 1}).calls
    1
    """

    __slots__ = ("_defaults", "_model")

    def __init__(self, model: type[M]) -> None:
        defaults: dict[str, Any] = {}
        for name, field in model.model_fields.items():
            if field.default_factory is not None:
                raise TypeError(f"{model.__name__}.{name}: default factories are not supported")
            # Required fields hold a placeholder that every build overwrites.
            defaults[name] = None if field.is_required() else field.default
        if model.model_config.get("extra") == "allow" or model.__private_attributes__:
            # They would live in __pydantic_extra__ / __pydantic_private__, left empty here.
            raise TypeError(f"{model.__name__}: extra fields or private attributes are unsupported")
        self._model = model
        self._defaults = defaults

    def build(self, values: dict[str, Any]) -> M:
        """A ``model`` with ``values`` set (they count as explicitly set) and defaults elsewhere.

        ``values`` must name every required field and hold valid values: nothing is checked.
        """
        fields = self._defaults.copy()  # copied so the field order stays the model's
        fields.update(values)
        obj = _new(self._model)
        _set_dict(obj, fields)
        _set_fields_set(obj, set(values))
        _set_extra(obj, None)
        _set_private(obj, None)
        return obj
