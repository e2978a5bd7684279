// Keyed lists drawn in place: the plan table, the tree's rows, the media strip.
//
// One node per key, made once and refilled on every update; nodes move only
// when their order changed and go when their key did. Nothing here reads
// layout, so an update never forces the browser to lay the page out.

/**
 * Make `parent`'s children follow `items`, keeping each key's node in `cache`.
 *
 * - `key(item)`: the item's key;
 * - `make(item)`: a new entry for a key not seen (whatever the caller keeps of it);
 * - `fill(entry, item)`: bring the entry up to date;
 * - `node(entry)`: the entry's DOM node (default: `entry.node`);
 * - `fits(entry, item)` (optional): false makes a new entry for the key.
 */
export function syncKeyed(parent, items, cache, { key, make, fill, node = (e) => e.node, fits = () => true }) {
  const keep = new Set();
  let prev = null;
  for (const item of items) {
    const k = key(item);
    keep.add(k);
    let entry = cache.get(k);
    if (!entry || !fits(entry, item)) {
      if (entry) node(entry).remove();
      cache.set(k, (entry = make(item)));
    }
    fill(entry, item);
    const want = prev ? prev.nextSibling : parent.firstChild;
    const el = node(entry);
    if (want !== el) parent.insertBefore(el, want);
    prev = el;
  }
  for (const [k, entry] of cache) {
    if (!keep.has(k)) {
      node(entry).remove();
      cache.delete(k);
    }
  }
}
