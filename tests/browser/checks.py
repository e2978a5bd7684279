"""What a reader sees, measured in the page: contrast, text size, alignment, overflow.

Each check runs inside the browser on computed styles (what the page really
draws, after every host and theme rule), and returns plain data the tests
assert on and print.
"""

from __future__ import annotations

import re
from typing import Any

MIN_CONTRAST = 4.5
"""WCAG AA for normal text."""
MIN_FONT_PX = 11.0

READ_TEXT = r"""(root) => {
  const parse = (s) => {
    const m = /rgba?\(([^)]*)\)/.exec(s || "");
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a), a: 1,
  });
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  // What is behind an element: every background from the page down to it, composited.
  const backdrop = (el) => {
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    let opacity = 1;
    for (const e of chain) {
      const style = getComputedStyle(e);
      const c = parse(style.backgroundColor);
      if (c && c.a > 0) bg = over(c, bg);
      opacity *= parseFloat(style.opacity);
    }
    return [bg, opacity];
  };
  const hex = (c) => "#" + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const out = [];
  for (const el of [root, ...root.querySelectorAll("*")]) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    const [bg, opacity] = backdrop(el);
    const ink = parse(style.color);
    const fg = over({ ...ink, a: ink.a * opacity }, bg);
    out.push({
      ratio: contrast(fg, bg),
      size: parseFloat(style.fontSize),
      fg: hex(fg), bg: hex(bg),
      tag: el.tagName.toLowerCase(), cls: String(el.className || ""),
      text: [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim().slice(0, 40),
    });
  }
  return out;
}"""

CELL_ALIGNMENT = r"""(root) => [...root.querySelectorAll("td, th")]
  .filter((c) => c.getClientRects().length)
  .map((c) => ({ num: c.classList.contains("nr-num"), align: getComputedStyle(c).textAlign,
                 text: c.textContent.trim().slice(0, 40) }))"""

OVERFLOW = r"""(root) => {
  const box = root.getBoundingClientRect();
  // Inside a box that scrolls (or clips) sideways, wide content is that box's business.
  const inScroller = (el) => {
    for (let e = el.parentElement; e && e !== root; e = e.parentElement) {
      const o = getComputedStyle(e).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") return true;
    }
    return false;
  };
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    if (!el.getClientRects().length || inScroller(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > box.right + 1 || r.left < box.left - 1)) {
      out.push({ tag: el.tagName.toLowerCase(), cls: String(el.className || ""), left: r.left,
                 right: r.right, text: (el.textContent || "").trim().slice(0, 40) });
    }
  }
  // Text squeezed into a sliver (a column a few letters wide, one letter a line).
  const squeezed = [];
  for (const el of root.querySelectorAll("*")) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    if (text.length < 8 || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    const em = parseFloat(getComputedStyle(el).fontSize);
    if (r.width < 5 * em && r.height > 3 * em) {
      squeezed.push({ tag: el.tagName.toLowerCase(), cls: String(el.className || ""),
                      width: Math.round(r.width), height: Math.round(r.height), text: text.slice(0, 40) });
    }
  }
  const page = document.scrollingElement;
  return { width: box.width, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
           outside: out, squeezed, pageOverflow: page.scrollWidth - page.clientWidth };
}"""

OPEN_ALL = """(root) => { for (const d of root.querySelectorAll('details')) d.open = true; }"""

NUMBER = re.compile(r"^[-+]?\$?\d[\d,]*(\.\d+)?%?$")


def assert_readable(view: Any, where: str) -> dict[str, float]:
    """Every piece of text in ``view`` (a locator) at 4.5:1 or more and 11 px or more."""
    texts: list[dict[str, Any]] = view.evaluate(READ_TEXT)
    assert texts, f"{where}: no text found"
    low = [t for t in texts if t["ratio"] < MIN_CONTRAST]
    assert not low, f"{where}: text under {MIN_CONTRAST}:1: {low[:8]}"
    small = [t for t in texts if t["size"] < MIN_FONT_PX]
    assert not small, f"{where}: text under {MIN_FONT_PX} px: {small[:8]}"
    worst = min(texts, key=lambda t: t["ratio"])
    return {
        "texts": len(texts),
        "min_contrast": round(worst["ratio"], 2),
        "min_contrast_text": f"{worst['text']} ({worst['fg']} on {worst['bg']})",
        "min_font_px": min(t["size"] for t in texts),
    }


def assert_hover_readable(page: Any, view: Any, where: str, rows: int = 4) -> float:
    """Hover the first rows of each visible table: the hovered row's text stays readable."""
    worst = 99.0
    tables = view.locator("table")
    for i in range(tables.count()):
        body = tables.nth(i).locator("tbody tr, tr:has(td)")
        for j in range(min(rows, body.count())):
            row = body.nth(j)
            if not row.is_visible():
                continue
            row.hover()
            texts: list[dict[str, Any]] = row.evaluate(READ_TEXT)
            low = [t for t in texts if t["ratio"] < MIN_CONTRAST]
            assert not low, f"{where}: hovered row {j} of table {i}: {low[:5]}"
            worst = min([worst, *(t["ratio"] for t in texts)])
    page.mouse.move(0, 0)
    return round(worst, 2)


def assert_aligned(view: Any, where: str) -> int:
    """Text cells read from the left, number cells from the right, whatever the host says."""
    cells: list[dict[str, Any]] = view.evaluate(CELL_ALIGNMENT)
    assert cells, f"{where}: no table cells"
    for c in cells:
        numeric = c["num"] or bool(NUMBER.match(c["text"].replace(" s", "")))
        if numeric and c["text"]:
            assert c["align"] == "right", f"{where}: number cell {c} not right-aligned"
        elif not c["num"]:
            assert c["align"] in ("left", "start"), f"{where}: text cell {c} not left-aligned"
    return len(cells)


def assert_no_overflow(element: Any, where: str) -> dict[str, Any]:
    """Nothing in ``element`` sticks out sideways (scroll boxes aside), no text is squeezed
    into a column a few letters wide, and the page does not scroll sideways."""
    found: dict[str, Any] = element.evaluate(OVERFLOW)
    assert found["scrollWidth"] <= found["clientWidth"] + 1, f"{where}: {found}"
    assert not found["outside"], f"{where}: sticks out: {found['outside'][:6]}"
    assert not found["squeezed"], f"{where}: text squeezed into a sliver: {found['squeezed'][:6]}"
    assert found["pageOverflow"] <= 0, f"{where}: the page scrolls sideways: {found}"
    return found
