// The coach's reasons in the player's language, made from the facts that come with a hint
// or a review (docs/protocol.md "hint"), at the table (coach.js) and in replays
// (replaycoach.js). A fact of a kind not known here keeps the server's own sentence.

import { CARD_KINDS } from "./acts.js";
import { cardName, cardShort } from "./cards.js";
import { trumpRole } from "./trumprole.js";

const SUIT_LETTER = { clubs: "c", diamonds: "d", spades: "s", hearts: "h" };

/**
 * An action as the coach names it ("Play Jack of spades", "Order up K♥, alone", "Name
 * hearts", "Pass"), from its object; null for kinds named elsewhere. ``picksUp``: the seat
 * is the dealer (ordering up is picking up); ``upcard``: the turn-up while it is known;
 * ``phase``: where it is taken (a pass outside the bidding declines an offer: "No, thanks").
 */
export function actionWords({ t, i18n }, act, { picksUp = false, upcard = null, phase = null, trump = null } = {}) {
  // a bower by its part once trump is made ("Play left bower (J♦)"), as the reason names it
  if (CARD_KINDS.has(act.kind) && act.card) return t(`table.cardAction.${act.kind}`, { card: cardWithPart({ t, i18n, trump }, act.card) });
  if (act.kind === "order") {
    const alone = Boolean(act.alone);
    if (upcard) return t(`actions.${picksUp ? (alone ? "pickUpAlone" : "pickUp") : alone ? "order_alone" : "order"}`, { card: cardShort(upcard) });
    return t(`coach.actions.${picksUp ? "pickUp" : "order"}${alone ? "Alone" : ""}`);
  }
  if (act.kind === "call") {
    const suit = act.suit === "n" ? t("cards.noTrump") : t(`cards.suits.${act.suit}`);
    return t(act.alone ? "coach.actions.callAlone" : "coach.actions.call", { suit });
  }
  if (act.kind === "pass") return t(passKey(phase));
  return null;
}

const BIDDING_PHASES = new Set(["bid_r1", "bid_r2"]);

/** A pass's words on its button at ``phase``, as the table's (unknown: a bid's "Pass"). */
export function passKey(phase) {
  if (!phase || BIDDING_PHASES.has(phase)) return "actions.pass";
  return phase === "dealer_discard" ? "actions.declineUpcard" : "actions.noThanks";
}

/**
 * An action as a sentence's subject names it ("playing the Jack of spades", "ordering up K♥
 * and going alone", "passing"): English makes no subject of a button's words ("Order up K♥,
 * alone scores …"); German and Dutch name it as their buttons do. Arguments as
 * ``actionWords``'s.
 */
export function actionDoing({ t, i18n }, act, { picksUp = false, upcard = null, phase = null, trump = null } = {}) {
  if (act.kind === "pass" && i18n.has(`coach.doing.passIn.${phase}`)) return t(`coach.doing.passIn.${phase}`);
  const plain = plainDoing({ t, i18n, trump }, act, picksUp, upcard);
  return act.alone ? t("coach.doing.alone", { action: plain }) : plain;
}

function plainDoing({ t, i18n, trump }, act, picksUp, upcard) {
  if (CARD_KINDS.has(act.kind)) return act.card ? t(`coach.doing.${act.kind}`, { card: cardWithPart({ t, i18n, trump }, act.card) }) : act.text;
  if (act.kind === "order") {
    const verb = picksUp ? "pickUp" : "order";
    return upcard ? t(`coach.doing.${verb}Card`, { card: cardShort(upcard) }) : t(`coach.doing.${verb}`);
  }
  if (act.kind === "call") return act.suit === "n" ? t("coach.doing.callNoTrump") : t("coach.doing.call", { suit: t(`cards.suitsOf.${act.suit}`) });
  if (act.kind === "under") return t("coach.doing.under", { cards: (act.shown ?? []).map((card) => cardShort(card)).join(" ") });
  const key = `coach.doing.${act.kind}`;
  return i18n.has(key) ? t(key) : act.text;
}

/**
 * The reason made of ``facts`` (the server's ``text`` when there are none, as in reviews
 * stored before facts were kept). ``best``: the recommended action's text.
 * ``words``: { t(key, params), i18n, doing(text): an action as a sentence's subject
 * (``actionDoing``), seatName(seat), target,
 * trump: the deal's (a card's part is named with it) }.
 */
export function reasonText(words, facts, text, best) {
  if (!Array.isArray(facts) || !facts.length) return text || "";
  const sentences = sentenceWords(words);
  let scoreFacts = 0;
  return facts
    .map((fact) => {
      if (fact.kind === "score") scoreFacts += 1;
      const said = factText(sentences, fact, best, scoreFacts);
      // a translation loaded before the server's newer facts names the key: the English then
      return said && !said.startsWith("coach.") ? sentences.sentence(said) : fact.text;
    })
    .join(" ");
}

/** ``words`` for whole sentences: each starts with a capital, and actions named within one
 * ("… and playing the King of clubs") start small where the language writes them so
 * (``coach.namesMidSentence``: "lower"; German keeps its capitals). */
function sentenceWords(words) {
  const lower = words.t("coach.namesMidSentence") === "lower";
  // a card named first keeps its letter: Dutch "H♠ bestellen" (the king), not "h♠"
  const startsWithCard = (text) => /^\S*[♣♦♠♥]/u.test(text);
  const small = (text) => (lower && !startsWithCard(text) ? text.charAt(0).toLocaleLowerCase(words.i18n.lang) + text.slice(1) : text);
  return { ...words, sentence: (text) => startCapital(words.i18n, text), doing: (action) => small(words.doing(action)) };
}

/** ``text`` with a capital first letter, as the start of a sentence or of a line (Dutch
 * card names start small: "klaveren negen spelen"). */
export function startCapital(i18n, text) {
  return text.charAt(0).toLocaleUpperCase(i18n.lang) + text.slice(1);
}

/** A card named as a fact names it under ``words.trump`` (the deal's, once made): a bower
 * by its part with the card beside it, so that the sentence reads on ("Your right bower
 * (J♠) is sure to win", German "Pik-Bube (rechter Bube)"); any other card, the Joker too,
 * by its name (see ``coachwords.card_with_part``). */
function cardWithPart({ t, i18n, trump }, card) {
  const part = trumpRole(card, trump);
  if (part !== "right" && part !== "left") return cardName(i18n, card);
  return t(`coach.bower.${part}`, { name: cardName(i18n, card), short: cardShort(card) });
}

function factText(words, fact, best, scoreIndex) {
  const { t, i18n } = words;
  switch (fact.kind) {
    case "margin":
      return marginText(words, fact);
    case "close":
      return closeText(words, fact);
    case "last_to_play":
      return t("coach.facts.lastToPlay");
    case "partner_winning": // ``last`` false: an opponent plays after (facts before it: as last)
      return t(fact.last === false ? "coach.facts.partnerWinningSoFar" : "coach.facts.partnerWinning");
    case "cannot_take":
      return t("coach.facts.cannotTake");
    case "take_trick":
    case "overtrump":
    case "trump_in":
      return takingText(words, fact);
    case "forced":
      return forcedText(words, fact, best);
    case "loner":
      return t(shareKey("coach.facts.loner", fact.march_percent), { percent: fact.march_percent });
    case "euchre_risk":
      // ``alone``: no partner plays with the maker (two or three players): "you", not "your side"
      return t(shareKey(fact.alone ? "coach.facts.euchreRiskYou" : "coach.facts.euchreRisk", fact.euchred_percent), { percent: fact.euchred_percent });
    case "trumps":
      return trumpsText(words, fact);
    case "boss_trump":
      // the suit the bid would make trump (a review stored before it was sent: the deal's)
      return t("coach.facts.bossTrump", { card: cardWithPart({ ...words, trump: fact.trump ?? words.trump }, fact.card) });
    case "turn_up": {
      // ``may``: a two-player dealer may also decline the turn-up; ``partner``: the
      // partner deals, for an order up
      const key = fact.partner ? "turnUpPartner" : fact.may ? "turnUpMay" : "turnUp";
      return t(`coach.facts.${key}`, { card: cardWithPart({ ...words, trump: fact.trump }, fact.card) });
    }
    case "call_risk":
      // the call a recommended pass passes up, and how often it would be euchred
      return t(shareKey(fact.alone ? "coach.facts.callRiskYou" : "coach.facts.callRisk", fact.euchred_percent), { action: words.doing(fact.next), percent: fact.euchred_percent });
    case "sure_winner":
      return t("coach.facts.sureWinner", { card: cardWithPart(words, fact.card) });
    case "boss_card":
      return t("coach.facts.bossCard", { card: cardName(words.i18n, fact.card) });
    case "defend":
      return defendText(words, fact);
    case "void":
      return voidText(words, fact);
    case "lead_trump":
      return t(fact.maker === "partner" ? "coach.facts.leadTrumpPartner" : "coach.facts.leadTrump");
    case "make_void":
      // ``play``: a card thrown off in the play, else the dealer's discard
      return SUIT_LETTER[fact.suit] ? t(fact.play ? "coach.facts.throwVoid" : "coach.facts.makeVoid", { card: cardName(i18n, fact.card), suit: t(`cards.suitsOf.${SUIT_LETTER[fact.suit]}`) }) : null;
    case "score":
      return scoreText(words, fact, scoreIndex);
    default:
      return null;
  }
}

/** A margin's words with a chance of winning: the side's, or the player's own where no one
 * has a partner (two or three players: the fact says ``alone``). */
const MARGIN_KEYS = {
  side: { pointsWin: "coach.facts.marginPointsWin", fewerPoints: "coach.facts.marginFewerPoints", win: "coach.facts.marginWin", same: "coach.facts.sameWin" },
  you: { pointsWin: "coach.facts.marginPointsWinYou", fewerPoints: "coach.facts.marginFewerPointsYou", win: "coach.facts.marginWinYou", same: "coach.facts.sameWinYou" },
};

/** Why the best beats the next, in the units shown beside each action (see
 * ``coach_reasons.margin_fact``); reviews stored before those numbers carry only the gap. */
function marginText({ t, i18n, doing }, fact) {
  const names = { best: doing(fact.best), next: doing(fact.next) };
  const win = typeof fact.win === "number" && fact.win >= 0.0005 ? percentagePoints(i18n, fact.win) : null;
  const points = typeof fact.points === "number" ? fact.points : null;
  if (fact.gap < 0.005) return sameText(t, names, fact);
  if (points === null) return t("coach.facts.margin", names); // the bidding model's: no points a hand
  const keys = fact.alone ? MARGIN_KEYS.you : MARGIN_KEYS.side;
  if (points >= 0.005) return t(win ? keys.pointsWin : "coach.facts.marginPoints", { ...names, points: formatNumber(i18n, points, 2), win });
  if (win && points <= -0.005) return t(keys.fewerPoints, { ...names, points: formatNumber(i18n, -points, 2), win });
  if (win) return t(keys.win, { ...names, win });
  return sameText(t, names, fact);
}

/** Two actions of the same value: said so, or, where their points differ (the score makes
 * only the chance of winning count), that their chance of winning is the same. */
function sameText(t, names, fact) {
  const pointsDiffer = typeof fact.points === "number" && Math.abs(fact.points) >= 0.005;
  if (!pointsDiffer || typeof fact.win !== "number") return t("coach.facts.same", names);
  return t((fact.alone ? MARGIN_KEYS.you : MARGIN_KEYS.side).same, names);
}

/** Choices too close to tell apart over the sampled deals, and the rule that picked the best one
 * (``coach_reasons.compare_fact``): the conventional choice, or the lowest card. */
function closeText({ t, i18n, doing, sentence }, fact) {
  const names = { best: doing(fact.best), next: doing(fact.next) };
  const text = Math.abs(fact.gap) < 0.005 ? sameText(t, names, fact) : closeWords(t, i18n, names, fact);
  if (fact.rule === "conventional") return `${text} ${sentence(t("coach.facts.closeConventional", names))}`;
  if (fact.rule === "lowest") return `${text} ${sentence(t("coach.facts.closeLowest", names))}`;
  return text;
}

/** Numbers about equal, or apart by less than the sampled deals vary (``unsure``): the best
 * ahead of the next, or behind it (picked by a rule), by how much in the units of the table
 * where it has them (``coach_reasons._unsure_text``). */
function closeWords(t, i18n, names, fact) {
  if (!fact.unsure) return t("coach.facts.close", names);
  const key = fact.gap > 0 ? "coach.facts.closeUnsure" : "coach.facts.closeUnsureBehind";
  const by = unsureBy(t, i18n, fact);
  return by ? t(`${key}By`, { ...names, by }) : t(key, names);
}

/** The difference in the unit that goes the way told (the gap's): a choice ahead in the
 * chance of winning can score fewer points a hand. */
function unsureBy(t, i18n, fact) {
  const way = Math.sign(fact.gap);
  if (typeof fact.points === "number" && way * fact.points >= 0.005) {
    return t("coach.facts.byPoints", { points: formatNumber(i18n, Math.abs(fact.points), 2) });
  }
  if (typeof fact.win === "number" && way * fact.win >= 0.0005) {
    return t("coach.facts.byWin", { win: percentagePoints(i18n, Math.abs(fact.win)) });
  }
  return null;
}

/** The card takes the trick; with players still to play (``last`` false) it only beats the
 * cards played so far (facts stored before ``last`` was sent say it takes the trick). */
function takingText(words, fact) {
  const key = { take_trick: "takeTrick", overtrump: "overtrump", trump_in: "trumpIn" }[fact.kind];
  return words.t(`coach.facts.${key}${fact.last === false ? "SoFar" : ""}`, { card: cardWithPart(words, fact.card) });
}

/** The only legal move, and in the play why (``why``: the seat must follow the suit led,
 * or it is its last card; facts stored before it say only that it is forced). */
function forcedText(words, fact, best) {
  const params = { best: words.doing(best) };
  if (fact.why === "last") return words.t("coach.facts.forcedLast", params);
  if (fact.why === "follow") return words.t("coach.facts.forcedFollow", { ...params, suit: suitWord(words, fact.suit) });
  return words.t("coach.facts.forced", params);
}

/** A share of the sampled deals (``coach_reasons.shown_percent``): 0 and 100 are told as "none"
 * and "every one", the server sending them only when it is so. */
function shareKey(key, percent) {
  if (percent === 0) return `${key}None`;
  return percent === 100 ? `${key}All` : key;
}

function trumpsText({ t }, fact) {
  const letter = SUIT_LETTER[fact.suit];
  if (!letter || fact.left_bower === undefined) return null;
  const suit = t(`cards.suitsOf.${letter}`);
  // none held: of the trump suit in play (``named``), or of the suit the action would make trump
  if (!fact.count) return t(fact.named ? "coach.facts.trumpsNoneNamed" : "coach.facts.trumpsNone", { suit });
  // ``turn_up``: the count has the turn-up the dealer would pick up; ``passing``: a pass
  // told how few the call it passes up would have
  const told = fact.turn_up ? "TurnUp" : fact.passing ? "Pass" : "";
  const key = `coach.facts.${fact.left_bower ? "trumpsLeft" : "trumps"}${told}`;
  return t(key, { count: fact.count, suit });
}

/** A first-round pass with many trumps of the turn-up's suit, an opponent dealing. */
function defendText({ t }, fact) {
  const letter = SUIT_LETTER[fact.suit];
  if (!letter || typeof fact.count !== "number") return null;
  return t("coach.facts.defend", { count: fact.count, suit: t(`cards.suitsOf.${letter}`) });
}

/** A seat out of the suit led: the partner named as such, and for a plain suit whether
 * the seat may trump it (``can_trump``; facts stored before it say only the void). */
function voidText(words, fact) {
  const { t, i18n } = words;
  const suits = i18n.list(fact.suits.map((s) => suitWord(words, s)));
  const params = { name: words.seatName(fact.seat), suits };
  const key = fact.can_trump === undefined ? "void" : fact.can_trump ? "voidMayTrump" : "voidNoTrumps";
  return t(`coach.facts.${fact.partner ? `${key}Partner` : key}`, params);
}

function suitWord({ t }, name) {
  if (name === "trumps") return t("coach.trumpsWord");
  return SUIT_LETTER[name] ? t(`cards.suitsOf.${SUIT_LETTER[name]}`) : name;
}

/** At target - 1 the coach says one or two things: ours first, then theirs (a fact's
 * ``side`` says which; facts stored before it was sent are told by their order). */
function scoreText({ t, target }, fact, index) {
  const ours = fact.side ? fact.side === "ours" : fact.ours === target - 1 && (index === 1 || fact.theirs !== target - 1);
  if (fact.side === "both") return t(fact.one ? "coach.facts.scoreBothOne" : "coach.facts.scoreBoth", { points: fact.theirs });
  if (ours) return t("coach.facts.scoreOurs", { points: fact.ours });
  return t(fact.one ? "coach.facts.scoreTheirsOne" : "coach.facts.scoreTheirs", { points: fact.theirs }); // ``one``: a lone opponent
}

/** The choice is the coach's pick among choices about equal, which the sampled deals put
 * a little behind another (its reason says so): "Best" beside "comes out behind" read as
 * the coach contradicting itself; it is "The coach's pick". */
export function pickedFromBehind(d) {
  return d.chosen === d.best && (d.facts || []).some((f) => f.kind === "close" && f.gap < 0);
}

/** Whether a choice's reason already says it is about equal to the coach's pick (a
 * "close" fact comparing the two): then no line of its own says it again. */
export function tieToldByReason(d) {
  return (d.facts || []).some((f) => f.kind === "close" && f.best === d.best && f.next === d.chosen);
}

/** Whether a reviewed decision carries its loss in a hint's numbers (``loss_points``,
 * ``loss_win``; reviews stored before them carry only the coach's value). */
export function hasLossNumbers(d) {
  return typeof d.loss_points === "number" || typeof d.loss_win === "number";
}

/** What a reviewed choice cost, in the numbers a hint shows beside each action: the chance
 * of winning the game (with points a hand), or points a hand alone; null when the decision
 * carries neither (a review stored before them: the caller shows the coach's value). */
export function lossWords({ t, i18n }, d) {
  const points = typeof d.loss_points === "number" ? formatNumber(i18n, d.loss_points, 2) : null;
  if (typeof d.loss_win === "number") {
    // whose chance: the facts of a player without a partner say ``alone``
    const key = (d.facts || []).some((f) => f.alone) ? "coach.lostChanceYou" : "coach.lostChance";
    return t(key, { win: percentagePoints(i18n, d.loss_win), points: points ?? "–" });
  }
  if (points !== null) return t("coach.lostPoints", { points });
  return null;
}

/** A difference of two chances as the number of percentage points ("12.5"): the words around
 * it say "percentage points", as "12.5% higher" would read as a relative change. */
function percentagePoints(i18n, share) {
  return formatNumber(i18n, 100 * share, 1);
}

export function formatNumber(i18n, value, digits) {
  return new Intl.NumberFormat(i18n.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
