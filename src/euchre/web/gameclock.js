// A timed game's clock in the table's header: the time left while it runs; once the time
// is up, a notice that the hand in progress is the last (or that play goes on while players
// are tied for first: a tie-break hand, docs/rules.md time_limit_minutes); nothing once
// the game is over.

import { h } from "./dom.js";

export class GameClock {
  constructor() {
    this.left = null; // {seconds, at}: the server's time_left and when it came
    this.up = false;
    this.tied = false; // a hand ended after the time ran out with players tied for first
  }

  /** The table's info, whenever a message carries one: a finished game has no time_left,
   * so its clock stops there instead of counting on from the last figure it was sent. */
  noteInfo(info) {
    this.left = info.time_left === undefined ? null : { seconds: info.time_left, at: performance.now() };
    this.up = this.left !== null && Boolean(info.time_up);
    // a page opened during a tie-break hand learns it from the server (no deal end seen)
    if (info.tie_break) this.tied = true;
    if (!this.up) this.tied = false;
  }

  /** The time_up event itself (the info sent with it was made just before). */
  noteTimeUp() {
    if (this.left) this.up = true;
  }

  /** A hand ended after the time ran out with players still tied for first, so play goes
   * on: noted for the header, and its news's text key returned (to be said once). */
  noteDealOver(event) {
    if (!this.up || !event.deal_over || event.game_over || !tiedForFirst(event.deal_over.score)) return null;
    this.tied = true;
    return "events.timeUpTied";
  }

  element(page) {
    if (!this.left) return null;
    if (this.up) {
      const key = this.tied ? "table.timeUpTied" : "table.timeUpLastHand";
      // the short words on a phone on its side (app.css), read as the long ones
      return h(
        "span",
        { class: "game-time time-up", id: "game-time" },
        h("span", { class: "time-up-short", "aria-hidden": "true" }, page.t(`${key}Short`)),
        h("span", { class: "time-up-long" }, page.t(key)),
      );
    }
    return h(
      "span",
      { class: "game-time", id: "game-time" },
      h("span", { class: "game-time-label" }, page.t("table.timeLeft")),
      " ",
      h("span", { class: "game-time-value" }, this.text()),
    );
  }

  /** Called a few times a second: the figure on the screen counts down. */
  tick(root) {
    const value = root.querySelector("#game-time .game-time-value");
    if (value && this.left && !this.up) value.textContent = this.text();
  }

  text() {
    const left = Math.max(0, this.left.seconds - (performance.now() - this.left.at) / 1000);
    return `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
  }
}

function tiedForFirst(scores) {
  const top = Math.max(...scores);
  return scores.filter((score) => score === top).length > 1;
}
