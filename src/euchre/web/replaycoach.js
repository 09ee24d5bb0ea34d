// The coach in a replay: the server's review of the viewer's own decisions in a finished
// game (GET api/games/<id>/review: only for a player of the game), shown at the step where
// each decision was taken, and listed per hand. The server rates; this only shows it.

import { actKey, CARD_KINDS } from "./acts.js";
import { cardName } from "./cards.js";
import { actionDoing, actionWords, formatNumber, lossWords, pickedFromBehind, reasonText, startCapital, tieToldByReason } from "./coachwords.js";
import { h } from "./dom.js";

const BUSY_TRIES = 60;
const BUSY_WAIT_MS = 2000;

/**
 * The viewer's review from ``url`` (the game's, with the invite code that opens a private
 * game), or null when there is none for them (not a player of the game: 401 or 403).
 * Throws when the server could not answer.
 * Answer: { seat, decisions(deal) -> Map(step index -> decision) }.
 */
export async function loadReview(url) {
  let response;
  // 429 busy: the player's review of a hand, asked at the table just before, is still being
  // computed (one request at a time each); the whole game's comes once it is done.
  for (let tries = 0; tries < BUSY_TRIES; tries += 1) {
    response = await fetch(url, { credentials: "same-origin" });
    if (response.status !== 429) break;
    await new Promise((done) => setTimeout(done, BUSY_WAIT_MS));
  }
  if (response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new Error(`review: ${response.status}`);
  const body = await response.json();
  const byDeal = new Map(body.deals.map((d) => [d.deal, new Map(d.decisions.map((x) => [x.index, x]))]));
  return { seat: body.seat, decisions: (deal) => byDeal.get(deal) || new Map() };
}

/** A decision's mark in words ("Blunder"; "About equal" when unmarked and about equal
 * to the coach's pick; "Good" otherwise). */
export function markText(ctx, decision) {
  return ctx.t(`replayReview.mark.${markOf(decision)}`);
}

/** About equal to the coach's pick (within the sampled deals' noise), not the pick itself. */
function tiedWithBest(decision) {
  return decision.tied === true && decision.best !== decision.chosen;
}

/** The word for a decision: its mark; else "Best" for the coach's own pick, as the table's
 * review says (the replay said "Good"), "About equal" for one tied with it. */
function markOf(decision) {
  if (decision.mark) return decision.mark;
  if (decision.best === decision.chosen) return pickedFromBehind(decision) ? "pick" : "best";
  return tiedWithBest(decision) ? "tied" : "none";
}

/** The coach's verdict on the decision taken at the step shown; ``game`` gives what the
 * reason's words need: the replay's seat names, its target, whether the viewer dealt. */
export function reviewBox(ctx, decision, deal) {
  const t = (key, params) => ctx.t(key, params);
  // where it was decided: a pass outside the bidding is named as what it declined
  const game = { ...deal, phase: decision.position?.phase ?? null };
  const mark = decision.mark || "none";
  const same = decision.best === decision.chosen;
  const tied = tiedWithBest(decision); // no cost to tell: neither choice is the better
  return h(
    "aside",
    { class: `box coach-verdict mark-${mark}`, id: "replay-review", tabindex: "-1", "aria-labelledby": "replay-review-title", dataset: { mark, index: String(decision.index) } },
    h("h2", { id: "replay-review-title" }, t("replayReview.title"), ": ", h("span", { class: "mark-label" }, markText(ctx, decision))),
    // the choice taken and the best in the same words ("Order up K♥", "Play Ace of hearts")
    h("p", {}, t("replayReview.chosen", { action: choiceWords(ctx, decision, decision.chosen, game) })),
    // named mid-sentence: "About equal to playing the Ace of hearts, …"
    tied && !tieToldByReason(decision) ? h("p", { class: "coach-best" }, t("replayReview.tied", { action: doingWords(ctx, decision, decision.best, game) })) : null,
    same || tied ? null : h("p", { class: "coach-best" }, t("replayReview.best", { action: choiceWords(ctx, decision, decision.best, game) })),
    decision.loss > 0 && !tied ? h("p", { class: "muted" }, lossWords({ t, i18n: ctx.i18n }, decision) ?? t("replayReview.loss", { loss: formatNumber(ctx.i18n, decision.loss, 2) })) : null,
    whyBox(t, h("p", { class: "coach-reason" }, reason(ctx, decision, game))),
  );
}

// A phone's screen holds the verdict or the cards: the reason waits behind "Why?" there
// (it pushed the hands below the fold upright, and the trick off the top on its side),
// opened or not as the viewer left it at the decision before.
const PHONE = "(max-width: 599px), (orientation: landscape) and (max-height: 520px)";
let whyOpen = false;

function whyBox(t, reasonLine) {
  if (!window.matchMedia(PHONE).matches) return reasonLine;
  return h(
    "details",
    { class: "replay-why", open: whyOpen, ontoggle: (e) => { whyOpen = e.currentTarget.open; } },
    h("summary", {}, t("coach.why")),
    reasonLine,
  );
}

/** Why the best action is best, in the viewer's language, naming actions as the coach at
 * the table does (coachwords.js). */
function reason(ctx, decision, game) {
  const { seatName, target, trump } = game;
  const t = (key, params) => ctx.t(key, params);
  // (a review stored before an action's object was sent for it: its text)
  const doing = (text) => (decision.acts[text] ? actionDoing({ t, i18n: ctx.i18n }, decision.acts[text], game) : text);
  return reasonText({ t, i18n: ctx.i18n, doing, seatName, target, trump }, decision.facts, decision.reason, decision.best);
}

/** The viewer's decisions in one hand, each a button to the step where it was taken. */
/** ``picksUp``: the reviewed seat dealt this hand (its order up was a pick-up). */
export function decisionList(ctx, decisions, current, picksUp = false) {
  const t = (key, params) => ctx.t(key, params);
  if (!decisions.size) return h("p", { class: "muted", id: "replay-decisions" }, t("replayReview.none"));
  const items = [...decisions.values()].map((d) =>
    h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: `decision mark-${d.mark || "none"}`,
          dataset: { cmd: "step", step: String(d.index + 1), mark: d.mark || "none" },
          "aria-current": current === d.index + 1 ? "step" : null,
        },
        t("replayReview.decision", { n: d.index + 1, action: startCapital(ctx.i18n, actionLabel(ctx, d, d.chosen, picksUp)), mark: markText(ctx, d) }),
      ),
    ),
  );
  return h("ol", { class: "decision-list", id: "replay-decisions", "aria-label": t("replayReview.yours") }, items);
}

/** The same action as a sentence names it within ("playing the Ace of hearts"). */
function doingWords(ctx, decision, text, { picksUp, upcard = null, phase = null, trump = null }) {
  const words = { t: (key, params) => ctx.t(key, params), i18n: ctx.i18n };
  return actionDoing(words, decision.acts[text], { picksUp, upcard, phase, trump });
}

/** An action of a decision named as a choice ("Pick up 9♠", "Play King of hearts"), as its
 * reason names it, not as a thing done ("Ordered up"); ``game.upcard``: the deal's turn-up. */
function choiceWords(ctx, decision, text, { picksUp, upcard = null, phase = null, trump = null }) {
  const words = { t: (key, params) => ctx.t(key, params), i18n: ctx.i18n };
  return actionWords(words, decision.acts[text], { picksUp, upcard, phase, trump }) ?? actionLabel(ctx, decision, text, picksUp);
}

export function actionLabel(ctx, decision, text, picksUp = false) {
  const act = decision.acts[text];
  const t = (key, params) => ctx.t(key, params);
  if (act.kind === "order" && picksUp) return t(act.alone ? "bids.pickUpAlone" : "bids.pickUp");
  if (CARD_KINDS.has(act.kind) && act.card) return t(`replayReview.${act.kind}`, { card: cardName(ctx.i18n, act.card) });
  if (act.kind === "call") {
    // "Named Diamonds", a thing done, not the bid button's "Diamonds"
    const key = act.suit === "n" ? "replayReview.callNoTrump" : "replayReview.call";
    return t(act.alone ? `${key}Alone` : key, { suit: act.suit === "n" ? "" : t(`cards.suits.${act.suit}`) });
  }
  const key = `bids.${actKey(act)}`;
  return ctx.i18n.has(key) ? t(key) : act.text;
}
