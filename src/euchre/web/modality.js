// How the page was last used: "touch" (a finger or pen), "mouse" or "keyboard", kept on the
// root element as data-input. Chromium rings a focus that script moves before any input
// (:focus-visible), so after a reload on a phone the first legal card, focused for keyboard
// users, wore a thick ring that read as a selected card; app.css hides rings while
// data-input is "touch" and shows them again at the first key a keyboard user navigates with.

const TEXT_FIELD = "input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable]";

/** Start tracking: a coarse pointer counts as touch until a key or another pointer says otherwise. */
export function trackInputModality(root = document.documentElement) {
  root.dataset.input = window.matchMedia("(pointer: coarse)").matches ? "touch" : "keyboard";
  const options = { capture: true, passive: true };
  window.addEventListener("pointerdown", (event) => (root.dataset.input = pointerModality(event)), options);
  window.addEventListener("keydown", (event) => {
    if (navigatesByKeyboard(event)) root.dataset.input = "keyboard";
  }, options);
}

function pointerModality(event) {
  return event.pointerType === "mouse" ? "mouse" : "touch";
}

/** Typing into a field (a phone's on-screen keyboard too) is not moving about the page. */
function navigatesByKeyboard(event) {
  if (event.key === "Tab") return true;
  return !event.target?.closest?.(TEXT_FIELD);
}
