// Small DOM helpers: build elements without ever parsing HTML from data.

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "..."}, child, ...) -> Element.
 * Children may be strings (text nodes), elements, arrays, null or false (skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const svg = tag.startsWith("svg:");
  const el = svg
    ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "value" && !svg) {
      el.value = value;
    } else if (key === "checked" || key === "selected") {
      el[key] = Boolean(value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

/** A name cut with an ellipsis where it has too little room (app.css, .pname), whole in its
 * title and for screen readers; as an element of its own it is isolated from the words
 * round it, whichever way it is written. */
export function nameCut(name) {
  return h("span", { class: "pname", dir: "auto", title: name }, name);
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const ROVING_KEYS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "first", End: "last" };

/** Arrow keys move focus among the items of a group (roving tabindex); true when handled. */
export function rove(event, group, selector) {
  const step = ROVING_KEYS[event.key];
  if (step === undefined || !group) return false;
  const items = [...group.querySelectorAll(selector)];
  const index = items.indexOf(document.activeElement);
  if (index < 0) return false;
  event.preventDefault();
  let next = step === "first" ? 0 : step === "last" ? items.length - 1 : index + step;
  next = (next + items.length) % items.length;
  for (const item of items) item.tabIndex = -1;
  items[next].tabIndex = 0;
  items[next].focus();
  return true;
}

const keyOf = (node) => (node.nodeType === 1 ? node.getAttribute("data-key") : null);
const sameKind = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
const FORM_FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/**
 * Make the live element `from` look like the freshly built `to`, keeping every element that
 * stays (so focus, a press in progress and running animations survive an update).
 * Children with data-key are matched by key, the others by position. Event listeners are
 * not copied: pages that re-render this way handle events by delegation.
 */
export function morph(from, to) {
  if (!sameKind(from, to)) {
    from.replaceWith(to);
    return to;
  }
  if (from.nodeType !== 1) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  syncAttributes(from, to);
  if (from.nodeName === "SELECT") {
    // its options' words follow (a change of language), the choice made stays
    const chosen = from.value;
    syncChildren(from, to);
    from.value = chosen;
    if (from.value !== chosen) from.selectedIndex = to.selectedIndex;
    return from;
  }
  if (FORM_FIELDS.has(from.nodeName)) {
    if (from.nodeName === "INPUT" && document.activeElement !== from && from.value !== to.value) from.value = to.value;
    return from;
  }
  syncChildren(from, to);
  return from;
}

function syncAttributes(from, to) {
  const keepOpen = from.nodeName === "DETAILS"; // the user opens and closes these
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name) && !(keepOpen && name === "open")) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (keepOpen && name === "open") continue;
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
}

function syncChildren(from, to) {
  const old = [...from.childNodes];
  const fresh = [...to.childNodes];
  const byKey = new Map();
  for (const node of old) if (keyOf(node) !== null) byKey.set(keyOf(node), node);
  const used = new Set();
  let cursor = 0;
  fresh.forEach((node, index) => {
    let match = null;
    if (keyOf(node) !== null) {
      match = byKey.get(keyOf(node)) || null;
    } else {
      while (cursor < old.length && (keyOf(old[cursor]) !== null || used.has(old[cursor]))) cursor += 1;
      if (cursor < old.length && sameKind(old[cursor], node)) match = old[cursor++];
    }
    let placed = node;
    if (match && !used.has(match)) {
      used.add(match);
      placed = morph(match, node);
    }
    const here = from.childNodes[index];
    if (here !== placed) from.insertBefore(placed, here || null);
  });
  while (from.childNodes.length > fresh.length) from.lastChild.remove();
}

/** Give the roving tabindex to one item (the first matching preferred one, else the first). */
export function setRovingFocus(items, preferred) {
  if (items.length === 0) return;
  const chosen = items.find(preferred) || items[0];
  for (const item of items) item.tabIndex = item === chosen ? 0 : -1;
}
