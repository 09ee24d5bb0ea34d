// Replays: a finished game (api/games/<id>) or an uploaded EGN file, hand by hand, bid by
// bid and card by card, with every hand face up; the record can be downloaded as EGN.

import { cardImage, cardName, suitBadge } from "./cards.js";
import { h } from "./dom.js";
import { Page } from "./page.js";
import { loadRecent, loadSheetRows, recentGames, replaySheet } from "./recent.js";
import { displaySorted, suitOf, trickWinnerIndex } from "./rules.js";

export function mount(ctx, root, params) {
  const page = new ReplayPage(ctx, root, params.game || null);
  page.start();
  return page;
}

class ReplayPage extends Page {
  constructor(ctx, root, gameId) {
    super(ctx, root);
    this.gameId = gameId;
    this.record = null;
    this.error = null;
    this.deal = 0;
    this.step = 0;
    this.frames = [];
    this.recent = null; // the viewer's and public recent games (no game chosen)
    this.sheetRows = null; // the chosen game's score sheet
    this.keys = (e) => this.key(e);
    document.addEventListener("keydown", this.keys);
  }

  unmount() {
    super.unmount();
    document.removeEventListener("keydown", this.keys);
  }

  async start() {
    if (!this.gameId) {
      this.render();
      this.recent = await loadRecent().catch(() => null);
      if (!this.gone && !this.record) this.render();
      return;
    }
    this.root.replaceChildren(h("p", { class: "loading", role: "status" }, this.t("replay.loading")));
    try {
      const response = await fetch(`api/games/${encodeURIComponent(this.gameId)}`);
      if (response.status === 409) throw new Error(this.t("replay.stillPlaying"));
      if (!response.ok) throw new Error(this.t("replay.notFound"));
      const record = await response.json();
      this.sheetRows = await loadSheetRows(this.gameId).catch(() => null);
      if (!this.gone) this.load(record);
    } catch (err) {
      this.error = err.message;
      if (!this.gone) this.render();
    }
  }

  load(record) {
    if (!record || !Array.isArray(record.deals)) {
      this.error = this.t("replay.notEgn");
      this.record = null;
    } else {
      this.record = record;
      this.error = null;
      this.showDeal(0);
      return;
    }
    this.render();
  }

  showDeal(index) {
    this.deal = Math.max(0, Math.min(index, this.record.deals.length - 1));
    this.frames = framesOf(this.record, this.record.deals[this.deal]);
    this.step = 0;
    this.render();
  }

  move(step) {
    if (!this.frames.length) return;
    this.step = Math.max(0, Math.min(step, this.frames.length - 1));
    this.render();
    const frame = this.frames[this.step];
    this.ctx.announce(this.frameText(frame));
  }

  key(e) {
    if (!this.record || e.target.closest("input, select, textarea")) return;
    const moves = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0, End: this.frames.length - 1 };
    if (e.key in moves && !e.target.closest(".hand, .bid-buttons")) {
      e.preventDefault();
      this.move(moves[e.key]);
    }
  }

  // ------------------------------------------------------------------ rendering

  render() {
    const children = [h("h1", { id: "replay-title", tabindex: "-1" }, this.t("replay.title"))];
    if (this.error) children.push(h("p", { class: "form-error", role: "alert", id: "replay-error" }, this.error));
    if (this.record) children.push(this.summary(), this.dealPicker(), this.board(), this.stepper());
    if (this.record && this.gameId) children.push(replaySheet(this.ctx, this.sheetRows, this.record.metadata?.players || [], (this.record.metadata?.players || []).length));
    if (!this.record) children.push(recentGames(this.ctx, this.recent));
    children.push(this.uploadForm());
    this.root.replaceChildren(h("section", { class: "replay", "aria-labelledby": "replay-title" }, children));
  }

  uploadForm() {
    const input = h("input", { type: "file", id: "egn-file", accept: ".egn,.json,application/json" });
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      try {
        this.gameId = null;
        this.load(JSON.parse(await file.text()));
      } catch {
        this.error = this.t("replay.notEgn");
        this.record = null;
        this.render();
      }
    });
    return h(
      "div",
      { class: "box upload" },
      h("label", { for: "egn-file" }, this.t("replay.upload")),
      input,
      h("p", { class: "hint" }, this.t("replay.uploadHint")),
    );
  }

  summary() {
    const meta = this.record.metadata || {};
    const players = meta.players || [];
    const score = meta.finalScore ? meta.finalScore.join(" – ") : this.t("replay.unfinished");
    const blob = new Blob([JSON.stringify(this.record, null, 2)], { type: "application/json" });
    const name = `euchre-${this.gameId || meta.gameId || "game"}.egn`;
    return h(
      "div",
      { class: "box replay-summary" },
      h("p", {}, h("strong", {}, this.t("replay.players")), " ", players.map((p, i) => `${i + 1}. ${p}`).join(" · ")),
      h("p", {}, h("strong", {}, this.t("replay.finalScore")), " ", score),
      h("a", { class: "button", id: "egn-download", href: URL.createObjectURL(blob), download: name }, this.t("game.download")),
    );
  }

  dealPicker() {
    const deals = this.record.deals;
    const select = h(
      "select",
      { id: "replay-deal", onchange: (e) => this.showDeal(Number(e.target.value)) },
      deals.map((d, i) => h("option", { value: i, selected: i === this.deal }, this.t("replay.hand", { n: i + 1 }))),
    );
    return h(
      "div",
      { class: "row wrap replay-deals" },
      h("button", { type: "button", disabled: this.deal === 0, onclick: () => this.showDeal(this.deal - 1) }, this.t("replay.prevHand")),
      h("label", { for: "replay-deal", class: "visually-hidden" }, this.t("replay.chooseHand")),
      select,
      h("button", { type: "button", disabled: this.deal >= deals.length - 1, onclick: () => this.showDeal(this.deal + 1) }, this.t("replay.nextHand")),
    );
  }

  stepper() {
    const last = this.frames.length - 1;
    const button = (label, step, id, disabled) =>
      h("button", { type: "button", id, disabled, onclick: () => this.move(step) }, label);
    return h(
      "div",
      { class: "row wrap replay-steps", role: "group", "aria-label": this.t("replay.steps") },
      button(this.t("replay.first"), 0, "replay-first", this.step === 0),
      button(this.t("replay.back"), this.step - 1, "replay-back", this.step === 0),
      h("span", { class: "muted", id: "replay-position" }, this.t("replay.step", { n: this.step, total: last })),
      button(this.t("replay.next"), this.step + 1, "replay-next", this.step >= last),
      button(this.t("replay.last"), last, "replay-last", this.step >= last),
    );
  }

  board() {
    const frame = this.frames[this.step];
    const players = this.record.metadata?.players || [];
    const n = frame.hands.length;
    const name = (seat) => players[seat] || this.t("table.seatN", { n: seat + 1 });
    const seats = frame.hands.map((hand, seat) =>
      h(
        "div",
        { class: `replay-seat${frame.inactive.includes(seat) ? " inactive" : ""}${frame.toAct === seat ? " to-act" : ""}` },
        h(
          "h3",
          {},
          name(seat),
          frame.dealer === seat ? h("span", { class: "chip dealer", title: this.t("table.dealer") }, this.t("table.dealerShort")) : null,
          frame.maker === seat ? h("span", { class: "chip maker" }, frame.alone ? this.t("table.alone") : this.t("table.makerShort")) : null,
        ),
        h("div", { class: "card-row" }, displaySorted(hand, frame.trump).map((c) => cardImage(this.ctx.i18n, c, { class: "small" }))),
        h("p", { class: "muted" }, this.t("table.tricksN", { count: frame.tricks[seat] }), frame.calls[seat] ? ` · ${this.callLabel(frame.calls[seat])}` : ""),
      ),
    );
    const trick = frame.trick.map(({ seat, card }) =>
      h("div", { class: `replay-play${frame.winner === seat ? " winner" : ""}` }, cardImage(this.ctx.i18n, card, { class: "small" }), h("span", {}, name(seat))),
    );
    return h(
      "div",
      { class: `replay-board players-${n}`, id: "replay-board" },
      h(
        "div",
        { class: "box replay-state" },
        h("p", { id: "replay-note", "aria-live": "polite" }, this.frameText(frame)),
        frame.upcard ? h("div", { class: "upcard" }, cardImage(this.ctx.i18n, frame.upcard, { class: "small" }), h("span", {}, this.t("table.turnUp"))) : null,
        frame.trump ? h("p", {}, this.t("table.trump"), " ", frame.trump === "n" ? this.t("cards.noTrump") : suitBadge(this.ctx.i18n, frame.trump)) : null,
        h("div", { class: "replay-trick", role: "group", "aria-label": this.t("table.trick") }, trick),
      ),
      h("div", { class: "replay-seats" }, seats),
    );
  }

  callLabel(call) {
    if (call === "Pass") return this.t("bids.pass");
    if (call === "Order") return this.t("bids.order");
    const suit = call.toLowerCase() === "n" ? this.t("cards.noTrump") : this.t(`cards.suits.${call.toLowerCase()}`);
    return this.t("bids.call", { suit });
  }

  frameText(frame) {
    const players = this.record.metadata?.players || [];
    const name = (seat) => players[seat] || this.t("table.seatN", { n: seat + 1 });
    const e = frame.event;
    if (!e) return this.t("replay.dealt", { name: name(frame.dealer) });
    if (e.kind === "call") return `${name(e.seat)}: ${this.callLabel(e.text)}`;
    if (e.kind === "discard") return this.t("events.discardsCard", { name: name(e.seat), card: cardName(this.ctx.i18n, e.card) });
    if (e.kind === "exchange") return this.t("replay.exchange", { name: name(e.seat) });
    const played = this.t("events.plays", { name: name(e.seat), card: cardName(this.ctx.i18n, e.card) });
    return frame.winner !== null ? `${played} ${this.t("events.trickWon", { name: name(frame.winner), n: frame.trickNumber })}` : played;
  }
}

// ------------------------------------------------------------------ replaying a deal

/** Every step of one EGN deal as a picture of the table (all hands face up). */
export function framesOf(record, deal) {
  const init = deal.initialState || {};
  const hands = (init.playerCards || []).map((cards) => [...cards]);
  const n = hands.length || (record.metadata?.players || []).length || 4;
  while (hands.length < n) hands.push([]);
  const base = {
    hands,
    dealer: init.dealer ?? 0,
    upcard: init.upCard || null,
    trump: null,
    maker: null,
    alone: false,
    inactive: [],
    calls: {},
    tricks: Array(n).fill(0),
    trick: [],
    winner: null,
    trickNumber: 0,
    toAct: null,
    event: null,
  };
  const frames = [snapshot(base)];
  const bidding = (deal.phases || []).find((p) => p.type === "EUCHRE_BIDDING");
  const play = (deal.phases || []).find((p) => p.type === "TRICK_PLAY");
  if (bidding) biddingFrames(record, base, bidding, frames);
  for (const exchange of deal.cardExchanges || bidding?.cardExchanges || []) {
    applyExchange(base, exchange);
    base.event = { kind: "exchange", seat: exchange.receiver };
    frames.push(snapshot(base));
  }
  if (play) playFrames(base, play, frames);
  return frames;
}

function snapshot(state) {
  return {
    ...state,
    hands: state.hands.map((hand) => [...hand]),
    calls: { ...state.calls },
    tricks: [...state.tricks],
    trick: [...state.trick],
    inactive: [...state.inactive],
  };
}

function biddingFrames(record, state, bidding, frames) {
  const n = state.hands.length;
  const calls = bidding.calls || [];
  const jokerNamed = state.upcard === "B" && calls.length === 1 && calls[0] !== "Pass";
  calls.forEach((call, i) => {
    const seat = jokerNamed ? state.dealer : (state.dealer + 1 + i) % n;
    state.calls[seat] = call;
    if (call !== "Pass") {
      state.maker = seat;
      state.trump = call === "Order" ? suitOf(state.upcard) || "h" : call.toLowerCase();
      if (call !== "Order" && !jokerNamed) state.upcard = null;
    }
    state.event = { kind: "call", seat, text: state.calls[seat] };
    frames.push(snapshot(state));
  });
  if (state.maker !== null && bidding.isAlone && n === 4) {
    state.alone = true;
    state.inactive.push((state.maker + 2) % 4);
  }
  if (bidding.aloneDefender !== undefined && bidding.aloneDefender >= 0 && n === 4) {
    state.inactive.push((bidding.aloneDefender + 2) % 4);
  }
  if (bidding.discard) {
    const dealer = state.dealer;
    const hand = state.hands[dealer];
    if (state.upcard && !hand.includes(state.upcard)) hand.push(state.upcard);
    state.hands[dealer] = hand.filter((c) => c !== bidding.discard);
    state.event = { kind: "discard", seat: dealer, card: bidding.discard };
    frames.push(snapshot(state));
  }
  state.upcard = null;
}

function applyExchange(state, exchange) {
  const cards = exchange.cards || [];
  if (exchange.sender === exchange.receiver) {
    const hand = state.hands[exchange.sender];
    const shown = cards.slice(0, 3);
    state.hands[exchange.sender] = hand.filter((c) => !shown.includes(c)).concat(cards.slice(3));
    return;
  }
  state.hands[exchange.sender] = state.hands[exchange.sender].filter((c) => !cards.includes(c));
  state.hands[exchange.receiver] = state.hands[exchange.receiver].concat(cards);
}

function playFrames(state, play, frames) {
  (play.tricks || []).forEach((trick, index) => {
    state.trick = [];
    state.winner = null;
    trick.forEach((card, i) => {
      const seat = state.hands.findIndex((hand) => hand.includes(card));
      if (seat >= 0) state.hands[seat] = state.hands[seat].filter((c) => c !== card);
      state.trick.push({ seat, card });
      state.trickNumber = index + 1;
      if (i === trick.length - 1) {
        const winner = state.trick[trickWinnerIndex(trick, state.trump)].seat;
        state.winner = winner;
        if (winner >= 0) state.tricks[winner] += 1;
      }
      state.event = { kind: "play", seat, card };
      frames.push(snapshot(state));
    });
  });
}

