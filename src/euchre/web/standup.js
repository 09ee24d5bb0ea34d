// Standing up (or leaving) mid-game hands the seat to a bot: at a private table (leaving: at
// any table) the player says so first, in a small question in the page (never the browser's
// confirm). The question is a dialog: focus goes into it, Tab stays in it, Escape or "Stay
// seated" closes it and focus goes back to the Stand up button.

import { h } from "./dom.js";

// What is asked about: standing up, or leaving the table (a seated player: a bot plays the
// seat, as for standing up; a leave was one stray tap, unasked), with the button each
// question belongs to.
const ASKED = { stand: "stand-up", leave: "leave-table" };

/** "Stand up" or "Leave the table" (``what``) pressed on the table ``page``: ask first where
 * a bot would take the seat. */
export function askStand(page, what = "stand") {
  const seated = page.mySeat() !== null;
  // leaving asks at every kind of table (at a ranked one the result still counts)
  const asks = what === "leave" || page.info.kind === "private";
  if (!asks || page.info.status !== "playing" || !seated) {
    if (what === "leave") page.leave();
    else page.stand();
    return;
  }
  page.confirmingStand = what;
  page.render();
  document.getElementById("stand-yes")?.focus();
}

/** "Yes" to the question: stand up or leave, as asked. */
export function confirmStand(page) {
  if (page.confirmingStand === "leave") page.leave();
  else page.stand();
}

export function cancelStand(page) {
  const asked = ASKED[page.confirmingStand] || ASKED.stand;
  page.confirmingStand = false;
  page.render();
  document.getElementById(asked)?.focus();
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

/** What becomes of the game if this player leaves it: the end of a game of bots, a bot in
 * the seat among people, and at a ranked table a result that still counts. */
function leaveQuestion(page) {
  if (page.info.kind === "ranked") return "leaveQuestion.ranked";
  const me = page.mySeat();
  const people = page.info.seats.some((seat, i) => i !== me && seat.type === "human" && !seat.left);
  return people ? "leaveQuestion.bot" : "leaveQuestion.ends";
}

export function standQuestion(page) {
  const leaving = page.confirmingStand === "leave";
  return h(
    "div",
    { class: "stand-confirm", id: "stand-confirm", role: "alertdialog", "aria-labelledby": "stand-question", "aria-modal": "false", dataset: { key: "stand-confirm" } },
    h("p", { id: "stand-question" }, page.t(leaving ? leaveQuestion(page) : "table.standQuestion")),
    h(
      "div",
      { class: "row wrap" },
      h("button", { type: "button", class: "primary", id: "stand-yes", dataset: { key: "stand-yes", cmd: "stand-yes" } }, page.t(leaving ? "table.leaveYes" : "table.standYes")),
      h("button", { type: "button", id: "stand-no", "aria-keyshortcuts": "Escape", dataset: { key: "stand-no", cmd: "stand-no" } }, page.t("table.standNo")),
    ),
  );
}
