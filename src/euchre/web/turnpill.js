// "Your turn" when the table is out of sight: a player who scrolled down to the chat (or
// read the side panel on a phone) had no sign on screen that the game waited for them,
// while a turn clock ran at tables of several people. A button at the top of the screen
// says it and brings the felt, with the choices on it, back into view.

import { h } from "./dom.js";

const MARGIN = 24; // px of the choices that must show for the table to count as in view

/** The button, at the player's turn only (shown by ``update`` once the page is laid out). */
export function turnPill(page, myTurn) {
  if (!myTurn) return null;
  return h(
    "button",
    { type: "button", class: "turn-pill", id: "turn-pill", hidden: true, dataset: { cmd: "back-to-table", key: "turn-pill" } },
    h("span", { "aria-hidden": "true" }, "▲ "),
    page.t("table.turnPill"),
  );
}

/** Show the button while the choices (the bids or the hand) are off screen, but not over
 * an open hand review: it says so itself, with its own way back. */
export function updateTurnPill(root) {
  const pill = root.querySelector("#turn-pill");
  if (!pill) return;
  const dock = root.querySelector(".felt .dock")?.getBoundingClientRect();
  const off = !dock || dock.bottom < MARGIN || dock.top > window.innerHeight - MARGIN;
  pill.hidden = !off || Boolean(root.querySelector("#review-panel"));
}

/** The felt back in view with its choices, focus on the first one. */
export function backToTable(page) {
  page.root.querySelector(".felt")?.scrollIntoView({ block: "end" });
  page.focusAfterCoach(); // the first choice, as when a coach panel closes
  updateTurnPill(page.root);
}
