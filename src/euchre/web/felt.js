// What the felt shows besides seats and cards: the score to the target and this hand's
// tricks (one corner), trump, maker and alone (the other), and the bid buttons, where
// ordering up or a call of a suit and the same bid alone are one button and a "go alone" toggle.

import { suitBadge } from "./cards.js";
import { h } from "./dom.js";
import { isolateName } from "./i18n.js";

/** Score and tricks of each side, the player's side first, in the felt's top-left corner. */
export function feltScore(page) {
  const s = page.state;
  if (!s) return null;
  const sides = page.players() === 3 ? 3 : 2;
  const mine = page.mySeat() !== null ? page.sideOf(page.mySeat()) : null;
  const order = Array.from({ length: sides }, (_, side) => side);
  if (mine !== null) order.sort((a, b) => (b === mine) - (a === mine));
  const playing = s.phase === "play" && page.players() === 4; // otherwise each side is one seat, its tricks beside it
  const rows = order.map((side) => {
    const tricks = page.sideSeats(side).reduce((n, seat) => n + (s.tricks_won[seat] || 0), 0);
    return h(
      "li",
      { class: side === mine ? "mine" : "", dataset: { side: String(side) } },
      h("span", { class: "felt-side" }, sideLabel(page, side, mine)),
      " ",
      h("strong", { class: "felt-points" }, String(s.score[side])),
      playing ? h("span", { class: "felt-tricks" }, page.t("table.tricksN", { count: tricks })) : null,
    );
  });
  return h(
    "div",
    { class: "felt-score", id: "felt-score" },
    h("p", { class: "felt-target" }, page.info.target ? page.t("table.toTarget", { target: page.info.target }) : page.t("table.noTarget")),
    h("ul", {}, rows),
  );
}

function sideLabel(page, side, mine) {
  if (page.players() !== 4 || mine === null) return page.sideName(side);
  return page.t(side === mine ? "table.us" : "table.them");
}

/** Trump, who made it and whether alone, in the felt's top-right corner. */
export function feltContract(page) {
  const s = page.state;
  if (!s || !s.trump) return null;
  const trump = s.trump === "n" ? h("span", {}, page.t("cards.noTrump")) : suitBadge(page.ctx.i18n, s.trump);
  const maker = s.maker !== null && s.maker !== undefined ? page.seatName(s.maker) : null;
  return h(
    "div",
    { class: "felt-contract contract", id: "felt-contract" },
    h("span", { class: "felt-trump" }, page.t("table.trump"), " ", trump),
    maker ? h("span", { class: "felt-maker pname", title: maker }, page.t("table.madeBy", { name: maker })) : null,
    // on a line of its own: a long name cut to two lines took "alone" with it
    maker && s.alone ? h("span", { class: "felt-alone" }, page.t("table.alone")) : null,
  );
}

/** The bids that may also be made alone: ordering up (round 1) and calling a suit (round 2). */
const TWINNED = new Set(["order", "call"]);

/** A bid and the same bid alone share this key: its kind and its suit. */
function twinKey(act) {
  return `${act.kind} ${act.suit ?? ""}`;
}

/** The bid choices as buttons (``acts``: the legal actions' objects). "order up" and
 * "order up alone", "call X" and "call X alone" share one button; the "go alone" toggle
 * (shown only when some bid may be made alone) picks which of the two it sends, so that
 * going alone is never one stray tap on a button of its own. */
export function bidButtons(page, acts) {
  const plain = new Set(acts.filter((a) => TWINNED.has(a.kind) && !a.alone).map(twinKey));
  const aloneOf = new Map(); // a bid's key -> the same bid alone, where the plain bid is legal too
  for (const act of acts) if (TWINNED.has(act.kind) && act.alone && plain.has(twinKey(act))) aloneOf.set(twinKey(act), act);
  const shown = acts.filter((a) => !(a.alone && aloneOf.get(twinKey(a)) === a));
  const alone = aloneOf.size > 0 && page.goAlone;
  const pick = page.coach?.pick();
  const buttons = shown.map((act, i) => {
    const twin = TWINNED.has(act.kind) && !act.alone ? aloneOf.get(twinKey(act)) : undefined;
    const sent = alone && twin ? twin : act;
    // The coach's choice: what the button sends now, or its alone twin while "go alone" is
    // off (the toggle is ringed too); never a plain pick the toggle has made a loner.
    const coached = pick === sent.text || (!alone && twin && pick === twin.text) ? " coach-pick" : "";
    // Going alone pins a badge on the button rather than lengthening its label: a longer
    // label would reflow the row and put a call alone under a finger that tapped the toggle.
    const badge = sent !== act ? h("span", { class: "alone-badge", "aria-hidden": "true" }, page.t("table.alone")) : null;
    return h(
      "button",
      {
        type: "button",
        class: `bid ${act.kind === "pass" ? "pass" : "primary"}${coached}`,
        dataset: { action: sent.text, key: `act-${act.text}`, cmd: "act", aloneAction: twin ? twin.text : "", plainAction: act.text },
        tabindex: i === 0 ? "0" : "-1",
        disabled: page.choicesHeld(),
        "aria-label": badge ? page.actionLabel(sent, false) : null,
      },
      page.actionLabel(act, false),
      badge,
    );
  });
  const group = h("div", { class: `bid-buttons${buttons.length === 2 ? " two" : ""}`, role: "group", "aria-labelledby": "prompt" }, buttons);
  if (!aloneOf.size) return group;
  const toggle = h(
    "button",
    {
      type: "button",
      id: "go-alone",
      class: `alone-toggle${[...aloneOf.values()].some((a) => a.text === pick) ? " coach-pick" : ""}`,
      "aria-pressed": String(Boolean(page.goAlone)),
      dataset: { cmd: "alone", key: "go-alone" },
      disabled: page.choicesHeld(),
    },
    page.t("table.goAlone"),
  );
  return h("div", { class: "bid-row" }, group, toggle);
}

/** An empty seat's button for the person choosing one: partners sit across, so the seats
 * look alike until they say whose partner, or whose opponent, the newcomer would be. The
 * words' key and the names in them (seatButtonWords). */
export function sitHereWords(page, seat) {
  if (page.players() !== 4) return ["table.sitHere", {}];
  const taken = (other) => (page.info.seats[other].type === "empty" ? null : page.seatName(other));
  const partner = taken((seat + 2) % 4);
  if (partner) return ["table.sitPartner", { name: partner }];
  // both opponents seated: both named, so the two seats across from each other read alike
  // (they are: "against Ben" and "against Hannah" beside each other read as a choice)
  const [first, second] = [(seat + 1) % 4, (seat + 3) % 4].sort().map(taken);
  if (first && second) return ["table.sitAgainstBoth", { name: first, other: second }];
  const opponent = first ?? second;
  return opponent ? ["table.sitAgainst", { name: opponent }] : ["table.sitHere", {}];
}

/** A seat button's words with people's names in them, in one box: a name may break
 * anywhere (a 24-letter name without a space ran out of a phone's side seat and over the
 * felt), the other words between words only (app.css). One box, as the button is a flex
 * box: a name of its own would be a flex item, and read "Ann 's partner". */
export function seatButtonWords(page, key, names) {
  const wraps = Object.fromEntries(Object.entries(names).map(([param, name]) => [param, h("span", { class: "name-wraps" }, isolateName(name))]));
  return h("span", { class: "words" }, page.ctx.i18n.tNodes(key, {}, wraps));
}
