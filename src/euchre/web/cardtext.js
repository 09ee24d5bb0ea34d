// Card text as the protocol writes it: rank "789TJQKA" + suit "cdsh"; "B" is the Joker.
// The client reads cards; it never works out the rules (the server sends the hand sorted,
// the legal actions and every trick's winner); trumprole.js names the bowers, by a rule
// held to the engine's by a test.

export const SUITS = "cdsh";
export const RANKS = "789TJQKA";
export const JOKER = "B";

export const rankOf = (card) => (card === JOKER ? null : card[0]);
export const suitOf = (card) => (card === JOKER ? null : card[1]);
