// Drawing the delegation tree with Mermaid, loaded from the kernel once per page.
//
// The Mermaid bundle (about 2 MB) ships inside the Python package. Putting it
// in the widget's `_esm` would copy it into every saved notebook's widget
// state, and a CDN is not there on offline machines. So the first panel asks
// its kernel for the bundle with a custom message, imports it from a blob URL
// and caches the module on `globalThis` for every later panel on the page.
// Where that is impossible (no kernel, a page that forbids blob imports), the
// panel shows the kernel's graphviz SVG of the final tree, or the Mermaid text.

const LOAD_TIMEOUT_MS = 5000;
const lastSvg = new WeakMap(); // model -> last SVG drawn, so a re-mounted view is instant

// anywidget imports this module once per widget model, so anything panels
// must share (the library, the render queue, unique diagram ids: Mermaid
// removes any element that already has the id it is asked to draw) lives on
// one page-wide object.
const shared = (globalThis.__notebook_router_panels__ ??= {
  mermaid: null,
  queue: Promise.resolve(),
  renders: 0,
});

export function loadMermaid(model) {
  if (shared.mermaid) return shared.mermaid;
  const promise = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      model.off("msg:custom", onMessage);
      reject(new Error("no kernel sent the Mermaid library"));
    }, LOAD_TIMEOUT_MS);
    async function onMessage(msg, buffers) {
      if (!msg || msg.type !== "mermaid-library") return;
      model.off("msg:custom", onMessage);
      clearTimeout(timer);
      try {
        const url = URL.createObjectURL(new Blob([buffers[0]], { type: "text/javascript" }));
        const module = await import(/* webpackIgnore: true */ /* @vite-ignore */ url);
        URL.revokeObjectURL(url);
        const mermaid = module.default;
        mermaid.initialize({
          startOnLoad: false,
          layout: "dagre", // Mermaid 12 would pick ELK, which is not bundled (see build.mjs)
          securityLevel: "strict",
          theme: "neutral",
          flowchart: { htmlLabels: false, curve: "basis", useMaxWidth: true },
        });
        resolve(mermaid);
      } catch (err) {
        reject(err);
      }
    }
    model.on("msg:custom", onMessage);
    model.send({ type: "need-mermaid" });
  });
  shared.mermaid = promise;
  // A failed load (say, no kernel yet) must not poison later panels.
  promise.catch(() => {
    if (shared.mermaid === promise) shared.mermaid = null;
  });
  return promise;
}

function fallback(el, model, text) {
  const svg = model.get("tree_svg");
  if (svg) {
    const img = document.createElement("img");
    img.alt = "Delegation tree";
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    el.replaceChildren(img);
  } else {
    const pre = document.createElement("pre");
    pre.className = "nrp-mermaid-src";
    pre.textContent = text;
    el.replaceChildren(pre);
  }
  el.dataset.rendered = "fallback";
}

// Mermaid's render is not re-entrant: draw one tree at a time, and skip
// drawings that a newer state has already made stale.
export function renderTree(el, model, text, isCurrent) {
  const previous = lastSvg.get(model);
  if (previous && !el.firstChild) el.innerHTML = previous;
  const job = shared.queue.then(async () => {
    if (!isCurrent()) return;
    let mermaid;
    try {
      mermaid = await loadMermaid(model);
    } catch {
      fallback(el, model, text);
      return;
    }
    if (!isCurrent()) return;
    try {
      const { svg } = await mermaid.render(`nrp-tree-${++shared.renders}`, text);
      if (!isCurrent()) return;
      el.innerHTML = svg;
      el.dataset.rendered = "mermaid";
      lastSvg.set(model, svg);
    } catch (err) {
      console.warn("notebook_router: Mermaid could not draw the tree", err);
      fallback(el, model, text);
    }
  });
  shared.queue = job.catch(() => {});
  return job;
}
