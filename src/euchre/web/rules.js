// Card order in JavaScript, mirroring euchre.engine.rules: effective suit (docs/rules.md §2.9),
// power (§2.9), following (§2.10), trick winner (§2.11) and hand display (§2.17).
// Cards are protocol text: rank "789TJQKA" + suit "cdsh"; "B" is the Joker.
// Trump is a suit letter, "n" (no trump) or null (not yet known).

export const SUITS = "cdsh";
export const RANKS = "789TJQKA";
export const JOKER = "B";
const PARTNER = { c: "s", s: "c", d: "h", h: "d" };

export const rankOf = (card) => (card === JOKER ? null : card[0]);
export const suitOf = (card) => (card === JOKER ? null : card[1]);
const isSuit = (trump) => trump !== null && trump !== undefined && SUITS.includes(trump);

/** The suit a card belongs to for following and winning (null: a Joker before trump). */
export function effectiveSuit(card, trump) {
  if (card === JOKER) return isSuit(trump) ? trump : null;
  if (!isSuit(trump)) return card[1];
  if (card[0] === "J" && card[1] === PARTNER[trump]) return trump;
  return card[1];
}

/** Higher beats lower within a suit; trumps (with bowers and Joker) above everything. */
export function power(card, trump) {
  if (card === JOKER) return isSuit(trump) ? 100 : -1;
  const rank = RANKS.indexOf(card[0]);
  if (!isSuit(trump)) return rank;
  if (card[0] === "J" && card[1] === trump) return 90;
  if (card[0] === "J" && card[1] === PARTNER[trump]) return 80;
  return card[1] === trump ? 50 + rank : rank;
}

/** The cards of hand that may follow to a trick led with ledCard (null: leading). */
export function legalCards(hand, ledCard, trump) {
  if (!ledCard) return [...hand];
  const suit = effectiveSuit(ledCard, trump);
  const same = hand.filter((c) => effectiveSuit(c, trump) === suit);
  return same.length ? same : [...hand];
}

/** Index (in play order) of the card that wins a trick. */
export function trickWinnerIndex(cards, trump) {
  const led = effectiveSuit(cards[0], trump);
  let best = 0;
  cards.forEach((card, i) => {
    if (beats(card, cards[best], led, trump)) best = i;
  });
  return best;
}

function beats(card, other, led, trump) {
  const suit = effectiveSuit(card, trump);
  const otherSuit = effectiveSuit(other, trump);
  if (isSuit(trump) && suit === trump && otherSuit !== trump) return true;
  if (suit !== otherSuit) return false;
  return (suit === led || suit === trump) && power(card, trump) > power(other, trump);
}

/** A hand sorted for display (docs/rules.md §2.17): ♣ ♦ ♠ ♥ rotated so trump comes first. */
export function displaySorted(cards, trump) {
  const start = isSuit(trump) ? SUITS.indexOf(trump) : 0;
  const key = (card) => {
    const suit = effectiveSuit(card, trump);
    const group = suit === null ? 4 : (SUITS.indexOf(suit) - start + 4) % 4;
    return [group, -power(card, trump)];
  };
  return [...cards].sort((a, b) => {
    const [ga, pa] = key(a);
    const [gb, pb] = key(b);
    return ga - gb || pa - pb;
  });
}
