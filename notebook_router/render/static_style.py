"""The finished view's style sheet: theme-aware, scoped under ``.nr-run``, no scripts.

Colours come from JupyterLab's theme variables (``--jp-*``: Lab and Notebook 7,
light or dark, and ``nbconvert --to html`` pages, which carry them). Where a
variable is missing (GitHub, nbviewer, VS Code, Colab) the declaration using
it falls back to ``unset``: text inherits the host's colour and backgrounds
stay transparent, so whatever the host's theme, text and background come from
the same place. Every other colour comes in pairs (a chip's text with its own
background), light by default and dark where the host says it is dark
(``data-jp-theme-light="false"``, VS Code's ``vscode-dark``, or the system's
dark scheme on a page that names no Jupyter theme). Muted text is only muted
on hosts whose theme is known; elsewhere it keeps the host's text colour.

The host's table rules are outranked (``.nr-run.nr-run``): JupyterLab colours
odd, even and hovered rows of every output table, and aligns every cell right.
All text is at least 11 px.
"""

from __future__ import annotations

_LIGHT = (
    "--nr-ok-bg:#dcfce7;--nr-ok-fg:#14532d;--nr-warn-bg:#fef3c7;--nr-warn-fg:#78350f;"
    "--nr-bad-bg:#fee2e2;--nr-bad-fg:#7f1d1d;--nr-info-bg:#dbeafe;--nr-info-fg:#1e3a8a;"
    "--nr-off-bg:#f4f4f5;--nr-off-fg:#3f3f46;--nr-ask-bg:#fae8ff;--nr-ask-fg:#701a75;"
    "--nr-accent:#1d4ed8"
)
_DARK = (
    "--nr-ok-bg:#14532d;--nr-ok-fg:#dcfce7;--nr-warn-bg:#713f12;--nr-warn-fg:#fef3c7;"
    "--nr-bad-bg:#7f1d1d;--nr-bad-fg:#fee2e2;--nr-info-bg:#1e3a8a;--nr-info-fg:#dbeafe;"
    "--nr-off-bg:#3f3f46;--nr-off-fg:#f4f4f5;--nr-ask-bg:#701a75;--nr-ask-fg:#fae8ff;"
    "--nr-accent:#93c5fd"
)

STYLE = (
    "<style>"
    # The card: the host's own colours where it names none of Jupyter's.
    ".nr-run{" + _LIGHT + ";--nr-line:var(--jp-border-color2,rgba(128,128,128,.35));"
    "--nr-hover:rgba(128,128,128,.1);--nr-muted:inherit;"
    "font:13px/1.45 var(--jp-ui-font-family,system-ui,-apple-system,'Segoe UI',sans-serif);"
    "color:var(--jp-content-font-color1);background:var(--jp-layout-color0);"
    "border:1px solid var(--nr-line);border-radius:8px;padding:10px 12px;max-width:980px;"
    "box-sizing:border-box;overflow-wrap:break-word;text-align:left;"
    "container-type:inline-size;container-name:nr-run}"
    "[data-jp-theme-light=true] .nr-run{--nr-muted:#52525b}"
    "[data-jp-theme-light=false] .nr-run,.vscode-dark .nr-run{" + _DARK + ";--nr-muted:#a1a1aa}"
    "@media (prefers-color-scheme:dark){body:not([data-jp-theme-light]) .nr-run{" + _DARK + "}}"
    ".nr-run *{box-sizing:border-box}"
    ".nr-run .nr-head{display:flex;gap:8px;align-items:baseline;flex-wrap:wrap;margin-bottom:4px}"
    ".nr-run .nr-goal{font-weight:600;min-width:0}"
    ".nr-run .nr-badge,.nr-run .nr-st{border-radius:999px;padding:0 8px;font-size:11.5px;"
    "font-weight:600;white-space:nowrap;background:var(--nr-info-bg);color:var(--nr-info-fg)}"
    ".nr-run .nr-badge.done,.nr-run .nr-st-fulfilled{background:var(--nr-ok-bg);"
    "color:var(--nr-ok-fg)}"
    ".nr-run .nr-badge.stopped,.nr-run .nr-st-partial,.nr-run .nr-st-unable{"
    "background:var(--nr-warn-bg);color:var(--nr-warn-fg)}"
    ".nr-run .nr-badge.failed,.nr-run .nr-st-failed{background:var(--nr-bad-bg);"
    "color:var(--nr-bad-fg)}"
    ".nr-run .nr-st-cancelled,.nr-run .nr-st-skipped,.nr-run .nr-st-pending{"
    "background:var(--nr-off-bg);color:var(--nr-off-fg)}"
    ".nr-run .nr-st-needs_user_input{background:var(--nr-ask-bg);color:var(--nr-ask-fg)}"
    ".nr-run .nr-st{padding:0 6px;font-size:11px}"
    ".nr-run .nr-meters,.nr-run .nr-note,.nr-run .nr-muted{color:var(--nr-muted);font-size:12px}"
    ".nr-run .nr-note{margin-top:6px}"
    # Text in the answer, evidence and sections.
    ".nr-run .nr-answer{margin:8px 0 4px;font-size:13px}"
    ".nr-run .nr-answer p{margin:4px 0}"
    ".nr-run .nr-answer ul,.nr-run .nr-answer ol{margin:4px 0 4px 4px;padding-left:18px}"
    ".nr-run .nr-answer li.nr-more-item{list-style:none;margin-left:-18px}"
    ".nr-run sup{font-size:11px;line-height:1}"
    ".nr-run details{margin:6px 0}"
    ".nr-run summary{cursor:pointer;font-size:12px;font-weight:600;color:var(--nr-muted)}"
    ".nr-run summary .nr-st,.nr-run summary .nr-badge{font-weight:600}"
    ".nr-run details.nr-more>summary{font-weight:400}"
    ".nr-run .nr-section>summary{font-size:12.5px}"
    # Tables: ours, whatever the host's table rules say.
    ".nr-run.nr-run table{border-collapse:collapse;border-spacing:0;width:auto;max-width:100%;"
    "font-size:12px;margin:4px 0;table-layout:auto;color:inherit;background:transparent;border:0}"
    ".nr-run.nr-run table.nr-wide{width:100%;table-layout:fixed}"
    ".nr-run.nr-run tr,.nr-run.nr-run tbody tr:nth-child(odd),"
    ".nr-run.nr-run tbody tr:nth-child(even){background:transparent}"
    ".nr-run.nr-run tbody tr:hover,.nr-run.nr-run tr:hover{background:var(--nr-hover)}"
    ".nr-run.nr-run table td,.nr-run.nr-run table th{padding:3px 6px;border:0;"
    "border-bottom:1px solid var(--nr-line);vertical-align:top;line-height:1.4;color:inherit;"
    "text-align:left;white-space:normal;max-width:none;font-size:12px;background:transparent}"
    ".nr-run.nr-run table th{font-weight:600;color:var(--nr-muted)}"
    ".nr-run.nr-run table .nr-num{text-align:right;font-variant-numeric:tabular-nums}"
    ".nr-run .nr-table-box{overflow-x:auto;max-width:100%}"
    ".nr-run .nr-id{font-family:var(--jp-code-font-family,ui-monospace,monospace);"
    "font-size:11.5px;color:var(--nr-muted);white-space:nowrap}"
    ".nr-run .nr-result{color:var(--nr-muted);font-size:11.5px}"
    ".nr-run .nr-agent{border:1px solid var(--nr-line);border-radius:999px;padding:0 6px;"
    "font-size:11.5px;white-space:nowrap}"
    ".nr-run .nr-time{color:var(--nr-muted);font-size:11.5px;white-space:nowrap;"
    "font-variant-numeric:tabular-nums}"
    # The plan, in groups when long.
    ".nr-run col.nr-c-id{width:3.6em}.nr-run col.nr-c-agent{width:22%}"
    ".nr-run col.nr-c-status{width:7.6em}.nr-run col.nr-c-time{width:5em}"
    ".nr-run details.nr-group{margin:2px 0 2px 2px}"
    # A narrow output (a file browser open, a small window): each task is a short line
    # (id, agent, status, time) over its text, which keeps the whole width.
    "@container nr-run (max-width:560px){"
    ".nr-run.nr-run table.nr-plan-table,.nr-run.nr-run table.nr-plan-table tbody{display:block}"
    ".nr-run.nr-run table.nr-plan-table thead{display:none}"
    ".nr-run.nr-run table.nr-plan-table tr{display:flex;flex-wrap:wrap;align-items:baseline;"
    "gap:0 8px;padding:3px 0;border-bottom:1px solid var(--nr-line)}"
    ".nr-run.nr-run table.nr-plan-table td{display:block;border:0;padding:0}"
    ".nr-run.nr-run table.nr-plan-table td:nth-child(2){order:9;flex-basis:100%}"
    ".nr-run.nr-run table.nr-plan-table td.nr-time{margin-left:auto}}"
    ".nr-run details.nr-group>summary{font-weight:400;color:inherit}"
    # The tree: the live panel's outline, written out.
    ".nr-run ul.nr-outline,.nr-run ul.nr-outline ul{list-style:none;margin:0;padding:0}"
    ".nr-run ul.nr-outline ul{margin-left:.5em;padding-left:.9em;"
    "border-left:1px solid var(--nr-line)}"
    ".nr-run ul.nr-outline li{margin:0;padding:1px 0}"
    ".nr-run .nr-tn{font-size:12.5px;line-height:1.5}"
    ".nr-run .nr-tn>*+*{margin-left:.35em}"
    ".nr-run .nr-after{font-size:11.5px;color:var(--nr-muted)}"
    ".nr-run ul.nr-outline details{margin:0}"
    ".nr-run ul.nr-outline summary{font-weight:400;font-size:12.5px;color:inherit}"
    ".nr-run .nr-diagram-box{overflow:auto;max-height:560px;max-width:100%;"
    "border:1px solid var(--nr-line);border-radius:6px}"
    ".nr-run .nr-diagram-box img{max-width:none;display:block}"
    # Steering, cost, evidence, media, waiting code.
    ".nr-run ol.nr-steps{margin:4px 0;padding-left:20px;font-size:12.5px}"
    ".nr-run ol.nr-steps li{margin:2px 0}"
    ".nr-run .nr-k{font-weight:600}"
    ".nr-run pre{background:var(--jp-cell-editor-background);color:inherit;"
    "border:1px solid var(--nr-line);border-radius:4px;padding:6px 8px;overflow:auto;"
    "max-height:320px;font-size:12px;margin:4px 0;white-space:pre}"
    ".nr-run pre code{background:transparent;color:inherit;padding:0}"
    ".nr-run .nr-evidence{margin-top:6px}"
    ".nr-run .nr-media{display:flex;gap:8px;flex-wrap:wrap;margin-top:6px}"
    ".nr-run .nr-media figure{margin:0;max-width:100%}"
    ".nr-run .nr-media img{max-width:100%;height:auto;display:block}"
    ".nr-run .nr-media figcaption{font-size:11.5px;color:var(--nr-muted)}"
    ".nr-run .nr-approval{margin-top:6px;padding:4px 8px;border:1px solid #d97706;"
    "border-radius:6px}"
    "</style>"
)
