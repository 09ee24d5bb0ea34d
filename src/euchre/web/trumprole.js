// A card's part once trump is made, for its spoken name only (the picture and the sorted
// hand already show it to the eye): "Jack of diamonds, left bower".
//
// The one rule the client repeats from the engine (rules.py: effective suit and power),
// because it is this small and the same in every variant: with a suit trump, its jack is
// the right bower, the other jack of its colour the left bower, the Joker the highest
// trump; with no trump (or none made yet) no card has a part. test_web_trump_names.py
// holds it to the engine's tables for every card and every trump.

import { cardName } from "./cards.js";
import { JOKER, suitOf } from "./cardtext.js";

const SAME_COLOUR = { c: "s", s: "c", d: "h", h: "d" };

/** "right", "left", "joker", "trump" or null; ``trump`` as the view writes it (null, "n", a suit). */
export function trumpRole(card, trump) {
  const partner = SAME_COLOUR[trump];
  if (!partner || !card) return null;
  if (card === JOKER) return "joker";
  if (card === `J${trump}`) return "right";
  if (card === `J${partner}`) return "left";
  return suitOf(card) === trump ? "trump" : null;
}

/** ``label`` (the card's name, or "Play" and its name) followed by its part under ``trump``:
 * "Play Nine of hearts, trump", "Herz-Neun ausspielen, Trumpf". */
export function withTrumpRole(i18n, label, card, trump) {
  const role = trumpRole(card, trump);
  return role ? i18n.t(`cards.roles.${role}`, { label }) : label;
}

/** The card's name and its part: "Jack of diamonds, left bower". */
export function cardNameUnder(i18n, card, trump) {
  return withTrumpRole(i18n, cardName(i18n, card), card, trump);
}
