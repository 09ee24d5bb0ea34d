// A match (options laps, slam, rubber): where it stands, in one line for the score board
// and the game-over box. The server sends it as info.match (docs/protocol.md, "Play again").

import { sideKey } from "./narration.js";

/** "Game 2 · games 1–0 (best of three)"; where each side is one player, with their names
 * ("Ann 1 · Bob 0 · Cy 1"), and three of them may need a fourth game: "first to two games".
 * Null at a table that plays no match. */
export function matchLine(page, match) {
  if (!match) return null;
  const solo = page.players() !== 4;
  const games = solo ? match.games.map((won, side) => `${page.sideName(side)} ${won}`).join(" · ") : match.games.join("–");
  const key = !match.best_of ? "match.line" : solo ? "match.lineRubberSolo" : "match.lineRubber";
  return page.t(key, { n: match.game, games });
}

/** "Ann and Cat won the rubber (4–1 with the rubber bonus)." once it is decided, else null. */
export function rubberLine(page, match) {
  if (!match?.decided) return null;
  return page.t(sideKey(page, "match.rubberWon", match.rubber_winner), { side: page.sideName(match.rubber_winner), tally: match.tally.join("–") });
}
