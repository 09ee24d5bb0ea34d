// A match (options laps, slam, rubber): where it stands, in one line for the score board
// and the game-over box. The server sends it as info.match (docs/protocol.md, "Play again").

import { sideKey } from "./narration.js";

/** "Game 2 · games 1–0 (best of three)"; null at a table that plays no match. */
export function matchLine(page, match) {
  if (!match) return null;
  const games = match.games.join("–");
  return page.t(match.best_of ? "match.lineRubber" : "match.line", { n: match.game, games });
}

/** "Ann and Cat won the rubber (4–1 with the rubber bonus)." once it is decided, else null. */
export function rubberLine(page, match) {
  if (!match?.decided) return null;
  return page.t(sideKey(page, "match.rubberWon", match.rubber_winner), { side: page.sideName(match.rubber_winner), tally: match.tally.join("–") });
}
