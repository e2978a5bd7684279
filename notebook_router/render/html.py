"""The finished view of a run: what stays in the notebook once the live panel is gone.

Self-contained (a style sheet scoped under ``.nr-run``, no scripts), so it
renders the same in JupyterLab and Notebook 7 (light or dark, trusted or
not), in VS Code and Colab, on GitHub and nbviewer, and in ``nbconvert``
pages opened offline. Answer first; then the evidence (tables, code folded),
the media, how the run was steered, the plan and the delegation tree (the
live panel's outline, with graphviz's picture for small runs), and what each
agent and task spent. A run of one or two tasks says its plan in one folded
line; a long plan is grouped. A pure function of the run's state and events.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

from notebook_router.media import AUDIO_INLINE_BYTES, Media
from notebook_router.planner import events as ev
from notebook_router.planner.modes import intent_line
from notebook_router.planner.state import STOP_REASON_TEXT, PendingApproval, RunState
from notebook_router.readers.files import PLAYABLE_AUDIO
from notebook_router.render.answer import render_answer
from notebook_router.render.costs import usage_breakdown
from notebook_router.render.evidence import Evidence, evidence, table_html
from notebook_router.render.html_parts import esc, fold
from notebook_router.render.numbers import money, seconds, tokens
from notebook_router.render.outline import outline, walk
from notebook_router.render.panel_tree import tree_nodes
from notebook_router.render.plan_html import SMALL_RUN, plan_html, plan_summary
from notebook_router.render.sections import steering_html, usage_html
from notebook_router.render.static_style import STYLE
from notebook_router.render.steering import steering_record
from notebook_router.render.tree_html import INSTALL_DOT, diagram_html, outline_html
from notebook_router.text.preview import clip, preview

__all__ = ["STYLE", "graph_html", "render_answer", "render_html", "shown_media"]

_SHOWN_IMAGES = ("image/png", "image/jpeg", "image/svg+xml")
MAX_IMAGES = 6
"""Images shown with a run (a video's annotated frames fill it); audio is always listed,
and embedded up to :data:`~notebook_router.media.AUDIO_INLINE_BYTES`."""
GOAL_CHARS = 200
"""Characters of the goal the head shows."""
_BADGE = {
    "completed": "done", "stopped_by_user": "stopped", "interrupted": "stopped",
    "partly_answered": "stopped",
}  # fmt: skip


def render_html(
    state: RunState,
    *,
    elapsed_s: float | None = None,
    media: Sequence[Media] = (),
    notes: Sequence[str] = (),
    max_iterations: int | None = None,
    tree_svg: str | None = None,
    events: Sequence[ev.Event] = (),
    dot_installed: bool = True,
    tree_failure: str = "",
) -> str:
    """The run as one HTML fragment.

    ``tree_svg`` is the run graph drawn by graphviz (None: not drawn, and
    ``dot_installed`` says whether it could have been, ``tree_failure`` why an installed
    graphviz could not draw it); ``events`` are the
    run's events so far, from which the steering section is made.
    """
    parts = [STYLE, f'<div class="nr-run" data-status="{_badge_kind(state)}">']
    parts += [_head(state), _intent(state), _meters(state, elapsed_s, max_iterations)]
    parts.extend(_waiting(a) for a in state.approvals.values())
    if state.answer:
        parts.append(f'<div class="nr-answer">{render_answer(state.answer)}</div>')
    parts.extend(_evidence(item) for item in evidence(state))
    shown = shown_media(media)
    if shown:
        parts.append('<div class="nr-media">' + "".join(_figure(m) for m in shown) + "</div>")
    parts.append(steering_html(steering_record(events)))
    if len(state.plan):
        parts.append(_plan_and_tree(state, tree_svg, dot_installed, tree_failure))
    parts.append(usage_html(usage_breakdown(state)))
    parts.extend(f'<div class="nr-note">{esc(note)}</div>' for note in notes)
    parts.append("</div>")
    return "".join(parts)


def _plan_and_tree(state: RunState, svg: str | None, dot_installed: bool, failure: str = "") -> str:
    """The plan (a line, a table or groups) and the tree (outline, then diagram).

    A small run folds both under its one line. Otherwise the plan shows; the
    tree shows (a small run's too) when it says more than the plan does: tasks
    that wait for others, or agents that delegated. A flat plan's tree is the
    plan again, so it stays folded.
    """
    tasks = list(state.plan)
    branches = outline(tree_nodes(state))
    nodes = walk(branches)
    graph_nodes = len(nodes) + len({t.agent for t in tasks})
    tree = outline_html(branches) + diagram_html(
        svg, graph_nodes, dot_installed=dot_installed, failure=failure
    )
    summary = "Plan · " + plan_summary(tasks)
    small = len(tasks) <= SMALL_RUN
    deep = any(n.kind == "subagent" or (n.kind == "task" and n.parent != "goal") for n in nodes)
    if small and not any(n.kind == "subagent" for n in nodes):
        body = plan_html(tasks) + f'<div class="nr-tree">{tree}</div>'
        return fold(summary, body, cls="nr-section nr-plan")
    rows = len(nodes) - 1
    return fold(summary, plan_html(tasks), opened=not small, cls="nr-section nr-plan") + fold(
        f"Delegation tree · {rows} node{'' if rows == 1 else 's'}",
        tree,
        opened=deep,
        cls="nr-section nr-tree",
    )


def graph_html(state: RunState, svg: str | None, *, dot_installed: bool, failure: str = "") -> str:
    """``%route graph``'s view: graphviz's picture (``svg``) at its own size in a box that
    scrolls, or, without one, the outline with a line on how to get graphviz."""
    if svg is not None:
        encoded = base64.b64encode(svg.encode()).decode()
        body = (
            '<div class="nr-diagram-box" style="overflow:auto;max-height:720px;max-width:100%">'
            '<img alt="The run as a graph: goal, tasks and agents" '
            f'src="data:image/svg+xml;base64,{encoded}"/></div>'
        )
    else:
        body = outline_html(outline(tree_nodes(state)))
        if dot_installed and failure:
            body += (
                f'<div class="nr-note">graphviz could not draw this as a diagram '
                f"({esc(failure)}): this is the run's outline.</div>"
            )
        if not dot_installed:
            body += (
                "<div class=\"nr-note\">This is the run's outline: graphviz's <code>dot</code> "
                f"draws it as a diagram ({esc(INSTALL_DOT)}).</div>"
            )
    return f'{STYLE}<div class="nr-run nr-graph">{body}</div>'


def shown_media(media: Sequence[Media]) -> list[Media]:
    """The media a run shows: each payload once (by digest), up to :data:`MAX_IMAGES`
    images, and every piece of audio (the one player of a narration: see below).

    An attachment an agent read comes back as its result's media, annotated with
    what the agent found (same payload, same digest): it is shown once, in the
    attachment's place, captioned with the latest finding.
    """
    unique: dict[str, Media] = {}
    for m in media:
        unique[m.digest] = m  # a later copy keeps the first one's place
    images = [d for d, m in unique.items() if m.mime_type in _SHOWN_IMAGES][:MAX_IMAGES]
    return [m for d, m in unique.items() if d in images or m.mime_type in PLAYABLE_AUDIO]


def _badge_kind(state: RunState) -> str:
    if state.stop_reason is None:
        return "running"
    return _BADGE.get(state.stop_reason, "failed" if "error" in state.stop_reason else "stopped")


def _head(state: RunState) -> str:
    kind = _badge_kind(state)
    text = (
        ("stopping" if state.stopping else "running")
        if state.stop_reason is None
        else STOP_REASON_TEXT[state.stop_reason]
    )
    badge = f'<b class="nr-badge {kind}">{esc(text)}</b>'
    # Bold and a space: where the style sheet is dropped (JupyterLab sanitises a
    # notebook it does not trust yet) the badge still reads apart from the goal.
    # A long task is kept once, with the run: the head shows its start (the rest on hover).
    goal = esc(preview(state.goal, GOAL_CHARS))
    title = f' title="{esc(clip(state.goal))}"' if len(state.goal) > GOAL_CHARS else ""
    return f'<div class="nr-head">{badge} <span class="nr-goal"{title}>{goal}</span></div>'


def _intent(state: RunState) -> str:
    """The run's mode and answer style, and the words that chose them ("" for the defaults)."""
    line = intent_line(state.mode, state.style, state.mode_why, state.style_why)
    return f'<div class="nr-meters nr-intent">{esc(line)}</div>' if line else ""


def _meters(state: RunState, elapsed_s: float | None, max_iterations: int | None) -> str:
    limit = f"/{max_iterations}" if max_iterations else ""
    parts = [
        f"iteration {state.planning_decisions}{limit}",
        f"{tokens(state.usage.total_tokens)} tokens",
        money(state.usage.cost_usd),
    ]
    if elapsed_s is not None:
        parts.append(seconds(elapsed_s))
    return f'<div class="nr-meters">{" · ".join(parts)}</div>'


def _evidence(item: Evidence) -> str:
    """A task's table (open) and the code that made it (folded, ready to copy)."""
    parts = [f'<div class="nr-evidence"><div class="nr-note">{esc(item.caption)}</div>']
    if item.table is not None:
        parts.append(table_html(item.table))
    if item.code:
        parts.append(
            f"<details><summary>{item.code_label}</summary>"
            f"<pre><code>{esc(item.code)}</code></pre></details>"
        )
    parts.append("</div>")
    return "".join(parts)


def _waiting(approval: PendingApproval) -> str:
    """Code that waited for the user's Run or Skip when this view was made: shown, not runnable."""
    purpose = f": {approval.purpose}" if approval.purpose else ""
    what = "to call a tool with these arguments" if approval.about == "tool" else "to run this code"
    note = (
        f"{approval.task_id} · {approval.agent} was waiting for your approval {what}"
        f"{purpose} (Run or Skip in the live panel, or run.approve)"
    )
    return (
        f'<div class="nr-approval"><div class="nr-note">{esc(note)}</div>'
        f"<pre><code>{esc(approval.code)}</code></pre></div>"
    )


def _figure(media: Media) -> str:
    # Every value written into an attribute is escaped, the data URL too: media
    # may come from an imported export or a custom agent (types are checked
    # twice: by Media itself, and here against the types a view shows).
    caption = esc(media.description or media.mime_type)
    if media.mime_type in PLAYABLE_AUDIO:
        return _audio(media, caption)
    if media.mime_type not in _SHOWN_IMAGES:
        return f"<figure><figcaption>{caption}</figcaption></figure>"
    src = esc(_data_url(media.mime_type, media.raw))
    # At its own size up to the output's width (never a fixed small box: its axis
    # text would shrink with it); the inline cap holds where the sheet is dropped.
    return (
        f'<figure><img src="{src}" alt="{caption}" style="max-width:100%;height:auto"/>'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _audio(media: Media, caption: str) -> str:
    """A player for audio the run made; a caption for audio too long to embed, or
    that plays in a cell's own output already (the static view is saved with the
    notebook and resent on every update: a 40 MB recording would be 53 MB of base64)."""
    size = _size(media.size)
    if "cell_id" in media.metadata:  # a notebook output: its own player is in the notebook
        where = f" in {esc(media.source)}" if media.source else " in its own output"
        note = f"{caption} (audio, {size}: not embedded again, it plays{where})"
    elif media.size > AUDIO_INLINE_BYTES:
        note = f"{caption} (audio, {size}, not embedded: over {_size(AUDIO_INLINE_BYTES)})"
    else:
        # The run's one player for this audio (a narration plays here): the static
        # view is the cell's result, live and saved, so no other output repeats it.
        src = esc(_data_url(media.mime_type, media.raw))
        return (
            f'<figure><audio controls="controls" src="{src}" title="{caption}"></audio>'
            f"<figcaption>{caption}</figcaption></figure>"
        )
    return f'<figure class="nr-audio-note"><figcaption>{note}</figcaption></figure>'


def _data_url(mime_type: str, raw: bytes) -> str:
    return f"data:{mime_type};base64,{base64.b64encode(raw).decode()}"


def _size(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f} MB"
    return f"{max(1, round(n / 1000))} KB"
