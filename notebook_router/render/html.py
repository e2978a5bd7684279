"""An HTML rendering of a run: status, meters, the plan and the answer.

Self-contained (inline CSS scoped under ``.nr-run``, no scripts), so it
renders the same live in JupyterLab and Notebook 7, in VS Code and Colab,
and in a saved notebook opened without a kernel.
"""

from __future__ import annotations

import base64
import re
from collections import Counter
from collections.abc import Sequence
from html import escape

from notebook_router.media import AUDIO_INLINE_BYTES, Media
from notebook_router.planner.state import STOP_REASON_TEXT, PendingApproval, RunState, Task
from notebook_router.readers.files import PLAYABLE_AUDIO
from notebook_router.render.evidence import Evidence, evidence, table_html
from notebook_router.text.preview import clip

STYLE = """<style>
.nr-run{font:13px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;
 border:1px solid #e5e7eb;border-radius:8px;padding:10px 12px;max-width:980px;background:#fff}
.nr-run .nr-head{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap;margin-bottom:6px}
.nr-run .nr-goal{font-weight:600}
.nr-run .nr-badge{border-radius:999px;padding:1px 8px;font-size:11px;font-weight:600;
 background:#e0e7ff;color:#3730a3}
.nr-run .nr-badge.done{background:#dcfce7;color:#166534}
.nr-run .nr-badge.stopped{background:#fef3c7;color:#92400e}
.nr-run .nr-meters{color:#6b7280;font-size:12px;margin-bottom:6px}
.nr-run table{border-collapse:collapse;width:100%;font-size:12px}
.nr-run th{text-align:left;color:#6b7280;font-weight:500;border-bottom:1px solid #e5e7eb;
 padding:3px 6px}
.nr-run td{border-bottom:1px solid #f3f4f6;padding:3px 6px;vertical-align:top}
/* above JupyterLab's right-aligned cells (.jp-RenderedHTMLCommon td) */
.nr-run table td,.nr-run table th{text-align:left}
.nr-run td.t,.nr-run td.s{white-space:nowrap}
.nr-run .nr-plan{max-height:360px;overflow:auto;border:1px solid #f3f4f6;border-radius:6px}
.nr-run .s{font-weight:600}.nr-run .s-running{color:#2563eb}.nr-run .s-fulfilled{color:#16a34a}
.nr-run .s-partial{color:#ca8a04}.nr-run .s-failed{color:#dc2626}.nr-run .s-unable{color:#ea580c}
.nr-run .s-cancelled,.nr-run .s-skipped,.nr-run .s-pending{color:#71717a}
.nr-run .nr-answer{margin-top:8px;padding-top:6px;border-top:1px solid #e5e7eb}
.nr-run .nr-answer ul{margin:4px 0 4px 18px;padding:0}.nr-run .nr-answer p{margin:4px 0}
.nr-run .nr-media{display:flex;gap:8px;flex-wrap:wrap;margin-top:6px}
.nr-run .nr-media figure{margin:0;max-width:420px}.nr-run .nr-media img{max-width:100%}
.nr-run .nr-media figcaption{font-size:11px;color:#6b7280}
.nr-run .nr-evidence{margin-top:6px}.nr-run .nr-evidence summary{color:#6b7280;font-size:11px}
.nr-run .nr-evidence pre{background:#f9fafb;border:1px solid #e5e7eb;border-radius:4px;
 padding:6px 8px;overflow-x:auto;font-size:12px;margin:4px 0}
.nr-run .nr-evidence .dataframe{width:auto;margin:4px 0}
.nr-run .nr-note{color:#6b7280;font-size:11px;margin-top:6px}
.nr-run .nr-tree{margin-top:6px}
.nr-run .nr-tree summary{color:#6b7280;font-size:11px;cursor:pointer}
.nr-run .nr-tree-box{overflow:auto;max-height:560px;border:1px solid #f3f4f6;border-radius:6px}
.nr-run .nr-tree img{max-width:none;max-height:none;display:block}
.nr-run .nr-approval{margin-top:6px;padding:4px 8px;border:1px solid #f59e0b;border-radius:6px}
.nr-run .nr-approval pre{background:#f9fafb;border:1px solid #e5e7eb;border-radius:4px;
 padding:6px 8px;overflow:auto;max-height:260px;font-size:12px;margin:4px 0}
</style>"""

_SHOWN_IMAGES = ("image/png", "image/jpeg", "image/svg+xml")
MAX_IMAGES = 6
"""Images shown with a run (a video's annotated frames fill it); audio is always listed,
and embedded up to :data:`~notebook_router.media.AUDIO_INLINE_BYTES`."""
_COLUMNS = ("task", "", "agent", "status", "needs", "time", "result")
_PLAN_ROWS = 12
"""Plans longer than this scroll in a box of their own."""


def render_html(
    state: RunState,
    *,
    elapsed_s: float | None = None,
    media: Sequence[Media] = (),
    notes: Sequence[str] = (),
    max_iterations: int | None = None,
    tree_svg: str | None = None,
) -> str:
    """The run as one HTML fragment; ``tree_svg`` (the run graph drawn) goes beside the plan."""
    parts = [STYLE, '<div class="nr-run">', _head(state), _meters(state, elapsed_s, max_iterations)]
    if len(state.plan):
        parts.append(_plan(list(state.plan)))
    parts.extend(_waiting(a) for a in state.approvals.values())
    if tree_svg:
        # An <img> rather than inline SVG: graphviz's element ids would clash
        # between runs on one page, and sanitisers (GitHub) keep data images.
        encoded = base64.b64encode(tree_svg.encode()).decode()
        parts.append(
            # Drawn at its own size (labels stay readable) in a box that scrolls,
            # never scaled down to fit a narrow output.
            f'<details class="nr-tree" open><summary>delegation tree</summary>'
            f'<div class="nr-tree-box" style="overflow:auto;max-height:560px">'
            f'<img alt="The run as a graph: goal, tasks and agents" '
            f'src="data:image/svg+xml;base64,{encoded}"/></div></details>'
        )
    if state.answer:
        parts.append(f'<div class="nr-answer">{render_answer(state.answer)}</div>')
    parts.extend(_evidence(item) for item in evidence(state))
    shown = shown_media(media)
    if shown:
        parts.append('<div class="nr-media">' + "".join(_figure(m) for m in shown) + "</div>")
    parts.extend(f'<div class="nr-note">{escape(note)}</div>' for note in notes)
    parts.append("</div>")
    return "".join(parts)


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


def _head(state: RunState) -> str:
    if state.stop_reason is None:
        badge = '<b class="nr-badge">running</b>'
    else:
        kind = "done" if state.stop_reason == "completed" else "stopped"
        badge = f'<b class="nr-badge {kind}">{escape(STOP_REASON_TEXT[state.stop_reason])}</b>'
    # Bold and a space: where the style sheet is dropped (JupyterLab sanitises a
    # notebook it does not trust yet) the badge still reads apart from the goal.
    goal = escape(clip(state.goal))  # a long task is kept once, with the run
    return f'<div class="nr-head">{badge} <span class="nr-goal">{goal}</span></div>'


def _meters(state: RunState, elapsed_s: float | None, max_iterations: int | None) -> str:
    limit = f"/{max_iterations}" if max_iterations else ""
    parts = [
        f"iteration {state.planning_decisions}{limit}",
        f"{state.usage.total_tokens:,} tokens",
        f"${state.usage.cost_usd:.4f}",
    ]
    if elapsed_s is not None:
        parts.append(f"{elapsed_s:.2f} s")
    return f'<div class="nr-meters">{" · ".join(parts)}</div>'


def _plan(tasks: list[Task]) -> str:
    rows = []
    for t in tasks:
        took = f"{t.duration_s:.2f} s" if t.duration_s is not None else ""
        rows.append(
            "<tr>"
            f"<td>{escape(t.id)}</td><td>{escape(clip(t.description))}</td><td>{escape(t.agent)}</td>"
            f'<td class="s s-{t.status}">{t.status}</td>'
            f'<td>{escape(", ".join(t.depends_on))}</td><td class="t">{took}</td>'
            f"<td>{escape(_short(t.outcome, 160))}</td>"
            "</tr>"
        )
    head = "<tr>" + "".join(f"<th>{h}</th>" for h in _COLUMNS) + "</tr>"
    table = f"<table>{head}{''.join(rows)}</table>"
    if len(tasks) <= _PLAN_ROWS:
        return table
    # A long plan scrolls in its own box, under a line that counts it by status.
    counts = Counter(t.status for t in tasks)
    summary = " · ".join(f"{n} {status}" for status, n in counts.most_common())
    return (
        f'<div class="nr-note">{len(tasks)} tasks: {summary}</div>'
        f'<div class="nr-plan">{table}</div>'
    )


def render_answer(text: str) -> str:
    """Markdown-ish answer text as safe HTML: paragraphs, headings, bullet and numbered
    lists (nested by indentation), pipe tables, **bold** and ``[t1]`` citations.

    Every piece of text is escaped: an answer repeats what agents returned.
    """
    lines = [(len(line) - len(line.lstrip()), line.strip()) for line in text.splitlines()]
    return _blocks(lines)


_ITEM = re.compile(r"^(?:([-*+])|(\d{1,3})[.)])\s+(.*)$")


def _blocks(lines: list[tuple[int, str]]) -> str:
    """HTML for ``(indent, text)`` lines: one block (list, table, heading, paragraph) at a time."""
    html: list[str] = []
    i = 0
    while i < len(lines):
        text = lines[i][1]
        if not text:
            i += 1
            continue
        item = _ITEM.match(text)
        if item is not None:
            i = _list(lines, i, html)
            continue
        if _is_row(text):
            rows = []
            while i < len(lines) and _is_row(lines[i][1]):
                rows.append(lines[i][1])
                i += 1
            html.append(_markdown_table(rows))
            continue
        heading = re.match(r"^(#{1,4})\s+(.*)", text)
        if heading:
            level = min(6, len(heading.group(1)) + 3)
            html.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        else:
            html.append(f"<p>{_inline(text)}</p>")
        i += 1
    return "".join(html)


def _list(lines: list[tuple[int, str]], start: int, html: list[str]) -> int:
    """The list starting at ``lines[start]``: its items, each with the more indented
    lines under it as its own blocks; returns the index after the list."""
    base, first = lines[start]
    match = _ITEM.match(first)
    assert match is not None
    ordered = match.group(2) is not None
    tag = "ol" if ordered else "ul"
    opening = (
        f'<ol start="{int(match.group(2))}">' if ordered and match.group(2) != "1" else f"<{tag}>"
    )
    items: list[str] = []
    i = start
    # An item holds the blank or more indented lines after it; text back at the
    # list's indent that is not an item of the same kind ends the list.
    while i < len(lines):
        indent, text = lines[i]
        match = _ITEM.match(text) if indent == base else None
        if match is None or (match.group(2) is not None) != ordered:
            break
        body: list[tuple[int, str]] = []
        i += 1
        while i < len(lines) and (not lines[i][1] or lines[i][0] > base):
            body.append(lines[i])
            i += 1
        while body and not body[-1][1]:
            body.pop()
        items.append(f"<li>{_inline(match.group(3))}{_blocks(body)}</li>")
    html.append(opening + "".join(items) + f"</{tag}>")
    return i


def _is_row(text: str) -> bool:
    return len(text) > 1 and text.startswith("|") and text.endswith("|")


def _markdown_table(lines: list[str]) -> str:
    """GitHub-style table lines (header, ``|---|`` rule, rows) as an HTML table."""
    cells = [_cells(line) for line in lines]
    if len(cells) >= 2 and all(re.fullmatch(r":?-{3,}:?", c) for c in cells[1]):
        head, body = cells[0], cells[2:]
    else:
        head, body = [], cells
    parts = ['<table class="nr-md">']
    if head:
        parts.append("<tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr>")
    parts.extend("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>" for row in body)
    parts.append("</table>")
    return "".join(parts)


def _cells(line: str) -> list[str]:
    # Split on pipes that are not escaped ("\|" is a pipe inside a cell).
    inner = line.strip()[1:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def _inline(text: str) -> str:
    text = escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"\[(t[\w.\-]+)\]", r'<sup title="task \1">[\1]</sup>', text)


def _evidence(item: Evidence) -> str:
    """A task's table (open) and the code that made it (folded, ready to copy)."""
    parts = [f'<div class="nr-evidence"><div class="nr-note">{escape(item.caption)}</div>']
    if item.table is not None:
        parts.append(table_html(item.table))
    if item.code:
        parts.append(
            f"<details><summary>{item.code_label}</summary>"
            f"<pre><code>{escape(item.code)}</code></pre></details>"
        )
    parts.append("</div>")
    return "".join(parts)


def _waiting(approval: PendingApproval) -> str:
    """Code that waited for the user's Run or Skip when this view was made: shown, not runnable."""
    purpose = f": {approval.purpose}" if approval.purpose else ""
    note = (
        f"{approval.task_id} · {approval.agent} was waiting for your approval to run this code"
        f"{purpose} (Run or Skip in the live panel, or run.approve)"
    )
    return (
        f'<div class="nr-approval"><div class="nr-note">{escape(note)}</div>'
        f"<pre><code>{escape(approval.code)}</code></pre></div>"
    )


def _figure(media: Media) -> str:
    # Every value written into an attribute is escaped, the data URL too: media
    # may come from an imported export or a custom agent (types are checked
    # twice: by Media itself, and here against the types a view shows).
    caption = escape(media.description or media.mime_type)
    if media.mime_type in PLAYABLE_AUDIO:
        return _audio(media, caption)
    if media.mime_type not in _SHOWN_IMAGES:
        return f"<figure><figcaption>{caption}</figcaption></figure>"
    src = escape(_data_url(media.mime_type, media.raw))
    return f'<figure><img src="{src}" alt="{caption}"/><figcaption>{caption}</figcaption></figure>'


def _audio(media: Media, caption: str) -> str:
    """A player for audio the run made; a caption for audio too long to embed, or
    that plays in a cell's own output already (the static view is saved with the
    notebook and resent on every update: a 40 MB recording would be 53 MB of base64)."""
    size = _size(media.size)
    if "cell_id" in media.metadata:  # a notebook output: its own player is in the notebook
        where = f" in {escape(media.source)}" if media.source else " in its own output"
        note = f"{caption} (audio, {size}: not embedded again, it plays{where})"
    elif media.size > AUDIO_INLINE_BYTES:
        note = f"{caption} (audio, {size}, not embedded: over {_size(AUDIO_INLINE_BYTES)})"
    else:
        # The run's one player for this audio (a narration plays here): the static
        # view is the cell's result, live and saved, so no other output repeats it.
        src = escape(_data_url(media.mime_type, media.raw))
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


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
