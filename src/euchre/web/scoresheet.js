// The score sheet: every hand of the game in a row (dealer, trump, maker, alone, tricks,
// points, running total), at the table and in replays. Rows are the server's hand
// summaries: {deal, dealer, outcome, trump, maker, alone, tricks, points, score}.

import { suitBadge } from "./cards.js";
import { h } from "./dom.js";

/**
 * names: { seat(n) -> name, side(n) -> name, sides -> number of sides }.
 * The table has one column per side for tricks, points and the running score.
 */
export function scoreSheet(ctx, rows, names, id = "score-sheet") {
  const t = (key, params) => ctx.t(key, params);
  const sides = Array.from({ length: names.sides }, (_, side) => side);
  if (!rows.length) return h("p", { class: "muted", id: `${id}-empty` }, t("lookback.noHands"));
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t("lookback.hand")),
    h("th", { scope: "col" }, t("table.dealer")),
    h("th", { scope: "col" }, t("table.trump")),
    h("th", { scope: "col" }, t("table.maker")),
    h("th", { scope: "col" }, t("table.tricks")),
    h("th", { scope: "col" }, t("table.points")),
    h("th", { scope: "col" }, t("lookback.total")),
  );
  const body = rows.map((row) =>
    h(
      "tr",
      { dataset: { deal: String(row.deal) } },
      h("th", { scope: "row" }, String(row.deal + 1)),
      h("td", { class: "dealer" }, names.seat(row.dealer)),
      h("td", { class: "trump" }, trumpCell(ctx, row)),
      h("td", { class: "maker" }, makerCell(ctx, row, names)),
      h("td", { class: "tricks" }, perSide(sides, (side) => row.tricks?.[side] ?? 0)),
      h("td", { class: "points", dataset: { points: (row.points || []).join(",") } }, perSide(sides, (side) => signed(row.points?.[side] ?? 0))),
      h("td", { class: "total", dataset: { score: (row.score || []).join(",") } }, perSide(sides, (side) => row.score?.[side] ?? 0)),
    ),
  );
  return h(
    "table",
    { class: "score-sheet", id },
    h("caption", { class: "visually-hidden" }, t("lookback.sheetCaption", { sides: ctx.i18n.list(sides.map((s) => names.side(s))) })),
    h("thead", {}, head),
    h("tbody", {}, body),
  );
}

function trumpCell(ctx, row) {
  if (!row.trump) return ctx.t(`lookback.outcome.${row.outcome === "scored" ? "none" : "thrown"}`);
  return row.trump === "n" ? ctx.t("cards.noTrump") : suitBadge(ctx.i18n, row.trump);
}

function makerCell(ctx, row, names) {
  if (row.maker === null || row.maker === undefined) return "–";
  return row.alone ? `${names.seat(row.maker)} (${ctx.t("table.alone")})` : names.seat(row.maker);
}

function perSide(sides, value) {
  return sides.map((side) => String(value(side))).join(" – ");
}

function signed(points) {
  return points > 0 ? `+${points}` : "0";
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
