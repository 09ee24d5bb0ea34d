// The table's events in words: an action, a trick, a hand's outcome and a game's, for the
// table's log, its live region and the hand's summary. Names come from the page
// (seatName, sideName, sideOf), so a renamed or newly seated player reads right.

import { actKey } from "./acts.js";
import { cardName } from "./cards.js";
import { actionWords } from "./coachwords.js";
import { cardNameUnder } from "./trumprole.js";
import { isolateName } from "./i18n.js";
import { describeSeatChange } from "./seatmove.js";

// A bot seated for a person asked to play again, by why they are not back.
const BOT_INSTEAD = { declined: "botForDeclined", left: "botForLeft", no_answer: "botForNoAnswer" };

const LOG_LINES = 200; // a game's recent hands

/** The table's log ("What happened"): it keeps the events, not their words, so that a
 * change of language tells every line again in the new one. A line keeps the table as it
 * was when it happened: the names then (a player who has left since is still named) and
 * what of the state its words need. */
export class EventLog {
  constructor() {
    this.lines = [];
    this.made = 0;
  }

  clear() {
    this.lines = [];
  }

  /** An event into the log; returns its words as a function (the words now, in the
   * page's language at the time it is called). */
  noteEvent(page, e, state, before = null, trump = eventTrump(e, state)) {
    const then = pageThen(page);
    const facts = stateThen(state);
    const phase = before ? { phase: before.phase } : null;
    return this.add(() => describeEvent(then, e, facts, phase, trump));
  }

  /** A snapshot's log, each line naming the seats as they were then: the page's seats
   * are those of now (a person back in the seat a bot took read as having said "no
   * thanks: Bo takes their seat", and the bot's bids as theirs). ``trumps``: each
   * event's deal's trump. */
  noteHistory(page, events, state, trumps) {
    const names = new Map(); // seat -> the name an event gave it, where one did
    events.forEach((e, i) => {
      const then = pageThen(page, names);
      const facts = stateThen(state);
      this.add(() => describeEvent(then, e, facts, null, trumps[i]));
      namesAfter(e, names);
    });
  }

  /** A line of news with no event of its own (``key``: its text's key; null: none). */
  noteNews(page, key) {
    return key ? this.add(() => page.t(key)) : () => "";
  }

  add(words) {
    if (!words()) return words;
    this.lines.push({ words, key: this.made++ });
    if (this.lines.length > LOG_LINES) this.lines.shift();
    return words;
  }

  /** The lines in the page's language now: {key, text}, oldest first. */
  entries() {
    return this.lines.map(({ words, key }) => ({ key, text: words() }));
  }
}

/** The page as it is now, its seats and their names kept as they are (an event's line
 * names who was there then; ``names``: seats whose name then was another); its words
 * still come from the page's language when read. */
function pageThen(page, names = new Map()) {
  const named = (s, seat) => ({ ...s, name: names.get(seat), type: s.type === "empty" ? "human" : s.type });
  const seats = page.info?.seats?.map((s, seat) => s && (names.has(seat) ? named(s, seat) : { ...s }));
  const info = page.info ? { ...page.info, seats } : page.info;
  const seat = page.mySeat();
  return Object.create(page, { info: { value: info }, mySeat: { value: () => seat } });
}

/** Who sits where after ``e``, as far as its event says (``names``: seat -> name). */
function namesAfter(e, names) {
  if (e.kind === "started" && Array.isArray(e.names)) e.names.forEach((name, seat) => name && names.set(seat, name));
  else if ((e.kind === "seated" || e.kind === "bot_seated") && e.name) names.set(e.seat, e.name);
  else if (e.kind === "stood") names.delete(e.seat);
  else if (e.kind === "moved") {
    names.delete(e.from);
    names.set(e.to, e.name);
  } else if (e.kind === "swapped" && e.seats?.length === 2) {
    const [first, second] = e.seats;
    const [atFirst, atSecond] = e.names || [];
    for (const [seat, name] of [[first, atSecond], [second, atFirst]]) {
      if (name) names.set(seat, name);
      else names.delete(seat);
    }
  }
}

/** What of a state an event's words read (orderState, passRound, eventTrump), kept small:
 * a log holds a game's recent hands. */
function stateThen(state) {
  if (!state) return null;
  const { upcard, dealer, trump, phase, active } = state;
  return { upcard, dealer, trump, phase, active, history: (state.history || []).filter((e) => e.act.kind === "pass") };
}

/** One event in words (for the log and the live region). ``trump``: that of the event's
 * deal, which names a played card's part ("Jack of diamonds, left bower"); by default
 * the one the event or the state after it says (right for an event just made). */
export function describeEvent(page, e, state, before = null, trump = eventTrump(e, state)) {
  const name = e.seat !== undefined ? page.seatName(e.seat) : "";
  const parts = [];
  switch (e.kind) {
    case "action":
      if (e.by === "timer") parts.push(timeRanOut(page, e, state));
      if (!(e.by === "timer" && chosenForYou(page, e, state))) parts.push(describeAction(page, e.seat, e.act, orderState(e, state), e.phase || before?.phase || null, trump));
      if (e.trick) parts.push(page.t("events.trickWon", { name: page.seatName(e.trick.winner), n: e.trick.number }));
      if (e.deal_over) parts.push(describeDeal(page, e.deal_over));
      parts.push(...describeRedeals(page, e.redeals));
      if (e.game_over) parts.push(describeGame(page, e.game_over));
      else if (e.deal_over && Number.isInteger(e.next_dealer)) parts.push(nextHand(page, e));
      return parts.join(" ");
    case "started":
      return [page.t("events.started", { name: page.seatName(e.dealer) }), ...describeRedeals(page, e.redeals)].join(" ");
    case "returned":
    case "bot_playing":
      // the player's own seat: said to them as their news ("A bot is playing for you…")
      if (e.seat !== undefined && e.seat === page.mySeat()) return page.t(`events.${e.kind}You`);
      return page.t(`events.${e.kind}`, { name: e.name || page.seatName(e.seat) });
    case "stood":
      // a bot taken out: named as it was (the seat, free now, read "Free seat stands up")
      if (e.bot) return page.t("events.botRemoved", { name: e.name });
      if (e.removed) return page.t("events.takenOff", { name: e.name || page.seatName(e.seat) });
      return page.t("events.stood", { name: e.name || page.seatName(e.seat) });
    case "seated":
      if (e.bot) return page.t("events.seatedForBot", { name: e.name || page.seatName(e.seat), bot: e.bot });
      return page.t("events.seated", { name: e.name || page.seatName(e.seat) });
    case "away":
      return page.t(e.left ? "events.awayLeft" : "events.away", { name: e.name || page.seatName(e.seat) });
    case "bot_seated":
      // in place of a person asked to play again: who, and why (said no, left, no answer)
      if (e.instead_of && BOT_INSTEAD[e.why]) return page.t(`events.${BOT_INSTEAD[e.why]}`, { name: e.name || page.seatName(e.seat), person: e.instead_of });
      return page.t("events.bot_seated", { name: e.name || page.seatName(e.seat) });
    case "moved":
    case "swapped":
      return describeSeatChange(page, e);
    case "time_up":
      return page.t("events.time_up");
    case "arrived":
      return page.t("lookback.arrived", { name: e.name });
    case "rematch":
      return page.t("lookback.playAgainAsked", { name: e.name });
    case "closed":
      return page.t("events.closed");
    default:
      return "";
  }
}

/** The move the server made for the reader when their time ran out, in the words of its
 * button ("Your time ran out; the server chose for you: Pass."), not "... for you: Ann
 * passes."; null for a move without such words. */
function chosenForYou(page, e, state) {
  if (e.seat !== page.mySeat()) return null;
  const at = orderState(e, state);
  const words = { t: (key, params) => page.t(key, params), i18n: page.ctx.i18n };
  const action = actionWords(words, e.act, { picksUp: at?.dealer === e.seat, upcard: at?.upcard ?? null });
  return action ? page.t("events.timeRanOutChosen", { action }) : null;
}

/** The timer moved for someone: the player's own news is said to them as such. */
export function timeRanOut(page, e, state) {
  if (e.seat !== page.mySeat()) return page.t("events.timeRanOut", { name: page.seatName(e.seat) });
  return chosenForYou(page, e, state) ?? page.t("events.timeRanOutYou");
}

/** Where the next hand starts in the log, and who deals it: read back after a reload,
 * the lines of several hands ran together. */
function nextHand(page, e) {
  const last = e.redeals?.length ? e.redeals.at(-1).deal : e.deal_over.deal;
  return page.t("events.nextHand", { n: last + 2, name: page.seatName(e.next_dealer) });
}

/** Deals voided at once and dealt again (a farmer's hand), each told. */
function describeRedeals(page, redeals) {
  return (redeals || []).map((d) => describeDeal(page, d));
}

/** ``act``: the action object (its card, suit, alone are fields: the text is not read). */
function describeAction(page, seat, act, state, phase = null, trump = null) {
  const name = page.seatName(seat);
  const card = act.card ? cardName(page.ctx.i18n, act.card) : null;
  switch (act.kind) {
    case "play":
      return page.t("events.plays", { name, card: cardNameUnder(page.ctx.i18n, act.card, trump) });
    case "discard":
      return card ? page.t("events.discardsCard", { name, card }) : page.t("events.discards", { name });
    case "give":
      return card ? page.t("events.givesCard", { name, card }) : page.t("events.gives", { name });
    case "order": {
      const upcard = state?.upcard ? cardName(page.ctx.i18n, state.upcard) : "";
      const picks = state && state.dealer === seat; // the dealer takes the turn-up into their own hand
      const key = picks ? "events.pickUp" : "events.order";
      return page.t(act.alone ? `${key}Alone` : key, { name, card: upcard });
    }
    case "pass": {
      // outside the bidding a pass declines an offer: said as what was declined
      if (phase && page.ctx.i18n.has(`events.passIn.${phase}`)) return page.t(`events.passIn.${phase}`, { name });
      if (!state) break;
      const round = passRound(page, state, phase);
      if (!round) break;
      return page.t(round === 2 ? "events.passR2" : "events.passR1", { name });
    }
    case "call": {
      const suit = act.suit === "n" ? page.t("cards.noTrump") : page.t(`cards.suits.${act.suit}`);
      return page.t(act.alone ? "events.callAlone" : "events.call", { name, suit });
    }
    case "under":
      return page.t("events.under", { name, cards: act.shown.map((c) => cardName(page.ctx.i18n, c)).join(", ") });
    default:
      break;
  }
  const key = `events.${actKey(act)}`;
  return page.ctx.i18n.has(key) ? page.t(key, { name }) : `${isolateName(name)}: ${act.text}`;
}

/** The trump of the deal an event just made belongs to: the one its end reports, else
 * the state's (the event's own deal is still being played). */
export function eventTrump(e, state) {
  return e.deal_over ? e.deal_over.trump : (state?.trump ?? null);
}

/** The trump of each event's deal, for ``events`` read together after the fact (a log,
 * missed events) with the ``state`` after the last: a deal's trump is the one its ending
 * event reports; the events after the last deal ended belong to the state's deal. */
export function dealTrumps(events, state) {
  const trumps = new Array(events.length);
  let trump = state?.trump ?? null;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].deal_over) trump = events[i].deal_over.trump;
    trumps[i] = trump;
  }
  return trumps;
}

/** Which bidding round a pass belongs to (null: not a bid). The phase it was made in says
 * (the server's event carries it); failing that, the state after it: still round 1; round
 * 2 once more passes than bidders were made; a thrown-in deal passed in round 2. */
function passRound(page, state, phase) {
  if (phase) return { bid_r1: 1, bid_r2: 2 }[phase] || null;
  if (state.phase === "bid_r1") return 1;
  if (state.phase !== "bid_r2") return 2;
  const passes = state.history.filter((e) => e.act.kind === "pass").length;
  return passes > state.active.length ? 2 : 1;
}

export function describeDeal(page, d) {
  const scored = d.points.map((p, side) => [p, side]).filter(([p]) => p > 0);
  const score = scoreWords(page, d.score);
  if (d.farmers?.length) {
    return page.t("deal.farmersOf", { names: page.ctx.i18n.nameList(d.farmers.map((seat) => page.seatName(seat))) });
  }
  if (d.outcome !== "scored" && d.outcome !== "forfeit") {
    return page.t(`deal.${["throw-in", "farmers", "misdeal", "redeal"].includes(d.outcome) ? d.outcome : "noScore"}`, { score });
  }
  if (d.maker === null || d.outcome === "forfeit") {
    const [[points, side]] = scored.length ? scored : [[0, 0]];
    return page.t("deal.points", { side: page.sideName(side), count: points, score });
  }
  const makerSide = page.sideOf(d.maker);
  // a loner plays without their partner: "Sam took all five tricks", not "Sam and Kiri"
  const makers = d.alone ? page.seatName(d.maker) : page.sideName(makerSide);
  const key = (words) => (d.alone ? `${words}Solo` : sideKey(page, words, makerSide));
  const made = scored.some(([, side]) => side === makerSide);
  const points = scored.length ? scored[0][0] : 0;
  if (!made) {
    const others = page.ctx.i18n.list(scored.map(([, side]) => page.sideName(side)));
    return page.t(key("deal.euchred"), { makers, defenders: others, count: points, score });
  }
  const tricks = d.tricks?.[makerSide] ?? 0;
  return page.t(key(tricks >= 5 ? "deal.march" : "deal.made"), { makers, count: points, score, tricks });
}

/** A text whose subject is a side: its own words when the side is one player (Cutthroat,
 * two players), so that the verb agrees ("Ann was euchred", "Ann gewinnt"). */
export function sideKey(page, key, side) {
  return page.sideSeats(side).length === 1 ? `${key}Solo` : key;
}

/** ``ended``: "time" or "deals" where the time or the deal limit ended the game, so the
 * side ahead on points won it (``deals``: how many). */
export function describeGame(page, g, ended = null, deals = 0) {
  const known = g.winner !== null && g.winner !== undefined;
  const winner = known ? page.sideName(g.winner) : "";
  const key = { time: "game.wonOnTime", deals: "game.wonOnDeals" }[ended] || "game.won";
  return page.t(known ? sideKey(page, key, g.winner) : key, { side: winner, count: deals, score: known ? winnersFirst(page, g.score, g.winner) : scoreWords(page, g.score) });
}

/** The winners' points first ("win the game 10 – 1"); without partners each other player
 * is named with theirs ("10 (Ann 2, Bob 4)"): "10 – 2 – 4" left whose 2 it was unsaid. */
function winnersFirst(page, score, winner) {
  const others = score.map((_, side) => side).filter((side) => side !== winner);
  if (score.length <= 2) return scoreWords(page, [score[winner], ...others.map((side) => score[side])]);
  return `${score[winner]} (${others.map((side) => `${page.sideName(side)} ${score[side]}`).join(", ")})`;
}

function scoreWords(page, score) {
  return (score || []).join(" – ");
}

/** An order event names its own deal's turn-up and dealer (the state may be a later deal's). */
function orderState(e, state) {
  return e.upcard === undefined ? state : { ...state, upcard: e.upcard, dealer: e.dealer };
}
