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
 * is the dealer (ordering up is picking up); ``upcard``: the turn-up while it is known.
 */
export function actionWords({ t, i18n }, act, { picksUp = false, upcard = null } = {}) {
  if (CARD_KINDS.has(act.kind) && act.card) return t(`table.cardAction.${act.kind}`, { card: cardName(i18n, act.card) });
  if (act.kind === "order") {
    const alone = Boolean(act.alone);
    if (upcard) return t(`actions.${picksUp ? (alone ? "pickUpAlone" : "pickUp") : alone ? "order_alone" : "order"}`, { card: cardShort(i18n, upcard) });
    return t(`coach.actions.${picksUp ? "pickUp" : "order"}${alone ? "Alone" : ""}`);
  }
  if (act.kind === "call") {
    const suit = act.suit === "n" ? t("cards.noTrump") : t(`cards.suits.${act.suit}`);
    return t(act.alone ? "coach.actions.callAlone" : "coach.actions.call", { suit });
  }
  if (act.kind === "pass") return t("actions.pass");
  return null;
}

/**
 * An action as a sentence's subject names it ("playing the Jack of spades", "ordering up K♥
 * and going alone", "passing"): English makes no subject of a button's words ("Order up K♥,
 * alone scores …"); German and Dutch name it as their buttons do. Arguments as
 * ``actionWords``'s.
 */
export function actionDoing({ t, i18n }, act, { picksUp = false, upcard = null } = {}) {
  const plain = plainDoing({ t, i18n }, act, picksUp, upcard);
  return act.alone ? t("coach.doing.alone", { action: plain }) : plain;
}

function plainDoing({ t, i18n }, act, picksUp, upcard) {
  if (CARD_KINDS.has(act.kind)) return act.card ? t(`coach.doing.${act.kind}`, { card: cardName(i18n, act.card) }) : act.text;
  if (act.kind === "order") {
    const verb = picksUp ? "pickUp" : "order";
    return upcard ? t(`coach.doing.${verb}Card`, { card: cardShort(i18n, upcard) }) : t(`coach.doing.${verb}`);
  }
  if (act.kind === "call") return act.suit === "n" ? t("coach.doing.callNoTrump") : t("coach.doing.call", { suit: t(`cards.suitsOf.${act.suit}`) });
  if (act.kind === "under") return t("coach.doing.under", { cards: (act.shown ?? []).map((card) => cardShort(i18n, card)).join(" ") });
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
      return said ? sentences.sentence(said) : fact.text;
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
  const capital = (text) => text.charAt(0).toLocaleUpperCase(words.i18n.lang) + text.slice(1);
  return { ...words, sentence: capital, doing: (action) => small(words.doing(action)) };
}

/** A card named as a fact names it under ``words.trump`` (the deal's, once made): a bower
 * by its part with the card beside it, so that the sentence reads on ("Your right bower
 * (J♠) is sure to win", German "Pik-Bube (rechter Bube)"); any other card, the Joker too,
 * by its name (see ``coachwords.card_with_part``). */
function cardWithPart({ t, i18n, trump }, card) {
  const part = trumpRole(card, trump);
  if (part !== "right" && part !== "left") return cardName(i18n, card);
  return t(`coach.bower.${part}`, { name: cardName(i18n, card), short: cardShort(i18n, card) });
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
    case "partner_winning":
      return t("coach.facts.partnerWinning");
    case "cannot_take":
      return t("coach.facts.cannotTake");
    case "take_trick":
    case "overtrump":
    case "trump_in":
      return takingText(words, fact);
    case "forced":
      return t("coach.facts.forced", { best: words.doing(best) });
    case "loner":
      return t(shareKey("coach.facts.loner", fact.march_percent), { percent: fact.march_percent });
    case "euchre_risk":
      return t(shareKey("coach.facts.euchreRisk", fact.euchred_percent), { percent: fact.euchred_percent });
    case "trumps":
      return trumpsText(words, fact);
    case "boss_trump":
      return t("coach.facts.bossTrump", { card: cardWithPart(words, fact.card) });
    case "turn_up":
      return t("coach.facts.turnUp", { card: cardWithPart({ ...words, trump: fact.trump }, fact.card) });
    case "sure_winner":
      return t("coach.facts.sureWinner", { card: cardWithPart(words, fact.card) });
    case "defend":
      return defendText(words, fact);
    case "void":
      return t("coach.facts.void", { name: words.seatName(fact.seat), suits: i18n.list(fact.suits.map((s) => suitWord(words, s))) });
    case "score":
      return scoreText(words, fact, scoreIndex);
    default:
      return null;
  }
}

/** Why the best beats the next, in the units shown beside each action (see
 * ``coach.margin_fact``); reviews stored before those numbers carry only the gap. */
function marginText({ t, i18n, doing }, fact) {
  const names = { best: doing(fact.best), next: doing(fact.next) };
  const win = typeof fact.win === "number" && fact.win >= 0.0005 ? formatPercent(i18n, fact.win) : null;
  const points = typeof fact.points === "number" ? fact.points : null;
  if (fact.gap < 0.005) return t("coach.facts.same", names);
  if (points === null) return t("coach.facts.margin", { ...names, gap: formatNumber(i18n, fact.gap, 2) });
  if (points >= 0.005) {
    const key = win ? "coach.facts.marginPointsWin" : "coach.facts.marginPoints";
    return t(key, { ...names, points: formatNumber(i18n, points, 2), win });
  }
  if (win && points <= -0.005) return t("coach.facts.marginFewerPoints", { ...names, points: formatNumber(i18n, -points, 2), win });
  if (win) return t("coach.facts.marginWin", { ...names, win });
  return t("coach.facts.same", names);
}

/** Choices too close to tell apart over the sampled deals, and the rule that picked the best one
 * (``coach.compare_fact``): the conventional choice, or the lowest card. */
function closeText({ t, doing, sentence }, fact) {
  const names = { best: doing(fact.best), next: doing(fact.next) };
  const same = Math.abs(fact.gap) < 0.005;
  const text = t(same ? "coach.facts.closeSame" : "coach.facts.close", names);
  if (fact.rule === "conventional") return `${text} ${sentence(t("coach.facts.closeConventional", names))}`;
  if (fact.rule === "lowest") return `${text} ${sentence(t("coach.facts.closeLowest", names))}`;
  return text;
}

/** The card takes the trick; with players still to play (``last`` false) it only beats the
 * cards played so far (facts stored before ``last`` was sent say it takes the trick). */
function takingText(words, fact) {
  const key = { take_trick: "takeTrick", overtrump: "overtrump", trump_in: "trumpIn" }[fact.kind];
  return words.t(`coach.facts.${key}${fact.last === false ? "SoFar" : ""}`, { card: cardWithPart(words, fact.card) });
}

/** A share of the sampled deals (``coach.shown_percent``): 0 and 100 are told as "none"
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
  const key = fact.left_bower ? "coach.facts.trumpsLeft" : "coach.facts.trumps";
  return t(key, { count: fact.count, suit });
}

/** A first-round pass with many trumps of the turn-up's suit, an opponent dealing. */
function defendText({ t }, fact) {
  const letter = SUIT_LETTER[fact.suit];
  if (!letter || typeof fact.count !== "number") return null;
  return t("coach.facts.defend", { count: fact.count, suit: t(`cards.suitsOf.${letter}`) });
}

function suitWord({ t }, name) {
  if (name === "trumps") return t("coach.trumpsWord");
  return SUIT_LETTER[name] ? t(`cards.suitsOf.${SUIT_LETTER[name]}`) : name;
}

/** At target - 1 the coach says one or two things: ours first, then theirs (a fact's
 * ``side`` says which; facts stored before it was sent are told by their order). */
function scoreText({ t, target }, fact, index) {
  const ours = fact.side ? fact.side === "ours" : fact.ours === target - 1 && (index === 1 || fact.theirs !== target - 1);
  return ours ? t("coach.facts.scoreOurs", { points: fact.ours }) : t("coach.facts.scoreTheirs", { points: fact.theirs });
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
  if (typeof d.loss_win === "number") return t("coach.lostChance", { win: formatPercent(i18n, d.loss_win), points: points ?? "–" });
  if (points !== null) return t("coach.lostPoints", { points });
  return null;
}

/** A difference in the chance of winning: "3.1 %", in the language's digits. */
function formatPercent(i18n, share) {
  return new Intl.NumberFormat(i18n.lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share);
}

export function formatNumber(i18n, value, digits) {
  return new Intl.NumberFormat(i18n.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
