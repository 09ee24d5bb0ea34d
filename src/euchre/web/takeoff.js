// The host of a private table takes a person off it before the game (docs/protocol.md,
// "remove_player"): "Take off" on their seat asks first ("Yes, take Eve off" or "Keep"),
// since that person cannot come back. The one taken off is shown why the table is gone.

import { h } from "./dom.js";

export class TakeOff {
  constructor(page) {
    this.page = page;
    this.asking = null; // the seat whose "Take off" waits for its yes
  }

  /** The host's buttons on a person's seat at their waiting private table. */
  buttons(seat, info) {
    const page = this.page;
    const open = page.info.kind === "private" && page.info.status === "waiting" && page.you?.host;
    if (!open || info.type !== "human" || seat === page.mySeat()) return [];
    const name = page.seatName(seat);
    const target = String(seat);
    if (this.asking !== seat) {
      const label = page.t("takeOff.label", { name });
      return [h("button", { type: "button", class: "small", "aria-label": label, dataset: { key: `off-${seat}`, cmd: "take-off", target } }, page.t("takeOff.button"))];
    }
    return [
      h("button", { type: "button", class: "small danger", dataset: { key: `off-yes-${seat}`, cmd: "take-off-yes", target } }, page.t("takeOff.confirm", { name })),
      h("button", { type: "button", class: "small", dataset: { key: `off-no-${seat}`, cmd: "take-off-no", target } }, page.t("takeOff.keep")),
    ];
  }

  ask(seat) {
    this.asking = seat;
    this.page.render();
    document.querySelector(`[data-key="off-yes-${seat}"]`)?.focus();
  }

  confirm(seat) {
    this.asking = null;
    this.page.ctx.net.fire({ type: "remove_player", table: this.page.tableId, seat });
  }

  cancel(seat) {
    this.asking = null;
    this.page.render();
    document.querySelector(`[data-key="off-${seat}"]`)?.focus();
  }

  /** Whether ``event`` took this page's own person off the table. */
  tookMeOff(event) {
    return event?.kind === "stood" && event.removed && event.user === this.page.ctx.session?.id;
  }
}
