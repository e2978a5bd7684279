"""Cell agents in delegation trees (``%%agent NAME --parent HEAD``), in a real kernel."""

from __future__ import annotations

import pytest

from tests.notebook.kernel import Kernel

pytestmark = pytest.mark.kernel


def _run(kernel: Kernel, code: str) -> str:
    result = kernel.execute(code)
    assert result.status == "ok", (result.errors(), result.stderr)
    return result.stdout


def test_cell_agents_form_a_tree_and_a_route_reaches_the_grandchild(kernel: Kernel) -> None:
    out = _run(
        kernel,
        '%%agent trip --can "trip, travel" --desc "Plans trips through its agents."\n'
        "from notebook_router import Unable\n"
        'raise Unable("my agents do the work")',
    )
    assert "Registered cell agent 'trip'" in out
    out = _run(
        kernel,
        '%%agent outings --parent trip --can "activities, things to do"\n'
        "# Things to do, through its agents.\n"
        "from notebook_router import Unable\n"
        'raise Unable("my agents do the work")',
    )
    assert "Registered cell agent 'outings' under 'trip'" in out
    out = _run(
        kernel,
        '%%agent food --parent outings --can "food, restaurants"\n'
        "# Recommends places to eat.\n"
        'f"eat at Roscioli ({task})"',
    )
    assert "under 'outings'" in out
    # The tree is what a run sees: one top-level agent, the rest below it.
    out = _run(
        kernel,
        "reg = get_ipython().magics_manager.registry['RouteMagics'].session.agents()\n"
        "print(reg.names(), reg.all_names())",
    )
    top, everyone = out.strip().split("] [")
    assert top == "['trip', 'numbers', 'total', 'slow'"  # the tree has one top-level agent
    assert everyone.startswith("'trip', 'outings', 'food'")  # its members come with it
    result = kernel.execute("%%route -o planned --agents trip\nPlan a trip to Rome with great food")
    assert result.status == "ok", result.errors()
    out = _run(
        kernel,
        "r = planned.result()\n"
        "hops = planned.state.delegations['t1']\n"
        "print(r.tasks[0].agent, r.tasks[0].status, [(h.path, h.status) for h in hops])\n"
        "print(r.data('t1'))",
    )
    first, second = out.strip().splitlines()
    assert first.startswith("trip fulfilled")
    assert "(('trip', 'outings', 'food'), 'fulfilled')" in first
    assert second == "eat at Roscioli (Plan a trip to Rome with great food)"


def test_redefining_a_parent_cell_keeps_its_children(kernel: Kernel) -> None:
    _run(
        kernel,
        '%%agent boss --can "management"\nfrom notebook_router import Unable\nraise Unable("no")',
    )
    _run(kernel, '%%agent worker --parent boss --can "work"\n"done: " + task')
    out = _run(kernel, '%%agent boss --can "management, planning"\n"boss does it"')
    assert "Updated cell agent 'boss'" in out
    out = _run(
        kernel,
        "s = get_ipython().magics_manager.registry['RouteMagics'].session\n"
        "boss, worker = s.find_agent('boss'), s.find_agent('worker')\n"
        "print([c.name for c in boss.children], worker.parent is boss)",
    )
    assert out.strip() == "['worker'] True"
    # Re-running the child without --parent takes it out of the tree.
    _run(kernel, '%%agent worker --can "work"\n"done: " + task')
    out = _run(
        kernel,
        "print([c.name for c in s.find_agent('boss').children], s.find_agent('worker').parent)",
    )
    assert out.strip() == "[] None"


def test_redefining_a_parent_function_keeps_its_children(kernel: Kernel) -> None:
    _run(kernel, "%load_ext notebook_router")
    _run(
        kernel,
        "from notebook_router import agent\n"
        "@agent(can=['trip', 'travel'])\n"
        "def trip(task):\n"
        "    return 'a trip'\n"
        "@agent(can=['food', 'restaurants'], parent=trip)\n"
        "def food(task):\n"
        "    return 'eat at Roscioli'",
    )
    # Re-running only the parent's cell, as one does after editing it.
    _run(kernel, "@agent(can=['trip', 'travel', 'holidays'])\ndef trip(task):\n    return 'v2'")
    out = _run(kernel, "print([c.name for c in trip.children], food.parent is trip)")
    assert out.strip() == "['food'] True"
    # A redefinition that names its own children keeps exactly those.
    _run(
        kernel,
        "@agent(can=['sights'])\ndef sights(task):\n    return 'the Forum'\n"
        "@agent(can=['trip', 'travel'], children=[sights])\ndef trip(task):\n    return 'v3'",
    )
    out = _run(kernel, "print([c.name for c in trip.children])")
    assert out.strip() == "['sights']"


def test_a_parent_cycle_or_unknown_parent_is_a_usage_error(kernel: Kernel) -> None:
    _run(kernel, '%%agent top --can "x"\n"top"')
    _run(kernel, '%%agent low --parent top --can "y"\n"low"')
    result = kernel.execute('%%agent top --parent low --can "x"\n"top"')
    assert result.status == "error"
    assert "Delegation cycle: low → top → low" in result.stderr
    out = _run(  # the rejected definition changed nothing
        kernel,
        "s = get_ipython().magics_manager.registry['RouteMagics'].session\n"
        "print(s.find_agent('low').parent.name, [c.name for c in s.find_agent('top').children])",
    )
    assert out.strip() == "top ['low']"
    result = kernel.execute('%%agent orphan --parent nobody --can "z"\n"z"')
    assert result.status == "error"
    assert "No agent named 'nobody'" in result.stderr
