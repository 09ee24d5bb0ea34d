// Replays: a finished game (#/replay/<id>: GET api/games/<id>/replay) or an EGN file the
// player opens (POST api/replays with the file's text; nothing is stored), hand by hand and
// step by step with every hand face up, as the server sent it (see replayframes.js); the
// score sheet of every hand; and, for a game the viewer played, the coach's rating of each
// of their decisions at the step where it was taken (replaycoach.js).
//
// Keys: ← → a step, Home End the start and end of the hand, Page Up / Page Down a hand.

import { actKey } from "./acts.js";
import { cardImage, cardName, suitBadge } from "./cards.js";
import { cardNameUnder } from "./trumprole.js";
import { h, morph } from "./dom.js";
import { Page } from "./page.js";
import { loadRecent, playerNames, recentGames, replaySheet } from "./recent.js";
import { decisionList, loadReview, markText, reviewBox } from "./replaycoach.js";
import { framesOf } from "./replayframes.js";
import { replayRows } from "./scoresheet.js";
import { isolateName } from "./i18n.js";

const POSITIONS = { 4: ["bottom", "left", "top", "right"], 3: ["bottom", "left", "right"], 2: ["bottom", "top"] };
// A phone on its side, as app.css says it.
const SIDEWAYS = "(orientation: landscape) and (max-height: 520px)";
const DEFAULT_TARGET = 10; // a record names its target only when it is not 10 (EGN)
const KEYS = { ArrowRight: "next", ArrowLeft: "back", Home: "first", End: "last", PageDown: "nextHand", PageUp: "prevHand" };

export function mount(ctx, root, params) {
  const page = new ReplayPage(ctx, root, params.game || null, params.invite || null);
  page.start();
  return page;
}

class ReplayPage extends Page {
  constructor(ctx, root, gameId, invite) {
    super(ctx, root);
    this.gameId = gameId;
    this.invite = invite; // a private game's code, for one who watched it rather than played
    this.replay = null; // the server's answer
    this.file = null; // an opened file: { name, url } (its text, for the download link)
    this.error = null;
    this.deal = 0;
    this.step = 0;
    this.frames = [];
    this.recent = null; // the viewer's and public recent games (no game chosen)
    this.review = null; // the coach's review of the viewer's decisions, when they played
    this.reviewState = "none"; // none | loading | ready | failed
    this.keys = (e) => this.key(e);
    document.addEventListener("keydown", this.keys);
    // A phone on its side has no room for the coach's verdict beside the trick: it goes
    // under the steps, above the list of decisions (verdictBox); turned, drawn again.
    this.sideways = window.matchMedia(SIDEWAYS);
    this.turned = () => this.replay && this.render();
    this.sideways.addEventListener("change", this.turned);
    // the root outlives this page (the list of games, then a game, are two pages on it):
    // its listeners go with the page, else the list's still heard the game's hand picker
    this.clicks = (e) => this.click(e);
    this.changes = (e) => this.changed(e);
    root.addEventListener("click", this.clicks);
    root.addEventListener("change", this.changes);
  }

  unmount() {
    super.unmount();
    document.removeEventListener("keydown", this.keys);
    this.root.removeEventListener("click", this.clicks);
    this.root.removeEventListener("change", this.changes);
    this.sideways.removeEventListener("change", this.turned);
    this.forgetFile();
  }

  async start() {
    if (!this.gameId) {
      this.render();
      this.recent = await loadRecent().catch(() => null);
      if (!this.gone && !this.replay) this.render();
      return;
    }
    this.root.replaceChildren(h("p", { class: "loading", role: "status" }, this.t("replay.loading")));
    const answer = await this.fetchReplay(this.gameUrl("replay"), {});
    if (this.gone) return;
    if (answer) this.show(answer);
    else this.render();
    if (answer) this.startReview();
  }

  /** ``api/games/<id>/<what>``, with the invite code that opens a private game, if any. */
  gameUrl(what) {
    const url = `api/games/${encodeURIComponent(this.gameId)}/${what}`;
    return this.invite ? `${url}?invite=${encodeURIComponent(this.invite)}` : url;
  }

  /** The server's replay answer, or null with this.error saying why. */
  async fetchReplay(url, init) {
    try {
      const response = await fetch(url, { credentials: "same-origin", ...init });
      if (response.ok) return await response.json();
      const body = await response.json().catch(() => ({}));
      this.error = () => this.problemText(response.status, body); // words in the language now
    } catch {
      this.error = () => this.t("errors.offline");
    }
    return null;
  }

  problemText(status, body) {
    if (status === 409 && this.gameId && !this.file) return this.t("replay.stillPlaying");
    if (status === 404) return this.t("replay.notFound");
    const detail = typeof body.detail === "string" ? body.detail : "";
    const known = { bad_record: "notEgn", illegal_record: "illegal", too_large: "tooLarge", too_many_deals: "tooLarge", rate_limited: "busy", busy: "busy", too_slow: "busy" };
    const key = known[body.code];
    if (!key) return this.t("errors.unknown");
    return key === "notEgn" ? this.t("replay.notEgn") : `${this.t(`replay.${key}`)} ${detail}`.trim();
  }

  async startReview() {
    this.reviewState = "loading";
    this.render();
    try {
      this.review = await loadReview(this.gameUrl("review"));
      this.reviewState = this.review ? "ready" : "none";
    } catch {
      this.reviewState = "failed";
    }
    if (!this.gone && !this.file) this.render();
  }

  /** The file's own bytes go to the server, which reads them as `euchre replay` does (a
   * browser's decoding took files the command refuses). */
  async open(file) {
    this.forgetFile();
    this.gameId = null;
    this.review = null;
    this.reviewState = "none";
    this.replay = null;
    this.root.querySelector("#replay-status")?.replaceChildren(this.t("replay.checking"));
    const answer = await this.fetchReplay("api/replays", { method: "POST", body: file, headers: { "content-type": "application/json" } });
    if (this.gone) return;
    if (!answer) {
      this.render();
      return;
    }
    const url = URL.createObjectURL(file);
    this.file = { name: file.name, url };
    this.show(answer);
  }

  forgetFile() {
    if (this.file) URL.revokeObjectURL(this.file.url);
    this.file = null;
  }

  show(answer) {
    this.replay = answer;
    this.error = null;
    this.root.replaceChildren(); // a new game: drawn afresh, not patched
    this.showDeal(0);
    this.boardInView();
  }

  /** On a phone the page's title and menu above the hand picker leave the board's lower
   * seats under the steps: a new game is scrolled to its hand picker. */
  boardInView() {
    const board = this.root.querySelector("#replay-board")?.getBoundingClientRect();
    const steps = this.root.querySelector(".replay-steps")?.getBoundingClientRect();
    if (board && steps && board.bottom > steps.top) this.root.querySelector(".replay-deals")?.scrollIntoView({ block: "start" });
  }

  /** On a phone the lower seats lie under the sticky steps: the seat whose turn it is
   * comes up above them, as far as the step's words stay in view. */
  seatToActInView() {
    const seat = this.root.querySelector(".replay-seat.to-act")?.getBoundingClientRect();
    const steps = this.root.querySelector(".replay-steps")?.getBoundingClientRect();
    const centre = this.root.querySelector(".replay-centre")?.getBoundingClientRect();
    if (!seat || !steps || !centre || seat.bottom <= steps.top) return;
    const by = Math.min(seat.bottom - steps.top + 8, centre.top);
    if (by > 0) window.scrollBy({ top: by, behavior: "instant" });
  }

  // ------------------------------------------------------------------ moving

  showDeal(index, atEnd = false) {
    const deals = this.replay.deals;
    this.deal = Math.max(0, Math.min(index, deals.length - 1));
    this.frames = deals.length ? framesOf(deals[this.deal], this.replay.acts) : [];
    this.step = atEnd ? this.frames.length - 1 : 0;
    this.render();
  }

  move(step) {
    const last = this.frames.length - 1;
    const to = Math.max(0, Math.min(step, last));
    if (to === this.step) return;
    this.step = to;
    this.render();
    this.seatToActInView();
    const verdict = this.verdict();
    const coach = verdict ? ` ${this.t("replayReview.title")}: ${markText(this.ctx, verdict)}.` : "";
    this.ctx.announce(this.noteText() + coach);
  }

  /** One step on; past a hand's last step, the next hand from its deal (its end read as
   * the replay's end, the next hand's button scrolled off a phone's screen). */
  forward() {
    const handEnds = this.step >= this.frames.length - 1;
    if (!handEnds || this.deal >= this.replay.deals.length - 1) return this.move(this.step + 1);
    this.toHand(this.deal + 1);
  }

  /** Another hand, from its deal, told as the steps are ("Hand 2. The cards are dealt…"):
   * Page Up and Page Down changed hands without a word. */
  toHand(index) {
    this.showDeal(index);
    this.seatToActInView();
    this.ctx.announce(`${this.t("replay.hand", { n: this.deal + 1 })}. ${this.noteText()}`);
  }

  command(name, value) {
    const moves = {
      first: () => this.move(0),
      back: () => this.move(this.step - 1),
      next: () => this.forward(),
      last: () => this.move(this.frames.length - 1),
      step: () => {
        this.move(Number(value)); // a decision picked from the list: show it on the table
        if (this.sideways.matches) this.root.querySelector("#replay-review")?.scrollIntoView({ block: "nearest" });
        else this.root.querySelector(".replay-centre")?.scrollIntoView({ block: "start" });
        // and take the focus there: the list is now out of view on a phone
        this.root.querySelector("#replay-review")?.focus({ preventScroll: true });
      },
      prevHand: () => this.deal > 0 && this.toHand(this.deal - 1),
      nextHand: () => this.deal < this.replay.deals.length - 1 && this.toHand(this.deal + 1),
    };
    if (!this.replay || !this.frames.length || !moves[name]) return;
    moves[name]();
    this.keepFocus();
  }

  /** A control that became disabled by the move gives the focus to its neighbour. */
  keepFocus() {
    const active = document.activeElement;
    if (!active || !active.disabled) return;
    const order = ["replay-back", "replay-next", "replay-first", "replay-last", "replay-prev-hand", "replay-next-hand"];
    const fallback = order.map((id) => this.root.querySelector(`#${id}`)).find((b) => b && !b.disabled);
    fallback?.focus();
  }

  click(e) {
    const target = e.target.closest("[data-cmd]");
    if (target && this.root.contains(target)) this.command(target.dataset.cmd, target.dataset.step);
  }

  changed(e) {
    if (e.target.id === "replay-deal") this.showDeal(Number(e.target.value));
    if (e.target.id === "egn-file" && e.target.files[0]) this.open(e.target.files[0]);
  }

  key(e) {
    if (!this.replay || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("input, select, textarea")) return;
    const name = KEYS[e.key];
    if (!name) return;
    e.preventDefault();
    this.command(name);
  }

  // ------------------------------------------------------------------ words

  name(seat) {
    return this.replay.players[seat] || this.t("table.seatN", { n: seat + 1 });
  }

  sides() {
    const seats = this.replay.seats;
    const count = seats === 3 ? 3 : 2;
    return Array.from({ length: count }, (_, side) => (seats === 4 ? [side, side + 2] : [side]));
  }

  sideName(side) {
    return this.ctx.i18n.nameList(this.sides()[side].map((s) => this.name(s)));
  }

  scoreText(score) {
    return this.sides()
      .map((_, side) => `${this.sideName(side)} ${score[side]}`)
      .join(" – ");
  }

  noteText() {
    const frame = this.frames[this.step];
    const deal = this.replay.deals[this.deal];
    if (!frame.step) return this.t("replay.dealt", { name: this.name(deal.dealer) });
    const parts = [this.actionText(frame.step, frame.phase, deal, frame.contract?.trump)];
    if (frame.step.news.trick_winner !== undefined) {
      parts.push(this.t("events.trickWon", { name: this.name(frame.trickWinner), n: frame.tricksDone }));
    }
    if (this.step === this.frames.length - 1) parts.push(this.resultText(deal.result));
    return parts.join(" ");
  }

  /** The step in words; a card played, discarded or given named with its part under
   * ``trump`` (the deal's, once made): "Ann plays Jack of diamonds, left bower." */
  actionText(step, phase, deal, trump) {
    const name = this.name(step.seat);
    const act = step.act;
    const card = (c) => cardName(this.ctx.i18n, c);
    const under = (c) => cardNameUnder(this.ctx.i18n, c, trump);
    switch (act.kind) {
      case "play":
        return this.t("events.plays", { name, card: under(act.card) });
      case "discard":
        return this.t("events.discardsCard", { name, card: under(act.card) });
      case "give":
        return this.t("events.givesCard", { name, card: under(act.card) });
      case "order": {
        const key = step.seat === deal.dealer ? "events.pickUp" : "events.order";
        return this.t(act.alone ? `${key}Alone` : key, { name, card: card(deal.upcard) });
      }
      case "call": {
        const suit = act.suit === "n" ? this.t("cards.noTrump") : this.t(`cards.suits.${act.suit}`);
        return this.t(act.alone ? "events.callAlone" : "events.call", { name, suit });
      }
      case "under":
        return this.t("events.under", { name, cards: act.shown.map(card).join(", ") });
      case "pass": {
        const round = { bid_r1: "events.passR1", bid_r2: "events.passR2" }[phase];
        return this.t(round || "events.pass", { name });
      }
      default: {
        const key = `events.${actKey(act)}`;
        return this.ctx.i18n.has(key) ? this.t(key, { name }) : `${isolateName(name)}: ${act.text}`;
      }
    }
  }

  resultText(result) {
    const score = this.scoreText(result.score);
    const scored = result.points.map((points, side) => [points, side]).filter(([points]) => points > 0);
    if (!scored.length) {
      const key = ["throw-in", "farmers", "misdeal", "redeal"].includes(result.outcome) ? result.outcome : "noScore";
      return this.t(`deal.${key}`, { score });
    }
    return scored
      .map(([count, side]) => this.t("deal.points", { side: this.sideName(side), count, score }))
      .join(" ");
  }

  /** A seat's last bid (its action object) in a word or two; ``dealer``: the seat dealt,
   * so its order took the turn-up into its own hand ("Picked up", as the table says). */
  bidText(act, dealer = false) {
    if (act.kind === "order" && dealer) return this.t(act.alone ? "bids.pickUpAlone" : "bids.pickUp");
    if (act.kind === "call") {
      const suit = act.suit === "n" ? this.t("cards.noTrump") : this.t(`cards.suits.${act.suit}`);
      return this.t(act.alone ? "bids.callAlone" : "bids.call", { suit });
    }
    const key = `bids.${actKey(act)}`;
    return this.ctx.i18n.has(key) ? this.t(key) : act.text;
  }

  // ------------------------------------------------------------------ rendering

  render() {
    // one game's replay, or the list of games to choose from ("Replays", as the menu says)
    const title = this.replay || this.gameId || this.file ? this.t("replay.title") : this.t("nav.replay");
    const children = [h("h1", { id: "replay-title", tabindex: "-1" }, title)];
    if (this.error) children.push(h("p", { class: "form-error", role: "alert", id: "replay-error" }, this.error()));
    if (this.replay && !this.replay.deals.length) {
      children.push(h("p", { id: "replay-empty" }, this.t("replay.noHands")), this.summary());
    } else if (this.replay) {
      // The decisions (buttons) come after the steps, which stay at the foot of a small
      // screen: nothing that can be tapped ever scrolls under them.
      children.push(this.dealPicker(), this.board(), this.stepper(), this.coach(), this.summary());
      children.push(replaySheet(this.ctx, replayRows(this.replay), this.replay.players, this.replay.seats, Boolean(this.replay.game_over)));
    } else {
      children.push(recentGames(this.ctx, this.recent));
    }
    children.push(this.uploadForm());
    const fresh = h("section", { class: "replay", "aria-labelledby": "replay-title" }, children);
    const current = this.root.firstElementChild;
    if (current?.matches("section.replay")) morph(current, fresh);
    else this.root.replaceChildren(fresh);
    const picker = this.root.querySelector("#replay-deal");
    if (picker) picker.value = String(this.deal); // form fields keep their own value in a patch
  }

  uploadForm() {
    return h(
      "div",
      { class: "box upload" },
      h("label", { for: "egn-file" }, this.t("replay.upload")),
      h("input", { type: "file", id: "egn-file", accept: ".egn,.json,application/json" }),
      h("p", { class: "hint", id: "replay-status", role: "status" }, this.t("replay.uploadHint")),
    );
  }

  summary() {
    const replay = this.replay;
    const score = replay.game_over ? this.scoreText(replay.final_score) : this.t("replay.unfinished");
    const download = this.file
      ? { href: this.file.url, download: this.file.name }
      : { href: this.gameUrl("egn"), download: `euchre-${this.gameId}.egn` };
    return h(
      "div",
      { class: "box replay-summary", id: "replay-summary" },
      h("p", {}, h("strong", {}, this.t("replay.players")), " ", playerNames(this.ctx, replay).map((p, i) => `${i + 1}. ${p}`).join(" · ")),
      h("p", { dataset: { score: replay.final_score.join(",") } }, h("strong", {}, this.t("replay.finalScore")), " ", score),
      replay.hands_known ? null : h("p", { class: "hint" }, this.t("replay.handsRebuilt")),
      h("a", { class: "button", id: "egn-download", ...download }, this.t("game.download")),
    );
  }

  dealPicker() {
    const deals = this.replay.deals;
    return h(
      "div",
      { class: "row wrap replay-deals" },
      h("button", { type: "button", id: "replay-prev-hand", dataset: { cmd: "prevHand" }, disabled: this.deal === 0 }, this.t("replay.prevHand")),
      h("label", { for: "replay-deal", class: "visually-hidden" }, this.t("replay.chooseHand")),
      h(
        "select",
        { id: "replay-deal" },
        deals.map((d, i) => h("option", { value: i, selected: i === this.deal }, this.t("replay.hand", { n: i + 1 }))),
      ),
      h("button", { type: "button", id: "replay-next-hand", dataset: { cmd: "nextHand" }, disabled: this.deal >= deals.length - 1 }, this.t("replay.nextHand")),
    );
  }

  stepper() {
    const last = this.frames.length - 1;
    const button = (label, cmd, id, disabled) => h("button", { type: "button", id, disabled, dataset: { cmd } }, label);
    return h(
      "div",
      { class: "replay-steps", role: "group", "aria-label": this.t("replay.steps") },
      // the ends' words make way for their arrows alone on a phone (visually: still read out)
      button([h("span", { "aria-hidden": "true" }, "«"), h("span", { class: "step-word" }, `\u00a0${this.t("replay.first")}`)], "first", "replay-first", this.step === 0),
      button(this.t("replay.back"), "back", "replay-back", this.step === 0),
      h(
        "span",
        { class: "replay-position", id: "replay-position" },
        h("span", { class: "step-words" }, this.t("replay.step", { n: this.step, total: last })),
        h("span", { class: "step-figures", "aria-hidden": "true" }, `${this.step} / ${last}`), // a phone's narrow row
      ),
      button(this.t("replay.next"), "next", "replay-next", this.step >= last && this.deal >= this.replay.deals.length - 1),
      button([h("span", { class: "step-word" }, `${this.t("replay.last")}\u00a0`), h("span", { "aria-hidden": "true" }, "»")], "last", "replay-last", this.step >= last),
      h("p", { class: "hint replay-keys" }, this.t("replay.keys")),
    );
  }

  /** The viewer's seat when they played the game: the replay says it at once (its review,
   * which says it too, can take a while: the board turned and "you" came a few steps in). */
  mySeat() {
    return this.review?.seat ?? this.replay?.you ?? null;
  }

  board() {
    const frame = this.frames[this.step];
    const deal = this.replay.deals[this.deal];
    const n = this.replay.seats;
    const bottom = this.mySeat() ?? 0;
    const toAct = this.step < this.frames.length - 1 ? this.frames[this.step + 1].step.seat : null;
    const seats = Array.from({ length: n }, (_, i) => (bottom + i) % n).map((seat) => this.seatBox(seat, frame, deal, toAct, POSITIONS[n][(seat - bottom + n) % n]));
    return h(
      "div",
      { class: `replay-board players-${n}`, id: "replay-board", dataset: { deal: String(this.deal), step: String(this.step) } },
      // the seats' h3 headings under an h2 (axe: heading-order); the hand picker shows which
      h("h2", { class: "visually-hidden", id: "replay-board-title" }, this.t("replay.hand", { n: this.deal + 1 })),
      this.centre(frame, deal),
      seats,
    );
  }

  centre(frame, deal) {
    const last = this.step === this.frames.length - 1;
    const score = last ? deal.result.score : deal.score_before;
    const contract = frame.contract;
    return h(
      "div",
      { class: "replay-centre" },
      h("p", { id: "replay-note", class: "replay-note", tabindex: "0" }, this.noteText()), // announced by move(); scrolls when long (a phone on its side)
      h("p", { class: "replay-score", id: "replay-score", dataset: { score: score.join(",") } }, h("strong", {}, this.t("replay.score")), " ", this.scoreText(score)),
      contract
        ? h(
            "p",
            { class: "replay-contract", id: "replay-contract", dataset: { trump: contract.trump, maker: String(contract.maker) } },
            this.t("table.trump"),
            " ",
            contract.trump === "n" ? this.t("cards.noTrump") : suitBadge(this.ctx.i18n, contract.trump),
            " · ",
            this.t(contract.alone ? "replay.madeAlone" : "replay.madeBy", { name: this.name(contract.maker) }),
          )
        : null,
      this.upcard(frame, deal),
      h(
        "ul",
        { class: "replay-trick", id: "replay-trick", "aria-label": this.t("table.trick") },
        frame.trick.map(({ seat, card }) =>
          h(
            "li",
            { class: `replay-play${frame.trickWinner === seat ? " winner" : ""}`, dataset: { seat: String(seat), card } },
            cardImage(this.ctx.i18n, card, { class: "small", "aria-label": cardNameUnder(this.ctx.i18n, card, contract?.trump) }),
            h("span", { dir: "auto" }, this.name(seat)),
          ),
        ),
      ),
      this.sideways.matches ? null : this.verdictBox(frame, deal),
    );
  }

  /** The coach's verdict on the viewer's decision at this step, if it is one. */
  verdictBox(frame, deal) {
    const verdict = this.verdict();
    return verdict ? reviewBox(this.ctx, verdict, this.coachWords(deal, frame.contract?.trump)) : null;
  }

  upcard(frame, deal) {
    if (frame.upcard === "up") {
      return h("div", { class: "upcard", id: "replay-upcard", dataset: { card: deal.upcard } }, cardImage(this.ctx.i18n, deal.upcard, { class: "small" }), h("span", {}, this.t("table.turnUp")));
    }
    if (frame.upcard === "down") {
      return h("p", { class: "muted", id: "replay-upcard", dataset: { card: deal.upcard, state: "down" } }, this.t("table.turnedDown"), " ", cardName(this.ctx.i18n, deal.upcard));
    }
    return null;
  }

  seatBox(seat, frame, deal, toAct, position) {
    const out = frame.sittingOut.includes(seat);
    const contract = frame.contract;
    const classes = ["replay-seat", `pos-${position}`, out ? "inactive" : "", toAct === seat ? "to-act" : ""].filter(Boolean);
    const bid = frame.bids[seat];
    return h(
      "div",
      { class: classes.join(" "), dataset: { seat: String(seat), key: `seat-${seat}` } },
      h(
        "h3",
        {},
        h("span", { dir: "auto" }, this.name(seat)), // its chips stay after it, whatever its script
        this.mySeat() === seat ? h("span", { class: "you" }, this.t("table.you")) : null,
        this.replay.bots?.[seat] ? h("span", { class: "chip bot-chip" }, this.t("replay.bot")) : null,
        deal.dealer === seat ? h("span", { class: "chip dealer", title: this.t("table.dealer") }, this.t("table.dealerShort")) : null,
        contract?.maker === seat ? h("span", { class: "chip maker" }, contract.alone ? this.t("table.alone") : this.t("table.makerShort")) : null,
        out ? h("span", { class: "chip out" }, this.t("replay.sittingOut")) : null,
      ),
      h(
        "div",
        { class: "card-row", role: "group", "aria-label": this.t("replay.handOf", { name: this.name(seat) }) },
        frame.hands[seat].map((card) => cardImage(this.ctx.i18n, card, { class: "small", dataset: { card }, "aria-label": cardNameUnder(this.ctx.i18n, card, contract?.trump) })),
      ),
      h(
        "p",
        { class: "muted seat-facts" },
        h("span", { class: "tricks-won", dataset: { tricks: String(frame.tricksWon[seat]) } }, this.t("table.tricksN", { count: frame.tricksWon[seat] })),
        bid ? ` · ${this.bidText(bid, deal.dealer === seat)}` : "",
      ),
    );
  }

  /** The coach's verdict on the step just shown, when it was one of the viewer's decisions. */
  verdict() {
    const step = this.frames[this.step]?.step;
    if (!this.review || !step || step.seat !== this.review.seat) return null;
    return this.review.decisions(this.replay.deals[this.deal].number).get(step.index) || null;
  }

  /** What the coach's reasons in ``deal`` need to be said in the viewer's words. */
  coachWords(deal, trump = null) {
    const target = this.replay.ruleset.winning_score ?? DEFAULT_TARGET;
    return { seatName: (seat) => this.name(seat), target, trump, picksUp: deal.dealer === this.review.seat, upcard: deal.upcard ?? null };
  }

  coach() {
    if (this.file || this.reviewState === "none") return null;
    const t = (key) => this.t(key);
    if (this.reviewState === "loading") return h("p", { class: "muted", id: "replay-coach", role: "status" }, t("replayReview.loading"));
    if (this.reviewState === "failed") return h("p", { class: "form-error", id: "replay-coach" }, t("replayReview.failed"));
    const decisions = this.review.decisions(this.replay.deals[this.deal].number);
    return h(
      "div",
      { class: "replay-coach", id: "replay-coach" },
      this.sideways.matches ? this.verdictBox(this.frames[this.step], this.replay.deals[this.deal]) : null,
      h("details", { class: "box decisions", id: "replay-decisions-box", open: true }, h("summary", {}, t("replayReview.yours")), decisionList(this.ctx, decisions, this.step, this.replay.deals[this.deal].dealer === this.review.seat)),
    );
  }
}
