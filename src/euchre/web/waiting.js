// Quick play that says what it does: the seconds left until bots take the empty seats
// (the server's real wait, from a message's "fill") beside "Start now".

import { h } from "./dom.js";

export class FillCountdown {
  constructor() {
    this.at = null;
  }

  /** From a message's "fill" ({seconds, remaining}) while bots are about to fill the table. */
  update(fill, info) {
    this.at = fill && info?.status === "waiting" ? performance.now() + fill.remaining * 1000 : null;
  }

  element(page) {
    if (this.at === null) return null;
    return h("p", { class: "fill-countdown", id: "fill-countdown", role: "timer", "aria-live": "off" }, this.text(page));
  }

  text(page) {
    const left = Math.max(0, Math.ceil((this.at - performance.now()) / 1000));
    return page.t("lookback.botsJoinIn", { count: left });
  }

  tick(page) {
    const el = document.getElementById("fill-countdown");
    if (el && this.at !== null) el.textContent = this.text(page);
  }
}
