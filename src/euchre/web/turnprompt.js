// The line over the hand that says what the turn asks: whose turn it is, the bid and its
// turn-up, the suit to follow, and the card a discard must know about (the turn-up a dealer
// picked up, the card a partner gave a loner who called for best).

import { cardName } from "./cards.js";
import { h } from "./dom.js";
import { suitToFollow } from "./whynot.js";

/** The prompt for ``page``'s state, "" where there is none (between hands, no one to act). */
export function promptText(page) {
  const s = page.state;
  if (!s || page.handPause.showing()) return "";
  if (!page.isMyTurn()) {
    if (s.to_act === null || s.to_act === undefined) return "";
    const standIn = page.info?.seats?.[s.to_act]?.bot_playing; // "waiting for Hana" read as if she were slow
    return page.t(standIn ? "prompt.botPlaysFor" : "prompt.waitingFor", { name: page.seatName(s.to_act) });
  }
  const card = s.upcard ? cardName(page.ctx.i18n, s.upcard) : "";
  const dealer = s.dealer === s.seat;
  if (s.phase === "bid_r1") {
    // a Canadian loner: the dealer's partner may order up only to go alone
    const orders = (s.legal_acts || []).filter((act) => act.kind === "order");
    const alone = orders.length && orders.every((act) => act.alone) ? "Alone" : "";
    return page.t(`prompt.bid_r1${dealer ? "Dealer" : ""}${alone}`, { card });
  }
  const follow = suitToFollow(page); // "Your turn: follow clubs." (only the dimmed cards said so)
  if (follow) return page.t("prompt.follow", { suit: follow });
  // a two-player dealer, ordered up, may yet leave the turn-up ("you picked up" misled)
  const acts = s.legal_acts || [];
  if (s.phase === "dealer_discard" && acts.some((act) => act.kind === "pass")) return page.t("prompt.dealer_discardMay", { card });
  // the turn-up just picked up is dimmed in the hand (it may not be discarded): say why
  const keeps = s.phase === "dealer_discard" && !acts.some((act) => act.card === s.upcard);
  if (keeps) return page.t("prompt.dealer_discardKeep", { card });
  // six cards alike in the hand: which one the partner gave
  const gift = s.phase === "best_discard" ? giftOf(s) : null;
  if (gift) return page.t("prompt.best_discardGift", { card: cardName(page.ctx.i18n, gift.act.card), name: page.seatName(gift.seat) });
  return page.t(`prompt.${s.phase}`, { card, name: page.seatName(s.maker ?? s.seat), partner: page.seatName((s.seat + 2) % page.players()) });
}

/** The mark on the card a loner's partner gave them, while the loner chooses a discard
 * (the prompt names it; the mark is not read out twice). */
export function giftTag(page, card) {
  const s = page.state;
  if (s?.phase !== "best_discard" || !page.isMyTurn() || giftOf(s)?.act.card !== card) return null;
  return h("span", { class: "gift-tag", "aria-hidden": "true" }, page.t("table.giftTag"));
}

/** The history's entry of the card given to the loner (the two partners see its card). */
function giftOf(state) {
  const gift = (state.history || []).findLast((entry) => entry.act.kind === "give");
  return gift?.act.card ? gift : null;
}
