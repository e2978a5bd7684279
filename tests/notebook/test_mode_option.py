"""``%%route --mode`` and ``--style``: given, they win; left out, the words decide."""

from __future__ import annotations

import pytest
from IPython.core.error import UsageError

from notebook_router.notebook.options import parse_route_options


def test_mode_and_style_options_are_parsed() -> None:
    options = parse_route_options("--mode quick --style report")
    assert (options.mode, options.style) == ("quick", "report")


def test_left_out_they_are_none_so_the_words_decide() -> None:
    options = parse_route_options("-o run")
    assert (options.mode, options.style) == (None, None)


def test_an_unknown_mode_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="invalid choice: 'slow'"):
        parse_route_options("--mode slow")
