// Standing up mid-game hands the seat to a bot: at a private table the player says so
// first, in a small question in the page (never the browser's confirm).

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

export function standQuestion(page) {
  return h(
    "div",
    { class: "stand-confirm", id: "stand-confirm", role: "group", "aria-labelledby": "stand-question" },
    h("p", { id: "stand-question" }, page.t("table.standQuestion")),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", class: "primary", id: "stand-yes", dataset: { key: "stand-yes", cmd: "stand-yes" } }, page.t("table.standYes")),
      h("button", { type: "button", id: "stand-no", dataset: { key: "stand-no", cmd: "stand-no" } }, page.t("table.standNo")),
    ),
  );
}
