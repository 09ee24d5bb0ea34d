// A deal of the server's replay answer as pictures of the table, one before the first step
// and one after each. Nothing here knows the rules: it follows the two rules of the answer
// (docs/protocol.md, "Games and replays"): a step whose action names a card (its object in
// the answer's `acts` has a `card`: a play, discard or gift) takes it out of the actor's
// hand, and a step that carries `hands` replaces every hand; the rest is what each step
// says followed from it.

/** The frames of one deal: frames[0] as dealt, frames[k] after step k - 1; ``acts``: the
 * answer's action objects by their text. */
export function framesOf(deal, acts) {
  let frame = {
    hands: deal.hands,
    trick: [],
    trickWinner: null,
    tricksWon: deal.hands.map(() => 0),
    tricksDone: 0,
    contract: null,
    upcard: "up",
    sittingOut: [],
    phase: null,
    bids: deal.hands.map(() => null),
    step: null,
  };
  const frames = [frame];
  deal.steps.forEach(([seat, action, news = {}], index) => {
    frame = next(frame, { seat, action, act: acts[action], news, index });
    frames.push(frame);
  });
  return frames;
}

function next(before, step) {
  const { seat, act, news } = step;
  const card = act.card ?? null;
  const frame = { ...before, step };
  if (act.kind === "play" && before.trickWinner !== null) {
    frame.trick = []; // the completed trick stays on the table until the next card
    frame.trickWinner = null;
  }
  if (card !== null) frame.hands = before.hands.map((hand, s) => (s === seat ? hand.filter((c) => c !== card) : hand));
  else frame.bids = before.bids.map((bid, s) => (s === seat ? act : bid));
  if (act.kind === "play") frame.trick = [...frame.trick, { seat, card }];
  if (news.phase) frame.phase = news.phase;
  if (news.trick_winner !== undefined) {
    frame.trickWinner = news.trick_winner;
    frame.tricksWon = before.tricksWon.map((won, s) => (s === news.trick_winner ? won + 1 : won));
    frame.tricksDone = before.tricksDone + 1;
  }
  if (news.contract) frame.contract = news.contract;
  if (news.hands) frame.hands = news.hands;
  if (news.upcard) frame.upcard = news.upcard;
  if (news.sitting_out) frame.sittingOut = news.sitting_out;
  return frame;
}
