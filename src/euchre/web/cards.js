// Cards on screen: the project's SVG artwork (cards/*.svg), names and suit symbols.

import { h } from "./dom.js";
import { JOKER, rankOf, suitOf } from "./cardtext.js";

// Beside this module, so the pictures share its (versioned, long-cached) address.
const CARDS = new URL("./cards/", import.meta.url).pathname;

export const SUIT_SYMBOL = { c: "♣", d: "♦", s: "♠", h: "♥", n: "NT" };

/** The SVG picture of a card ("back" for a face-down card); decorative, the label names it. */
export function cardPicture(card) {
  const name = card || "back";
  const suit = name === "back" || name === JOKER ? "x" : suitOf(name);
  return h(
    "svg:svg",
    { class: `card-art suit-${suit}`, viewBox: "0 0 240 336", "aria-hidden": "true", focusable: "false" },
    h("svg:use", { href: `${CARDS}${name}.svg#card` }),
  );
}

/** A card's name in the current language ("Jack of hearts", "Herz-Bube"). */
export function cardName(i18n, card) {
  if (card === JOKER) return i18n.t("cards.joker");
  return i18n.t("cards.name", {
    rank: i18n.t(`cards.ranks.${rankOf(card)}`),
    suit: i18n.t(`cards.suitsOf.${suitOf(card)}`),
  });
}

/** A short visible label: "J♥", "10♣", the Joker's sign; the index the card's picture
 * shows in every language (a German "D♠" sent a learner looking for a card marked D). */
export function cardShort(card) {
  if (card === JOKER) return "🃏";
  const rank = rankOf(card);
  return (rank === "T" ? "10" : rank) + SUIT_SYMBOL[suitOf(card)];
}

/** A suit shown by symbol and colour, with its name for screen readers. */
export function suitBadge(i18n, suit) {
  if (!suit) return null;
  const name = i18n.t(`cards.suits.${suit}`);
  return h(
    "span",
    { class: `suit suit-${suit}`, title: name },
    h("span", { "aria-hidden": "true" }, SUIT_SYMBOL[suit]),
    h("span", { class: "suit-name" }, ` ${name}`),
  );
}

/** A face-up card that is not a control (trick, turn-up, replay hands). */
export function cardImage(i18n, card, extra = {}) {
  const { class: cls = "", ...rest } = extra;
  return h(
    "div",
    { class: `card ${cls}`.trim(), role: "img", "aria-label": card ? cardName(i18n, card) : i18n.t("cards.back"), ...rest },
    cardPicture(card),
  );
}
