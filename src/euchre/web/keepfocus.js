// Parts of pages re-drawn by replacing their children (the lobby's open tables at every
// lobby update, the chat at every line, the leaderboard when its data comes) would drop a
// keyboard user's focus on <body>: the focused control is thrown away with the old drawing.
// Each such control carries an id or a data-focus-key, and focus moves to its copy.

/** The key that finds a control again in a new drawing: its id or its data-focus-key. */
function focusKeyOf(el) {
  return el.id || el.dataset?.focusKey || null;
}

function findByKey(container, key) {
  const quoted = CSS.escape(key);
  return container.querySelector(`#${quoted}, [data-focus-key="${quoted}"]`);
}

/**
 * Re-draw ``container`` with ``redraw()``. Focus that was inside it and went with the old
 * drawing moves to the control of the same key in the new one; when that control is gone,
 * to ``fallback(key)`` (an element, or null to leave it).
 */
export function redrawKeepingFocus(container, redraw, fallback = () => null) {
  const active = document.activeElement;
  const inside = Boolean(active) && active !== container && container.contains(active);
  const key = inside ? focusKeyOf(active) : null;
  redraw();
  if (!inside || active.isConnected) return;
  const target = (key && findByKey(container, key)) || fallback(key);
  target?.focus({ preventScroll: true });
}
