// "Last trick" and the score sheet, opened from the look-back box: the previous completed
// trick (a button and the L key), drawn in table positions as the trick on the felt is, and
// every hand's score. On a phone each is a sheet over the table (lookback.css), so looking
// back never scrolls the player away from their hand; a desktop shows it in the side column.
// A phone's look-back box is below the table, so there the felt has the two buttons too,
// beside the player's own seat (within the thumb's reach, above the hand).
// The trick is the server's {deal, number, cards, winner}.

import { cardImage } from "./cards.js";
import { cardNameUnder } from "./trumprole.js";
import { h } from "./dom.js";

export function lastTrickButton(page, open) {
  return h(
    "button",
    { type: "button", id: "last-trick-button", "aria-expanded": String(open), "aria-controls": "last-trick", "aria-keyshortcuts": "L", disabled: !page.recentTrick, ...notYet(page), dataset: { cmd: "last-trick", key: "last-trick" } },
    page.t("lookback.lastTrick"),
  );
}

/** Why "Last trick" cannot be opened yet (no trick of the game is over): on hovering it
 * and to a screen reader, so a disabled button does not look broken. */
function notYet(page) {
  if (page.recentTrick) return {};
  const why = page.t("lookback.lastTrickLater");
  return { title: why, "aria-description": why };
}

export function scoreSheetButton(page, open) {
  return h(
    "button",
    { type: "button", id: "score-sheet-button", "aria-expanded": String(open), "aria-controls": "score-sheet-box", dataset: { cmd: "score-sheet", key: "score-sheet" } },
    page.t("lookback.sheet"),
  );
}

/** The felt's "Last trick" and "Score sheet" (shown on a phone or tablet only: lookback.css),
 * each an icon with its name under it: an icon alone left a newcomer guessing. */
export function feltLookButtons(page) {
  // the hand's summary shows its last trick and the score, and needs the felt's height
  if ((!page.state && page.info.status === "waiting") || page.handPause.showing()) return null;
  const button = (cmd, id, key, open, icon, disabled = false) =>
    h(
      "button",
      { type: "button", class: "felt-look", id, disabled, "aria-description": disabled ? notYet(page)["aria-description"] : null, "aria-expanded": String(open), dataset: { cmd, key: id } },
      h("span", { class: "felt-look-icon", "aria-hidden": "true" }, icon),
      h("span", { class: "felt-look-word" }, page.t(key)),
    );
  return [
    button("last-trick", "felt-last-trick", "lookback.lastTrick", page.showLastTrick, "↶", !page.recentTrick),
    button("score-sheet", "felt-score-sheet", "lookback.sheet", page.showSheet, "▤"),
  ];
}

/** A look-back sheet's frame: its title (focused on opening) and a Close button. */
function lookSheet(page, { id, titleId, title, hidden = false }, ...body) {
  return h(
    "section",
    { class: "box look-sheet", id, role: "dialog", "aria-modal": "false", "aria-labelledby": titleId, hidden },
    h(
      "div",
      { class: "look-sheet-head" },
      h("h2", { id: titleId, tabindex: "-1" }, title),
      h("button", { type: "button", class: "look-close", dataset: { cmd: "close-look", key: `close-${id}` } }, page.t("lookback.close")),
    ),
    ...body,
  );
}

export function lastTrickPanel(page) {
  const trick = page.recentTrick;
  if (!trick) return null;
  const items = trick.cards.map(({ seat, card }) =>
    h(
      "li",
      { class: `pos-${page.position(seat)}${seat === trick.winner ? " winner" : ""}`, dataset: { seat: String(seat), card } },
      cardImage(page.ctx.i18n, card, { class: "small", "aria-label": cardNameUnder(page.ctx.i18n, card, trick.trump) }),
      h("span", { class: "trick-line" }, page.t("lookback.played", { name: page.seatName(seat), card: cardNameUnder(page.ctx.i18n, card, trick.trump) })),
    ),
  );
  return lookSheet(
    page,
    { id: "last-trick", titleId: "last-trick-title", title: page.t("lookback.lastTrickTitle", { hand: trick.deal + 1, n: trick.number }) },
    h("ol", { class: `last-trick-cards players-${page.players()}` }, items),
    h("p", { id: "last-trick-winner" }, page.t("events.trickWon", { name: page.seatName(trick.winner), n: trick.number })),
  );
}

/** The score sheet's sheet: always in the page (hidden while closed), its rows kept current,
 * with each hand's review under them (the hand summary that offers one closes in seconds). */
export function scoreSheetPanel(page, open, sheet) {
  const reviews = page.sheet.map((row) => page.coach.reviewButton(row.deal, `sheet-review-${row.deal}`)).filter(Boolean);
  return lookSheet(
    page,
    { id: "score-sheet-box", titleId: "score-sheet-title", title: page.t("lookback.sheet"), hidden: !open },
    sheet,
    reviews.length ? h("div", { class: "row wrap sheet-reviews" }, reviews) : null,
  );
}

/** Behind an open sheet on a phone: a tap there closes it (and plays no card by mistake). */
export function lookBackdrop() {
  return h("div", { class: "look-backdrop", dataset: { cmd: "close-look", key: "look-backdrop" }, "aria-hidden": "true" });
}

/** Open one look-back sheet on the table ``page`` (``kind`` "trick" or "sheet"; the other
 * closes, and a hand's review: on a phone they stacked, the page left scrolled between),
 * its title focused; ``byKey``: focus goes back where it was on closing. */
export function openLook(page, kind, byKey) {
  if (!page.showLastTrick && !page.showSheet) page.lookReturn = byKey ? page.focusMark() : null;
  page.coach.reviewDeal = null;
  const cmd = kind === "trick" ? "last-trick" : "score-sheet";
  const from = document.activeElement?.closest?.(`[data-cmd=${cmd}]`); // the felt's or the box's
  page.lookOpener = from?.id || `${cmd}-button`;
  page.showLastTrick = kind === "trick";
  page.showSheet = kind === "sheet";
  page.render();
  document.getElementById(kind === "trick" ? "last-trick-title" : "score-sheet-title")?.focus();
}

/** Close, Escape or a tap outside: focus goes back where it was, else to the opening button. */
export function closeLook(page) {
  if (!page.showLastTrick && !page.showSheet) return;
  page.showLastTrick = false;
  page.showSheet = false;
  page.render();
  const back = page.lookReturn;
  page.lookReturn = null;
  if (!back || !page.refocus(back)) document.getElementById(page.lookOpener)?.focus({ preventScroll: true });
}

/** A click or tap outside an open look-back sheet (and its buttons) closes it. */
export function clickedOutsideLook(page, event) {
  if (!page.showLastTrick && !page.showSheet) return;
  const target = event.target;
  if (!target?.isConnected || target.closest(".look-sheet, [data-cmd=last-trick], [data-cmd=score-sheet]")) return;
  closeLook(page);
}
