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

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children, keeping keyboard focus on the element with the same key. */
export function replaceKeepingFocus(root, ...children) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.key : undefined;
  root.replaceChildren();
  append(root, children);
  if (key !== undefined) {
    const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** Arrow keys move focus among the focusable items of a group (roving tabindex). */
export function rovingGroup(group, selector) {
  group.addEventListener("keydown", (event) => {
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "first", End: "last" };
    const step = keys[event.key];
    if (step === undefined) return;
    const items = [...group.querySelectorAll(selector)];
    const index = items.indexOf(document.activeElement);
    if (index < 0 || items.length === 0) return;
    event.preventDefault();
    let next = step === "first" ? 0 : step === "last" ? items.length - 1 : index + step;
    next = (next + items.length) % items.length;
    for (const item of items) item.tabIndex = -1;
    items[next].tabIndex = 0;
    items[next].focus();
  });
}

/** Give the roving tabindex to one item (the first matching preferred one, else the first). */
export function setRovingFocus(items, preferred) {
  if (items.length === 0) return;
  const chosen = items.find(preferred) || items[0];
  for (const item of items) item.tabIndex = item === chosen ? 0 : -1;
}
