"""The notebook layer in a real IPython kernel, driven like a frontend drives it."""

from __future__ import annotations

import re

import pytest

from tests.notebook.kernel import DESCRIBER, Kernel

pytestmark = pytest.mark.kernel


def _run(kernel: Kernel, code: str) -> str:
    """Execute ``code``, assert it worked, return its stdout."""
    result = kernel.execute(code)
    assert result.status == "ok", (result.errors(), result.stderr)
    return result.stdout


def _wait_for_view(kernel: Kernel, msg_id: str, task: str, status: str) -> None:
    """Block until the run's panel shows ``task`` with ``status`` (messages stay in the backlog)."""

    def shown() -> bool:
        return any(
            row["id"] == task and row["status"] == status
            for model in kernel.panels(msg_id)
            for row in model.state.get("plan", [])
        )

    kernel.pump(shown)


def test_route_cell_waits_for_the_run_and_shows_the_answer(kernel: Kernel) -> None:
    result = kernel.execute("%%route -o report\nLoad the numbers, then add them up")
    assert result.status == "ok"
    final = result.result()  # Out[n]: the finished run
    assert final is not None
    assert "the goal was met" in final["text/plain"]
    assert "- Add them up: 31 [t2]" in final["text/plain"]
    assert 'class="nr-run"' in final["text/html"]
    # The live view showed the run while it went, like a progress bar, and
    # emptied at the end so the saved notebook holds one stable output.
    states = result.view_states()
    assert states[0] == {} and states[-1] == {}
    panel = kernel.widgets[result.panel_id()]
    assert [row["agent"] for row in panel.state["plan"]] == ["numbers", "total"]
    # The finished run is its static view only, and its panel's widget is closed.
    assert "application/vnd.jupyter.widget-view+json" not in final
    assert panel.closed
    # The next cell can use the result.
    out = _run(
        kernel,
        "r = report.result()\nprint(r.stop_reason, r.data('t2'), [t.agent for t in r.tasks])",
    )
    assert out.strip() == "completed 31 ['numbers', 'total']"


def test_background_run_returns_at_once_and_goes_on(kernel: Kernel) -> None:
    _run(kernel, "import time as _t; _t0 = _t.monotonic()")
    result = kernel.execute("%%route --background -o bg\nThink slowly about the weather")
    assert result.status == "ok"
    out = _run(kernel, "print(bg.done(), _t.monotonic() - _t0 < 10)")
    assert out.strip() == "False True"
    # Shown as a result while it runs: a moment of it, and it says so (a result never updates).
    shown = kernel.execute("bg").result()
    assert shown is not None and shown["text/plain"].startswith("still running: this is run ")
    assert "`await bg` waits for the answer" in shown["text/plain"]
    assert "still running" in shown["text/html"]
    _run(kernel, "%route stop")
    out = _run(kernel, "res = await bg\nprint(res.stop_reason, res.tasks[0].status)")
    assert out.strip() == "stopped_by_user cancelled"


def test_stop_over_a_comm_while_the_cell_awaits_ends_it_normally(kernel: Kernel) -> None:
    msg_id = kernel.kc.execute(
        "%%route -o stopped\nLoad the numbers and think slowly about the weather"
    )
    _wait_for_view(kernel, msg_id, "t1", "fulfilled")
    comm_id = kernel.comm_open("notebook_router.control", {"action": "stop"})
    result = kernel.collect(msg_id, timeout=20)
    assert result.status == "ok"  # a Stop is not an error: Run All goes on
    final = result.result()
    assert final is not None and "stopped by user" in final["text/plain"]
    assert "- Load the numbers: [3, 1, 4, 1, 5, 9, 2, 6] [t1]" in final["text/plain"]
    ack = kernel.wait_comm_msg(comm_id)
    assert ack["ok"] is True and ack["ack"] == "stop"
    out = _run(kernel, "print([(t.id, t.status) for t in stopped.result().tasks])")
    assert out.strip() == "[('t1', 'fulfilled'), ('t2', 'cancelled')]"


def test_control_comm_reports_errors(kernel: Kernel) -> None:
    comm_id = kernel.comm_open("notebook_router.control", {"action": "dance"})
    reply = kernel.wait_comm_msg(comm_id)
    assert reply["ok"] is False and "no run is going" in reply["error"]


def test_bad_options_give_a_usage_message_not_a_traceback(kernel: Kernel) -> None:
    result = kernel.execute("%%route --max-iterations lots\nLoad the numbers")
    assert result.status == "error"
    assert "UsageError" in result.stderr and "invalid int value: 'lots'" in result.stderr
    assert result.errors() == []  # no traceback output at all
    result = kernel.execute("%%route\n   ")
    assert "needs a task in the cell body" in result.stderr


def test_interpolation_is_brace_safe_in_the_kernel(kernel: Kernel) -> None:
    _run(kernel, "region = 'North'")
    result = kernel.execute(
        '%%route -o braces\nLoad the numbers for {region}, keeping {"json": {"nested": 1}} and {unknown} as they are'
    )
    assert result.status == "ok"
    out = _run(kernel, "print(braces.state.query)\nprint(braces.state.context['references'])")
    first, second = out.strip().splitlines()
    assert (
        first
        == 'Load the numbers for North, keeping {"json": {"nested": 1}} and {unknown} as they are'
    )
    assert second == "['{region} = North']"


def test_cell_agent_figure_becomes_media_on_the_result(kernel: Kernel) -> None:
    defined = kernel.execute(
        '%%agent plotter --can "plot, chart, draw"\n'
        "# Draws the numbers as a line chart.\n"
        "import matplotlib\n"
        "matplotlib.use('Agg')\n"
        "import matplotlib.pyplot as plt\n"
        "fig, ax = plt.subplots()\n"
        "ax.plot(inputs['numbers'] if inputs else [1, 2, 3])\n"
        "ax.set_title('numbers')\n"
        "len(inputs.get('numbers', []))\n"
    )
    assert defined.status == "ok"
    assert defined.stdout == "Registered cell agent 'plotter' (plot, chart, draw).\n"
    # The agent links back to its defining cell.
    count = defined.reply["content"]["execution_count"]
    listing = kernel.execute("%route agents").outputs[-1]["content"]["data"]["text/plain"]
    row = next(line for line in listing.splitlines() if line.startswith("plotter"))
    assert f"In[{count}]" in row and "source " in row  # cell number and a hash of its source
    result = kernel.execute("%%route -o plotted\nLoad the numbers, then plot them")
    assert result.status == "ok"
    out = _run(
        kernel,
        "r = plotted.result()\n"
        "m = r.results['t2'].media\n"
        "print(r.task('t2').agent, r.data('t2'), [x.mime_type for x in m], m[0].description, m[0].data[:4])",
    )
    assert out.strip() == "plotter 8 ['image/png'] figure: numbers b'\\x89PNG'"
    final = result.result()
    assert final is not None and 'src="data:image/png;base64,' in final["text/html"]


def test_cell_agent_errors_become_failed_results(kernel: Kernel) -> None:
    kernel.execute('%%agent broken --can "explode"\nx = 1\nraise ValueError("no data for " + task)')
    result = kernel.execute("%%route -o boom\nExplode the numbers")
    assert result.status == "ok"
    out = _run(
        kernel,
        "first = next(e for e in boom.history if e.kind == 'task_finished')\n"
        "print(first.agent, first.status, '|', first.error)\n"
        "print(boom.result().task('t1').note)",
    )
    failed, note = out.strip().splitlines()
    error = (
        "ValueError: no data for Explode the numbers "
        "(line 2 of cell agent 'broken': raise ValueError(\"no data for \" + task))"
    )
    assert failed == f"broken failed | {error}"
    # The run went on: the offline planner re-routed the task once, and says why.
    assert note == f"re-routed from broken after: {error}"
    # task/context/inputs do not leak into the notebook namespace.
    assert _run(kernel, "print('task' in dir())").strip() == "False"


def test_a_cell_agent_raising_unable_is_unable_not_failed(kernel: Kernel) -> None:
    kernel.execute(
        '%%agent picky --can "weigh, scale"\n'
        "from notebook_router import Unable\n"
        "raise Unable('I only weigh parcels, not ' + task.lower())"
    )
    result = kernel.execute("%%route -o declined --agents picky\nWeigh the numbers")
    assert result.status == "ok"
    out = _run(
        kernel,
        "first = next(e for e in declined.history if e.kind == 'task_finished')\n"
        "print(first.status, '|', first.error)",
    )
    assert out.strip() == "unable | I only weigh parcels, not weigh the numbers"


def test_a_cell_agent_that_overruns_its_timeout_is_over_its_limit_not_fulfilled(
    kernel: Kernel,
) -> None:
    # It blocks the kernel's thread, so it cannot be cut short: when its result
    # comes back late, the task says so, and the value stays there to look at.
    _run(
        kernel,
        '%%agent dawdler --can "dawdle, linger" --timeout 0.5\n'
        "import time\n"
        "time.sleep(2)\n"
        "'a late answer'",
    )
    _run(kernel, "%%route -o late --agents dawdler\nDawdle over the numbers")
    out = _run(
        kernel,
        "t1 = late.result().task('t1')\n"
        "print(t1.status, '|', t1.error)\n"
        "print(late.result().data('t1'))",
    )
    status, value = out.strip().splitlines()
    assert re.fullmatch(
        r"failed \| took [2-9]\.\d s, over its 0.5 s time limit \(its late result was not used\)",
        status,
    ), status
    assert value == "a late answer"


def test_a_cell_agent_needing_an_answer_asks_rather_than_fails(kernel: Kernel) -> None:
    _run(
        kernel,
        '%%agent asker --can "book, flights"\n'
        "from notebook_router import NeedsUserInput\n"
        "raise NeedsUserInput('Which day do you fly?')",
    )
    # In the background: a question waits for its answer (a waiting cell would too).
    _run(kernel, "%%route -o asked --agents asker --background\nBook the flights")
    out = _run(
        kernel,
        "import asyncio\n"
        "while asked.state.pending_question is None:\n"
        "    await asyncio.sleep(0.02)\n"
        "first = next(e for e in asked.history if e.kind == 'task_finished')\n"
        "print(first.status, '|', first.error, '|', asked.state.pending_question)\n"
        "asked.stop()",
    )
    assert out.strip() == ("needs_user_input | Which day do you fly? | Which day do you fly?")


def test_cell_agents_in_parallel_tasks_each_see_their_own_task(kernel: Kernel) -> None:
    # The planner runs these two tasks at once; cell agents share the notebook's
    # namespace and output capture, so they take turns (function agents do not).
    for name, topics in (("weigher", "weigh, parcels"), ("measurer", "measure, boxes")):
        _run(
            kernel,
            f'%%agent {name} --can "{topics}"\n'
            "import asyncio\n"
            "mine = task\n"
            "await asyncio.sleep(0.2)\n"
            'print("working on", task)\n'
            "(mine, task)",
        )
    _run(
        kernel, "%%route -o both --agents weigher,measurer\nWeigh the parcels and measure the boxes"
    )
    out = _run(
        kernel,
        "r = both.result()\n"
        "print([(t.agent, t.status) for t in r.tasks])\n"
        "print(all(r.data(t.id)[0] == r.data(t.id)[1] == t.description for t in r.tasks))\n"
        "print('task' in dir())",
    )
    assert out.strip().splitlines() == [
        "[('weigher', 'fulfilled'), ('measurer', 'fulfilled')]",
        "True",  # each saw its own task, before and after the other one ran
        "False",  # and the binding is gone afterwards
    ]
    assert _run(kernel, "print('the kernel prints again')").strip() == "the kernel prints again"


def test_the_chart_above_travels_to_agents_as_media(kernel: Kernel) -> None:
    _run(
        kernel,
        "import matplotlib.pyplot as plt\n"
        "from notebook_router import agent\n"
        "@agent(can=['describe', 'chart'])\n"
        "def describer(media):\n"
        "    return [m.mime_type for m in media]\n",
    )
    shown = kernel.execute(
        "from IPython.display import Image, display\ndisplay(Image(data=b'\\x89PNG\\r\\n\\x1a\\n' + b'0' * 64, format='png'))"
    )
    assert shown.status == "ok"
    result = kernel.execute("%%route -o seen --agents describer\nDescribe the chart above")
    assert result.status == "ok"
    out = _run(kernel, "print(seen.result().data('t1'), seen.state.context['references'])")
    assert out.strip().startswith("['image/png'] ['the chart above → the output of cell")


def test_the_routers_own_views_are_never_the_chart_above(kernel: Kernel) -> None:
    # A run's Out[n] (plan table, tree SVG) and %route status come after the
    # user's chart: "the chart above" must still be the user's chart.
    _run(
        kernel,
        "from notebook_router import agent\n"
        "@agent(can=['describe', 'chart'])\n"
        "def describer(media):\n"
        "    return [(m.mime_type, m.source) for m in media]\n"
        "from IPython.display import Image, display\n"
        "display(Image(data=b'\\x89PNG\\r\\n\\x1a\\n' + b'1' * 64, format='png'))",
    )
    assert kernel.execute("%%route -o first --agents describer\nDescribe it").status == "ok"
    assert kernel.execute("first").status == "ok"  # the run shown again as Out[n]
    assert kernel.execute("%route status").status == "ok"
    assert (
        kernel.execute("%%route -o seen --agents describer\nDescribe the chart above").status
        == "ok"
    )
    out = _run(kernel, "print(seen.result().data('t1'))")
    assert out.strip().startswith("[('image/png', 'the output of cell")
    # A finished run takes no more messages, and the magic says so.
    late = kernel.execute('%route redirect "also the South"')
    assert late.status == "error"
    assert "had already finished (the goal was met); your message was not delivered" in (
        late.stderr
    )


def test_out_n_resolves_the_same_when_the_kernel_does_not_store_history() -> None:
    # How nbval runs a notebook: store_history=False, so the kernel numbers
    # no cell; Out[2] must still be the second cell's result, as in Jupyter.
    fresh = Kernel()
    try:
        cells = [
            "%load_ext notebook_router\n"
            "from notebook_router import agent\n"
            "@agent(can=['describe'])\n"
            "def describer(media):\n"
            "    return [m.data for m in media]",
            "'the second cell'",
            "'the third cell'",
            "%%route -o seen --agents describer\nDescribe Out[2]",
            "print(seen.result().data('t1'), seen.state.context['references'])",
        ]
        outputs = []
        for code in cells:
            result = fresh.collect(fresh.kc.execute(code, store_history=False), timeout=60)
            assert result.status == "ok", result.errors()
            outputs.append(result.stdout)
        assert outputs[-1].strip() == "[\"'the second cell'\"] ['Out[2] → Out[2]']"
    finally:
        fresh.shutdown()


def test_steering_and_inspection_magics(kernel: Kernel) -> None:
    out = _run(kernel, "%route graph --text")
    assert out.startswith("flowchart TD")
    agents = kernel.execute("%route agents")
    table = agents.outputs[-1]["content"]["data"]["text/html"]
    assert "<td>numbers</td>" in table and "<td>plotter</td>" in table and "In[" in table
    text = agents.outputs[-1]["content"]["data"]["text/plain"]
    assert text.splitlines()[0].split() == ["agent", "capabilities", "description", "source"]
    runs = kernel.execute("%route runs")
    assert "<th>run</th>" in runs.outputs[-1]["content"]["data"]["text/html"]
    assert _run(kernel, "%route model offline").strip() == "Model for new runs: offline:default"
    bad = kernel.execute("%route model nosuch:model")
    assert "Unknown model 'nosuch:model'" in bad.stderr
    assert "UsageError" in kernel.execute("%route dance").stderr
    help_text = kernel.execute("%route?")
    assert help_text.status == "ok"


def test_the_first_run_says_which_stop_paths_work() -> None:
    fresh = Kernel()
    try:
        fresh.execute("%load_ext notebook_router")
        first = fresh.execute("%%route\nhello")
        second = fresh.execute("%%route\nhello")
        assert first.stdout.startswith("notebook_router: Stop works from the panel")
        assert second.stdout == ""
        assert "Hello!" in (second.result() or {})["text/plain"]
    finally:
        fresh.shutdown()


def test_redirect_and_status_reach_a_background_run(kernel: Kernel) -> None:
    started = kernel.execute(
        "%%route --background -o steered --agents numbers,slow\nThink slowly about the weather"
    )
    assert started.status == "ok"
    sent = _run(kernel, '%route redirect "also load the numbers"')
    assert sent.startswith("Sent to run ")
    out = _run(
        kernel,
        "import asyncio\n"
        "for _ in range(100):\n"
        "    if steered.state.interrupts and steered.state.interrupts[0].handled_as:\n"
        "        break\n"
        "    await asyncio.sleep(0.05)\n"
        "i = steered.state.interrupts[0]\n"
        "print(i.handled_as, '|', i.reply)",
    )
    assert out.strip() == "refine | Adding to the plan: Load the numbers"
    status = kernel.execute("%route status")
    html = status.outputs[-1]["content"]["data"]["text/html"]
    # The redirect added a task for the numbers agent: its plan row (its result may follow).
    assert re.search(r'<tr data-task="t2">.*?>Load the numbers<.*?>numbers</td>', html)
    text = status.outputs[-1]["content"]["data"]["text/plain"]
    assert "running" in text and "t2 numbers: Load the numbers" in text
    _run(kernel, "%route stop")
    final = _run(
        kernel, "r = await steered\nprint(r.stop_reason, [(t.agent, t.status) for t in r.tasks])"
    )
    assert final.strip() == "stopped_by_user [('slow', 'cancelled'), ('numbers', 'fulfilled')]"


def test_record_then_replay_from_the_notebook(
    kernel: Kernel, tmp_path_factory: pytest.TempPathFactory
) -> None:
    recording = tmp_path_factory.mktemp("rec") / "runs.jsonl"
    _run(kernel, DESCRIBER)
    said = _run(kernel, f"%route model offline --record {recording}")
    assert (
        said.strip() == f"Model for new runs: offline:default, recording every call to {recording}"
    )
    first = kernel.execute("%%route -o recorded\nLoad the numbers, then describe them")
    assert first.status == "ok"
    assert "Nine is the largest. [t2]" in _run(kernel, "print(recorded.result().answer)")
    said = _run(kernel, f"%route model offline --replay {recording}")
    assert "replayed from" in said and "no key or network needed" in said
    second = kernel.execute("%%route -o replayed\nLoad the numbers, then describe them")
    assert second.status == "ok"
    out = _run(
        kernel,
        "print(recorded.result().answer == replayed.result().answer, replayed.provider.hits > 0, replayed.provider.misses)",
    )
    assert out.strip() == "True True 0"
    said = _run(kernel, f"%route model offline --record {recording} --replay {recording}")
    assert said.strip() == (
        f"Model for new runs: offline:default, replaying the calls recorded in {recording} "
        "and recording new ones"
    )
    _run(kernel, "%route model offline\ndel describer")


def test_a_question_nobody_can_see_ends_a_waiting_cell_once_work_is_done(
    fresh_kernel: Kernel,
) -> None:
    # No front end renders the panel here (as under nbclient or in CI): a waiting
    # cell must not wait for an answer forever. The work still finishes first.
    _run(
        fresh_kernel,
        '%%agent asker --can "book, flights"\n'
        "from notebook_router import NeedsUserInput\n"
        "raise NeedsUserInput('Which day do you fly?')",
    )
    result = fresh_kernel.execute(
        "%%route -o asked --agents asker,numbers\nBook the flights and load the numbers",
        timeout=60,
    )
    assert result.status == "ok", result.errors()
    out = _run(fresh_kernel, "r = asked.result()\nprint(r.stop_reason, r.data('t2'))")
    assert out.strip() == "needs_clarification [3, 1, 4, 1, 5, 9, 2, 6]"


def test_a_panel_someone_sees_makes_a_waiting_cell_wait_for_the_answer(
    fresh_kernel: Kernel,
) -> None:
    _run(
        fresh_kernel,
        '%%agent asker --can "book, flights"\n'
        "from notebook_router import NeedsUserInput\n"
        "if 'Tuesday' not in task:\n"
        "    raise NeedsUserInput('Which day do you fly?')\n"
        "'booked: ' + task",
    )
    msg_id = fresh_kernel.kc.execute("%%route -o asked --agents asker\nBook the flights")
    panel = None

    def asking() -> bool:
        nonlocal panel
        for model in fresh_kernel.panels(msg_id):
            if panel is None:  # a front end renders the panel: its view says so
                fresh_kernel.widget_send(model.comm_id, {"type": "view"})
            panel = model
            if model.state.get("question"):
                return True
        return False

    fresh_kernel.pump(asking)
    assert panel is not None
    fresh_kernel.widget_send(
        panel.comm_id, {"type": "action", "action": "answer", "message": "Tuesday", "id": "a1"}
    )
    result = fresh_kernel.collect(msg_id, timeout=60)
    assert result.status == "ok", result.errors()
    out = _run(fresh_kernel, "print(asked.result().stop_reason)")
    assert out.strip() == "completed"
