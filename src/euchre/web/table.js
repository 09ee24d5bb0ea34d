// The table: seats, hand, turn-up, bidding, tricks, scores, summaries; by mouse, touch or keys.
//
// The server's state object is the only truth: every "table" snapshot and every "event"
// carries this seat's full view, so the page simply renders the newest one. Events add
// the animation, the log and the screen-reader announcements.

import { actKey, CARD_KINDS } from "./acts.js";
import { cardImage, cardName, cardPicture, cardShort, SUIT_SYMBOL, suitBadge } from "./cards.js";
import { h, morph, rove, setRovingFocus } from "./dom.js";
import { Coach } from "./coach.js";
import { bidButtons, feltContract, feltScore, seatButtonWords, sitHereWords } from "./felt.js";
import { botLevelName } from "./lobby.js";
import { BOT_LEVELS } from "./options.js";
import { Page } from "./page.js";
import { suitOf } from "./cardtext.js";
import { cardNameUnder, withTrumpRole } from "./trumprole.js";
import { clickedOutsideLook, closeLook, feltLookButtons, openLook } from "./lasttrick.js";
import { matchLine, rubberLine } from "./matchline.js";
import { dealTrumps, describeGame, EventLog, eventTrump, timeRanOut } from "./narration.js";
import { PlayAgain } from "./playagain.js";
import { RankedResult } from "./rankedresult.js";
import { copyInvite, feltInvite } from "./share.js";
import { sidePanel } from "./sidepanel.js";
import { askStand, cancelStand, confirmStand, standKey } from "./standup.js";
import { backToTable, turnPill, updateTurnPill } from "./turnpill.js";
import { SeatMoves } from "./seatmove.js";
import { continueWords, HandPause, handSummary } from "./summary.js";
import { withRows } from "./scoresheet.js";
import { fetchInvite, inviteFailure, invitedText, showInviteRules } from "./invitepreview.js";
import { seatElsewhere } from "./elsewhere.js";
import { FillCountdown } from "./waiting.js";
import { placeHint } from "./hintplace.js";
import { TakeOff } from "./takeoff.js";
import { GameClock } from "./gameclock.js";
import { dealCount } from "./dealcount.js";
import { houseRulesButton, showTableRules } from "./houserules.js";
import { tableHeading } from "./tablename.js";
import { isolateName } from "./i18n.js";
import { giftTag, promptText } from "./turnprompt.js";
import { disabledDescriptions, sayWhyNot } from "./whynot.js";

// The bids are disabled this long after the hand summary went by itself.
const TAPS_HELD_MS = 700;
const POSITIONS = { 4: ["bottom", "left", "top", "right"], 3: ["bottom", "left", "right"], 2: ["bottom", "top"] };
const BIDDING = new Set(["go_under", "throw_in_claim", "joker_name", "bid_r1", "take_alone", "bid_r2"]);
const TRICK_SHOWN_MS = 1600;
const JOIN_RETRIES = 6;
// The server moves when a turn clock runs out: silence this long past it may be a stalled
// server, which a probe (net.js) finds out sooner than the heartbeat's silence would.
const OVERDUE_PROBE_S = 3;
const RESYNC_AFTER_UNAVAILABLE_MS = 1000; // the table moving to another server takes about a lease

export function mount(ctx, root, params) {
  const page = new TablePage(ctx, root, params);
  page.start();
  return page;
}

class TablePage extends Page {
  constructor(ctx, root, params) {
    super(ctx, root);
    this.tableId = params.table || null;
    this.invite = params.invite || null;
    this.version = 0;
    this.info = null;
    this.state = null;
    this.you = null;
    this.heldSeat = null; // the seat last ours here: standing up mid-game keeps it ours
    this.seatMoves = new SeatMoves(this);
    this.takeOff = new TakeOff(this);
    this.inviteCode = null;
    this.clock = null;
    this.gameClock = new GameClock();
    this.lastTrick = null;
    this.lastDeal = null;
    this.sheet = []; // every scored hand of the game (the score sheet)
    this.recentTrick = null; // the previous completed trick, for "Last trick"
    this.showLastTrick = false;
    this.showSheet = false; // the score sheet's sheet
    this.lookReturn = null; // where focus goes back to when a look-back sheet closes
    this.gameOverClosed = false; // the game over box put away (Escape, Close) to see the table
    this.inerted = []; // what the game over box covers, made inert (coverUnder())
    this.handPause = new HandPause();
    this.pauseTicks = 0; // the countdown of the summary's "Continue (3 s)" now running
    this.tapsHeldUntil = 0; // performance.now() until which the bids are disabled
    this.summaryShown = false; // the hand summary showed at the last render
    this.summaryClosedByPlayer = false; // ... and the player closed it since (Continue)
    this.fill = new FillCountdown();
    this.playAgain = new PlayAgain(this);
    this.ranked = new RankedResult(this);
    this.coach = new Coach(this);
    this.log = new EventLog();
    this.pending = null;
    this.catchingUp = false; // on a new socket, the table not fetched again yet: the view may be old
    this.failure = null;
    this.joinTries = 0;
    this.wasMyTurn = false;
    this.focusOwed = false; // focus to give the choice once its held buttons are free
    this.handTold = null; // the deal whose cards were said to a screen reader
    this.botLevel = "";
    this.goAlone = false;
    this.timers = [];
    this.pageEl = null;
    this.onClick = (e) => this.clicked(e);
    this.onKey = (e) => this.keyed(e);
    this.onChange = (e) => this.changed(e);
    root.addEventListener("click", this.onClick);
    root.addEventListener("keydown", this.onKey);
    root.addEventListener("change", this.onChange);
    this.onLookBackKey = (e) => this.lookBackKey(e);
    document.addEventListener("keydown", this.onLookBackKey);
    this.onClickOutside = (e) => clickedOutsideLook(this, e);
    document.addEventListener("click", this.onClickOutside);
    this.onMessage = (e) => this.message(e.detail);
    this.onOpen = (e) => this.opened(e.detail);
    ctx.net.addEventListener("message", this.onMessage);
    ctx.net.addEventListener("open", this.onOpen);
    this.tick = setInterval(() => this.updateClocks(), 250);
    this.onResize = () => {
      this.coverUnder(this.panelOverTable());
      this.fitFelt();
      placeHint(this.root.querySelector(".felt"));
      updateTurnPill(this.root);
    };
    window.addEventListener("resize", this.onResize);
    this.onScroll = () => {
      updateTurnPill(this.root);
      placeHint(this.root.querySelector(".felt")); // one beside the felt follows the side column
    };
    window.addEventListener("scroll", this.onScroll, { passive: true });
  }

  start() {
    if (!this.ctx.session) {
      this.renderNameForm();
      return;
    }
    this.renderLoading();
    if (this.ctx.net.connected) this.join();
  }

  unmount() {
    super.unmount();
    this.ctx.net.removeEventListener("message", this.onMessage);
    this.ctx.net.removeEventListener("open", this.onOpen);
    clearInterval(this.tick);
    window.removeEventListener("resize", this.onResize);
    window.removeEventListener("scroll", this.onScroll);
    this.root.removeEventListener("click", this.onClick);
    this.root.removeEventListener("keydown", this.onKey);
    this.root.removeEventListener("change", this.onChange);
    document.removeEventListener("keydown", this.onLookBackKey);
    document.removeEventListener("click", this.onClickOutside);
    for (const timer of this.timers) clearTimeout(timer);
    this.coverUnder(null); // nothing left inert for the next page
    this.ctx.attention.turn(false);
    if (this.tableId && this.info && (this.mySeat() === null || this.playAgain.leaving())) {
      this.ctx.net.send({ type: "leave", table: this.tableId });
    }
  }

  relabel() {
    if (!this.ctx.session) this.renderNameForm();
    else if (this.info) this.render();
    else this.renderLoading();
  }

  later(ms, fn) {
    this.timers.push(setTimeout(fn, ms));
  }

  // ------------------------------------------------------------------ joining

  opened(detail) {
    if (!this.ctx.session) return;
    if (detail.again && this.info) {
      this.catchingUp = true;
      this.render();
    }
    this.join();
  }

  async join(takeOver = false) {
    const net = this.ctx.net;
    const message = this.tableId
      ? { type: "join", table: this.tableId, since: this.info ? this.version : null }
      : { type: "join", invite: this.invite };
    if (takeOver) message.take_over = true;
    try {
      const snapshot = await net.request(message);
      if (this.gone) return;
      this.joinTries = 0;
      this.failure = null;
      if (!this.tableId) history.replaceState(null, "", `#/table/${snapshot.table}`);
      this.snapshot(snapshot);
    } catch (err) {
      if (!this.gone) this.joinFailed(err);
    }
  }

  joinFailed(err) {
    // seat_in_use is not retried: the same page (a reload, a new socket) takes its seat
    // over by its page id (net.js), so it means another tab or device.
    const retry = ["disconnected", "timeout", "server_error"].includes(err.code);
    if (retry && this.joinTries < JOIN_RETRIES) {
      this.joinTries += 1;
      this.later(300 * this.joinTries, () => this.ctx.net.connected && this.join());
      return;
    }
    if (err.code === "offline") return; // the "open" event joins again
    this.failure = this.tableId || err.code === "seat_in_use" ? err : inviteFailure(err);
    this.renderFailure();
  }

  /** Play at this tab after all: the seat's other tab or device lets it go. */
  playHere() {
    this.failure = null;
    this.joinTries = 0;
    this.renderLoading();
    this.join(true);
  }

  // ------------------------------------------------------------------ messages

  message(m) {
    if (!this.tableId || m.table !== this.tableId) return;
    if (m.type === "table" && m.handled !== true) this.snapshot(m);
    else if (m.type === "event") this.event(m);
    else if (m.type === "watchers" && this.info) this.watchersChanged(m);
    else if (m.type === "clock" && m.version === this.version) this.clockStarted(m);
  }

  /** The pause after a hand is over and a person's clock starts (no event). */
  clockStarted(m) {
    this.clock = m.clock ? { ...m.clock, at: performance.now() } : null;
    this.handPause.set(null, null);
    this.render();
  }

  /** Spectators came or went (no event: the table's version does not move). */
  watchersChanged(m) {
    const hostHere = m.host_here === undefined ? {} : { host_here: m.host_here };
    this.info = { ...this.info, spectators: m.spectators, ...(m.watching ? { watching: m.watching } : {}), ...hostHere };
    this.render();
  }

  /** Errors about this table: an action the table moved past resyncs; the rest are shown. */
  onError(m) {
    if (!this.tableId || (m.table !== this.tableId && !String(m.ref || "").startsWith("f"))) return false;
    this.pending = null;
    if (m.code === "stale" || m.code === "not_your_turn") {
      this.resync();
      // a tap that crossed another's move: the view changes under the finger, so say it did not count
      if (m.code === "stale") this.ctx.showError(m);
      return true;
    }
    // The table moved to another server (or the servers lost touch for a moment): the
    // table as it is now may differ from what the page shows, so fetch it again shortly.
    if (m.code === "unavailable") this.resyncSoon();
    this.ctx.showError(m);
    this.render();
    return true;
  }

  /** One resync a moment from now (a second `unavailable` meanwhile asks nothing more). */
  resyncSoon() {
    if (this.resyncWaiting) return;
    this.resyncWaiting = true;
    this.later(RESYNC_AFTER_UNAVAILABLE_MS, () => {
      this.resyncWaiting = false;
      if (this.ctx.net.connected && this.tableId) this.resync();
    });
  }

  resync() {
    this.ctx.net.fire({ type: "resync", table: this.tableId, since: this.version });
  }

  snapshot(m) {
    if (this.info && m.version < this.version) return;
    const fresh = !this.info;
    const caughtUp = this.catchingUp;
    this.catchingUp = false;
    this.tableId = m.table;
    this.version = m.version;
    this.info = m.info;
    this.state = m.state;
    this.you = m.you;
    if (m.you && m.you.seat !== null && m.you.seat !== undefined) this.heldSeat = m.you.seat;
    this.inviteCode = m.invite || this.inviteCode;
    this.setClock(m.clock, m.info, m.fill);
    const trumps = dealTrumps(m.missed || [], m.state);
    (m.missed || []).forEach((e, i) => this.noteEvent(e, m.state, false, null, trumps[i]));
    this.lookBack(m);
    this.pending = null;
    this.render();
    if (caughtUp) this.announce(this.t("table.reconnected"));
    if (fresh) {
      this.root.querySelector("h1")?.focus();
      if (this.isMyTurn()) this.focusFirstChoice(); // joined on one's own turn: straight to the choice
    }
  }

  event(m) {
    if (m.version <= this.version) return;
    if (this.info && m.version > this.version + 1) {
      this.resync(); // a gap: fetch what was missed (the state below is complete anyway)
    }
    this.version = m.version;
    if (m.info) this.info = m.info;
    const before = this.state;
    this.state = m.state;
    this.setClock(m.clock, m.info, m.fill);
    this.pending = null;
    this.seatMoves.follow(m.event);
    if (this.takeOff.tookMeOff(m.event)) {
      this.failure = { code: "taken_off" };
      this.renderFailure();
      return;
    }
    this.noteEvent(m.event, m.state, true, before);
    this.handPause.set(m.pause, m.pause ? this.lastDeal : null);
    if (m.pause) this.countDownPause();
    this.render();
  }

  /** A snapshot's look-back: the score sheet, the last trick, the log so far, the pause. */
  lookBack(m) {
    if (m.sheet) this.sheet = m.sheet;
    if (m.last_trick !== undefined) this.recentTrick = m.last_trick;
    if (m.log) {
      this.log.clear();
      this.log.noteHistory(this, m.log, m.state, dealTrumps(m.log, m.state));
      this.playAgain.noteLog(m.log);
    }
    const last = this.sheet[this.sheet.length - 1] || null;
    if (last && !this.lastDeal) this.lastDeal = last;
    this.handPause.set(m.pause, m.pause ? last : null);
    if (m.pause) this.countDownPause();
  }

  /** The summary's "Continue (3 s)" counts down each second; when the pause runs out the
   * next deal shows. One countdown at a time: each message of the pause starts it again. */
  countDownPause(tick = ++this.pauseTicks) {
    if (tick !== this.pauseTicks) return;
    const left = this.handPause.msLeft();
    if (left <= 0 || !this.handPause.showing()) {
      this.render();
      return;
    }
    const button = this.root.querySelector("#summary-continue");
    if (button) button.textContent = continueWords(this);
    this.later(left % 1000 || 1000, () => this.countDownPause(tick));
  }

  /** Whether the hand summary has just come. One gone by itself (its time ran out, the
   * others continued): for a moment the bids are disabled, so that a tap meant for it
   * ("Review hand") is not taken for a bid now under the finger. */
  summaryJustCame() {
    const showing = this.handPause.showing();
    if (this.summaryShown && !showing && !this.summaryClosedByPlayer) {
      this.tapsHeldUntil = performance.now() + TAPS_HELD_MS;
      this.later(TAPS_HELD_MS + 20, () => this.render());
    }
    const came = showing && !this.summaryShown;
    this.summaryShown = showing;
    this.summaryClosedByPlayer = false;
    return came;
  }

  /** Bids are not taken now: one is on its way, or the summary just went (above). */
  choicesHeld() {
    return Boolean(this.pending) || performance.now() < this.tapsHeldUntil;
  }

  continueAfterHand() {
    if (!this.handPause.showing()) return;
    this.handPause.dismiss();
    if (this.mySeat() !== null) this.ctx.net.fire({ type: "continue", table: this.tableId });
    this.summaryClosedByPlayer = true; // their next tap is meant for the deal
    this.render();
  }

  /** ``byKey``: opened by the L key, so closing gives focus back to where the player was
   * (the card or bid they were on), not to the "Last trick" button they never went to. */
  toggleLastTrick(byKey = false) {
    if (this.showLastTrick || !this.recentTrick) this.closeLook();
    else this.openLook("trick", byKey);
  }

  toggleSheet() {
    if (this.showSheet) this.closeLook();
    else this.openLook("sheet", false);
  }

  openLook(kind, byKey) {
    openLook(this, kind, byKey);
  }

  closeLook() {
    closeLook(this);
  }

  /** Where focus is now, to come back to after a panel a shortcut opened (null: nowhere). */
  focusMark() {
    const el = document.activeElement;
    if (!el || el === document.body || el.id === "main") return null;
    return { el, key: el.dataset?.key || null, id: el.id || null };
  }

  /** Focus what ``mark`` noted (the same element, or its re-drawn copy); false when it is gone
   * or no longer usable (the card was played, the bid made). */
  refocus(mark) {
    let el = mark.el.isConnected ? mark.el : null;
    if (!el && mark.id) el = document.getElementById(mark.id);
    if (!el && mark.key) el = this.root.querySelector(`[data-key="${CSS.escape(mark.key)}"]`);
    if (!el || el.disabled || el.closest("[hidden], [inert]")) return false;
    el.focus({ preventScroll: true });
    return document.activeElement === el;
  }

  setClock(clock, info, fill) {
    this.fill.update(fill, info || this.info);
    this.clock = clock ? { ...clock, at: performance.now() } : null;
    if (info) this.gameClock.noteInfo(info);
  }

  /** An event into the log; ``speak``: live (announced, heard), not replayed on joining. */
  noteEvent(e, state, speak, before = null, trump = undefined) {
    const words = this.log.noteEvent(this, e, state, before, trump);
    if (speak) this.soundOf(e);
    if ((e.kind === "action" && e.seat === this.mySeat()) || e.kind === "started") this.goAlone = false;
    if (e.trick) {
      // The trick that ends a hand is not drawn over the next deal's turn-up: the hand's
      // summary (and "Last trick") show it instead.
      this.lastTrick = e.deal_over ? null : { ...e.trick, until: performance.now() + TRICK_SHOWN_MS };
      this.recentTrick = { deal: e.deal_over ? e.deal_over.deal : (state?.deal ?? 0), trump: eventTrump(e, state), ...e.trick };
      this.later(TRICK_SHOWN_MS + 50, () => this.render());
    }
    if (e.deal_over) {
      this.lastDeal = e.deal_over;
      this.sheet = withRows(this.sheet, [e.deal_over, ...(e.redeals || [])]);
    }
    this.playAgain.note(e);
    // someone asked to play again: the result box (where the offer is answered) opens
    // again for a player who had put it away, or their seat went to a bot unseen
    if (e.kind === "rematch" && speak && this.mySeat() !== null) {
      if (this.showSheet || this.showLastTrick) this.closeLook();
      this.gameOverClosed = false;
    }
    if (e.kind === "started") {
      this.gameOverClosed = false;
      this.lastDeal = null;
      this.sheet = withRows([], e.redeals || []); // a farmer's hand in the first deal
      this.recentTrick = null;
    }
    if (e.kind === "time_up") this.gameClock.noteTimeUp();
    const news = this.log.noteNews(this, this.gameClock.noteDealOver(e));
    if (speak) for (const said of [words, news]) if (said()) this.announce(said());
    // Shown on the screen too (on a phone the log is folded away); heard once, above. Only
    // what the timer did: with the trick it won too it ran to four lines over the hand.
    if (speak && e.kind === "action" && e.by === "timer" && e.seat === this.mySeat()) this.ctx.toast(() => timeRanOut(this, e, state), "info", { heard: false });
  }

  /** A card played, a trick won, a side euchred: heard unless muted (attention.js). */
  soundOf(e) {
    const attention = this.ctx.attention;
    if (e.kind !== "action") return;
    if (e.deal_over && this.euchred(e.deal_over)) attention.sound("euchre");
    else if (e.trick) attention.sound("trick");
    else if (e.act.kind === "play") attention.sound("card");
  }

  euchred(d) {
    if (d.outcome !== "scored" || d.maker === null || d.maker === undefined) return false;
    const makers = this.sideOf(d.maker);
    return d.points.some((p, side) => p > 0 && side !== makers);
  }

  announce(text) {
    this.ctx.announce(text);
  }

  /** A deal's cards, once they show, said to a screen reader: one had to step through the
   * five cards to learn the hand before bidding on it. */
  tellNewHand() {
    const s = this.state;
    if (!s?.hand?.length || this.mySeat() === null || this.handPause.showing()) return;
    const deal = `${this.tableId}/${s.deal}`;
    if (this.handTold === deal) return;
    this.handTold = deal;
    this.announce(this.t("table.handTold", { cards: s.hand.map((card) => cardName(this.ctx.i18n, card)).join(", ") }));
  }

  // ------------------------------------------------------------------ names

  seatName(seat) {
    const s = this.info?.seats?.[seat];
    if (!s) return this.t("table.seatN", { n: seat + 1 });
    if (s.type === "empty") return this.t("table.freeSeat");
    return s.name;
  }

  players() {
    return this.info?.players || 4;
  }

  sideOf(seat) {
    return this.players() === 4 ? seat % 2 : seat;
  }

  sideSeats(side) {
    const n = this.players();
    return n === 4 ? [side, side + 2] : [side];
  }

  sideName(side) {
    const seats = this.sideSeats(side);
    // "Ann and Free seat" read oddly: a side half seated is "Ann's side", an empty one "Side 1"
    const taken = seats.filter((s) => this.info?.seats?.[s] && this.info.seats[s].type !== "empty");
    if (!taken.length) return this.t("table.sideN", { n: side + 1 });
    const names = this.ctx.i18n.nameList(taken.map((s) => this.seatName(s)));
    return taken.length < seats.length ? this.t("table.sideOf", { name: names }) : names;
  }


  // ------------------------------------------------------------------ derived state

  mySeat() {
    if (this.state) return this.state.seat;
    return this.you ? this.you.seat : null;
  }

  isMyTurn() {
    const s = this.state;
    // While the last hand's summary shows, the next deal's first choice waits for it.
    return Boolean(s && s.seat !== null && s.to_act === s.seat && s.legal.length && this.info.status === "playing" && !this.handPause.showing());
  }

  position(seat) {
    const n = this.players();
    const base = this.mySeat() ?? 0;
    return POSITIONS[n][(seat - base + n) % n];
  }

  isManager() {
    const me = this.mySeat();
    if (this.info.kind === "ranked") return false;
    if (this.info.kind === "private") return Boolean(this.you?.host);
    return me !== null;
  }

  /** My legal actions that name a card of my hand, by the card (their objects). */
  cardActions() {
    const map = new Map();
    if (!this.isMyTurn()) return map;
    for (const act of this.state.legal_acts) if (act.card) map.set(act.card, act);
    return map;
  }

  /** My other legal actions (bids, offers, going under): the buttons' objects. */
  buttonActions() {
    if (!this.isMyTurn()) return [];
    return this.state.legal_acts.filter((act) => !act.card);
  }

  cardsLeft(seat) {
    const s = this.state;
    if (!s || !s.active.includes(seat) || this.handPause.showing()) return 0;
    return s.hand_sizes[seat];
  }

  lastBid(seat) {
    const s = this.state;
    if (!s || (!BIDDING.has(s.phase) && s.phase !== "dealer_discard")) return null;
    const bids = s.history.filter((e) => e.seat === seat && !CARD_KINDS.has(e.act.kind));
    return bids.length ? bids[bids.length - 1].act : null;
  }

  // ------------------------------------------------------------------ input (delegated)

  clicked(event) {
    const el = event.target.closest("[data-cmd]");
    if (!el || !this.root.contains(el) || el.dataset.cmd === "bot-level") return;
    const target = el.dataset.target === undefined ? null : Number(el.dataset.target);
    const commands = {
      act: () => el.dataset.action && this.act(el.dataset.action),
      "why-not": () => sayWhyNot(this, el.dataset.card),
      sit: () => this.sit(target),
      "im-back": () => this.imBack(),
      "add-bot": () => this.addBot(target),
      "remove-bot": () => this.removeBot(target),
      "take-off": () => this.takeOff.ask(target),
      "take-off-yes": () => this.takeOff.confirm(target),
      "take-off-no": () => this.takeOff.cancel(target),
      move: () => this.seatMoves.move(target),
      "swap-seats": () => this.seatMoves.start(),
      "swap-from": () => this.seatMoves.pick(target),
      "swap-to": () => this.seatMoves.swapWith(target),
      "swap-cancel": () => this.seatMoves.cancel(),
      start: () => this.startGame(),
      stand: () => askStand(this),
      "stand-yes": () => confirmStand(this),
      "stand-no": () => cancelStand(this),
      leave: () => askStand(this, "leave"),
      copy: () => copyInvite(this),
      continue: () => this.continueAfterHand(),
      "last-trick": () => this.toggleLastTrick(),
      "score-sheet": () => this.toggleSheet(),
      "close-look": () => this.closeLook(),
      "close-game-over": () => this.closeGameOver(),
      "show-result": () => this.showGameOver(),
      "house-rules": () => showTableRules(),
      hint: () => this.coach.toggleHint(),
      "close-hint": () => this.coach.closeHint(),
      "hint-why": () => this.coach.toggleWhy(),
      "back-to-table": () => backToTable(this),
      review: () => this.coach.openReview(target, el.id),
      "close-review": () => this.coach.closeReview(),
      "play-again": () => this.playAgain.ask(),
      "decline-again": () => this.playAgain.decline(),
      alone: () => {
        this.goAlone = !this.goAlone;
        this.render();
      },
    };
    const command = commands[el.dataset.cmd];
    if (command) command();
  }

  keyed(event) {
    const group = event.target.closest(".hand, .bid-buttons");
    if (group) rove(event, group, group.classList.contains("hand") ? "button.hand-card" : "button");
  }

  /** L shows the last trick, H the coach's hint; Escape closes the review or the hint; while
   * the hand summary shows, Enter, Space or Escape continue. */
  lookBackKey(event) {
    if (!this.info || event.defaultPrevented || event.target.closest?.("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (standKey(this, event) || this.seatMoves.key(event)) return true;
    if (this.gameOverShowing()) {
      // L and H would open panels under the box; Escape puts it away
      if (event.key !== "Escape") return false;
      event.preventDefault();
      this.closeGameOver();
      return true;
    }
    if ((event.key === "l" || event.key === "L") && this.info?.status !== "waiting") {
      event.preventDefault();
      this.toggleLastTrick(true);
      return true;
    }
    if ((event.key === "h" || event.key === "H") && (this.coach.canHint() || this.coach.hintOpen)) {
      event.preventDefault();
      this.coach.toggleHint(true);
      return true;
    }
    if (event.key === "Escape" && this.coach.reviewDeal !== null) {
      this.coach.closeReview();
      return true;
    }
    if (event.key === "Escape" && this.coach.hintOpen) {
      this.coach.closeHint();
      return true;
    }
    if (event.key === "Escape" && (this.showLastTrick || this.showSheet)) {
      this.closeLook();
      return true;
    }
    if (this.handPause.showing() && ["Enter", " ", "Escape"].includes(event.key) && !event.target.closest?.("button:not(#summary-continue), a")) {
      event.preventDefault();
      this.continueAfterHand();
      return true;
    }
    return false;
  }

  changed(event) {
    if (event.target.dataset.cmd === "bot-level") this.botLevel = event.target.value;
  }

  // ------------------------------------------------------------------ sending

  act(action) {
    if (this.pending || !this.isMyTurn()) return;
    if (this.catchingUp) {
      this.ctx.showError({ code: "catching_up" }); // the move would be made on the view from before the break
      return;
    }
    const ref = this.ctx.net.fire({ type: "act", table: this.tableId, action, version: this.version });
    if (!ref) {
      this.ctx.showError({ code: "offline" });
      return;
    }
    this.pending = action;
    this.coach.hintOpen = false; // the hint is for the decision just made
    this.root.querySelector(".table-page")?.setAttribute("aria-busy", "true");
  }

  /** Send a request; true when it was answered (not refused). */
  async request(message) {
    try {
      const answer = await this.ctx.net.request(message);
      if (answer.type === "table") this.snapshot(answer);
      return true;
    } catch (err) {
      this.ctx.showError(err);
      return false;
    }
  }

  sit(seat) {
    this.request({ type: "sit", table: this.tableId, seat });
  }

  /** "I'm back": the seat a bot played is the player's again. The server answers with the
   * table (the others hear "returned"): say so, and keep focus at the table, not on the
   * page's body where the button's going left it. */
  async imBack() {
    if (!(await this.request({ type: "sit", table: this.tableId, seat: null }))) return;
    if (!this.root || !this.info) return;
    this.announce(this.t("events.returnedYou"));
    this.keepFocus();
  }

  stand() {
    this.confirmingStand = false;
    this.ctx.net.fire({ type: "stand", table: this.tableId });
    this.request({ type: "resync", table: this.tableId, since: null });
  }

  async leave() {
    this.confirmingStand = false;
    try {
      await this.ctx.net.request({ type: "leave", table: this.tableId });
    } catch {
      // leaving anyway: the seat is kept for the grace period and then played by a bot
    }
    this.info = null;
    this.ctx.go("#/");
  }

  addBot(seat) {
    const message = { type: "add_bot", table: this.tableId, seat };
    if (this.botLevel) message.level = this.botLevel;
    this.ctx.net.fire(message);
  }

  removeBot(seat) {
    this.ctx.net.fire({ type: "remove_bot", table: this.tableId, seat });
  }

  startGame() {
    this.ctx.net.fire({ type: "start", table: this.tableId });
  }

  // ------------------------------------------------------------------ rendering

  renderNameForm() {
    this.pageEl = null;
    const preview = this.invitePreview;
    const invited = preview ? invitedText(this, preview) : this.t("table.invited");
    const intro = this.invite ? invited : this.t("table.nameFirst");
    this.root.replaceChildren(
      h(
        "section",
        { class: "panel narrow" },
        h("h1", {}, this.t(this.invite ? "table.invitedTitle" : "table.title")),
        this.ctx.nameForm(intro, () => this.start()),
      ),
    );
    if (preview) showInviteRules(this, preview);
    document.getElementById("guest-name")?.focus();
    if (this.invite && this.invitePreview === undefined) this.previewInvite();
  }

  async previewInvite() {
    this.invitePreview = null; // asked once
    const { preview, failure } = await fetchInvite(this.invite);
    if (this.gone || this.ctx.session) return;
    if (failure) {
      this.failure = failure;
      this.renderFailure();
    } else if (preview) {
      this.invitePreview = preview;
      const intro = document.getElementById("name-intro");
      if (intro) intro.textContent = invitedText(this, preview);
      showInviteRules(this, preview);
    }
  }

  renderLoading() {
    this.pageEl = null;
    this.root.replaceChildren(h("p", { class: "loading", role: "status" }, this.t("table.loading")));
  }

  /** Why the table could not be joined. A private table's own address (from the host's
   * address bar) is "no table" to anyone without its invite: say what to ask for. */
  failureText() {
    if (this.failure.code === "not_found" && this.tableId) return this.t("table.notFoundById");
    return this.ctx.errorText(this.failure);
  }

  renderFailure() {
    this.pageEl = null;
    if (this.failure.code === "seat_in_use") {
      this.root.replaceChildren(seatElsewhere(this));
      this.root.querySelector("h1").focus();
      return;
    }
    this.root.replaceChildren(
      h(
        "section",
        { class: "panel narrow", role: "alert" },
        h("h1", { tabindex: "-1" }, this.t(this.failure.code === "taken_off" ? "takeOff.title" : "table.notFound")),
        h("p", { id: "table-error" }, this.failureText()),
        h("a", { class: "button", href: "#/" }, this.t("nav.backToLobby")),
      ),
    );
    this.root.querySelector("h1").focus();
  }

  render() {
    if (!this.info) return;
    this.coach.expire();
    const summaryWent = this.summaryShown && !this.handPause.showing();
    const summaryCame = this.summaryJustCame();
    // focus lost with the summary's Continue (gone, or drawn anew) is still at the table:
    // a keyboard user was left on the page's body (CI, under load)
    const lost = summaryWent && document.activeElement === document.body;
    const hadFocus = lost || Boolean(this.pageEl?.contains(document.activeElement));
    const myTurn = this.isMyTurn();
    const page = h(
      "section",
      {
        class: `table-page players-${this.players()}${myTurn ? " my-turn" : ""}`,
        "aria-labelledby": "table-title",
        "aria-busy": this.catchingUp ? "true" : null,
        dataset: {
          table: this.tableId,
          version: String(this.version),
          status: this.info.status,
          phase: this.state ? this.state.phase : "waiting",
          seat: String(this.mySeat() ?? ""),
          myTurn: String(myTurn),
          deal: String(this.state ? this.state.deal : ""),
          toAct: String(this.state?.to_act ?? ""),
        },
      },
      this.header(),
      h(
        "div",
        { class: "table-main" },
        h(
          "div",
          { class: this.coach.hintOpen ? "felt hinting" : "felt", role: "region", "aria-label": this.t("table.felt") },
          this.feltScore(),
          this.feltContract(),
          this.seats(),
          feltLookButtons(this),
          this.centre(),
          this.coach.hintPanel(),
          h("div", { class: "dock" }, this.controls(), this.hand()),
        ),
      ),
      sidePanel(this),
      this.gameOverPanel(),
      turnPill(this, myTurn),
    );
    if (this.pageEl && this.pageEl.parentNode === this.root) this.pageEl = morph(this.pageEl, page);
    else {
      this.root.replaceChildren(page);
      this.pageEl = page;
    }
    this.afterRender(myTurn, hadFocus, summaryCame);
  }

  afterRender(myTurn, hadFocus, summaryCame) {
    if (summaryCame && hadFocus) document.getElementById("summary-continue")?.focus({ preventScroll: true });
    this.tellNewHand();
    if (myTurn) {
      const prompt = promptText(this);
      const newChoice = !this.wasMyTurn || prompt !== this.lastPrompt;
      if (newChoice) this.announce(prompt);
      this.lastPrompt = prompt;
      const owed = this.focusOwed; // the choice came while its buttons were held (below)
      this.focusOwed = false;
      this.focusFirstChoice(newChoice || owed);
    } else if (hadFocus) this.keepFocus();
    this.wasMyTurn = myTurn;
    this.ctx.attention.turn(myTurn, myTurn ? this.lastPrompt : "");
    this.updateClocks();
    this.fitFelt();
    placeHint(this.root.querySelector(".felt"));
    this.coverUnder(this.panelOverTable());
    this.intoViewAtStart();
    updateTurnPill(this.root);
  }

  /** The game starts (waiting -> playing): a seated player who scrolled down to the chat
   * meanwhile gets the table back in view, their hand on it. */
  intoViewAtStart() {
    const status = this.info.status;
    if (this.shownStatus === "waiting" && status === "playing" && this.mySeat() !== null) {
      this.root.querySelector(".felt")?.scrollIntoView({ block: "end" });
    }
    this.shownStatus = status;
  }

  /** The box over the table whose surroundings are inert: the game over box, or on a phone
   * an open look-back sheet (fixed over the table there, in the side column on a desktop). */
  panelOverTable() {
    if (this.gameOverShowing()) return document.getElementById("game-over");
    const sheet = this.root.querySelector(".look-sheet:not([hidden])");
    return sheet && getComputedStyle(sheet).position === "fixed" ? sheet : null;
  }

  /** The game over box shows (app.css: fixed over the felt and the side panel). */
  gameOverShowing() {
    const s = this.state;
    return Boolean(s && s.phase === "game_over" && s.winner !== null && s.winner !== undefined && !this.gameOverClosed && this.coach.reviewDeal === null);
  }

  /** What the fixed ``panel`` covers, or may cover as the page scrolls under it, made
   * inert (none when ``panel`` is null): Tab would take focus there unseen (WCAG 2.4.11).
   * That is the rest of the page's main content across the box's width: the table and
   * its side panel, and the chat below them (not the chat beside them on a wide screen,
   * nor the top bar, which the box never reaches). */
  coverUnder(panel) {
    for (const el of this.inerted) el.inert = false;
    this.inerted = [];
    const main = document.getElementById("main");
    if (!panel || !main?.contains(panel)) return;
    const box = panel.getBoundingClientRect();
    for (let node = panel; node !== main; node = node.parentElement) {
      for (const other of node.parentElement.children) {
        if (other === node || other.inert || other.matches("[aria-live], [role=alert], [role=status], .look-backdrop")) continue;
        const r = other.getBoundingClientRect();
        if (r.right <= box.left || r.left >= box.right) continue; // beside the box, never under it
        other.inert = true;
        this.inerted.push(other);
      }
    }
  }

  /** Escape or Close: the box goes, the table and its side panel are usable; "Show the
   * result" on the felt (and beside "Leave the table") brings the box back. */
  closeGameOver() {
    this.gameOverClosed = true;
    this.render();
    const back = document.getElementById("felt-show-result"); // where the box was
    if (!back) return;
    back.focus({ preventScroll: true });
    // the page stays where it is, unless the felt was scrolled away under the box
    const { top, bottom } = back.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) back.scrollIntoView({ block: "center" });
  }

  showGameOver() {
    this.gameOverClosed = false;
    this.render();
    document.getElementById("game-over-title")?.focus();
  }

  /** The felt, with the hand and the bids on it, takes the screen below where it starts
   * (app.css: --felt-top), so nothing the player must decide on is below the fold. */
  fitFelt() {
    const felt = this.root.querySelector(".felt");
    if (!felt) return;
    const box = felt.getBoundingClientRect();
    const style = document.documentElement.style;
    style.setProperty("--felt-top", `${Math.round(box.top + window.scrollY)}px`);
    // where the felt is across the screen: the game over box is centred on it (app.css)
    style.setProperty("--felt-left", `${Math.round(box.left)}px`);
    style.setProperty("--felt-width", `${Math.round(box.width)}px`);
  }

  /** Where focus goes when a coach panel closes that no control opened: the choice, or the title. */
  focusAfterCoach() {
    const target = this.root.querySelector(".hand-card.legal, .bid-buttons button") || document.getElementById("table-title");
    target?.focus({ preventScroll: true });
  }

  /** Focus that was at the table when its control went away (the card just played, the
   * bid just made) stays there, on the hand (or the title), not on the page's body. */
  keepFocus() {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target = this.root.querySelector('.hand-card[tabindex="0"], .hand-card, #summary-continue') || document.getElementById("table-title");
    target?.focus({ preventScroll: true });
  }

  /** On my turn, keyboard focus goes to the first legal choice unless the user is elsewhere.
   * ``newChoice``: the turn (or its question) has just come; a card that may not be chosen
   * then holds focus only because it was kept there since the last move. Later in the same
   * turn the player put it there (to read the hand), and a re-drawing leaves it. */
  focusFirstChoice(newChoice = true) {
    if (this.coach.reviewDeal !== null) return; // the player is reading the review (over the hand on a phone)
    const active = document.activeElement;
    const waitingCard = newChoice && active?.classList?.contains("hand-card") && !active.classList.contains("legal");
    const free = !active || active === document.body || active.id === "main" || active.id === "table-title" || waitingCard;
    if (!free) return;
    const target = this.root.querySelector(".hand-card.legal, .bid-buttons button");
    // Bids held a moment as the summary went (choicesHeld) cannot take focus yet: it is
    // given once they are free, not left on a card that cannot be played now.
    if (target?.disabled) this.focusOwed = true;
    else if (target) target.focus({ preventScroll: true });
  }

  header() {
    const info = this.info;
    return h(
      "header",
      { class: "table-header" },
      h("h1", { id: "table-title", tabindex: "-1" }, tableHeading(this)),
      houseRulesButton(this),
      h("span", { class: "badge kind" }, this.t(`kinds.${info.kind}`)),
      h("span", { class: `badge status-${info.status}` }, this.t(`status.${info.status}`)),
      info.spectators ? h("span", { class: "muted" }, this.t("table.spectators", { count: info.spectators })) : null,
      this.gameClock.element(this),
      dealCount(this),
    );
  }

  seats() {
    return Array.from({ length: this.players() }, (_, seat) => this.seat(seat));
  }

  seat(seat) {
    const info = this.info.seats[seat];
    const s = this.state;
    const me = seat === this.mySeat();
    const toAct = s && s.to_act === seat && this.info.status === "playing";
    const inactive = s && !s.active.includes(seat);
    const classes = ["seat", `pos-${this.position(seat)}`, info.type];
    if (me) classes.push("me");
    if (toAct) classes.push("to-act");
    if (inactive) classes.push("inactive");
    if (info.type === "human" && !info.connected) classes.push("away");
    return h(
      "div",
      { class: classes.join(" "), role: "group", dataset: { seat: String(seat) }, "aria-label": this.seatLabel(seat) },
      h(
        "div",
        { class: "seat-name" },
        h("span", { class: "name pname", dir: "auto", title: this.seatName(seat) }, this.seatName(seat)),
        me ? h("span", { class: "you" }, this.t("table.you")) : null,
        this.isPartner(seat) ? h("span", { class: "chip partner", title: this.t("table.partner") }, this.t("table.partner")) : null,
        s && s.dealer === seat ? h("span", { class: "chip dealer", title: this.t("table.dealer") }, this.t("table.dealerShort")) : null,
        s && s.maker === seat ? h("span", { class: "chip maker", title: this.t("table.maker") }, s.alone ? this.t("table.alone") : this.t("table.makerShort")) : null,
        s && s.lone_defender === seat ? h("span", { class: "chip maker" }, this.t("table.defendsAlone")) : null,
      ),
      this.seatStatus(seat, info, inactive, toAct),
      toAct ? h("div", { class: "timer", dataset: { timerSeat: String(seat) } }, h("div", { class: "timer-bar" }), h("span", { class: "timer-text" })) : null,
      s && !me ? this.backs(seat) : null,
      this.seatButtons(seat, info),
    );
  }

  isPartner(seat) {
    const me = this.mySeat();
    return this.players() === 4 && me !== null && seat === (me + 2) % 4;
  }

  seatLabel(seat) {
    const parts = [isolateName(this.seatName(seat))];
    const s = this.state;
    if (seat === this.mySeat()) parts.push(this.t("table.you"));
    if (this.isPartner(seat)) parts.push(this.t("table.partner"));
    if (s && s.dealer === seat) parts.push(this.t("table.dealer"));
    if (s && s.to_act === seat) parts.push(this.t("table.toAct"));
    return parts.join(", ");
  }

  seatStatus(seat, info, inactive, toAct) {
    const words = [];
    // a chip, not words: "a bot plays 0 tricks" read as one sentence
    // one who chose to leave is not "away" (which reads as a lost connection)
    const botWords = info.left ? "table.botPlaysLeft" : info.connected ? "table.botPlaysHere" : "table.botPlaying";
    const standIn = info.type === "human" && info.bot_playing ? h("span", { class: "chip stand-in" }, this.t(botWords)) : null;
    // after the game, one who moved on (to its rematch, or away) is no news
    const over = this.info.status === "finished" && !this.info.awaiting?.includes(seat);
    if (info.type === "human" && !info.bot_playing && !info.connected && !over) words.push(this.t(this.info.awaiting?.includes(seat) ? "lookback.deciding" : "table.away"));
    if (info.type === "bot") words.push(botLevelName(this.ctx, info.level));
    if (inactive) words.push(this.t("table.sitsOut"));
    const bid = this.lastBid(seat);
    const bubble = bid ? h("span", { class: "bid-bubble" }, this.actionLabel(bid, true, seat)) : null;
    const tricks = this.state && this.state.phase === "play" && !inactive ? this.t("table.tricksN", { count: this.state.tricks_won[seat] }) : null;
    return h(
      "div",
      { class: "seat-status" },
      bubble,
      standIn,
      words.length ? h("span", { class: "muted" }, words.join(" · ")) : null,
      tricks ? h("span", { class: "tricks" }, tricks) : null,
      toAct && !bid ? h("span", { class: "visually-hidden" }, this.t("table.toAct")) : null,
    );
  }

  backs(seat) {
    const count = this.cardsLeft(seat);
    if (!count) return null;
    return h(
      "div",
      { class: "backs", role: "img", "aria-label": this.t("table.cardsInHand", { count }), dataset: { count: String(count) } },
      Array.from({ length: count }, () => h("span", { class: "back" }, cardPicture(null))),
      h("span", { class: "back-count", "aria-hidden": "true" }, String(count)),
    );
  }

  seatButtons(seat, info) {
    if (this.info.status !== "waiting") {
      if (this.mySeat() === null && info.type === "bot" && this.info.status === "playing" && this.info.kind !== "ranked") {
        // in the seat's button box, as before the game: "Übernehmen" ran out of a 360 px seat
        return h("div", { class: "seat-buttons" }, h("button", { type: "button", class: "small", dataset: { key: `sit-${seat}`, cmd: "sit", target: String(seat) } }, this.t("table.takeSeat")));
      }
      return null;
    }
    if (this.seatMoves.picking()) return h("div", { class: "seat-buttons" }, this.seatMoves.pickButtons(seat));
    const buttons = [...this.seatMoves.buttons(seat, info, this.isManager()), ...this.takeOff.buttons(seat, info)];
    if (info.type === "empty" && this.mySeat() === null) {
      buttons.push(h("button", { type: "button", class: "primary small sit-here", dataset: { key: `sit-${seat}`, cmd: "sit", target: String(seat) } }, seatButtonWords(this, ...sitHereWords(this, seat))));
    }
    if (info.type === "empty" && this.isManager()) {
      buttons.push(h("button", { type: "button", class: "small add-bot", dataset: { key: `bot-${seat}`, cmd: "add-bot", target: String(seat) } }, this.t("table.addBot")));
    }
    if (info.type === "bot" && this.isManager()) {
      buttons.push(h("button", { type: "button", class: "small", dataset: { key: `unbot-${seat}`, cmd: "remove-bot", target: String(seat) } }, this.t("table.removeBot")));
    }
    return buttons.length ? h("div", { class: "seat-buttons" }, buttons) : null;
  }

  feltScore() {
    return feltScore(this);
  }

  feltContract() {
    return feltContract(this);
  }

  centre() {
    const s = this.state;
    if (!s) return h("div", { class: "centre waiting" }, h("p", {}, this.waitingText()), this.fill.element(this), this.copyInviteButton());
    // The hand just scored stays alone on the felt: nothing of the next deal shows over it.
    if (this.handPause.showing()) return h("div", { class: "centre summary" }, handSummary(this, this.handPause.deal, { live: true }));
    return h("div", { class: "centre" }, this.upcard(), this.trick(), this.resultButton());
  }

  /** The game over box closed: the way back to it (and to "Play again") on the felt itself,
   * where the box was (the side panel's is far below the felt on a phone). */
  resultButton() {
    if (!this.gameOverClosed || this.state?.phase !== "game_over") return null;
    return h("button", { type: "button", class: "primary felt-result", id: "felt-show-result", dataset: { key: "felt-show-result", cmd: "show-result" } }, this.t("game.showResult"));
  }

  /** The host's invite, at hand where the waiting table says to share it (the invite's
   * box is below the table on a phone). */
  copyInviteButton() {
    if (!this.inviteCode || !this.you?.host || this.info.status !== "waiting" || this.seatMoves.picking()) return null;
    return feltInvite(this);
  }

  waitingText() {
    if (this.info.status === "finished") return this.t("table.finished");
    if (this.info.awaiting?.length) return this.t("lookback.waitingAnswers");
    if (this.seatMoves.picking()) return this.seatMoves.pickText();
    if (this.info.kind === "casual") return this.t(this.fill.at === null ? "table.waitingCasual" : "lookback.waitingForPlayers");
    if (this.info.kind === "private") {
      const full = this.info.seats.every((seat) => seat.type !== "empty");
      if (this.you?.host) return this.t(full ? "table.waitingHostFull" : "table.waitingHost");
      if (this.mySeat() !== null) return this.t(this.info.host_here === false ? "table.waitingHostGone" : "table.waitingSeated");
      return this.t(full ? "table.waitingFull" : "table.waitingPrivate");
    }
    const waiting = this.info.seats.filter((seat) => seat.type === "human").length;
    return `${this.t("table.waitingRanked", { count: Math.max(0, this.players() - waiting) })} ${this.t("lookback.queue", { count: waiting })}`;
  }

  upcard() {
    const s = this.state;
    if (!s.upcard || s.upcard_state === "out" || s.upcard_state === "taken" || !BIDDING.has(s.phase)) return null;
    if (s.upcard_state === "down") {
      return h(
        "div",
        { class: "upcard down" },
        cardImage(this.ctx.i18n, null, { class: "small" }),
        h("span", {}, this.t("table.turnedDown"), " ", suitBadge(this.ctx.i18n, suitOf(s.upcard) || s.turned_down)),
      );
    }
    return h("div", { class: "upcard" }, cardImage(this.ctx.i18n, s.upcard, { class: "small", id: "upcard" }), h("span", {}, this.t("table.turnUp")));
  }

  trick() {
    const s = this.state;
    let cards = s.trick;
    let winner = null;
    const recent = this.lastTrick && performance.now() < this.lastTrick.until;
    if (!cards.length && recent) {
      cards = this.lastTrick.cards;
      winner = this.lastTrick.winner;
    }
    const items = cards.map(({ seat, card }) => {
      const classes = ["trick-card", "enter", `from-${this.position(seat)}`];
      if (winner === seat) classes.push("winner");
      // Named with who played it: the cards' order alone does not say whose each one is.
      const label = this.t("table.playedBy", { card: cardNameUnder(this.ctx.i18n, card, s.trump), name: this.seatName(seat) });
      return cardImage(this.ctx.i18n, card, { class: classes.join(" "), "aria-label": label, dataset: { seat: String(seat), key: `trick-${seat}-${card}` } });
    });
    return h(
      "div",
      { class: `trick${winner !== null ? ` won to-${this.position(winner)}` : ""}`, role: "group", "aria-label": this.t("table.trick") },
      items,
      winner !== null ? h("p", { class: "trick-winner" }, this.t("events.trickWon", { name: this.seatName(winner), n: this.lastTrick.number })) : null,
    );
  }

  contract() {
    const s = this.state;
    if (!s.trump) return null;
    const trump = s.trump === "n" ? h("span", {}, this.t("cards.noTrump")) : suitBadge(this.ctx.i18n, s.trump);
    return h(
      "p",
      { class: "contract" },
      h("span", {}, this.t("table.trump"), " "),
      trump,
      s.maker !== null ? h("span", {}, " · ", this.t(s.alone ? "table.madeByAlone" : "table.madeBy", { name: this.seatName(s.maker) })) : null,
    );
  }

  controls() {
    const s = this.state;
    const actions = this.buttonActions();
    const said = promptText(this);
    const prompt = h("p", { class: "prompt", id: "prompt" }, said);
    const hint = this.coach.hintButton();
    // The row keeps the Hint button's height between turns (the seats and the hand moved 15
    // to 31 px as each turn began and ended), not while a hand's summary needs the room.
    const row = hint || (said && this.coach.hintsHere());
    const children = [row ? h("div", { class: "prompt-row" }, prompt, hint) : prompt];
    if (actions.length) children.push(bidButtons(this, actions));
    if (!s && this.info.status === "waiting") children.push(this.waitingControls());
    if (this.botPlaysForMe()) {
      const back = h("button", { type: "button", class: "primary small", id: "im-back", dataset: { key: "im-back", cmd: "im-back" } }, this.t("table.imBack"));
      children.push(h("p", { class: "prompt-row", id: "bot-plays-for-you" }, h("span", {}, this.t("table.botPlaysForYou")), back));
    }
    return h("div", { class: "controls", "aria-live": "off" }, children);
  }

  /** A bot plays my seat while I am here (the turn timer ran out for me turns in a row). */
  botPlaysForMe() {
    const me = this.mySeat();
    return me !== null && this.info.status === "playing" && Boolean(this.info.seats[me]?.bot_playing);
  }

  waitingControls() {
    const buttons = [];
    if (this.isManager()) {
      const level = this.botLevel || this.info.bot_level;
      const known = this.ctx.botLevels || BOT_LEVELS;
      const levels = !level || known.includes(level) ? known : [level, ...known];
      buttons.push(
        h(
          "label",
          { class: "inline" },
          this.t("table.botLevel"),
          " ",
          h(
            "select",
            { id: "table-bot-level", dataset: { cmd: "bot-level", key: "bot-level" } },
            // the table's own level (chosen when it was created) until the host picks another
            levels.map((l) => h("option", { value: l, selected: l === level }, botLevelName(this.ctx, l))),
          ),
        ),
      );
    }
    const swap = this.seatMoves.control();
    if (swap) buttons.push(swap);
    const seated = this.mySeat() !== null;
    // a private table's host starts it; with the host gone, anyone seated may (the server's rule)
    const canStart = this.info.kind === "private" ? this.you?.host || (seated && this.info.host_here === false) : this.info.kind === "casual" && seated;
    if (canStart) {
      buttons.push(h("button", { type: "button", class: "primary", id: "start-game", dataset: { key: "start", cmd: "start" } }, this.startLabel()));
    }
    return buttons.length ? h("div", { class: "row wrap" }, buttons) : null;
  }

  /** The start button says when bots will take the empty seats. */
  startLabel() {
    if (this.info.kind === "casual") return this.t("lookback.startNow");
    // play again, some still deciding: their seats wait for them, a bot playing meanwhile
    if (this.info.awaiting?.length) return this.t("table.startWithoutWaiting");
    const empty = this.info.seats.filter((s) => s.type === "empty").length;
    return empty ? this.t("table.startWithBots", { count: empty }) : this.t("table.start");
  }

  /** A bid's words on its button (``past``: in the seat's bubble once made); ``act``: its object. */
  actionLabel(act, past, seat = null) {
    const s = this.state;
    const prefix = past ? "bids" : "actions";
    if (act.kind === "order" && past && s && seat === s.dealer) return this.t(act.alone ? "bids.pickUpAlone" : "bids.pickUp");
    if (act.kind === "call") {
      const suit = act.suit === "n" ? this.t("cards.noTrump") : `${SUIT_SYMBOL[act.suit]} ${this.t(`cards.suits.${act.suit}`)}`;
      return this.t(act.alone ? `${prefix}.callAlone` : `${prefix}.call`, { suit });
    }
    if (act.kind === "under") return this.t(`${prefix}.under`, { cards: act.shown.map((c) => cardShort(c)).join(" ") });
    if (act.kind === "pass" && !past) {
      const phase = s?.phase;
      if (phase === "bid_r1" || phase === "bid_r2") return this.t("actions.pass");
      if (phase === "dealer_discard") return this.t("actions.declineUpcard");
      return this.t("actions.noThanks");
    }
    if (act.kind === "order" && !past && s && s.dealer === s.seat) {
      return this.t(act.alone ? "actions.pickUpAlone" : "actions.pickUp", { card: cardShort(s.upcard) });
    }
    const key = `${prefix}.${actKey(act)}`;
    const params = { card: s?.upcard ? cardShort(s.upcard) : "" };
    return this.ctx.i18n.has(key) ? this.t(key, params) : act.text;
  }

  hand() {
    const s = this.state;
    if (!s || s.seat === null) return null;
    // The next deal's cards wait until the summary of the last one is closed.
    if (this.handPause.showing()) return h("div", { class: "hand between-deals", role: "group", "aria-label": this.t("table.hand") });
    const actions = this.cardActions();
    const myTurn = this.isMyTurn();
    const cards = s.hand; // in the order the server sorted them for display
    const why = disabledDescriptions(this, myTurn && actions.size ? cards.filter((card) => !actions.has(card)) : []);
    const buttons = cards.map((card) => {
      const act = actions.get(card);
      const classes = ["card", "hand-card"];
      if (act) classes.push("legal");
      else if (myTurn && actions.size) classes.push("disabled");
      if (act && this.pending === act.text) classes.push("pending");
      if (act && act.text === this.coach.pick()) classes.push("coach-pick");
      return h(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          dataset: { card, key: `card-${card}`, action: act ? act.text : "", cmd: act ? "act" : "why-not" },
          "aria-disabled": String(!act || Boolean(this.pending)),
          "aria-label": this.cardLabel(card, act),
          "aria-describedby": why.describedBy(card),
        },
        cardPicture(card),
        giftTag(this, card),
      );
    });
    setRovingFocus(buttons, (b) => b.classList.contains("legal"));
    return h(
      "div",
      { class: "hand", role: "group", "aria-label": this.t(actions.size ? `table.handVerb.${[...actions.values()][0].kind}` : "table.hand") },
      buttons,
      why.nodes,
    );
  }

  cardLabel(card, act) {
    const name = cardName(this.ctx.i18n, card);
    const label = act ? this.t(`table.cardAction.${act.kind}`, { card: name }) : name;
    return withTrumpRole(this.ctx.i18n, label, card, this.state.trump);
  }

  gameOverPanel() {
    const s = this.state;
    if (!this.gameOverShowing()) return null; // put away, or a hand's review shows instead
    const mine = this.mySeat() !== null ? this.sideOf(this.mySeat()) : null;
    const won = mine === s.winner;
    const result = mine === null ? "game.over" : won ? "game.youWon" : "game.youLost";
    const again = this.info.kind === "ranked" ? this.ranked.element() : this.playAgain.element();
    // A private game's record opens to its players, or with its invite code (one who watched)
    const code = this.info.kind === "private" && this.mySeat() === null ? this.inviteCode || this.invite : null;
    const panel = h(
      "section",
      { class: "game-over", role: "dialog", "aria-modal": "false", "aria-labelledby": "game-over-title", id: "game-over" },
      h("h2", { id: "game-over-title", tabindex: "-1" }, this.t(result)),
      h("p", { id: "game-over-result" }, describeGame(this, { winner: s.winner, score: s.score }, this.info.ended_on_time ? "time" : this.info.ended_on_deals && "deals", this.info.options?.deal_limit)),
      this.info.match ? h("p", { class: "match-line", id: "game-over-match" }, matchLine(this, this.info.match)) : null,
      this.info.match?.decided ? h("p", { class: "rubber-won", id: "rubber-won" }, h("strong", {}, rubberLine(this, this.info.match))) : null,
      // What to do next comes before the last hand's story: a phone shows it without scrolling.
      h(
        "div",
        { class: "game-over-actions" },
        again,
        h(
          "div",
          { class: "row wrap" },
          // one primary button: playing again where offered, else the lobby
          h("a", { class: again?.querySelector?.(".primary") || again?.classList?.contains("primary") ? "button" : "button primary", href: "#/", id: "back-to-lobby" }, this.t("nav.backToLobby")),
          h("a", { class: "button", href: `#/replay/${this.tableId}${code ? `/${encodeURIComponent(code)}` : ""}`, id: "watch-replay" }, this.t("game.replay")),
          h("a", { class: "button", href: `api/games/${this.tableId}${code ? `?invite=${encodeURIComponent(code)}` : ""}`, download: `euchre-${this.tableId}.egn` }, this.t("game.download")),
          h("button", { type: "button", id: "close-game-over", "aria-keyshortcuts": "Escape", dataset: { cmd: "close-game-over", key: "close-game-over" } }, this.t("game.close")),
        ),
      ),
      h("ul", {}, Array.from({ length: this.players() === 3 ? 3 : 2 }, (_, side) => h("li", {}, `${isolateName(this.sideName(side))}: ${s.score[side]}`))),
      this.lastDeal ? handSummary(this, this.lastDeal, { live: false }) : null,
    );
    if (!this.gameOverShown) {
      this.gameOverShown = true;
      queueMicrotask(() => document.getElementById("game-over-title")?.focus());
    }
    return panel;
  }

  // ------------------------------------------------------------------ clocks

  updateClocks() {
    this.fill.tick(this);
    this.playAgain.tick();
    const clock = this.clock;
    this.probeIfOverdue(clock);
    for (const el of this.root.querySelectorAll(".timer")) {
      if (!clock || String(clock.seat) !== el.dataset.timerSeat) {
        el.hidden = true;
        continue;
      }
      const left = Math.max(0, clock.remaining - (performance.now() - clock.at) / 1000);
      el.hidden = false;
      el.style.setProperty("--left", `${(100 * left) / Math.max(1, clock.seconds)}%`);
      el.classList.toggle("urgent", left < 6);
      el.querySelector(".timer-text").textContent = this.t("table.secondsLeft", { count: Math.ceil(left) });
    }
    this.gameClock.tick(this.root);
  }

  /** Once per turn clock, a probe when the clock is overdue with nothing heard of it. */
  probeIfOverdue(clock) {
    if (!clock || clock.probed || performance.now() - clock.at < (clock.remaining + OVERDUE_PROBE_S) * 1000) return;
    clock.probed = true;
    this.ctx.net.probe();
  }
}
