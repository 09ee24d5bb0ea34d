// The coach at the table (docs/protocol.md "hint" and "review"; docs/bots.md "The coach"):
// a hint on the player's own turn, and the review of their decisions once a hand is over.
//
// Hints: at casual and private tables whose "hints" option is on, only on one's own turn.
// A hint belongs to one decision (the deal and the number of actions so far): the next
// action dismisses it. Reviews: any finished hand of one's own seat (at ranked tables only
// after the game); each is computed once by the server, so the page keeps what it got.
// Reasons are drawn from the coach's facts in the player's language (coachwords.js).

import { actionDoing, actionWords, formatNumber, hasLossNumbers, lossWords, pickedFromBehind, reasonText, startCapital, tieToldByReason } from "./coachwords.js";
import { cardName, cardPicture } from "./cards.js";
import { h } from "./dom.js";
import { makerCell, trumpCell } from "./scoresheet.js";
import { backToTable } from "./turnpill.js";

const HINT_TIMEOUT_MS = 60000; // the coach thinks about a second; a busy server longer
const REVIEW_TIMEOUT_MS = 180000; // a hand's decisions, when not yet computed after the hand
const MARKS = ["inaccuracy", "mistake", "blunder"];

/** The page's coach: the current hint, the reviews fetched, the review shown. */
export class Coach {
  constructor(page) {
    this.page = page;
    this.hint = null; // {key, answer | null, error | null}
    this.hintOpen = false;
    this.hintWhy = false; // a phone shows the hint's numbers or, asked "Why?", its reason
    this.hintReturn = null; // where focus goes back to when a hint the H key opened closes
    this.reviews = new Map(); // deal -> {decisions | null, error | null}
    this.reviewDeal = null; // the deal whose review is shown
    this.reviewOpener = null; // the id of the control that opened it, for focus on close
    loadStyles();
  }

  t(key, params) {
    return this.page.t(key, params);
  }

  // ---------------------------------------------------------------- hints

  /** Hints at this table, for this player, now (the server checks the same). */
  canHint() {
    return this.hintsHere() && this.page.isMyTurn() && !this.page.pending;
  }

  /** Hints at this table for this player, on their turns. */
  hintsHere() {
    const info = this.page.info;
    return Boolean(info && info.hints === true && info.kind !== "ranked" && this.page.mySeat() !== null);
  }

  /** The decision a hint is for: this deal, this many actions into it. */
  decisionKey() {
    const s = this.page.state;
    return s ? `${s.deal}/${s.history.length}/${s.phase}` : "";
  }

  /** Drop a hint whose decision is past (called before every render). */
  expire() {
    if (this.hint && (this.hint.key !== this.decisionKey() || !this.canHint())) {
      this.hint = null;
      this.hintOpen = false;
    }
  }

  /** The H key and the button: ask (or show again) the hint, or close it when shown. */
  toggleHint(byKey = false) {
    if (this.hintOpen) {
      this.closeHint();
      return;
    }
    if (!this.canHint()) return;
    // Opened by the H key: closing gives focus back to the card or bid the player was on.
    this.hintReturn = byKey ? this.page.focusMark() : null;
    this.hintOpen = true;
    this.hintWhy = false;
    if (!this.hint || this.hint.key !== this.decisionKey() || this.hint.error) this.askHint();
    this.page.render();
    if (this.hint?.answer) this.announceHint();
  }

  /** On a phone, the hint's reason in place of its numbers, or the numbers again. */
  toggleWhy() {
    this.hintWhy = !this.hintWhy;
    this.page.render();
    document.getElementById("hint-why")?.focus({ preventScroll: true });
  }

  closeHint() {
    this.hintOpen = false;
    this.page.render();
    const back = this.hintReturn;
    this.hintReturn = null;
    if (back && this.page.refocus(back)) return;
    document.getElementById("hint-button")?.focus({ preventScroll: true });
  }

  async askHint() {
    const key = this.decisionKey();
    this.hint = { key, answer: null, error: null };
    let answer = null;
    let error = null;
    try {
      answer = await this.page.ctx.net.request({ type: "hint", table: this.page.tableId }, HINT_TIMEOUT_MS);
    } catch (err) {
      error = err;
    }
    if (this.page.gone || !this.hint || this.hint.key !== key) return; // the game moved on
    this.hint = { key, answer, error };
    this.page.render();
    if (answer && this.hintOpen) this.announceHint();
  }

  announceHint() {
    const answer = this.hint.answer;
    const best = this.actionText(answer.recommended, this.liveContext());
    this.page.announce(`${this.t("coach.recommends", { action: best })} ${this.reason(answer.facts, answer.reason, answer.recommended)}`);
  }

  /** The recommended action of this decision's hint, if any (the page marks its card or
   * button; the mark stays when the panel is closed to see the trick, until the action). */
  pick() {
    return this.hint?.answer ? this.hint.answer.recommended : null;
  }

  hintButton() {
    if (!this.canHint()) return null;
    return h(
      "button",
      {
        type: "button",
        class: "small coach-button",
        id: "hint-button",
        "aria-expanded": String(this.hintOpen),
        "aria-keyshortcuts": "H",
        dataset: { cmd: "hint", key: "hint-button" },
      },
      this.t("coach.hint"),
    );
  }

  hintPanel() {
    if (!this.hintOpen || !this.hint) return null;
    const { answer, error } = this.hint;
    let body;
    if (error) body = h("p", { class: "coach-error", id: "hint-error", role: "alert" }, this.errorText(error));
    else if (!answer) body = h("p", { class: "coach-wait", role: "status" }, this.t("coach.thinking"));
    else body = this.hintAnswer(answer);
    // A phone's small box shows the numbers or the reason, switched by "Why?" (coach.css).
    const why = answer
      ? h(
          "button",
          { type: "button", class: "small coach-why", id: "hint-why", "aria-controls": "hint-reason", "aria-expanded": String(this.hintWhy), dataset: { cmd: "hint-why", key: "hint-why" } },
          this.t(this.hintWhy ? "coach.whyBack" : "coach.why"),
        )
      : null;
    return h(
      "section",
      { class: "coach-hint", id: "hint-panel", role: "dialog", "aria-modal": "false", "aria-labelledby": "hint-title", dataset: { key: "hint-panel", view: this.hintWhy ? "why" : "values" } },
      this.head("hint-title", this.t("coach.hintTitle"), "close-hint", this.t("coach.closeHint"), [this.turnTimer(), why]),
      body,
    );
  }

  /** The player's own turn clock, which a phone's hint covers in their seat (table.js
   * updateClocks() shows it while the clock runs for this seat). */
  turnTimer() {
    return h(
      "div",
      { class: "timer coach-timer", hidden: true, dataset: { timerSeat: String(this.page.mySeat()), key: "hint-timer" } },
      h("div", { class: "timer-bar" }),
      h("span", { class: "timer-text" }),
    );
  }

  hintAnswer(answer) {
    const context = this.liveContext();
    const tied = answer.values.some((v) => v.tied);
    // A bid the simulations cannot replay (going under or throw-ins at the table) has the
    // bidding model's ranking alone: no column of dashes, a line that says why.
    const sampled = answer.values.some((v) => typeof v.points === "number");
    // Three players' scores are no two sides racing to a target: no chance of winning.
    const chances = sampled && typeof answer.win_now === "number";
    const rows = answer.values.map((v) =>
      h(
        "tr",
        { class: [v.action === answer.recommended ? "best" : "", v.tied ? "tied" : ""].join(" ").trim(), dataset: { action: v.action } },
        h(
          "th",
          { scope: "row" },
          startCapital(this.page.ctx.i18n, this.actionText(v.action, context)),
          v.action === answer.recommended ? h("span", { class: "coach-star", "aria-hidden": "true" }, " ★") : null,
          v.tied && v.action !== answer.recommended ? this.tieMark() : null, // the pick has its star
        ),
        sampled ? h("td", { class: "points" }, formatPoints(this.page.ctx.i18n, v.points)) : null,
        chances ? h("td", { class: "win" }, formatChance(this.page.ctx.i18n, answer.win_now, v.win)) : null,
      ),
    );
    const players = this.page.players();
    const shape = !sampled ? "model" : players === 4 ? "four" : players === 2 ? "two" : "three";
    return [
      h("p", { class: "coach-best", id: "hint-recommended", dataset: { action: answer.recommended } }, this.t("coach.recommends", { action: this.actionText(answer.recommended, context) })),
      // The values before the why: a small panel (a phone, Dutch or German words) shows them unscrolled.
      h(
        "table",
        { class: "coach-values", id: "hint-values", "aria-describedby": "hint-legend" },
        h("caption", { class: "visually-hidden" }, this.t(CAPTIONS[shape])),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, this.t("coach.choice")), sampled ? h("th", { scope: "col" }, this.t("coach.points")) : null, chances ? h("th", { scope: "col" }, this.t("coach.win")) : null)),
        h("tbody", {}, rows),
      ),
      // What the columns mean, in one short line a phone shows too (the note below is longer).
      h("p", { class: "coach-legend", id: "hint-legend" }, this.t(LEGENDS[shape]), ` ${this.t(tied ? "coach.legendTied" : "coach.legendPick")}`),
      h("p", { class: "coach-reason", id: "hint-reason" }, this.reason(answer.facts, answer.reason, answer.recommended)),
      // beside the reason, where its words are met (a phone shows it after "Why?"); in a
      // tab of its own: the table stays as it is, the turn with it
      h("p", { class: "coach-words" }, h("a", { href: "#/help/words", target: "_blank", rel: "noopener", id: "hint-words" }, this.t("coach.wordsLink"))),
      sampled ? h("p", { class: "coach-note" }, this.t("coach.valuesHelp", { count: answer.worlds })) : null,
    ];
  }

  /** The mark of a choice about equal to the best: neither it nor the starred one is
   * better, whatever the last digits say (the star is the usual play among them). */
  tieMark() {
    return h(
      "span",
      { class: "coach-tie", title: this.t("coach.tied") },
      h("span", { "aria-hidden": "true" }, " ≈"),
      h("span", { class: "visually-hidden" }, ` (${this.t("coach.tied")})`),
    );
  }

  // ---------------------------------------------------------------- reviews

  /** Reviews of this player's own hands: at ranked tables only once the game is over. */
  canReview() {
    const info = this.page.info;
    if (!info || this.page.mySeat() === null) return false;
    return info.kind !== "ranked" || info.status === "finished";
  }

  /** The button that opens a hand's review (in the hand summary and the look-back box). */
  reviewButton(deal, id) {
    if (!this.canReview() || !this.hadChoices(deal)) return null;
    return h(
      "button",
      { type: "button", class: "small coach-button", id, dataset: { cmd: "review", target: String(deal), key: id } },
      this.t("coach.reviewHand", { n: deal + 1 }),
    );
  }

  /** False for a deal voided before anyone acted (a farmer's hand, redealt at once):
   * nobody had a choice there, so there is nothing to review. */
  hadChoices(deal) {
    return this.page.sheet.find((row) => row.deal === deal)?.outcome !== "farmers";
  }

  /** Every finished hand's review, reachable while the game goes on (the look-back box). */
  reviewList(allDeals) {
    const deals = allDeals.filter((deal) => this.hadChoices(deal));
    if (!this.canReview() || !deals.length) return null;
    return h(
      "details",
      { class: "coach-reviews", id: "review-list" },
      h("summary", {}, this.t("coach.reviews")),
      h(
        "ul",
        { class: "coach-review-hands" },
        deals.map((deal) => h("li", {}, this.reviewButton(deal, `review-hand-${deal}`))),
      ),
    );
  }

  openReview(deal, opener) {
    if (!this.canReview()) return;
    this.reviewDeal = deal;
    this.reviewOpener = opener || null;
    Object.assign(this.page, { showLastTrick: false, showSheet: false }); // one sheet at a time
    const known = this.reviews.get(deal);
    if (!known || known.error) this.askReview(deal);
    this.page.render();
    document.getElementById("review-title")?.focus();
  }

  /** Closed at the player's turn: back to the table with its choices in view (the page
   * had stayed where the review was opened, far below the felt on a phone); else the focus
   * goes back to what opened it. */
  closeReview() {
    this.reviewDeal = null;
    this.page.render();
    const back = this.reviewOpener && document.getElementById(this.reviewOpener);
    if (this.page.isMyTurn()) backToTable(this.page);
    else if (back) this.focusOpener(back);
    else this.page.focusAfterCoach();
  }

  /** A finger back at the game over box sees it from its top ("You won!"), as it first
   * opened, not scrolled down to the review's button at its foot; a keyboard keeps that
   * button, which has the focus, in view. */
  focusOpener(back) {
    const touch = document.documentElement.dataset.input === "touch";
    back.focus({ preventScroll: touch });
    if (touch) back.closest("#game-over")?.scrollTo(0, 0);
  }

  async askReview(deal) {
    this.reviews.set(deal, { decisions: null, error: null });
    let found;
    try {
      const answer = await this.page.ctx.net.request({ type: "review", table: this.page.tableId, deal }, REVIEW_TIMEOUT_MS);
      found = { decisions: answer.decisions, error: null };
    } catch (err) {
      found = { decisions: null, error: err };
    }
    if (this.page.gone) return;
    this.reviews.set(deal, found);
    if (this.reviewDeal === deal) this.page.render();
  }

  reviewPanel() {
    const deal = this.reviewDeal;
    if (deal === null) return null;
    const found = this.reviews.get(deal) || { decisions: null, error: null };
    let body;
    if (found.error) body = h("p", { class: "coach-error", id: "review-error", role: "alert" }, this.errorText(found.error));
    else if (!found.decisions) body = h("p", { class: "coach-wait", role: "status" }, this.t("coach.reviewing"));
    else body = this.reviewBody(found.decisions, this.dealContext(deal));
    return h(
      "section",
      { class: "coach-review", id: "review-panel", role: "dialog", "aria-modal": "false", "aria-labelledby": "review-title", dataset: { deal: String(deal), key: `review-${deal}` } },
      this.head("review-title", this.t("coach.reviewTitle", { n: deal + 1 }), "close-review", this.t("coach.closeReview")),
      this.page.isMyTurn()
        ? h("p", { class: "coach-turn", id: "review-your-turn" }, this.t("coach.yourTurn"), " ", h("button", { type: "button", class: "small primary", dataset: { cmd: "close-review", key: "review-back" } }, this.t("coach.backToTable")))
        : null,
      body,
    );
  }

  reviewBody(decisions, context) {
    if (!decisions.length) return h("p", { id: "review-summary" }, this.t("coach.noDecisions"));
    const counts = MARKS.map((mark) => [mark, decisions.filter((d) => d.mark === mark).length]).filter(([, n]) => n);
    const summary = counts.length
      ? this.t("coach.summary", { count: decisions.length, marks: this.page.ctx.i18n.list(counts.reverse().map(([mark, n]) => this.t(`coach.marksN.${mark}`, { count: n }))) })
      : this.t("coach.summaryClean", { count: decisions.length });
    return [
      this.contract(context.row),
      h("p", { id: "review-summary" }, summary),
      h("p", { class: "coach-value-help", id: "review-value-help" }, this.t(valueHelp(decisions))),
      h(
        "ol",
        { class: "coach-decisions", id: "review-decisions" },
        decisions.map((d) => this.decision(d, context)),
      ),
    ];
  }

  decision(d, dealContext) {
    // the objects of the actions it names, and the turn-up its orders name, as the hint did
    const context = { ...dealContext, acts: d.acts, upcard: d.position?.upcard ?? null, phase: d.position?.phase ?? null };
    // "Best" is the coach's pick only: a choice tied with it is "About equal", as the
    // replay says (it read "Best" while its reason said the coach picks another); a review
    // stored before ties were sent: as good as the best
    const best = d.chosen === d.best || (d.tied === undefined && d.loss < 0.005);
    const tied = !best && d.tied === true; // about equal to the best: no cost to tell
    const verdict = d.mark || (best ? (pickedFromBehind(d) ? "pick" : "best") : tied ? "tied" : "good");
    const i18n = this.page.ctx.i18n;
    return h(
      "li",
      { class: `coach-decision mark-${verdict}`, dataset: { index: String(d.index), mark: d.mark || "", chosen: d.chosen, best: d.best } },
      h(
        "p",
        { class: "coach-decision-head" },
        h("span", { class: "coach-mark" }, this.t(`coach.marks.${verdict}`)),
        " ",
        h("strong", {}, this.t("coach.youChose", { action: this.actionText(d.chosen, context) })),
      ),
      best
        ? null
        : tied
          ? tieToldByReason(d)
            ? null
            : h("p", { class: "coach-compare" }, this.t("coach.tiedWith", { action: this.doingText(d.best, context) })) // mid-sentence: "playing the …"
          : h(
            "p",
            { class: "coach-compare" },
            this.t("coach.bestWas", { action: this.actionText(d.best, context) }),
            " ",
            h("span", { class: "coach-loss" }, lossText(this, i18n, d)),
          ),
      this.position(d.position),
      // Reviews stored before the loss came in the hint's numbers show the coach's values.
      hasLossNumbers(d) ? null : h("p", { class: "coach-values-line" }, this.t("coach.valueLine", { chosen: formatNumber(i18n, d.chosen_value, 2), best: formatNumber(i18n, d.best_value, 2) })),
      h("p", { class: "coach-reason" }, this.reason(withoutLossSaid(d, best || tied), d.reason, d.best, context)),
    );
  }

  /** Where a decision was made, small: the trick so far (or the turn-up while bidding)
   * and the hand held; each group read as one sentence by screen readers. */
  position(where) {
    if (!where) return null;
    const i18n = this.page.ctx.i18n;
    const group = (kind, label, cards) =>
      h(
        "span",
        { class: `coach-cards ${kind}`, role: "img", "aria-label": `${label}: ${cards.map((c) => c.words).join(", ")}` },
        h("span", { class: "coach-cards-label", "aria-hidden": "true" }, label),
        cards.map((c) => {
          const card = h("span", { class: "card mini", title: c.words, dataset: { card: c.card, ...(c.seat === undefined ? {} : { seat: String(c.seat) }) } }, cardPicture(c.card));
          // who played it, under it: whether the partner or an opponent leads the trick
          return c.seat === undefined ? card : h("span", { class: "coach-played" }, card, h("small", { "aria-hidden": "true" }, this.relation(c.seat)));
        }),
      );
    const named = (card, seat) => ({ card, seat, words: seat === undefined ? cardName(i18n, card) : this.t("lookback.played", { name: this.page.seatName(seat), card: cardName(i18n, card) }) });
    let table = null;
    if (where.trick.length) table = group("coach-trick", this.t("coach.onTable"), where.trick.map((c) => named(c.card, c.seat)));
    else if (where.upcard) table = group("coach-upcard", this.t("coach.turnUp"), [named(where.upcard)]);
    return h("p", { class: "coach-position" }, table, group("coach-hand", this.t("coach.yourHand"), where.hand.map((card) => named(card))));
  }

  /** A seat as the player sees it from theirs: "partner", "left", "right" ("across" where
   * no one partners them). */
  relation(seat) {
    const position = this.page.position(seat);
    if (position === "top") return this.t(this.page.players() === 4 ? "chat.where.partner" : "chat.where.across");
    return this.t(`chat.where.${position}`);
  }

  // ---------------------------------------------------------------- words

  head(id, title, closeCmd, closeLabel, extra = null) {
    return h(
      "div",
      { class: "coach-head" },
      h("h2", { id, tabindex: "-1" }, title),
      extra,
      h("button", { type: "button", class: "coach-close", "aria-label": closeLabel, title: closeLabel, dataset: { cmd: closeCmd, key: closeCmd } }, h("span", { "aria-hidden": "true" }, "×")),
    );
  }

  /** What to call actions now: the live deal's dealer and turn-up, and the hint's action
   * objects by their text (a hint's answer carries them: "acts"). */
  liveContext() {
    const s = this.page.state;
    const acts = this.hint?.answer?.acts || {};
    return { seat: s?.seat ?? null, dealer: s?.dealer ?? null, upcard: s?.upcard ?? null, trump: s?.trump ?? null, phase: s?.phase ?? null, acts };
  }

  /** ...and in a finished deal (its score-sheet row names the dealer; the turn-up is gone). */
  dealContext(deal) {
    const row = this.page.sheet.find((r) => r.deal === deal);
    return { row, seat: this.page.mySeat(), dealer: row ? row.dealer : null, upcard: null, trump: row ? row.trump : null };
  }

  /** The hand's trump and who made it, as the score sheet has them: a review read later
   * (from "Look back") said neither. */
  contract(row) {
    if (!row?.trump) return null;
    const ctx = this.page.ctx;
    const names = { seat: (seat) => this.page.seatName(seat) };
    return h(
      "p",
      { class: "coach-contract", id: "review-contract" },
      `${this.t("lookback.columns.trump")}: `, trumpCell(ctx, row),
      " · ", `${this.t("lookback.columns.maker")}: `, makerCell(ctx, row, names),
    );
  }

  /** An action (named by its text) in the player's words: "Play Jack of spades", "Order up
   * K♥, alone", "Pass"; its object comes from the answer that named it (``acts``). */
  actionText(text, { seat, dealer, upcard, phase, acts, trump = null }) {
    const act = acts[text];
    const picksUp = seat !== null && seat === dealer;
    return actionWords(this.words(), act, { picksUp, upcard, phase, trump }) ?? this.page.actionLabel(act, false);
  }

  /** The same action as a reason's sentence names it ("ordering up K♥", ``actionDoing``). */
  doingText(text, { seat, dealer, upcard, phase, acts, trump = null }) {
    if (!acts[text]) return text; // a review stored before an action's object was sent for it
    return actionDoing(this.words(), acts[text], { picksUp: seat !== null && seat === dealer, upcard, phase, trump });
  }

  words() {
    return { t: (key, params) => this.t(key, params), i18n: this.page.ctx.i18n };
  }

  /** The reason from its facts, in the player's language (the server's text otherwise). */
  reason(facts, text, best, context = this.liveContext()) {
    const words = {
      ...this.words(),
      doing: (action) => this.doingText(action, context),
      seatName: (seat) => this.page.seatName(seat),
      target: this.page.info?.target,
      trump: context.trump ?? null,
    };
    return reasonText(words, facts, text, best);
  }

  errorText(err) {
    const key = `coach.errors.${err.code}`;
    return this.page.ctx.i18n.has(key) ? this.t(key) : this.page.ctx.errorText(err);
  }
}

/** What a choice cost (coachwords.js), or, for a review stored before those numbers, the
 * coach's value. */
function lossText(coach, i18n, d) {
  const words = { t: (key, params) => coach.t(key, params), i18n };
  return lossWords(words, d) ?? coach.t("coach.lost", { points: formatNumber(i18n, d.loss, 2) });
}

/** "+0.42" / "−0.30" points a hand, in the language's digits. */
function formatPoints(i18n, points) {
  if (points === null || points === undefined) return "–";
  return new Intl.NumberFormat(i18n.lang, { signDisplay: "exceptZero", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(points);
}

/** What a hint's values are, by the table's shape: two sides, one opponent, two opponents
 * (no chance of winning), or the bidding model's ranking (no numbers). */
const LEGENDS = { four: "coach.legend", two: "coach.legendTwo", three: "coach.legendThree", model: "coach.legendModel" };
const CAPTIONS = { four: "coach.valuesCaption", two: "coach.valuesCaptionTwo", three: "coach.valuesCaptionThree", model: "coach.valuesCaptionModel" };

/** A decision's facts less the margin that the line "It cost …" above the reason has just
 * told in the same numbers (a blunder's cost was read twice), where others are left. */
function withoutLossSaid(d, uncosted) {
  const facts = Array.isArray(d.facts) ? d.facts : [];
  if (uncosted || !hasLossNumbers(d) || facts[0]?.kind !== "margin" || facts.length < 2) return d.facts;
  return facts.slice(1);
}

/** What a review's marks go by: the chance of winning given up, points where the game
 * has none (three players), the coach's value for reviews stored before either. */
function valueHelp(decisions) {
  if (decisions.some((d) => typeof d.loss_win === "number")) return "coach.valueHelpChance";
  return decisions.some(hasLossNumbers) ? "coach.valueHelpPoints" : "coach.valueHelp";
}

/** The chance of winning the game after a choice: the chance now and the choice's change,
 * each as the server rounds it to 0.1%, so that two rows differ by what the reason says. */
function formatChance(i18n, now, change) {
  if (typeof now !== "number" || typeof change !== "number") return "–";
  const tenths = (x) => Math.round(x * 1000);
  const chance = Math.min(1000, Math.max(0, tenths(now) + tenths(change))) / 1000;
  return new Intl.NumberFormat(i18n.lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(chance);
}

/** The coach's styles, from beside this module (so they share its versioned address). */
function loadStyles() {
  const href = new URL("./coach.css", import.meta.url).pathname;
  if (document.querySelector(`link[data-coach-css]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href, dataset: { coachCss: "" } }));
}
