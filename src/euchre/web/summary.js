// The pause between hands: the hand just scored, on the felt, until the server's pause runs
// out or the player continues (a tap or a key); the final hand in the game-over dialog.

import { cardImage, suitBadge } from "./cards.js";
import { h } from "./dom.js";
import { describeDeal } from "./narration.js";

/** The summary of one hand (a deal_over / score-sheet row) for the felt or a dialog. */
export function handSummary(page, deal, { live }) {
  const t = (key, params) => page.t(key, params);
  const sides = page.players() === 3 ? 3 : 2;
  const rows = Array.from({ length: sides }, (_, side) =>
    h(
      "tr",
      { dataset: { side: String(side) } },
      h("th", { scope: "row" }, page.sideName(side)),
      h("td", { class: "tricks" }, String(deal.tricks?.[side] ?? 0)),
      h("td", { class: "points" }, deal.points?.[side] ? `+${deal.points[side]}` : "0"),
      h("td", { class: "score" }, String(deal.score?.[side] ?? 0)),
    ),
  );
  return h(
    "section",
    {
      class: "hand-summary",
      id: live ? "hand-summary" : "final-hand",
      // named apart from the side panel's "Hand N" box (axe: landmark-unique); the heading stays short
      "aria-label": t(live ? "table.handSummaryRegion" : "table.finalHandRegion", { n: deal.deal + 1 }),
      dataset: { deal: String(deal.deal) },
    },
    h("h2", { id: live ? "hand-summary-title" : "final-hand-title" }, t("table.lastHand", { n: deal.deal + 1 })),
    contractLine(page, deal),
    h("p", { class: "summary-words" }, describeDeal(page, deal)),
    h(
      "div",
      { class: "summary-body" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(page.players() === 4 ? "table.side" : "table.player")), h("th", { scope: "col" }, t("table.tricks")), h("th", { scope: "col" }, t("table.points")), h("th", { scope: "col" }, t("lookback.total")))),
        h("tbody", {}, rows),
      ),
      lastTrick(page, deal, live),
    ),
    h(
      "div",
      { class: "summary-actions" },
      live ? h("button", { type: "button", class: "primary", id: "summary-continue", dataset: { cmd: "continue", key: "continue" } }, continueWords(page)) : null,
      page.coach?.reviewButton(deal.deal, live ? "summary-review" : "final-review"), // the coach's review of this hand
    ),
  );
}

/** "Continue (3 s)": the next deal starts by itself when the pause runs out. */
export function continueWords(page) {
  return page.t("lookback.continueIn", { count: Math.ceil(page.handPause.msLeft() / 1000) });
}

/** The hand's last trick, which the felt never draws (the summary takes its place): each
 * seat's card with the seat's name under it, the winner's outlined and named. */
function lastTrick(page, deal, live) {
  const trick = page.recentTrick;
  if (!trick || trick.deal !== deal.deal || !trick.cards?.length) return null;
  const id = live ? "summary-trick-title" : "final-trick-title";
  const items = trick.cards.map(({ seat, card }) =>
    h(
      "li",
      { class: seat === trick.winner ? "winner" : "", dataset: { seat: String(seat), card } },
      cardImage(page.ctx.i18n, card, { class: "small" }),
      h("span", { class: "trick-seat" }, page.seatName(seat)),
    ),
  );
  return h(
    "div",
    { class: "summary-trick", role: "group", "aria-labelledby": id },
    h("p", { id }, page.t("events.trickWon", { name: page.seatName(trick.winner), n: trick.number })),
    h("ol", {}, items),
  );
}

function contractLine(page, deal) {
  if (!deal.trump) return null;
  const trump = deal.trump === "n" ? h("span", {}, page.t("cards.noTrump")) : suitBadge(page.ctx.i18n, deal.trump);
  const maker = deal.maker === null || deal.maker === undefined ? null : page.t(deal.alone ? "table.madeByAlone" : "table.madeBy", { name: page.seatName(deal.maker) });
  return h("p", { class: "contract" }, h("span", {}, page.t("table.trump"), " "), trump, maker ? h("span", {}, " · ", maker) : null);
}

/** The pause as the page keeps it: which hand, and until when (performance.now() ms). */
export class HandPause {
  constructor() {
    this.deal = null;
    this.until = 0;
    this.dismissed = -1;
  }

  /** From a message's "pause" ({seconds, remaining}) and the hand it follows. */
  set(pause, deal) {
    if (!pause || !deal) {
      this.deal = null;
      return;
    }
    this.deal = deal;
    this.until = performance.now() + pause.remaining * 1000;
  }

  showing() {
    return Boolean(this.deal) && this.dismissed !== this.deal.deal && performance.now() < this.until;
  }

  dismiss() {
    if (this.deal) this.dismissed = this.deal.deal;
  }

  msLeft() {
    return Math.max(0, this.until - performance.now());
  }
}

const PAUSES = [3, 5, 10, 0];

/** The create form's choice of pause after each hand (the server's default: 3 s). */
export function pauseField(page, form) {
  const select = h(
    "select",
    { id: "create-pause", onchange: (e) => (form.pause = Number(e.target.value)) },
    PAUSES.map((s) => h("option", { value: s, selected: s === (form.pause ?? 3) }, s ? page.t("lobby.seconds", { count: s }) : page.t("lookback.noPause"))),
  );
  return h("div", { class: "field" }, h("label", { for: "create-pause" }, page.t("lookback.pauseLabel")), select);
}
