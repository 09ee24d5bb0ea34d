// The score sheet: every hand of the game in a row (dealer, trump, maker, alone, tricks,
// points, running total), at the table and in replays. Rows are the server's hand
// summaries: {deal, dealer, outcome, trump, maker, alone, tricks, points, score}. A deal
// voided or thrown in (no points) is a row of its own that says why it was dealt again.

import { suitBadge } from "./cards.js";
import { h, nameCut } from "./dom.js";

/**
 * names: { seat(n) -> name, side(n) -> name, sides -> number of sides, mine -> the viewer's
 * side or null }. The table has one column per kind (tricks, points, running score), each
 * cell the sides' numbers in side order: "us – them" under the headers says which is which
 * for a player at a two-side table, a line above the table names the sides for the rest.
 * Headers are short (a phone's width) with their full words for screen readers.
 */
export function scoreSheet(ctx, rows, names, id = "score-sheet", finished = false) {
  const t = (key, params) => ctx.t(key, params);
  const sides = Array.from({ length: names.sides }, (_, side) => side);
  if (!rows.length) return h("p", { class: "muted", id: `${id}-empty` }, t("lookback.noHands"));
  const mine = names.sides === 2 && names.mine !== null && names.mine !== undefined ? names.mine : null;
  const order = mine === null ? null : sides.map((side) => t(side === mine ? "lookback.us" : "lookback.them")).join(" – ");
  const head = h(
    "tr",
    {},
    headCell(t("lookback.columns.hand"), t("lookback.hand")),
    headCell(t("lookback.columns.dealer"), t("table.dealer"), null, "dealer"),
    headCell(t("lookback.columns.trump"), t("lookback.columns.trump")),
    headCell(t("lookback.columns.maker"), t("table.maker")),
    headCell(t("lookback.columns.tricks"), t("table.tricks"), order),
    headCell(t("lookback.columns.points"), t("table.points"), order),
    headCell(t("lookback.columns.total"), t("lookback.total"), order),
  );
  const body = rows.map((row, i) =>
    REDEALT[row.outcome] ? redealtRow(ctx, row, names, sides, finished && i === rows.length - 1) : h(
      "tr",
      { dataset: { deal: String(row.deal) } },
      h("th", { scope: "row" }, String(row.deal + 1)),
      h("td", { class: "dealer" }, nameCut(names.seat(row.dealer))),
      h("td", { class: "trump" }, trumpCell(ctx, row)),
      h("td", { class: "maker" }, makerCell(ctx, row, names)),
      h("td", { class: "tricks" }, perSide(sides, (side) => row.tricks?.[side] ?? 0)),
      h("td", { class: "points", dataset: { points: (row.points || []).join(",") } }, perSide(sides, (side) => signed(row.points?.[side] ?? 0))),
      h("td", { class: "total", dataset: { score: (row.score || []).join(",") } }, perSide(sides, (side) => row.score?.[side] ?? 0)),
    ),
  );
  const sideNames = sides.map((s) => names.side(s));
  return h(
    "div",
    // a name too long for a phone scrolls here: keyboard users reach it too
    { class: "score-sheet-wrap", tabindex: "0", role: "region", "aria-label": t("lookback.sheet") },
    order ? null : h("p", { class: "sheet-sides", id: `${id}-sides` }, t("lookback.sidesOrder", { sides: sideNames.join(" – ") })),
    h(
      "table",
      { class: "score-sheet", id },
      h("caption", { class: "visually-hidden" }, t("lookback.sheetCaption", { sides: ctx.i18n.list(sideNames) })),
      h("thead", {}, head),
      h("tbody", {}, body),
    ),
  );
}

// The deals dealt again for no points (docs/rules.md 2.14, 4.6), by their outcome; what a
// row says is under lookback.redealt (another deal followed) or lookback.voided (the last).
const REDEALT = { farmers: "farmers", misdeal: "misdeal", redeal: "weakHand", "throw-in": "allPassed" };

/** A deal nobody scored that was dealt again: its number and dealer, then why, across the
 * trump to points columns, and the running total. The last hand of a finished game had no
 * deal after it (``last``: the time ran out, or the deals were all played). */
function redealtRow(ctx, row, names, sides, last) {
  const words = ctx.t(`lookback.${last ? "voided" : "redealt"}.${REDEALT[row.outcome]}`);
  return h(
    "tr",
    { class: "redealt", dataset: { deal: String(row.deal), outcome: row.outcome } },
    h("th", { scope: "row" }, String(row.deal + 1)),
    h("td", { class: "dealer" }, nameCut(names.seat(row.dealer))),
    h("td", { class: "why", colspan: "4" }, words),
    h("td", { class: "total", dataset: { score: (row.score || []).join(",") } }, perSide(sides, (side) => row.score?.[side] ?? 0)),
  );
}

/** A column's header: its short label on screen, its full words for screen readers, and
 * under the label which side each number is (``order``, when there is one). */
function headCell(short, full, order = null, kind = null) {
  const label = short === full ? [short] : [h("span", { "aria-hidden": "true" }, short), h("span", { class: "visually-hidden" }, full)];
  return h("th", { scope: "col", class: kind }, label, order ? h("span", { class: "sheet-order" }, order) : null);
}

export function trumpCell(ctx, row) {
  if (!row.trump) return ctx.t(`lookback.outcome.${row.outcome === "forfeit" ? "forfeit" : "none"}`);
  return row.trump === "n" ? ctx.t("cards.noTrump") : suitBadge(ctx.i18n, row.trump);
}

export function makerCell(ctx, row, names) {
  if (row.maker === null || row.maker === undefined) return "–";
  const maker = nameCut(names.seat(row.maker));
  return row.alone ? [maker, ` (${ctx.t("table.alone")})`] : maker;
}

function perSide(sides, value) {
  return sides.map((side) => String(value(side))).join(" – ");
}

function signed(points) {
  return points > 0 ? `+${points}` : "0";
}

/** The live sheet with ``rows`` added (an event's ``deal_over`` and the farmer's hands
 * ``redeals`` voided at once after it), each deal once, in deal order. */
export function withRows(sheet, rows) {
  const added = new Set(rows.map((row) => row.deal));
  return [...sheet.filter((row) => !added.has(row.deal)), ...rows].sort((a, b) => a.deal - b.deal);
}

/** A replay's deals as score-sheet rows (the server's replay has each deal's result). */
export function replayRows(replay) {
  return replay.deals.map((d, i) => ({
    deal: i,
    dealer: d.dealer,
    outcome: d.result.outcome,
    trump: d.result.trump,
    maker: d.result.maker,
    alone: d.result.alone,
    tricks: d.result.tricks,
    points: d.result.points,
    score: d.result.score,
  }));
}
