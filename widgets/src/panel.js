// The run panel under a %%route cell (anywidget front end).
//
// Synced traitlets are the source of truth: the kernel batches each step's
// changes and throttles them, and this module only draws what the model
// holds. Buttons send custom messages ({type: "action", ...}); the kernel
// acknowledges each one through the `ack` trait. Code an agent waits to run,
// or a tool call it waits to make (the `approvals` trait), gets Run / Edit /
// Skip; its box is kept while it waits, so redraws never throw away an edit
// in progress. Every list (plan, tree, trace) keeps its rows by key and
// changes only what changed, so an update costs little however large the
// run; the tree is our own outline (tree.js), drawn at most once a frame. The meters open a breakdown of
// tokens and cost by agent and by task (the `usage` trait). The panel lays
// itself out by its own width (a container query): below ~700 px the plan
// and the tree stack, and narrower still the plan drops its "needs" column.

import { syncKeyed } from "./keyed.js";
import { TreeView, fmtSeconds, noteDraw } from "./tree.js";

const ACK_TIMEOUT_MS = 300;
const TRACE_END = 1e7; // a scroll offset past any trace's end
const INFO_NOTICE_MS = 4000; // an info notice fades after this; warnings stay until the next action
const PLAN_COLUMNS = 6;
const USAGE_TASKS = 12; // tasks listed in the breakdown, costliest first
const STATUS_WORD = { fulfilled: "done" };
// How an approval box speaks: of code to run, or of a tool call (an MCP server's).
const APPROVAL_WORDS = {
  code: {
    thing: "Code",
    what: "code",
    waits: " waits to run code",
    run: "Run this code in the kernel",
    edit: "Edit the code, then Run runs your version",
    skip: "Do not run this code; the run goes on without it",
    running: "Running the code…",
    skipping: "Skipping the code…",
  },
  tool: {
    thing: "Tool call",
    what: "arguments",
    waits: " waits to call a tool",
    run: "Call the tool with these arguments",
    edit: "Edit the arguments (JSON), then Run calls the tool with yours",
    skip: "Do not call the tool; the run goes on without it",
    running: "Calling the tool…",
    skipping: "Skipping the tool call…",
  },
};
const STATUS_ORDER = ["running", "failed", "needs_user_input", "unable", "partial", "fulfilled", "pending", "cancelled", "skipped"];
const STATUS_TEXT = {
  running: "running",
  finished: "done",
  stopped: "stopped by user",
  interrupted: "interrupted",
  limited: "stopped by a limit",
  failed: "failed",
  waiting: "waiting for your answer",
};

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A cell that reads as a number is right-aligned, as pandas and spreadsheets do.
const NUMBER = /^(?=.*\d)[-+]?(\d[\d,]*)?(\.\d+)?([eE][-+]?\d+)?%?$/;

function dataTable(t) {
  // The kernel says which columns hold numbers (written with separators); older states do not.
  const numeric = (i, text) => (t.numeric && t.numeric.length ? t.numeric[i] : text && NUMBER.test(text));
  const cell = (tag, text, i) => h(tag, { class: numeric(i, text) ? "nrp-num" : null }, text);
  return h(
    "table",
    { class: "nrp-data" },
    h("thead", {}, h("tr", {}, t.columns.map((c, i) => cell("th", c, i)))),
    // Cells are text nodes (h() never parses HTML): a cell holding markup shows it as written.
    h("tbody", {}, t.rows.map((row) => h("tr", {}, row.map((c, i) => cell(i === 0 ? "th" : "td", c, i))))),
  );
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function statusCounts(rows) {
  const counts = new Map();
  for (const r of rows) counts.set(r.status, (counts.get(r.status) || 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => STATUS_ORDER.indexOf(a[0]) - STATUS_ORDER.indexOf(b[0]))
    .map(([status, n]) => `${n} ${STATUS_WORD[status] || status.replace(/_/g, " ")}`)
    .join(" · ");
}

// Pictures of media by size and digest, for every panel on the page: each one
// crosses from the kernel once, whatever the number of views or trait updates.
const shared = (globalThis.__notebook_router_panels__ ??= {});
shared.pictures ??= new Map();
const MAX_PICTURES = 200;

function keepPicture(size, digest, url) {
  const pictures = shared.pictures;
  pictures.set(`${size}:${digest}`, url);
  if (pictures.size > MAX_PICTURES) pictures.delete(pictures.keys().next().value);
}

const traceKey = (e) => `${e.t}|${e.kind}|${e.label}|${e.text}`;

class PanelView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.pending = new Map(); // action id -> timer
    this.approvalBoxes = new Map(); // approval id -> its box (see approvalBox)
    this.approvalClicks = new Map(); // action id -> approval id, until acknowledged
    this.nextId = 1;
    this.planRows = new Map(); // task id -> {tr, cells, sig}
    this.mediaFigs = new Map(); // digest -> its figure in the media strip (see mediaFigure)
    this.asked = new Set(); // "size:digest" pictures asked of the kernel by this view
    this.traceKeys = []; // key of each trace line shown, in order
    this.sentMessages = new Map(); // action id -> the redirect text sent with it
    this.noticeKind = null;
    this.noticeTimer = 0;
    this.treeView = new TreeView();
    this.build();
    this.disposers = [];
    // A change only marks its part for the next frame: a burst of trait
    // changes is drawn once, with writes only (no layout is read), so the page
    // lays out once per frame, when the browser renders it (Lab's layouts are not cheap).
    this.dirty = new Set();
    this.frame = 0;
    this.traceStick = true;
    this.traceList.addEventListener(
      "scroll",
      () => {
        const list = this.traceList;
        this.traceStick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
      },
      { passive: true },
    );
    const on = (names, fn) => {
      const bound = () => this.schedule(fn);
      for (const name of names.split(" ")) {
        model.on(`change:${name}`, bound);
        this.disposers.push(() => model.off(`change:${name}`, bound));
      }
    };
    // The status badge is drawn at once (a few attributes): a Stop shows in the
    // same task that brought it, even if the output is redrawn right after.
    for (const name of "status headline goal run_id detail intent".split(" ")) {
      const now = () => this.drawHead();
      model.on(`change:${name}`, now);
      this.disposers.push(() => model.off(`change:${name}`, now));
    }
    on("meters usage", this.drawMeters);
    on("plan tables", this.drawPlan);
    on("tree", this.drawTree);
    on("trace", this.drawTrace);
    on("answer_html draft", this.drawAnswer);
    on("tables tables_note", this.drawTables);
    on("question", this.drawQuestion);
    on("approvals", this.drawApprovals);
    on("steering", this.drawSteering);
    on("media media_note", this.drawMedia);
    const onCustom = (msg) => this.onCustom(msg);
    model.on("msg:custom", onCustom);
    this.disposers.push(() => model.off("msg:custom", onCustom));
    // Acknowledgements are not drawing: they stop the "kernel busy" timer at once.
    const onAck = () => this.onAck();
    model.on("change:ack", onAck);
    this.disposers.push(() => model.off("change:ack", onAck));
    this.drawAll();
  }

  build() {
    this.status = h("span", { class: "nrp-badge" });
    this.goal = h("span", { class: "nrp-goal" });
    this.runId = h("span", { class: "nrp-runid" });
    // The run's mode and answer style, and the words that chose them.
    this.intent = h("div", { class: "nrp-intent", hidden: true });
    this.stopBtn = h(
      "button",
      { class: "nrp-btn nrp-stop", type: "button", title: "Stop the run and keep what is done", onclick: () => this.stop() },
      "■ Stop",
    );
    this.redirectBtn = h(
      "button",
      { class: "nrp-btn", type: "button", title: "Send the planner a new instruction", onclick: () => this.toggleRedirect() },
      "↪ Redirect",
    );
    this.notice = h("div", { class: "nrp-notice", role: "status", "aria-live": "polite" });
    this.redirectInput = h("input", {
      class: "nrp-input",
      type: "text",
      placeholder: "e.g. only the north region, or: skip the chart",
      "aria-label": "Redirect message",
      onkeydown: (e) => e.key === "Enter" && this.redirect(),
    });
    this.redirectRow = h(
      "div",
      { class: "nrp-row nrp-redirect", hidden: true },
      this.redirectInput,
      h("button", { class: "nrp-btn", type: "button", onclick: () => this.redirect() }, "Send"),
    );
    this.steering = h("ul", { class: "nrp-steering" });
    this.questionText = h("div", { class: "nrp-question-text" });
    this.answerInput = h("input", {
      class: "nrp-input",
      type: "text",
      placeholder: "Your answer",
      "aria-label": "Answer to the planner's question",
      onkeydown: (e) => e.key === "Enter" && this.answer(),
    });
    this.question = h(
      "div",
      { class: "nrp-question", hidden: true },
      this.questionText,
      h("div", { class: "nrp-row" }, this.answerInput, h("button", { class: "nrp-btn", type: "button", onclick: () => this.answer() }, "Answer")),
    );
    this.approvals = h("div", { class: "nrp-approvals" });
    this.mediaHead = h("h4", {}, "Media");
    this.mediaList = h("div", { class: "nrp-media-list" });
    this.mediaMore = h("span", { class: "nrp-more nrp-media-more", hidden: true });
    this.mediaBox = h("section", { class: "nrp-media", hidden: true, role: "region", "aria-label": "Media" }, this.mediaHead, this.mediaList);
    this.meterList = h("div", { class: "nrp-meter-list" });
    this.usageBtn = h(
      "button",
      {
        class: "nrp-btn nrp-usage-btn",
        type: "button",
        hidden: true,
        "aria-expanded": "false",
        title: "Tokens and cost by agent and by task",
        onclick: () => this.toggleUsage(),
      },
      "by agent ▸",
    );
    this.usageBox = h("div", { class: "nrp-usage", hidden: true, role: "region", "aria-label": "Tokens and cost by agent and by task" });
    this.meters = h("div", { class: "nrp-meters" }, this.meterList, this.usageBtn);
    this.plan = h("tbody");
    this.planHead = h("h4", {}, "Plan");
    this.traceList = h("ol", { class: "nrp-trace" });
    this.trace = h("details", { class: "nrp-trace-box", open: true }, h("summary", {}, "Trace"), this.traceList);
    this.answerBox = h("div", { class: "nrp-answer" });
    this.tablesBox = h("section", { class: "nrp-results", hidden: true });
    this.root = h(
      "div",
      { class: "nrp" },
      h("div", { class: "nrp-head" }, this.status, this.goal, this.runId, h("span", { class: "nrp-spacer" }), this.redirectBtn, this.stopBtn),
      this.intent,
      this.meters,
      this.usageBox,
      this.notice,
      this.redirectRow,
      this.steering,
      this.question,
      this.approvals,
      this.mediaBox,
      h(
        "div",
        { class: "nrp-body" },
        h(
          "section",
          { class: "nrp-plan" },
          this.planHead,
          h(
            "div",
            { class: "nrp-plan-box", tabindex: 0, role: "region", "aria-label": "Plan" },
            h(
              "table",
              {},
              h("thead", {}, h("tr", {}, ["", "task", "agent", "status", "needs", "time"].map((c) => h("th", {}, c)))),
              this.plan,
            ),
          ),
        ),
        h("section", { class: "nrp-graph" }, h("h4", {}, "Delegation tree"), this.treeView.root),
      ),
      this.trace,
      this.answerBox,
      this.tablesBox,
    );
    this.el.replaceChildren(this.root);
  }

  schedule(fn) {
    this.dirty.add(fn);
    if (!this.frame) this.frame = requestAnimationFrame(() => this.flush());
  }

  flush() {
    this.frame = 0;
    const at = performance.now();
    const parts = [...this.dirty];
    this.dirty.clear();
    for (const fn of parts) {
      const t = performance.now();
      fn.call(this);
      noteDraw(fn.name, t, performance.now() - t);
    }
    // No layout is read on this path (reading one mid-update would force the browser
    // to lay out then and there). The scroll writes come last: the tree finds its
    // running row from the row's index; the trace sticks to its end by asking for
    // more than it has (the browser clamps).
    if (parts.includes(this.drawTree)) this.treeView.draw();
    if (parts.includes(this.drawTrace) && this.traceStick) this.traceList.scrollTop = TRACE_END;
    noteDraw("frame", at, performance.now() - at);
  }

  drawAll() {
    this.drawHead();
    this.drawMeters();
    this.drawPlan();
    this.drawTree();
    this.drawTrace();
    this.drawAnswer();
    this.drawTables();
    this.drawQuestion();
    this.drawApprovals();
    this.drawSteering();
    this.drawMedia();
    this.treeView.draw();
  }

  get running() {
    const s = this.model.get("status");
    return s === "running" || s === "waiting";
  }

  drawHead() {
    const status = this.model.get("status");
    const headline = this.model.get("headline") || STATUS_TEXT[status] || status;
    this.status.textContent = headline;
    this.status.className = `nrp-badge nrp-s-${status}`;
    this.root.dataset.status = status;
    this.goal.textContent = this.model.get("goal");
    this.runId.textContent = this.model.get("run_id");
    const intent = this.model.get("intent") || "";
    this.intent.textContent = intent;
    this.intent.hidden = !intent;
    this.stopBtn.disabled = !this.running;
    this.redirectBtn.disabled = !this.running;
    if (!this.running) {
      this.redirectRow.hidden = true;
      this.trace.open = false;
      for (const timer of this.pending.values()) clearTimeout(timer);
      this.pending.clear();
      // The run's end settles what warnings and "received" notices were waiting for.
      if (this.noticeKind === "warn" || this.noticeKind === "redirect") this.clearNotice();
      const detail = this.model.get("detail");
      if (detail && status !== "finished" && detail !== headline) this.setNotice(detail, "final");
    }
  }

  drawMeters() {
    const meters = this.model.get("meters") || [];
    const usage = this.model.get("usage") || {};
    const agents = usage.agents || [];
    // Who spent it, on hover: the costliest agents (the breakdown has every one).
    const spenders = agents.slice(0, 4).map((a) => `${a.name} ${a.tokens_text} (${a.cost_text})`).join(" · ");
    this.meterList.replaceChildren(
      ...meters.map((m) => {
        const frac = m.limit ? Math.min(1, m.value / m.limit) : null;
        const spent = m.label === "tokens" || m.label === "cost" ? spenders : "";
        const title = [m.title, spent].filter(Boolean).join("\n");
        return h(
          "div",
          { class: `nrp-meter${frac !== null && frac >= 0.9 ? " nrp-hot" : ""}`, title },
          h("span", { class: "nrp-meter-label" }, m.label),
          h("span", { class: "nrp-meter-value" }, m.text),
          frac === null ? null : h("span", { class: "nrp-bar" }, h("span", { style: `width:${(frac * 100).toFixed(1)}%` })),
        );
      }),
    );
    this.usageBtn.hidden = !agents.length;
    if (!agents.length) this.usageBox.hidden = true;
    if (!this.usageBox.hidden) this.drawUsage(usage);
  }

  toggleUsage() {
    const open = this.usageBox.hidden;
    this.usageBox.hidden = !open;
    this.usageBtn.setAttribute("aria-expanded", String(open));
    setText(this.usageBtn, open ? "by agent ▾" : "by agent ▸");
    if (open) this.drawUsage(this.model.get("usage") || {});
  }

  /** The breakdown: every agent (the planner too), then the costliest tasks. */
  drawUsage(usage) {
    const row = (cells) => h("tr", {}, cells.map(([text, num]) => h("td", { class: num ? "nrp-num" : null }, text)));
    const head = (names) => h("thead", {}, h("tr", {}, names.map((n, i) => h("th", { class: i ? "nrp-num" : null }, n))));
    const pct = (share) => `${Math.round(share * 100)}%`;
    const line = (name, u) => row([[name], [String(u.calls), 1], [u.tokens_text, 1], [u.cost_text, 1], [pct(u.share), 1]]);
    const agents = (usage.agents || []).map((a) => line(a.name, a));
    const all = usage.tasks || [];
    const tasks = [...all]
      .sort((a, b) => b.input_tokens + b.output_tokens - (a.input_tokens + a.output_tokens))
      .slice(0, USAGE_TASKS)
      .map((t) => line(`${t.name} · ${t.agent}`, t));
    const more = all.length - tasks.length;
    const columns = ["calls", "tokens", "cost", "share"];
    this.usageBox.replaceChildren(
      h("table", { class: "nrp-data nrp-usage-agents" }, head(["agent", ...columns]), h("tbody", {}, agents)),
      ...(tasks.length ? [h("table", { class: "nrp-data nrp-usage-tasks" }, head(["task", ...columns]), h("tbody", {}, tasks))] : []),
      ...(more > 0 ? [h("div", { class: "nrp-more" }, `${more} more task${more === 1 ? "" : "s"} spent less`)] : []),
    );
  }

  drawPlan() {
    const rows = this.model.get("plan") || [];
    setText(this.planHead, rows.length ? `Plan · ${rows.length} task${rows.length === 1 ? "" : "s"}: ${statusCounts(rows)}` : "Plan");
    const tables = new Map((this.model.get("tables") || []).map((t) => [t.task_id, t.columns.length ? "▦ table" : "‹› code"]));
    syncKeyed(this.plan, rows, this.planRows, {
      key: (r) => r.id,
      make: (r) => this.planRow(r.id),
      fill: (row, r) => this.fillPlanRow(row, r, tables.get(r.id)),
      node: (row) => row.tr,
    });
    if (!rows.length) {
      this.planEmpty ??= h("tr", {}, h("td", { colspan: PLAN_COLUMNS, class: "nrp-empty" }, "Planning…"));
      if (this.plan.firstChild !== this.planEmpty) this.plan.replaceChildren(this.planEmpty);
    } else if (this.planEmpty) this.planEmpty.remove();
  }

  planRow(id) {
    const c = {
      id: h("td", { class: "nrp-id" }, id),
      desc: h("td", { class: "nrp-desc" }),
      text: document.createTextNode(""),
      agent: h("td"),
      agentName: document.createTextNode(""),
      where: h("div", { class: "nrp-where", hidden: true }),
      status: h("span"),
      needs: h("td", { class: "nrp-id" }),
      time: h("td", { class: "nrp-time" }),
      chip: null,
    };
    c.desc.append(c.text);
    c.agent.append(c.agentName, c.where);
    const tr = h("tr", { "data-task": id }, c.id, c.desc, c.agent, h("td", {}, c.status), c.needs, c.time);
    return { tr, c, sig: {} };
  }

  fillPlanRow(row, r, chip) {
    const { c, tr } = row;
    const cls = `nrp-row-${r.status}`;
    if (tr.className !== cls) tr.className = cls;
    if (c.text.data !== r.description) c.text.data = r.description;
    if (row.sig.result !== r.result) c.desc.title = row.sig.result = r.result || "";
    const name = r.path || r.agent;
    if (c.agentName.data !== name) c.agentName.data = name;
    // The cluster worker a task ran on, under its agent (the full address on hover).
    const where = r.where || "";
    if (row.sig.where !== where) {
      row.sig.where = where;
      setText(c.where, where ? `on ${where.replace(/^[a-z]+:\/\//, "")}` : "");
      c.where.title = where;
      c.where.hidden = !where;
    }
    setText(c.status, r.status);
    const stCls = `nrp-st nrp-st-${r.status}`;
    if (c.status.className !== stCls) c.status.className = stCls;
    setText(c.needs, (r.depends_on || []).join(", "));
    setText(c.time, fmtSeconds(r.duration_s));
    if ((chip || null) !== (row.sig.chip || null)) {
      row.sig.chip = chip;
      c.chip?.remove();
      c.chip = chip
        ? h("button", { class: "nrp-chip", type: "button", title: `Show ${r.id}'s result`, onclick: () => this.showTable(r.id) }, chip)
        : null;
      if (c.chip) c.desc.append(c.chip);
    }
  }

  drawTree() {
    this.treeView.nodes = this.model.get("tree") || []; // drawn by flush(), after the other writes
  }

  drawTrace() {
    // The kernel sends its newest lines (at most 200): new ones join at the
    // end and the oldest leave the front; the lines in between stay as they are.
    const items = this.model.get("trace") || [];
    const list = this.traceList;
    const keys = items.map(traceKey);
    const shown = this.traceKeys;
    const last = shown.length ? keys.lastIndexOf(shown[shown.length - 1]) : -1;
    let from = last + 1;
    const overlap = last + 1;
    const consistent = last >= 0 && overlap <= shown.length && keys[0] === shown[shown.length - overlap];
    if (!consistent) {
      list.replaceChildren();
      from = 0;
    }
    const fragment = document.createDocumentFragment();
    for (const e of items.slice(from)) {
      fragment.append(
        h("li", { class: `nrp-ev nrp-ev-${e.kind}` }, h("span", { class: "nrp-t" }, `${e.t.toFixed(2)}s`), h("span", { class: "nrp-k" }, e.label), h("span", {}, e.text)),
      );
    }
    list.append(fragment);
    while (list.childElementCount > items.length) list.firstElementChild.remove();
    this.traceKeys = keys;
  }

  drawAnswer() {
    const html = this.model.get("answer_html");
    const draft = this.model.get("draft") || "";
    this.answerBox.hidden = !html && !draft;
    if (html) {
      // The kernel renders the answer with every text escaped (render/html.py).
      this.answerBox.innerHTML = html;
      this.answerBox.classList.remove("nrp-draft");
      return;
    }
    // The answer as the model writes it: plain text until the finished answer replaces it.
    this.answerBox.textContent = draft;
    this.answerBox.classList.toggle("nrp-draft", Boolean(draft));
  }

  drawTables() {
    const tables = this.model.get("tables") || [];
    const note = this.model.get("tables_note");
    this.tablesBox.hidden = !tables.length && !note;
    this.tablesBox.replaceChildren(
      h("h4", {}, "Results"),
      ...tables.map((t) =>
        h(
          "figure",
          { class: "nrp-result", "data-task": t.task_id },
          h("figcaption", {}, t.caption),
          t.columns.length ? h("div", { class: "nrp-table-wrap" }, dataTable(t)) : null,
          t.more ? h("div", { class: "nrp-more" }, t.more) : null,
          // The code behind the result, folded: the static view under the panel
          // (with its own copy) is hidden wherever the panel is shown.
          t.code
            ? h(
                "details",
                { class: `nrp-result-code${t.code_label === "code" ? "" : " nrp-not-run"}`, open: t.code_label !== "code" || null },
                h("summary", {}, t.code_label),
                h("pre", { class: "nrp-code" }, t.code),
              )
            : null,
        ),
      ),
      // Not a null child: replaceChildren, unlike h(), would show it as the text "null".
      ...(note ? [h("div", { class: "nrp-more" }, note)] : []),
    );
  }

  showTable(taskId) {
    const figure = [...this.tablesBox.querySelectorAll(".nrp-result")].find((f) => f.dataset.task === taskId);
    if (!figure) return;
    figure.scrollIntoView({ block: "nearest", behavior: "smooth" });
    figure.classList.remove("nrp-flash");
    void figure.offsetWidth; // restart the highlight when the same table is asked for again
    figure.classList.add("nrp-flash");
  }

  // --- the media strip: thumbnails and players, captioned with what agents found ---

  drawMedia() {
    const items = this.model.get("media") || [];
    const note = this.model.get("media_note") || "";
    this.mediaBox.hidden = !items.length;
    const need = [];
    syncKeyed(this.mediaList, items, this.mediaFigs, {
      key: (m) => m.digest,
      make: (m) => this.mediaFigure(m),
      fits: (fig, m) => fig.kind === m.kind,
      fill: (fig, m) => {
        this.fillMedia(fig, m);
        if (!this.showPicture(fig)) need.push(m.digest);
      },
    });
    setText(this.mediaHead, items.length ? `Media · ${items.length}${note ? ` ${note}` : ""}` : "Media");
    setText(this.mediaMore, note);
    this.mediaMore.hidden = !note;
    if (note) this.mediaList.append(this.mediaMore);
    this.askPictures(need, "thumb");
  }

  mediaFigure(m) {
    const fig = { digest: m.digest, kind: m.kind, big: false, caption: h("figcaption") };
    if (m.kind === "audio") {
      fig.player = h("audio", { controls: true, preload: "none" });
      fig.node = h("figure", { class: "nrp-mi nrp-mi-audio nrp-mi-wait", "data-digest": m.digest }, fig.player, fig.caption);
      return fig;
    }
    // Never loading="lazy": the picture is a data: URL already here, and a lazy image
    // in a panel scrolled out of view stays blank until scrolled to.
    fig.img = h("img", { alt: "", decoding: "async" });
    fig.button = h("button", { class: "nrp-thumb", type: "button", "aria-expanded": "false", onclick: () => this.toggleBig(fig) }, fig.img);
    fig.node = h("figure", { class: "nrp-mi nrp-mi-image nrp-mi-wait", "data-digest": m.digest }, fig.button, fig.caption);
    return fig;
  }

  fillMedia(fig, m) {
    const who = m.agent ? `${m.agent}: ` : "";
    const full = `${who}${m.caption}`;
    if (fig.text === full) return;
    fig.text = full;
    fig.caption.textContent = m.caption;
    fig.caption.title = full + (m.source && !m.caption.includes(m.source) ? ` (${m.source})` : "");
    if (fig.img) {
      fig.img.alt = m.caption;
      fig.button.setAttribute("aria-label", `${fig.big ? "Shrink" : "Enlarge"}: ${m.caption}`);
    } else fig.player.setAttribute("aria-label", `Play: ${m.caption}`);
  }

  /** Show the picture this view has for ``fig`` (false: none yet, ask the kernel). */
  showPicture(fig) {
    const size = fig.big ? "large" : "thumb";
    let url = shared.pictures.get(`${size}:${fig.digest}`);
    if (url === undefined && size === "large") url = shared.pictures.get(`thumb:${fig.digest}`);
    if (url === undefined) return false;
    fig.node.classList.remove("nrp-mi-wait");
    // "": the kernel cannot show it here (too long an audio, an image Pillow cannot read).
    fig.node.classList.toggle("nrp-mi-none", !url);
    const target = fig.img || fig.player;
    if (url && target.getAttribute("src") !== url) target.setAttribute("src", url);
    return shared.pictures.has(`${size}:${fig.digest}`);
  }

  askPictures(digests, size) {
    const fresh = digests.filter((d) => !this.asked.has(`${size}:${d}`));
    if (!fresh.length) return;
    for (const d of fresh) this.asked.add(`${size}:${d}`);
    this.model.send({ type: "media", digests: fresh, size });
  }

  toggleBig(fig) {
    fig.big = !fig.big;
    fig.node.classList.toggle("nrp-mi-big", fig.big);
    fig.button.setAttribute("aria-expanded", String(fig.big));
    fig.button.setAttribute("aria-label", `${fig.big ? "Shrink" : "Enlarge"}: ${fig.img.alt}`);
    if (!this.showPicture(fig)) this.askPictures([fig.digest], fig.big ? "large" : "thumb");
  }

  onCustom(msg) {
    if (!msg || msg.type !== "media" || !msg.urls) return;
    const size = msg.size === "large" ? "large" : "thumb";
    for (const [digest, url] of Object.entries(msg.urls)) {
      keepPicture(size, digest, String(url));
      const fig = this.mediaFigs.get(digest);
      if (fig) this.showPicture(fig);
    }
  }

  drawQuestion() {
    const q = this.model.get("question");
    this.question.hidden = !q;
    this.questionText.textContent = q ? `The planner asks: ${q}` : "";
    if (q) this.answerInput.focus({ preventScroll: true });
  }

  drawApprovals() {
    const rows = this.model.get("approvals") || [];
    const ids = new Set(rows.map((a) => a.id));
    for (const [id, box] of this.approvalBoxes) {
      if (!ids.has(id)) {
        box.node.remove();
        this.approvalBoxes.delete(id);
      }
    }
    // Each waiting approval keeps its box (and any edit in it); new ones join in order.
    for (const a of rows) {
      if (!this.approvalBoxes.has(a.id)) this.approvalBoxes.set(a.id, this.approvalBox(a));
      this.approvals.append(this.approvalBoxes.get(a.id).node);
    }
  }

  approvalBox(a) {
    // The same box asks about code to run and about a tool call (its arguments as JSON).
    const w = APPROVAL_WORDS[a.about] || APPROVAL_WORDS.code;
    const box = { code: a.code, editing: false, words: w };
    const label = `${a.task_id} · ${a.agent}`;
    box.view = h("pre", { class: "nrp-code", tabindex: 0, "aria-label": `${w.thing} ${label} waits to run` }, a.code);
    box.editor = h("textarea", {
      class: "nrp-code nrp-code-edit",
      hidden: true,
      spellcheck: "false",
      rows: Math.min(16, a.code.split("\n").length + 1),
      "aria-label": `Edit the ${w.what} of ${label} before running it`,
    });
    const button = (text, title, onclick, extra = "") =>
      h("button", { class: `nrp-btn ${extra}`, type: "button", title, onclick }, text);
    box.run = button("▶ Run", w.run, () => this.approve(a.id, "run"), "nrp-run");
    box.edit = button("✎ Edit", w.edit, () => this.toggleEdit(box));
    box.skip = button("Skip", w.skip, () => this.approve(a.id, "skip"));
    box.node = h(
      "div",
      { class: "nrp-approval", "data-approval": a.id, role: "group", "aria-label": `${w.thing} approval for ${label}` },
      h("div", { class: "nrp-approval-head" }, h("b", {}, label), w.waits, a.purpose ? `: ${a.purpose}` : ""),
      box.view,
      box.editor,
      h("div", { class: "nrp-row" }, box.run, box.edit, box.skip),
    );
    return box;
  }

  toggleEdit(box) {
    box.editing = !box.editing;
    if (box.editing) box.editor.value = box.code; // a fresh edit starts from the agent's code
    box.editor.hidden = !box.editing;
    box.view.hidden = box.editing;
    box.edit.textContent = box.editing ? "↺ Undo edit" : "✎ Edit";
    box.run.textContent = box.editing ? "▶ Run edited" : "▶ Run";
    if (box.editing) box.editor.focus();
  }

  approve(approvalId, decision) {
    const box = this.approvalBoxes.get(approvalId);
    if (!box || box.run.disabled) return;
    for (const b of [box.run, box.edit, box.skip]) b.disabled = true;
    box.editor.readOnly = true;
    // Unchanged text is no edit: the agent's own code runs (the shown copy has keys masked).
    const edited = box.editing && box.editor.value !== box.code ? box.editor.value : null;
    this.setNotice(decision === "run" ? box.words.running : box.words.skipping, "info");
    const id = this.send("approve", "", { approval: approvalId, decision, code: decision === "run" ? edited : null });
    this.approvalClicks.set(id, approvalId);
  }

  drawSteering() {
    const items = this.model.get("steering") || [];
    this.steering.replaceChildren(
      ...items.map((s) =>
        h("li", {}, h("b", {}, `“${s.message}”`), " → ", h("span", { class: "nrp-k" }, s.handled_as || "queued"), s.reply ? ` · ${s.reply}` : ""),
      ),
    );
    if (this.noticeKind === "redirect" && this.handled(this.noticeRedirect)) this.clearNotice();
  }

  /** Whether the steering list shows the redirect ``message`` as handled. */
  handled(message) {
    if (!message) return false;
    const items = this.model.get("steering") || [];
    // The kernel clips long messages ("…"): their start is what matches.
    const same = (shown) => shown === message || (shown.endsWith("…") && message.startsWith(shown.slice(0, -1)));
    return items.some((s) => s.handled_as && same(s.message));
  }

  // Notices: "info" fades after a few seconds; "warn" stays until the next
  // action or the run's end; "redirect" (received, not yet handled) goes when
  // the steering list shows it handled or the run ends; "final" (why the run
  // ended) stays.
  setNotice(text, kind = "info", redirect = null) {
    clearTimeout(this.noticeTimer);
    this.noticeKind = kind;
    this.noticeRedirect = redirect;
    this.notice.textContent = text;
    this.notice.className = `nrp-notice nrp-notice-${kind}`;
    if (kind === "info") {
      this.noticeTimer = setTimeout(() => {
        this.notice.classList.add("nrp-notice-fade");
        this.noticeTimer = setTimeout(() => this.clearNotice(), 600);
      }, INFO_NOTICE_MS);
    }
  }

  clearNotice() {
    clearTimeout(this.noticeTimer);
    this.noticeKind = null;
    this.noticeRedirect = null;
    this.notice.textContent = "";
    this.notice.className = "nrp-notice";
  }

  send(action, message = "", extra = {}) {
    const id = `${Date.now().toString(36)}-${this.nextId++}`;
    if (this.noticeKind === "warn") this.clearNotice(); // a new action: the old warning is history
    if (action === "redirect") this.sentMessages.set(id, message);
    this.pending.set(
      id,
      setTimeout(() => {
        this.pending.delete(id);
        if (!this.running) return;
        this.setNotice(
          "The kernel has not answered yet: it may be busy and queueing widget messages. " +
            "Use the kernel's interrupt (■ in the toolbar, or Kernel → Interrupt): notebook_router " +
            "turns it into the same graceful stop.",
          "warn",
        );
      }, ACK_TIMEOUT_MS),
    );
    this.model.send({ type: "action", action, message, id, ...extra });
    return id;
  }

  onAck() {
    const ack = this.model.get("ack") || {};
    const timer = this.pending.get(ack.id);
    if (timer !== undefined) {
      clearTimeout(timer);
      this.pending.delete(ack.id);
    }
    const redirect = this.sentMessages.get(ack.id);
    this.sentMessages.delete(ack.id);
    if (ack.detail) {
      if (!ack.ok) this.setNotice(ack.detail, "warn");
      else if (this.noticeKind === "final") {
        // Why the run ended says more than "stopping" arriving after the end.
      }
      else if (redirect !== undefined && this.running && !this.handled(redirect)) this.setNotice(ack.detail, "redirect", redirect);
      else this.setNotice(ack.detail, "info");
    }
    const approvalId = this.approvalClicks.get(ack.id);
    this.approvalClicks.delete(ack.id);
    const box = approvalId === undefined ? undefined : this.approvalBoxes.get(approvalId);
    // Taken: the box goes with the next state. Refused: the buttons are back.
    if (box && !ack.ok) {
      for (const b of [box.run, box.edit, box.skip]) b.disabled = false;
      box.editor.readOnly = false;
    }
  }

  stop() {
    if (!this.running) return;
    this.stopBtn.disabled = true;
    this.setNotice("Stopping…", "info");
    this.send("stop");
  }

  toggleRedirect() {
    this.redirectRow.hidden = !this.redirectRow.hidden;
    if (!this.redirectRow.hidden) this.redirectInput.focus();
  }

  redirect() {
    const message = this.redirectInput.value.trim();
    if (!message) return;
    this.redirectInput.value = "";
    this.setNotice(`Redirect sent: “${message}”`, "info");
    this.send("redirect", message);
  }

  answer() {
    const message = this.answerInput.value.trim();
    if (!message) return;
    this.answerInput.value = "";
    this.send("answer", message);
  }

  dispose() {
    for (const off of this.disposers) off();
    if (this.frame) cancelAnimationFrame(this.frame);
    for (const timer of this.pending.values()) clearTimeout(timer);
    clearTimeout(this.noticeTimer);
    this.treeView.dispose();
  }
}

export default {
  render({ model, el }) {
    // Tells the kernel a person can see the panel (and so answer its questions).
    model.send({ type: "view" });
    const view = new PanelView(model, el);
    return () => view.dispose();
  },
};
