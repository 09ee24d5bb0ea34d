// A deal-limited game's count in the table's header (docs/rules.md deal_limit): "Hand 3 / 8"
// while the deals run, "Tie-break hand" once they are played with players tied for first;
// nothing at a game without a deal limit, or once it is over. The server's info says how many
// deals are left (``deals_left``, the one in progress among them).

import { h } from "./dom.js";

export function dealCount(page) {
  const left = page.info.deals_left;
  const limit = page.info.options?.deal_limit;
  if (typeof left !== "number" || !limit) return null;
  // the summary of the deal just counted is still up: that deal's number, not the next one's
  const deal = limit - left + (page.handPause?.showing() ? 0 : 1);
  if (deal > limit) {
    // the short word in a phone's top bar on its side (app.css), as the timed game's notice
    return h(
      "span",
      { class: "game-time time-up deal-count", id: "deal-count" },
      h("span", { class: "time-up-short", "aria-hidden": "true" }, page.t("table.timeUpTiedShort")),
      h("span", { class: "time-up-long" }, page.t("table.dealTieBreak")),
    );
  }
  return h(
    "span",
    { class: "game-time deal-count", id: "deal-count" },
    // its word stays in a phone's top bar, where the clock's goes (a time needs none)
    h("span", { class: "deal-count-label" }, page.t("table.deal")),
    " ",
    h("span", { class: "game-time-value" }, page.t("table.dealOf", { deal, limit })),
  );
}
