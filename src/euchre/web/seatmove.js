// Changing seats before the game (docs/protocol.md, "move" and "swap"): a seated player
// moves to an empty seat with its "Move here" button. The host of a private table presses
// "Swap" beside "Start", then "Pick" on one seat and "Swap here" on the other (a person's
// seat and an empty one, in either order: a move); the seats show nothing else meanwhile (a phone's seats
// have room for little), and Escape or "Cancel swap" ends it. The server's "moved" and
// "swapped" events say where everyone sits now.

import { h } from "./dom.js";
import { seatButtonWords } from "./felt.js";

export class SeatMoves {
  constructor(page) {
    this.page = page;
    this.swapping = false; // the host is picking the two seats of a swap
    this.swapFrom = null; // the first seat picked
  }

  /** Whether seats may change now: a waiting casual or private table, not a "play again"
   * table still asking its players, nor a match's later game (its sides stay). */
  open() {
    const info = this.page.info;
    if (!info || info.status !== "waiting" || info.kind === "ranked") return false;
    if (info.awaiting?.length) return false;
    return !(info.match && info.match.game > 1);
  }

  /** Moving means something with someone else at the table (whom the seat partners). The
   * host of a private table moves with "Swap" (their seat and an empty one): one button
   * fewer on each empty seat, where "Add bot" already is. */
  mayMove() {
    return this.open() && this.page.mySeat() !== null && this.taken() > 1 && !this.maySwap();
  }

  maySwap() {
    return this.open() && this.page.info.kind === "private" && Boolean(this.page.you?.host) && this.taken() > 1;
  }

  taken() {
    return this.page.info.seats.filter((seat) => seat.type !== "empty").length;
  }

  picking() {
    return this.swapping && this.maySwap();
  }

  /** The waiting table's words while the host picks the seats. */
  pickText() {
    const page = this.page;
    if (this.swapFrom === null) return page.t("seatMove.pickingFirst");
    if (this.emptyPicked()) return page.t("seatMove.pickingEmpty");
    return page.t("seatMove.picking", { name: page.seatName(this.swapFrom) });
  }

  emptyPicked() {
    return this.swapFrom !== null && this.page.info.seats[this.swapFrom].type === "empty";
  }

  /** A seat's button while the host picks the seats of a swap (the only one it shows). */
  pickButtons(seat) {
    const page = this.page;
    const from = this.swapFrom;
    const empty = page.info.seats[seat].type === "empty";
    if (from === null) {
      const label = empty ? page.t("seatMove.pickEmptyLabel") : page.t("seatMove.pickLabel", { name: page.seatName(seat) });
      return [swapButton(seat, "swap-from", page.t("seatMove.pick"), label)];
    }
    if (seat === from) return [h("span", { class: "chip swap-picked" }, page.t("seatMove.picked"))];
    if (this.emptyPicked()) {
      // the empty seat first: whoever is picked now moves to it (two empty seats: nothing)
      return empty ? [] : [swapButton(seat, "swap-to", page.t("seatMove.swapHere"), page.t("seatMove.moveFrom", { name: page.seatName(seat) }))];
    }
    const name = page.seatName(from);
    const label = empty ? page.t("seatMove.moveTo", { name }) : page.t("seatMove.swapWith", { name, other: page.seatName(seat) });
    return [swapButton(seat, "swap-to", page.t("seatMove.swapHere"), label)];
  }

  /** "Move here" on an empty seat, saying whom it partners (``short``: beside another
   * button, it says so only to screen readers: a phone's seat has room for little). */
  buttons(seat, info, short) {
    if (info.type !== "empty" || !this.mayMove()) return [];
    const page = this.page;
    const [key, names] = moveHereWords(page, seat);
    const attrs = { type: "button", class: "small seat-move", "aria-label": short ? page.t(key, names) : null, dataset: { key: `move-${seat}`, cmd: "move", target: String(seat) } };
    return [h("button", attrs, short ? page.t("seatMove.moveShort") : seatButtonWords(page, key, names))];
  }

  /** The host's "Swap seats" (or "Cancel swap") beside the table's other controls. */
  control() {
    if (!this.maySwap()) return null;
    const page = this.page;
    const picking = this.picking();
    // Short words beside "Start" in one row (a phone's table has no height to spare); the
    // whole name for screen readers.
    const text = page.t(picking ? "seatMove.cancelShort" : "seatMove.swapShort");
    const label = page.t(picking ? "seatMove.cancel" : "seatMove.swapSeats");
    return h("button", { type: "button", class: "seat-move", id: "swap-seats", "aria-label": label, dataset: { key: "swap-seats", cmd: picking ? "swap-cancel" : "swap-seats" } }, text);
  }

  move(seat) {
    const page = this.page;
    page.ctx.net.fire({ type: "move", table: page.tableId, seat });
  }

  /** "Swap seats" pressed: the host picks the first seat (focus goes to the first "Pick"). */
  start() {
    const page = this.page;
    this.swapping = true;
    this.swapFrom = null;
    page.render();
    page.root.querySelector('.seat [data-cmd="swap-from"]')?.focus();
    page.announce(page.t("seatMove.pickingFirst"));
  }

  /** "Pick" pressed on a seat: the host now picks the other one (focus on its first). */
  pick(seat) {
    const page = this.page;
    this.swapFrom = seat;
    page.render();
    page.root.querySelector('.seat [data-cmd="swap-to"]')?.focus();
    const empty = this.emptyPicked();
    page.announce(empty ? page.t("seatMove.pickEmptyAnnounce") : page.t("seatMove.pickAnnounce", { name: page.seatName(seat) }));
  }

  cancel() {
    this.swapping = false;
    this.swapFrom = null;
    this.page.render();
    document.getElementById("swap-seats")?.focus();
  }

  swapWith(seat) {
    const page = this.page;
    const from = this.swapFrom;
    this.swapping = false;
    this.swapFrom = null;
    page.ctx.net.fire({ type: "swap", table: page.tableId, seats: [from, seat] });
    page.render();
    document.getElementById("swap-seats")?.focus();
  }

  /** Escape while the host picks the other seat cancels the swap; true when handled. */
  key(event) {
    if (event.key !== "Escape" || !this.picking()) return false;
    event.preventDefault();
    this.cancel();
    return true;
  }

  /** A live event changed seats: one's own seat number follows it (the snapshot's
   * ``you.seat`` is the seat as it was), and a swap being picked ends. */
  follow(e) {
    const page = this.page;
    const moves = seatMoves(e);
    if (!moves.size && e.kind !== "started") return;
    if (e.kind === "started" || (this.swapFrom !== null && moves.has(this.swapFrom))) {
      this.swapping = false; // the game began, or the seat picked changed hands
      this.swapFrom = null;
    }
    const mine = page.you?.seat;
    if (mine === null || mine === undefined || !moves.has(mine)) return;
    page.you = { ...page.you, seat: moves.get(mine) };
    page.heldSeat = page.you.seat;
    if (e.kind === "moved") page.later(0, () => page.keepFocus()); // its "Move here" is gone
  }
}

/** Where the people at the seats an event changed sit now: old seat -> new seat. */
function seatMoves(e) {
  if (e.kind === "moved") return new Map([[e.from, e.to]]);
  if (e.kind === "swapped") return new Map([[e.seats[0], e.seats[1]], [e.seats[1], e.seats[0]]]);
  return new Map();
}

/** Who a move to ``seat`` makes one's partner, or faces (one's own seat counts as empty):
 * the words' key and the names in them. */
function moveHereWords(page, seat) {
  if (page.players() !== 4) return ["seatMove.moveHere", {}];
  const me = page.mySeat();
  const taken = (other) => (other === me || page.info.seats[other].type === "empty" ? null : page.seatName(other));
  const partner = taken((seat + 2) % 4);
  if (partner) return ["seatMove.movePartner", { name: partner }];
  const opponent = taken((seat + 1) % 4) ?? taken((seat + 3) % 4);
  return opponent ? ["seatMove.moveAgainst", { name: opponent }] : ["seatMove.moveHere", {}];
}

/** The swap's button at ``seat``. */
function swapButton(seat, cmd, text, label) {
  return h("button", { type: "button", class: "small seat-move seat-swap", "aria-label": label, dataset: { key: `swap-${seat}`, cmd, target: String(seat) } }, text);
}

/** Words for the log: who moved, or whom the host swapped. */
export function describeSeatChange(page, e) {
  if (e.kind === "moved") {
    const mine = e.to === page.mySeat() && e.name === page.seatName(e.to);
    return mine ? page.t("events.movedYou") : page.t("events.moved", { name: e.name });
  }
  const [first, second] = e.names;
  if (!first || !second) return page.t("events.swappedEmpty", { name: first || second });
  return page.t("events.swapped", { first, second });
}
