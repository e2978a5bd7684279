// The delegation tree as an outline: one row per node, drawn and updated by us.
//
// The kernel sends the tree as rows ({id, parent, kind, label, agent, status,
// after, duration_s}; see notebook_router/render/panel_tree.py). A diagram
// library would lay the whole graph out again on every update and shrink it
// into the box; here each row is a DOM node kept by its key and touched only
// where something changed, the text keeps its size (never below MIN_FONT_PX)
// and the box scrolls, pans (drag) and zooms (buttons, ctrl+wheel) instead.
// A parent with many children shows them as groups (by agent or by status)
// that open and close on click; groups with running or failed work come first.

import { syncKeyed } from "./keyed.js";

export const BASE_FONT_PX = 12.5;
export const MIN_FONT_PX = 11;
const SMALL_EM = 0.9; // the smallest text in a row (ids, chips, times): panel.css uses the same
const MIN_ZOOM = MIN_FONT_PX / (BASE_FONT_PX * SMALL_EM);
const MAX_ZOOM = 1.6;
const ZOOM_STEP = 1.12;
const GROUP_OVER = 8; // a parent with more children than this shows groups
const MAX_AGENT_GROUPS = 8; // more distinct agents than this: grouping by agent says nothing
const USER_QUIET_MS = 4000; // after the user scrolls or pans, the tree leaves the box alone
const MIN_DRAW_GAP_MS = 60; // redraws are coalesced to one per frame, at most ~16 a second
const DRAG_SLOP_PX = 4;
const ROW_EM = 1.6; // every row is this tall (panel.css: .nrp-tn height), so row i starts at i rows
const ROWS_PAD_PX = 4; // .nrp-tree-rows padding-top (panel.css)
const FOLLOW_GAP_MS = 250; // the running node is brought into view at most this often

const STATUS_WORD = { fulfilled: "done" };
const ATTENTION = new Set(["running", "failed", "needs_user_input"]);
const STATUS_ORDER = ["running", "failed", "needs_user_input", "unable", "partial", "pending", "fulfilled", "cancelled", "skipped"];

// Shared by every panel on the page: how long each draw took (the browser test reads it).
const shared = (globalThis.__notebook_router_panels__ ??= {});
shared.draws ??= [];

/** Note that drawing ``what`` took ``ms`` from ``at`` (performance.now()); the newest few thousand are kept. */
export function noteDraw(what, at, ms) {
  shared.draws.push({ what, at, ms });
  if (shared.draws.length > 5000) shared.draws.splice(0, 1000);
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function setClass(node, cls) {
  if (node.className !== cls) node.className = cls;
}

function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

export function fmtSeconds(s) {
  if (s === null || s === undefined) return "";
  return s < 10 ? `${s.toFixed(2)} s` : `${s.toFixed(1)} s`;
}

function statusWord(status) {
  return STATUS_WORD[status] || status.replace(/_/g, " ");
}

function countsText(counts) {
  return [...counts.entries()]
    .sort((a, b) => STATUS_ORDER.indexOf(a[0]) - STATUS_ORDER.indexOf(b[0]))
    .map(([status, n]) => `${n} ${statusWord(status)}`)
    .join(" · ");
}

export class TreeView {
  constructor() {
    this.nodes = [];
    this.rows = new Map(); // item key -> {el, parts, sig}
    this.open = new Map(); // group key -> true/false, as the user set it
    this.groupBy = "agent";
    this.zoom = 1;
    this.userAt = -Infinity;
    this.frame = 0;
    this.timer = 0;
    this.lastDraw = -Infinity;
    // What an update needs of the layout, kept without ever asking for it: the
    // box's visible height (a ResizeObserver tells it) and its scroll offset
    // (the scroll event tells it, after the browser's own layout).
    this.viewHeight = 0;
    this.scrollTop = 0;
    this.fontPx = BASE_FONT_PX;
    this.lastFollow = -Infinity;
    this.build();
  }

  build() {
    const button = (text, label, onclick, cls = "") => {
      const b = el("button", `nrp-btn nrp-tree-btn ${cls}`.trim(), text);
      b.type = "button";
      b.title = label;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", onclick);
      return b;
    };
    this.groupBtn = button("", "Group large branches by agent or by status", () => this.toggleGroupBy(), "nrp-tree-group");
    this.summary = el("span", "nrp-tree-summary");
    this.toolbar = el("div", "nrp-tree-tools");
    this.toolbar.append(
      this.summary,
      el("span", "nrp-spacer"),
      this.groupBtn,
      button("−", "Zoom out", () => this.setZoom(this.zoom / ZOOM_STEP)),
      button("+", "Zoom in", () => this.setZoom(this.zoom * ZOOM_STEP)),
      button("⟲", "Reset zoom and position", () => this.resetView()),
    );
    this.content = el("div", "nrp-tree-rows");
    this.content.setAttribute("role", "tree");
    this.content.setAttribute("aria-label", "Delegation tree");
    this.box = el("div", "nrp-tree");
    this.box.tabIndex = 0; // arrow keys scroll it
    this.box.append(this.content);
    this.root = el("div", "nrp-tree-view");
    this.root.append(this.toolbar, this.box);
    this.box.addEventListener("click", (e) => this.onClick(e));
    this.box.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    this.box.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    this.box.addEventListener("keydown", () => this.touched());
    this.box.addEventListener("touchstart", () => this.touched(), { passive: true });
    this.box.addEventListener("scroll", () => (this.scrollTop = this.box.scrollTop), { passive: true });
    if (typeof ResizeObserver !== "undefined") {
      this.resize = new ResizeObserver((entries) => {
        for (const e of entries) this.viewHeight = e.contentRect.height; // no padding on the box
      });
      this.resize.observe(this.box);
    }
    this.applyZoom();
    this.drawGroupBtn();
  }

  // --- the user moving the view -------------------------------------------

  touched() {
    this.userAt = performance.now();
  }

  setZoom(zoom) {
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    if (Math.abs(next - this.zoom) < 1e-3) return;
    // Keep the middle of what is shown in the middle.
    const box = this.box;
    const cx = (box.scrollLeft + box.clientWidth / 2) / this.zoom;
    const cy = (box.scrollTop + box.clientHeight / 2) / this.zoom;
    this.zoom = next;
    this.applyZoom();
    box.scrollLeft = cx * next - box.clientWidth / 2;
    box.scrollTop = cy * next - box.clientHeight / 2;
    this.touched();
  }

  applyZoom() {
    // The font itself grows and shrinks (not a transform): the layout and the
    // scroll extent follow, and the text stays crisp.
    // Rounded up, so the smallest text is never a hair under MIN_FONT_PX.
    const px = Math.ceil(Math.max(BASE_FONT_PX * this.zoom, MIN_FONT_PX / SMALL_EM) * 100) / 100;
    this.fontPx = px;
    this.content.style.fontSize = `${px}px`;
    this.root.dataset.zoom = this.zoom.toFixed(2);
  }

  resetView() {
    this.zoom = 1;
    this.applyZoom();
    this.box.scrollTo(0, 0);
    this.userAt = -Infinity;
  }

  onWheel(e) {
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault(); // the page must not zoom
      this.setZoom(this.zoom * (e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP));
    } else {
      this.touched();
    }
  }

  onPointerDown(e) {
    this.touched();
    if (e.button !== 0 || e.target.closest("button")) return;
    const box = this.box;
    const start = { x: e.clientX, y: e.clientY, left: box.scrollLeft, top: box.scrollTop };
    let dragging = false;
    const move = (m) => {
      const dx = m.clientX - start.x;
      const dy = m.clientY - start.y;
      if (!dragging && Math.hypot(dx, dy) < DRAG_SLOP_PX) return;
      if (!dragging) {
        dragging = true;
        box.classList.add("nrp-panning");
        box.setPointerCapture?.(e.pointerId);
      }
      m.preventDefault();
      box.scrollLeft = start.left - dx;
      box.scrollTop = start.top - dy;
      this.touched();
    };
    const up = () => {
      box.removeEventListener("pointermove", move);
      box.removeEventListener("pointerup", up);
      box.removeEventListener("pointercancel", up);
      box.classList.remove("nrp-panning");
    };
    box.addEventListener("pointermove", move);
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
  }

  onClick(e) {
    const toggle = e.target.closest(".nrp-tg-toggle");
    if (!toggle) return;
    const key = toggle.dataset.group;
    const expanded = toggle.getAttribute("aria-expanded") === "true";
    this.open.set(key, !expanded);
    this.touched();
    this.draw(); // at once: the click should answer now
  }

  toggleGroupBy() {
    this.groupBy = this.groupBy === "agent" ? "status" : "agent";
    this.drawGroupBtn();
    this.draw();
  }

  drawGroupBtn() {
    setText(this.groupBtn, `group: ${this.groupBy}`);
    setAttr(this.groupBtn, "aria-pressed", String(this.groupBy === "status"));
  }

  // --- drawing -------------------------------------------------------------

  /** New rows from the kernel: drawn on the next frame, never more often than MIN_DRAW_GAP_MS. */
  update(nodes) {
    this.nodes = nodes || [];
    if (this.frame || this.timer) return;
    const wait = this.lastDraw + MIN_DRAW_GAP_MS - performance.now();
    const go = () => {
      this.timer = 0;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw();
      });
    };
    if (wait > 0) this.timer = setTimeout(go, wait);
    else go();
  }

  draw() {
    const started = performance.now();
    this.lastDraw = started;
    const items = this.layout(this.nodes);
    this.reconcile(items);
    const total = this.nodes.length ? this.nodes.length - 1 : 0;
    const running = this.nodes.filter((n) => n.status === "running").length;
    setText(this.summary, total ? `${total} node${total === 1 ? "" : "s"}${running ? ` · ${running} running` : ""}` : "");
    this.root.dataset.rendered = "tree";
    this.keepRunningInView(items);
    noteDraw("tree", started, performance.now() - started);
  }

  /** The rows to show, in order, each with its depth and connector lines. */
  layout(nodes) {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const children = new Map();
    const roots = [];
    for (const n of nodes) {
      const parent = n.parent !== null && n.parent !== n.id && byId.has(n.parent) ? n.parent : null;
      if (parent === null) roots.push(n);
      else {
        if (!children.has(parent)) children.set(parent, []);
        children.get(parent).push(n);
      }
    }
    const items = [];
    const seen = new Set();
    // guides: for each level above, whether a line passes down there; last: this row ends its branch.
    const walk = (node, depth, guides, last) => {
      if (seen.has(node.id)) return;
      seen.add(node.id);
      items.push({ key: node.id, type: "node", node, depth, guides: depth ? guides + (last ? "l" : "t") : "" });
      const kids = children.get(node.id) || [];
      const below = depth ? guides + (last ? "s" : "v") : "";
      if (kids.length > GROUP_OVER) this.walkGroups(node, kids, depth + 1, below, items, walk);
      else kids.forEach((kid, i) => walk(kid, depth + 1, below, i === kids.length - 1));
    };
    roots.forEach((r, i) => walk(r, 0, "", i === roots.length - 1));
    // A node whose parent chain loops (never in a valid plan) still shows, under the
    // top; nodes inside a closed group are reachable, only not shown.
    const reachable = new Set();
    const stack = [...roots];
    while (stack.length) {
      const n = stack.pop();
      if (reachable.has(n.id)) continue;
      reachable.add(n.id);
      stack.push(...(children.get(n.id) || []));
    }
    for (const n of nodes) if (!seen.has(n.id) && !reachable.has(n.id)) walk(n, 1, "", true);
    return items;
  }

  walkGroups(parent, kids, depth, guides, items, walk) {
    let by = this.groupBy;
    if (by === "agent") {
      const agents = new Set(kids.map((k) => k.agent));
      // One agent, or one per child: by agent would not group anything.
      if (agents.size === 1 || agents.size > MAX_AGENT_GROUPS) by = "status";
    }
    const groups = new Map();
    for (const kid of kids) {
      const name = by === "agent" ? kid.agent || "?" : kid.status;
      if (!groups.has(name)) groups.set(name, { name, members: [], counts: new Map() });
      const g = groups.get(name);
      g.members.push(kid);
      g.counts.set(kid.status, (g.counts.get(kid.status) || 0) + 1);
    }
    const urgent = (g) => [...g.counts.keys()].some((s) => ATTENTION.has(s));
    const rank = (g) => (by === "status" ? STATUS_ORDER.indexOf(g.name) : urgent(g) ? 0 : 1);
    const ordered = [...groups.values()].sort((a, b) => rank(a) - rank(b)); // stable: first seen first
    ordered.forEach((g, i) => {
      const last = i === ordered.length - 1;
      const key = `${parent.id}|${by}|${g.name}`;
      const expanded = this.open.has(key) ? this.open.get(key) : urgent(g);
      const label = by === "agent" ? `${g.name} ×${g.members.length}` : `${statusWord(g.name)} ×${g.members.length}`;
      const counts = by === "agent" ? countsText(g.counts) : "";
      items.push({ key: `group:${key}`, type: "group", group: { key, label, counts, expanded, status: urgent(g) ? "urgent" : "calm" }, depth, guides: guides + (last ? "l" : "t") });
      if (!expanded) return;
      const below = guides + (last ? "s" : "v");
      g.members.forEach((m, j) => walk(m, depth + 1, below, j === g.members.length - 1));
    });
  }

  reconcile(items) {
    syncKeyed(this.content, items, this.rows, {
      key: (item) => item.key,
      make: (item) => (item.type === "group" ? this.makeGroup() : this.makeNode()),
      fill: (row, item) => (item.type === "group" ? this.fillGroup(row, item) : this.fillNode(row, item)),
      node: (row) => row.el,
    });
  }

  makeNode() {
    const row = { el: el("div"), parts: {}, sig: {} };
    const p = row.parts;
    p.guides = el("span", "nrp-tn-guides");
    p.dot = el("span", "nrp-tn-dot");
    p.id = el("span", "nrp-tn-id");
    p.label = el("span", "nrp-tn-label");
    p.agent = el("span", "nrp-tn-agent");
    p.after = el("span", "nrp-tn-after");
    p.time = el("span", "nrp-tn-time");
    row.el.setAttribute("role", "treeitem");
    row.el.append(p.guides, p.dot, p.id, p.label, p.agent, p.after, p.time);
    return row;
  }

  makeGroup() {
    const row = { el: el("div", "nrp-tn nrp-tg"), parts: {}, sig: {} };
    const p = row.parts;
    p.guides = el("span", "nrp-tn-guides");
    p.toggle = el("button", "nrp-tg-toggle");
    p.toggle.type = "button";
    p.label = el("span", "nrp-tg-label");
    p.counts = el("span", "nrp-tg-counts");
    p.toggle.append(p.label, p.counts);
    row.el.setAttribute("role", "treeitem");
    row.el.append(p.guides, p.toggle);
    return row;
  }

  drawGuides(row, guides) {
    if (row.sig.guides === guides) return;
    row.sig.guides = guides;
    row.parts.guides.replaceChildren(...[...guides].map((g) => el("span", `nrp-g nrp-g-${g}`)));
  }

  fillNode(row, item) {
    const n = item.node;
    const p = row.parts;
    setClass(row.el, `nrp-tn nrp-tn-${n.kind} nrp-tn-st-${n.status}`);
    if (row.el.dataset.node !== n.id) row.el.dataset.node = n.id;
    if (row.el.dataset.status !== n.status) row.el.dataset.status = n.status;
    setAttr(row.el, "aria-level", String(item.depth + 1));
    this.drawGuides(row, item.guides);
    setText(p.id, n.kind === "task" ? n.id : "");
    setText(p.label, n.label);
    if (row.sig.title !== n.label) {
      row.sig.title = n.label;
      p.label.title = n.label;
    }
    setText(p.agent, n.kind === "goal" ? "" : n.agent);
    setText(p.after, n.after && n.after.length ? `after ${n.after.join(", ")}` : "");
    setText(p.time, n.status === "running" ? statusWord(n.status) : fmtSeconds(n.duration_s));
    setAttr(p.dot, "title", n.kind === "goal" ? "goal" : statusWord(n.status));
  }

  fillGroup(row, item) {
    const g = item.group;
    const p = row.parts;
    setClass(row.el, `nrp-tn nrp-tg nrp-tg-${g.status}`);
    setAttr(row.el, "aria-level", String(item.depth + 1));
    this.drawGuides(row, item.guides);
    if (p.toggle.dataset.group !== g.key) p.toggle.dataset.group = g.key;
    setAttr(p.toggle, "aria-expanded", String(g.expanded));
    setText(p.label, `${g.expanded ? "▾" : "▸"} ${g.label}`);
    setText(p.counts, g.counts ? ` · ${g.counts}` : "");
  }

  /** Scroll the box to a running row when none is in view: the one write after all others.
   *
   * Rows have one fixed height, so row i starts at i rows from the top: where
   * the running rows are comes from their index, never from reading the layout
   * (a read here would force the browser to lay the tree out mid-update).
   */
  keepRunningInView(items) {
    const now = performance.now();
    if (now - this.userAt < USER_QUIET_MS || now - this.lastFollow < FOLLOW_GAP_MS) return;
    const view = this.viewHeight;
    const rowPx = this.fontPx * ROW_EM;
    if (!view || ROWS_PAD_PX * 2 + items.length * rowPx <= view + 1) return; // no scrolling
    const top = this.scrollTop;
    let first = -1;
    for (let i = 0; i < items.length; i++) {
      if (items[i].type !== "node" || items[i].node.status !== "running") continue;
      const y = ROWS_PAD_PX + i * rowPx;
      if (y >= top && y + rowPx <= top + view) return; // one is in view already
      if (first < 0) first = i;
    }
    if (first < 0) return;
    this.lastFollow = now;
    // Scroll the box itself (never scrollIntoView: that would move the page).
    const target = Math.max(0, Math.round(ROWS_PAD_PX + first * rowPx - view / 3));
    this.box.scrollTop = this.scrollTop = target;
  }

  dispose() {
    this.resize?.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.timer) clearTimeout(this.timer);
  }
}
