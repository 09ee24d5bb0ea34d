// Standing up mid-game hands the seat to a bot: at a private table the player says so
// first, in a small question in the page (never the browser's confirm). The question is a
// dialog: focus goes into it, Tab stays in it, Escape or "Stay seated" closes it and focus
// goes back to the Stand up button.

import { h } from "./dom.js";

/** "Stand up" pressed on the table ``page``: ask first where a bot would take the seat. */
export function askStand(page) {
  if (page.info.kind !== "private" || page.info.status !== "playing") {
    page.stand();
    return;
  }
  page.confirmingStand = true;
  page.render();
  document.getElementById("stand-yes")?.focus();
}

export function cancelStand(page) {
  page.confirmingStand = false;
  page.render();
  document.getElementById("stand-up")?.focus();
}

/** Keys while the question shows: Escape cancels, Tab cycles its two buttons; true when handled. */
export function standKey(page, event) {
  const box = page.confirmingStand ? document.getElementById("stand-confirm") : null;
  if (!box) return false;
  if (event.key === "Escape") {
    event.preventDefault();
    cancelStand(page);
    return true;
  }
  if (event.key !== "Tab" || !box.contains(document.activeElement)) return false;
  const buttons = [...box.querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  const next = (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[next].focus();
  return true;
}

export function standQuestion(page) {
  return h(
    "div",
    { class: "stand-confirm", id: "stand-confirm", role: "alertdialog", "aria-labelledby": "stand-question", "aria-modal": "false", dataset: { key: "stand-confirm" } },
    h("p", { id: "stand-question" }, page.t("table.standQuestion")),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", class: "primary", id: "stand-yes", dataset: { key: "stand-yes", cmd: "stand-yes" } }, page.t("table.standYes")),
      h("button", { type: "button", id: "stand-no", "aria-keyshortcuts": "Escape", dataset: { key: "stand-no", cmd: "stand-no" } }, page.t("table.standNo")),
    ),
  );
}
