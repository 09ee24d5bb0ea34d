// "Last trick": the previous completed trick, who played what and who won, at any time
// (a button and the L key). The trick is the server's {deal, number, cards, winner}.

import { cardImage, cardName } from "./cards.js";
import { h } from "./dom.js";

export function lastTrickButton(page, open) {
  return h(
    "button",
    { type: "button", id: "last-trick-button", "aria-expanded": String(open), "aria-keyshortcuts": "L", disabled: !page.recentTrick, dataset: { cmd: "last-trick", key: "last-trick" } },
    page.t("lookback.lastTrick"),
  );
}

export function lastTrickPanel(page) {
  const trick = page.recentTrick;
  if (!trick) return null;
  const items = trick.cards.map(({ seat, card }) =>
    h(
      "li",
      { class: seat === trick.winner ? "winner" : "", dataset: { seat: String(seat), card } },
      cardImage(page.ctx.i18n, card, { class: "small" }),
      h("span", {}, page.t("lookback.played", { name: page.seatName(seat), card: cardName(page.ctx.i18n, card) })),
    ),
  );
  return h(
    "section",
    { class: "box last-trick", id: "last-trick", role: "dialog", "aria-modal": "false", "aria-labelledby": "last-trick-title" },
    h("h2", { id: "last-trick-title", tabindex: "-1" }, page.t("lookback.lastTrickTitle", { hand: trick.deal + 1, n: trick.number })),
    h("ol", { class: "last-trick-cards" }, items),
    h("p", { id: "last-trick-winner" }, page.t("events.trickWon", { name: page.seatName(trick.winner), n: trick.number })),
    h("button", { type: "button", dataset: { cmd: "last-trick", key: "close-last-trick" } }, page.t("lookback.close")),
  );
}
