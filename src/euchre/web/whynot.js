// Why a card of the hand cannot be chosen now: said when it is tapped (or pressed), and
// given to each disabled card as its accessible description. Worked out only from what
// the seat's view holds (its legal actions, the trick, trump, the turn-up), never from
// what the seat may not know.

import { cardName, cardShort, SUIT_SYMBOL } from "./cards.js";
import { suitOf } from "./cardtext.js";
import { h } from "./dom.js";
import { trumpRole } from "./trumprole.js";

let shownNotice = null; // the last reason on the screen: a new tap replaces it, never stacks
const NOTICE_GAP = 8; // px between a lifted notice and the cards or choices
const BID_ROUNDS = new Set(["bid_r1", "bid_r2"]);

/** The suit ``card`` follows and is followed as, the engine's effective suit: a bower or
 * the Joker is a trump, every other card its printed suit. */
const suitFollowed = (card, trump) => (trumpRole(card, trump) ? trump : suitOf(card));

/** The suit the seat must follow now, by name ("clubs", "trumps"): its turn in a trick
 * led, and only some of its cards may be played; null otherwise. */
export function suitToFollow(page) {
  const s = page.state;
  const led = s?.phase === "play" ? s.trick[0]?.card : null;
  if (!led || !page.isMyTurn() || page.cardActions().size >= s.hand.length) return null;
  const suit = suitFollowed(led, s.trump);
  return suit === s.trump ? page.t("cards.trumps") : page.t(`cards.suitsOf.${suit}`);
}

/** The reason ``card`` cannot be chosen, as a function giving it in the page's language at
 * the time (``heard``: as a screen reader is to say it, cards and suits by name); null when
 * it can be, or when there is nothing to say (nobody's turn, a move on its way, a
 * spectator). */
export function whyNot(page, card) {
  const s = page.state;
  if (!s || s.seat === null || page.pending || page.info?.status !== "playing" || page.handPause.showing()) return null;
  if (!page.isMyTurn()) {
    if (!s.active.includes(s.seat)) return () => page.t("table.whyNot.sitOut");
    return s.to_act === null || s.to_act === undefined ? null : () => page.t("table.whyNot.waitTurn");
  }
  const actions = page.cardActions();
  if (actions.has(card)) return null;
  if (actions.size) return cardChoiceReason(page, card);
  if (BID_ROUNDS.has(s.phase)) return () => page.t("table.whyNot.bidFirst");
  return () => page.t("table.whyNot.notNow");
}

/** Why ``card`` is not among the card choices offered now. */
function cardChoiceReason(page, card) {
  const s = page.state;
  const led = s.phase === "play" ? s.trick[0]?.card : null;
  if (led) {
    const suit = suitFollowed(led, s.trump);
    const reason = suitOf(card) === suit ? "followSuitBower" : "followSuit";
    return (heard = false) => page.t(`table.whyNot.${reason}${heard ? "Heard" : ""}`, suitAndCard(page, suit, card, heard));
  }
  if (s.phase === "dealer_discard" && card === s.upcard) return () => page.t("table.whyNot.turnUp");
  return () => page.t("table.whyNot.notNow");
}

/** A reason's suit and card: shown by symbol, heard by name (a screen reader reads "♥" as
 * "black heart suit"). */
function suitAndCard(page, suit, card, heard) {
  const i18n = page.ctx.i18n;
  if (heard) return { suit: i18n.t(`cards.suitsOf.${suit}`), card: cardName(i18n, card) };
  return { suit: SUIT_SYMBOL[suit], card: cardShort(card) };
}

/** Say why ``card`` cannot be chosen: heard in the polite live region, shown among the
 * short notices (hidden from screen readers there, which heard it already). */
export function sayWhyNot(page, card) {
  const words = whyNot(page, card);
  if (!words) return;
  page.announce(words(true));
  shownNotice?.remove();
  shownNotice = page.ctx.toast(words, "info", { heard: false });
  clearOfChoices(shownNotice, page.root.querySelector(".felt .dock"));
}

/** On a phone the notices' place is over the hand: the reason goes up, clear of the cards
 * it is about and of the choices above them (over the bids, "Choose a bid first" hid the
 * very buttons it pointed to). */
function clearOfChoices(notice, dock) {
  const box = notice.getBoundingClientRect();
  const lowestFirst = [...(dock?.querySelectorAll(".hand-card, button") ?? [])]
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.height && r.left < box.right && r.right > box.left)
    .sort((a, b) => b.bottom - a.bottom);
  let lift = 0;
  for (const r of lowestFirst) {
    const bottom = box.bottom - lift;
    if (r.top < bottom + NOTICE_GAP && r.bottom > box.top - lift) lift += bottom + NOTICE_GAP - r.top;
  }
  if (lift > 0) notice.style.setProperty("transform", `translateY(${-Math.ceil(lift)}px)`);
}

/** Each disabled card's description (``describedBy(card)``: the id for its
 * aria-describedby) and the hidden texts they point at, one for each distinct reason. */
export function disabledDescriptions(page, cards) {
  const ids = new Map();
  const nodes = [];
  const idOfText = new Map();
  for (const card of cards) {
    const words = whyNot(page, card);
    if (!words) continue;
    const text = words(true);
    if (!idOfText.has(text)) {
      const id = `card-why-${idOfText.size}`;
      idOfText.set(text, id);
      nodes.push(h("span", { id, hidden: true, dataset: { key: id } }, text));
    }
    ids.set(card, idOfText.get(text));
  }
  return { describedBy: (card) => ids.get(card), nodes };
}
