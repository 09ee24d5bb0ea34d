// Play again: at game end, "Play again" opens a new table with the same people, bots and
// rules; the others see who asked and may join or decline (bots take declined seats). The
// offer follows the server's news: a seat a bot took there (declined, left, no answer in
// time) is offered no more, and a new table that closed before its game is forgotten. One
// who said no (or whose seat a bot took) may take the seat back while the new table has
// a bot there (unless someone else sat there or that game is over by then: the dialog says
// so). The offer is read again from the table's log after a reload.

import { h } from "./dom.js";

// Taking one's seat back can come too late: someone else sat there, or the game ended.
const TOO_LATE = { seat_taken: "seatLost", bad_state: "rematchOver" };

export class PlayAgain {
  constructor(page) {
    this.page = page;
    // a "rematch" event: {table, name, bots: seats bots took there, taken: our seats others took}
    this.offer = null;
    this.declined = false;
    this.asking = false;
  }

  /** Events at the finished table: someone opened the rematch (``live``: just now, so its
   * time to answer counts down from now; a reload's log gives no countdown). */
  note(e, live = true) {
    if (e.kind === "rematch") {
      const until = live && typeof e.seconds === "number" ? performance.now() + e.seconds * 1000 : null;
      this.offer = { table: e.table, name: e.name, bots: e.bots || [], taken: [], until };
    }
    if (e.table !== this.offer?.table) return;
    if (e.kind === "rematch_bots") Object.assign(this.offer, { bots: e.seats, taken: e.taken || [] });
    if (e.kind === "rematch_closed") {
      this.offer = null;
      this.declined = false;
    }
  }

  /** Leaving the finished game's page for anywhere but its rematch: the server is told, so
   * that a rematch does not wait for this player (docs/protocol.md, play again). */
  leaving() {
    const to = this.offer?.table;
    return this.page.info.status === "finished" && !(to && location.hash.includes(to));
  }

  /** A page opened (or reloaded) on the finished game: its log's rematch news. */
  noteLog(events) {
    for (const e of events || []) this.note(e, false);
  }

  /** "A bot takes your seat in N seconds unless you join" (null: no countdown). */
  countdown() {
    if (!this.offer?.until) return null;
    const left = Math.max(0, Math.ceil((this.offer.until - performance.now()) / 1000));
    return this.page.t("lookback.answerWithin", { count: left });
  }

  /** The countdown's words, each quarter second (the page's clock tick). */
  tick() {
    const el = document.getElementById("rematch-countdown");
    const words = this.countdown();
    if (el && words) el.textContent = words;
  }

  async ask() {
    const page = this.page;
    if (this.asking) return;
    this.asking = true;
    try {
      const answer = await page.ctx.net.request({ type: "play_again", table: page.tableId });
      if (!page.gone && answer.table) page.ctx.go(`#/table/${answer.table}`);
    } catch (err) {
      const late = this.offer && TOO_LATE[err?.code];
      if (!late) page.ctx.showError(err);
      else if (!page.gone) {
        this.offer.late = late;
        page.render();
      }
    } finally {
      this.asking = false;
    }
  }

  decline() {
    if (!this.offer) return;
    this.page.ctx.net.fire({ type: "decline", table: this.offer.table });
    this.declined = true;
    this.page.render();
  }

  /** The part of the game-over dialog that plays again (for one who watched: where the
   * players play on); a ranked game's is RankedResult's. */
  element() {
    const page = this.page;
    if (page.mySeat() === null) return this.watchAgain();
    const t = (key, params) => page.t(key, params);
    const late = this.offer?.taken.includes(page.mySeat()) ? "seatLost" : this.offer?.late;
    if (late) {
      const told = t(`lookback.${late}`, { name: this.offer.name });
      return h("div", { class: "play-again" }, h("p", { id: "rematch-gone", role: "status" }, told));
    }
    if (this.offer && (this.declined || this.offer.bots.includes(page.mySeat()))) {
      return h(
        "div",
        { class: "play-again" },
        h("p", { id: "rematch-gone", role: "status" }, t("lookback.seatTaken", { name: this.offer.name })),
        h(
          "button",
          { type: "button", class: "primary", id: "take-seat-back", disabled: this.asking, dataset: { key: "take-seat-back" }, onclick: () => this.ask() },
          t("lookback.takeSeatBack"),
        ),
      );
    }
    if (this.offer && !this.declined) {
      return h(
        "div",
        { class: "play-again", id: "rematch-offer", role: "status" },
        h("p", {}, t("lookback.playAgainAsked", { name: this.offer.name })),
        this.offer.until ? h("p", { id: "rematch-countdown", class: "fill-countdown", role: "timer", "aria-live": "off" }, this.countdown()) : null,
        h(
          "div",
          { class: "row wrap" },
          h("a", { class: "button primary", id: "join-again", href: `#/table/${this.offer.table}` }, t("lookback.joinAgain")),
          h("button", { type: "button", id: "decline-again", dataset: { cmd: "decline-again", key: "decline-again" } }, t("lookback.decline")),
        ),
      );
    }
    return h("button", { type: "button", class: "primary", id: "play-again", disabled: this.asking, dataset: { cmd: "play-again", key: "play-again" } }, t("lookback.playAgain"));
  }

  /** One who watched is not asked to play, but may watch the new game: a private one
   * through the invite, which follows the evening's new games (a stranger's way in by the
   * table's id is closed). */
  watchAgain() {
    if (!this.offer) return null;
    const page = this.page;
    const code = page.info.kind === "private" ? page.inviteCode || page.invite : null;
    const href = code ? `#/join/${encodeURIComponent(code)}` : `#/table/${this.offer.table}`;
    return h(
      "div",
      { class: "play-again", id: "rematch-watch", role: "status" },
      h("p", {}, page.t("lookback.playingAgain", { name: this.offer.name })),
      h("a", { class: "button primary", id: "watch-again", href }, page.t("lookback.watchAgain")),
    );
  }
}
