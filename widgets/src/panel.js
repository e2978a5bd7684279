// The run panel under a %%route cell (anywidget front end).
//
// Synced traitlets are the source of truth: the kernel batches each step's
// changes and throttles them, and this module only draws what the model
// holds. Buttons send custom messages ({type: "action", ...}); the kernel
// acknowledges each one through the `ack` trait. Code an agent waits to run
// (the `approvals` trait) gets Run / Edit / Skip; its box is kept while it
// waits, so redraws never throw away an edit in progress. Mermaid is not part of this
// module (it would be saved in every notebook's widget state): the first
// panel on a page asks the kernel for it once and every panel shares it.

import { loadMermaid, renderTree } from "./tree.js";

const ACK_TIMEOUT_MS = 300;
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
  const cell = (tag, text) => h(tag, { class: text && NUMBER.test(text) ? "nrp-num" : null }, text);
  return h(
    "table",
    { class: "nrp-data" },
    h("thead", {}, h("tr", {}, t.columns.map((c) => h("th", {}, c)))),
    // Cells are text nodes (h() never parses HTML): a cell holding markup shows it as written.
    h("tbody", {}, t.rows.map((row) => h("tr", {}, row.map((c, i) => cell(i === 0 ? "th" : "td", c))))),
  );
}

function fmtSeconds(s) {
  if (s === null || s === undefined) return "";
  return s < 10 ? `${s.toFixed(2)} s` : `${s.toFixed(1)} s`;
}

class PanelView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.pending = new Map(); // action id -> timer
    this.approvalBoxes = new Map(); // approval id -> its box (see approvalBox)
    this.approvalClicks = new Map(); // action id -> approval id, until acknowledged
    this.nextId = 1;
    this.treeText = null;
    this.build();
    this.disposers = [];
    const on = (names, fn) => {
      const bound = fn.bind(this);
      for (const name of names.split(" ")) {
        model.on(`change:${name}`, bound);
        this.disposers.push(() => model.off(`change:${name}`, bound));
      }
    };
    on("status headline goal run_id detail", this.drawHead);
    on("meters", this.drawMeters);
    on("plan tables", this.drawPlan);
    on("tree tree_svg", this.drawTree);
    on("trace", this.drawTrace);
    on("answer_html draft", this.drawAnswer);
    on("tables tables_note", this.drawTables);
    on("question", this.drawQuestion);
    on("approvals", this.drawApprovals);
    on("steering", this.drawSteering);
    on("ack", this.onAck);
    this.drawAll();
  }

  build() {
    this.status = h("span", { class: "nrp-badge" });
    this.goal = h("span", { class: "nrp-goal" });
    this.runId = h("span", { class: "nrp-runid" });
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
    this.meters = h("div", { class: "nrp-meters" });
    this.plan = h("tbody");
    this.tree = h("div", { class: "nrp-tree" });
    this.traceList = h("ol", { class: "nrp-trace" });
    this.trace = h("details", { class: "nrp-trace-box", open: true }, h("summary", {}, "Trace"), this.traceList);
    this.answerBox = h("div", { class: "nrp-answer" });
    this.tablesBox = h("section", { class: "nrp-results", hidden: true });
    this.root = h(
      "div",
      { class: "nrp" },
      h("div", { class: "nrp-head" }, this.status, this.goal, this.runId, h("span", { class: "nrp-spacer" }), this.redirectBtn, this.stopBtn),
      this.meters,
      this.notice,
      this.redirectRow,
      this.steering,
      this.question,
      this.approvals,
      h(
        "div",
        { class: "nrp-body" },
        h(
          "section",
          { class: "nrp-plan" },
          h("h4", {}, "Plan"),
          h(
            "table",
            {},
            h("thead", {}, h("tr", {}, ["", "task", "agent", "status", "needs", "time"].map((c) => h("th", {}, c)))),
            this.plan,
          ),
        ),
        h("section", { class: "nrp-graph" }, h("h4", {}, "Delegation tree"), this.tree),
      ),
      this.trace,
      this.answerBox,
      this.tablesBox,
    );
    this.el.replaceChildren(this.root);
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
    this.stopBtn.disabled = !this.running;
    this.redirectBtn.disabled = !this.running;
    if (!this.running) {
      this.redirectRow.hidden = true;
      this.trace.open = false;
      for (const timer of this.pending.values()) clearTimeout(timer);
      this.pending.clear();
      const detail = this.model.get("detail");
      if (detail && status !== "finished" && detail !== headline) this.setNotice(detail, "info");
    }
  }

  drawMeters() {
    const meters = this.model.get("meters") || [];
    this.meters.replaceChildren(
      ...meters.map((m) => {
        const frac = m.limit ? Math.min(1, m.value / m.limit) : null;
        return h(
          "div",
          { class: `nrp-meter${frac !== null && frac >= 0.9 ? " nrp-hot" : ""}`, title: m.title || "" },
          h("span", { class: "nrp-meter-label" }, m.label),
          h("span", { class: "nrp-meter-value" }, m.text),
          frac === null ? null : h("span", { class: "nrp-bar" }, h("span", { style: `width:${(frac * 100).toFixed(1)}%` })),
        );
      }),
    );
  }

  drawPlan() {
    const rows = this.model.get("plan") || [];
    if (!rows.length) {
      this.plan.replaceChildren(h("tr", {}, h("td", { colspan: 6, class: "nrp-empty" }, "Planning…")));
      return;
    }
    const tables = new Map((this.model.get("tables") || []).map((t) => [t.task_id, t.columns.length ? "▦ table" : "‹› code"]));
    this.plan.replaceChildren(
      ...rows.map((r) =>
        h(
          "tr",
          { class: `nrp-row-${r.status}`, "data-task": r.id },
          h("td", { class: "nrp-id" }, r.id),
          h(
            "td",
            { class: "nrp-desc", title: r.result || "" },
            r.description,
            tables.has(r.id)
              ? h(
                  "button",
                  { class: "nrp-chip", type: "button", title: `Show ${r.id}'s result`, onclick: () => this.showTable(r.id) },
                  tables.get(r.id),
                )
              : null,
          ),
          h("td", {}, r.path || r.agent),
          h("td", {}, h("span", { class: `nrp-st nrp-st-${r.status}` }, r.status)),
          h("td", { class: "nrp-id" }, (r.depends_on || []).join(", ")),
          h("td", { class: "nrp-time" }, fmtSeconds(r.duration_s)),
        ),
      ),
    );
  }

  async drawTree() {
    const text = this.model.get("tree");
    if (!text || text === this.treeText) return;
    this.treeText = text;
    await renderTree(this.tree, this.model, text, () => this.treeText === text);
  }

  drawTrace() {
    const items = this.model.get("trace") || [];
    const atBottom = this.traceList.scrollTop + this.traceList.clientHeight >= this.traceList.scrollHeight - 4;
    this.traceList.replaceChildren(
      ...items.map((e) =>
        h("li", { class: `nrp-ev nrp-ev-${e.kind}` }, h("span", { class: "nrp-t" }, `${e.t.toFixed(2)}s`), h("span", { class: "nrp-k" }, e.label), h("span", {}, e.text)),
      ),
    );
    if (atBottom) this.traceList.scrollTop = this.traceList.scrollHeight;
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
    const box = { code: a.code, editing: false };
    const label = `${a.task_id} · ${a.agent}`;
    box.view = h("pre", { class: "nrp-code", tabindex: 0, "aria-label": `Code ${label} waits to run` }, a.code);
    box.editor = h("textarea", {
      class: "nrp-code nrp-code-edit",
      hidden: true,
      spellcheck: "false",
      rows: Math.min(16, a.code.split("\n").length + 1),
      "aria-label": `Edit the code of ${label} before running it`,
    });
    const button = (text, title, onclick, extra = "") =>
      h("button", { class: `nrp-btn ${extra}`, type: "button", title, onclick }, text);
    box.run = button("▶ Run", "Run this code in the kernel", () => this.approve(a.id, "run"), "nrp-run");
    box.edit = button("✎ Edit", "Edit the code, then Run runs your version", () => this.toggleEdit(box));
    box.skip = button("Skip", "Do not run this code; the run goes on without it", () => this.approve(a.id, "skip"));
    box.node = h(
      "div",
      { class: "nrp-approval", "data-approval": a.id, role: "group", "aria-label": `Code approval for ${label}` },
      h("div", { class: "nrp-approval-head" }, h("b", {}, label), " waits to run code", a.purpose ? `: ${a.purpose}` : ""),
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
    this.setNotice(decision === "run" ? "Running the code…" : "Skipping the code…", "info");
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
  }

  setNotice(text, kind = "info") {
    this.notice.textContent = text;
    this.notice.className = `nrp-notice nrp-notice-${kind}`;
  }

  send(action, message = "", extra = {}) {
    const id = `${Date.now().toString(36)}-${this.nextId++}`;
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
    if (ack.detail) this.setNotice(ack.detail, ack.ok ? "info" : "warn");
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
    for (const timer of this.pending.values()) clearTimeout(timer);
  }
}

export default {
  initialize({ model }) {
    // Start fetching Mermaid as soon as the model exists, before any view.
    loadMermaid(model).catch(() => {});
  },
  render({ model, el }) {
    // Tells the kernel a person can see the panel (and so answer its questions).
    model.send({ type: "view" });
    const view = new PanelView(model, el);
    return () => view.dispose();
  },
};
