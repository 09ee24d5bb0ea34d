// An action as the server sends it beside its text (docs/protocol.md, "Action objects"):
// {text, kind, card?, suit?, alone?, shown?, hidden?}. Pages read these fields and never
// take an action's text apart; the text is only what they send back in "act".

/** The kinds that name a card of the actor's hand (another seat's may come hidden). */
export const CARD_KINDS = new Set(["play", "discard", "give"]);

/** The last part of an action's translation key: its kind, "_alone" when it goes alone
 * ("pass", "order_alone", "defend_alone", "call_for_best"). */
export function actKey(act) {
  return act.alone ? `${act.kind}_alone` : act.kind;
}
