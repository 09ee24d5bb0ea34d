// Recent games on the Replays page: the viewer's own finished games (guests too, by their
// session) and recent public games, each a link to its replay; and a replay's score sheet.

import { h } from "./dom.js";
import { scoreSheet } from "./scoresheet.js";
import { isolateName } from "./i18n.js";
import { tableName } from "./tablename.js";

export async function loadRecent() {
  const response = await fetch("api/replays/recent", { credentials: "same-origin" });
  return response.ok ? response.json() : null;
}

export function recentGames(ctx, recent) {
  if (!recent) return null;
  const t = (key, params) => ctx.t(key, params);
  const list = (id, games) =>
    games.length
      ? h("ul", { id, class: "recent-list" }, games.map((g) => h("li", { dataset: { game: g.id } }, h("a", { href: `#/replay/${g.id}` }, gameLine(ctx, g)))))
      : h("p", { id, class: "muted" }, t("lookback.noGames"));
  return h(
    "section",
    { class: "box recent-games", "aria-labelledby": "recent-title" },
    h("h2", { id: "recent-title" }, t("lookback.recentTitle")),
    h("h3", {}, t("lookback.yourGames")),
    list("recent-mine", recent.mine),
    h("h3", {}, t("lookback.publicGames")),
    list("recent-public", recent.public),
  );
}

/** A game's players by seat, each bot's name marked so ("Olga (bot)"): people may have
 * the names bots play under. */
export function playerNames(ctx, game) {
  return game.players.map((name, seat) => (game.bots?.[seat] ? ctx.t("replay.botName", { name }) : isolateName(name)));
}

function gameLine(ctx, game) {
  // to the minute, as the profile's history says it: the seconds only lengthened the line
  const when = new Intl.DateTimeFormat(ctx.i18n.locale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(game.finished_at));
  const preset = tableName(ctx, game.preset, game.house_rules);
  const line = ctx.t("lookback.gameLine", { players: playerNames(ctx, game).join(", "), score: (game.score || []).join(" – ") });
  const result = resultOf(game);
  const said = `${preset} · ${line} · ${when}`;
  return result ? h("span", {}, h("strong", { class: `game-result ${result}` }, ctx.t(`lookback.${result}`)), ` · ${said}`) : said;
}

/** "won" or "lost" for the viewer's own finished game (a side's, or their own, score). */
function resultOf(game) {
  if (game.seat === null || game.seat === undefined || game.winner === null || game.winner === undefined) return null;
  const side = game.players.length === 4 ? game.seat % 2 : game.seat;
  return side === game.winner ? "won" : "lost";
}

/** The score sheet of a replayed game, with its players' names. */
export function replaySheet(ctx, rows, players, seats, finished) {
  if (!rows) return null;
  const sides = seats === 3 ? 3 : 2;
  const seat = (n) => players[n] || ctx.t("table.seatN", { n: n + 1 });
  const side = (n) => ctx.i18n.nameList((sides === 2 && seats === 4 ? [n, n + 2] : [n]).map(seat));
  return h(
    "details",
    { class: "box sheet", id: "replay-sheet-box", open: true },
    h("summary", {}, ctx.t("lookback.sheet")),
    scoreSheet(ctx, rows, { seat, side, sides }, "replay-sheet", finished),
  );
}
