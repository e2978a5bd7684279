"""PanelState and the panel widget's synced traits describe the same data, name for name."""

from __future__ import annotations

import typing

import traitlets
from pydantic import BaseModel

from notebook_router.notebook.panel import RunPanel
from notebook_router.render.panel_state import PanelState

# Synced traits of the panel that are not run state, each with the reason it is not.
PANEL_ONLY = {
    "ack": "the kernel's reply to a button press in the browser",
    "draft": "the answer as the model writes it: streamed text, not part of the run state",
}


def _synced_traits() -> dict[str, traitlets.TraitType[typing.Any, typing.Any]]:
    """The synced traits RunPanel defines itself (not anywidget's or ipywidgets')."""
    return {
        name: trait
        for name, trait in vars(RunPanel).items()
        if isinstance(trait, traitlets.TraitType) and trait.metadata.get("sync")
    }


def test_every_panel_state_field_is_a_synced_trait_and_every_synced_trait_a_field() -> None:
    assert set(_synced_traits()) == set(PanelState.model_fields) | set(PANEL_ONLY)
    assert not set(PANEL_ONLY) & set(PanelState.model_fields)


def test_each_field_has_a_trait_of_its_kind() -> None:
    # model_dump() is what reaches the traits: lists of models arrive as lists of dicts.
    traits = _synced_traits()
    for name, field in PanelState.model_fields.items():
        annotation = field.annotation
        is_list = typing.get_origin(annotation) is list
        is_model = isinstance(annotation, type) and issubclass(annotation, BaseModel)
        expected = traitlets.List if is_list else traitlets.Dict if is_model else traitlets.Unicode
        assert isinstance(traits[name], expected), (name, annotation)
        if not is_list and not is_model:  # str, or a Literal of strs: never None
            values = typing.get_args(annotation) or (annotation,)
            assert all(v is str or isinstance(v, str) for v in values), name
