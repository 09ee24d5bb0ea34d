// A ranked game's end: the player's rating before and after it (once the server has written
// the results, a moment after the last trick), whether the rating is still provisional and
// what settles it, where the rating scale is explained (help, "Ranked games and ratings"),
// and a way straight to the next ranked game of the same rules.

import { h } from "./dom.js";
import { formatRating, getJson, signedRating } from "./tables.js";

// The results are written a moment after the last trick (longer on a busy server): the
// summary is asked for each second until it says they are.
const TRIES = 30;
const PAUSE_MS = 1000;

export class RankedResult {
  constructor(page) {
    this.page = page;
    this.summary = null; // the game's summary once processed (docs/protocol.md, section 11)
    this.standing = null; // {provisional, rule}: the player's rating in the mode now, and what establishes one
    this.state = "idle"; // idle, loading, done, failed
    this.asking = false;
  }

  /** Ask for the game's results, once, when its game over box first shows. */
  async load() {
    if (this.state !== "idle") return;
    this.state = "loading";
    const page = this.page;
    for (let i = 0; i < TRIES && !page.gone && !this.summary; i++) {
      const answer = await getJson(`api/games/${page.tableId}/summary`).catch(() => null);
      if (answer?.processed) this.summary = answer;
      else await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    if (this.summary?.rated && this.mine()) this.standing = await this.standingNow().catch(() => null);
    this.state = this.summary ? "done" : "failed";
    if (!page.gone) page.render();
  }

  /** The player's own row of the summary: their seat's, or (one who left and came back to
   * see the result) the one of their account. */
  mine() {
    const players = this.summary?.players || [];
    const seat = this.page.mySeat();
    if (seat !== null) return players[seat] || null;
    const session = this.page.ctx.session;
    if (!session || session.guest) return null;
    return players.find((p) => p.account === session.name) || null;
  }

  /** The account's rating in the game's mode now (provisional or not), with what
   * establishes one on this server. */
  async standingNow() {
    const mode = this.summary.mode;
    const [account, board] = await Promise.all([getJson("api/account"), getJson(`api/leaderboard?mode=${mode}&limit=1`)]);
    const rating = account.ratings.find((r) => r.mode === mode);
    return rating ? { provisional: rating.provisional, rule: board.established_rule } : null;
  }

  async playAgain() {
    const page = this.page;
    if (this.asking) return;
    this.asking = true;
    page.render();
    try {
      const answer = await page.ctx.net.request({ type: "quick_play", preset: page.info.preset, ranked: true });
      if (!page.gone) page.ctx.go(`#/table/${answer.table}`);
    } catch (err) {
      page.ctx.showError(err);
    } finally {
      this.asking = false;
      if (!page.gone) page.render();
    }
  }

  /** The part of the game over box for a ranked game: the rating line and the next game. */
  element() {
    const page = this.page;
    const t = (key, params) => page.t(key, params);
    const session = page.ctx.session;
    if (page.mySeat() === null && (!session || session.guest)) return null; // a guest who watched
    if (this.state === "idle") queueMicrotask(() => this.load());
    const me = this.summary ? this.mine() : null;
    if (page.mySeat() === null && !me) return null; // one who watched: no rating of theirs
    return h(
      "div",
      { class: "ranked-result", id: "ranked-result" },
      h("p", { id: "rating-change", role: "status" }, this.changeText(me)),
      h(
        "p",
        { class: "hint", id: "rating-scale" },
        this.standing?.provisional ? h("span", { id: "rating-provisional" }, this.provisionalText(), " ") : null,
        t("ranked.scale"),
      ),
      h(
        "p",
        { class: "rating-links" },
        h("a", { href: "#/help/ranked", id: "ratings-explained" }, t("ranked.howRatingsWork")),
        this.summary ? h("a", { href: `#/leaderboard/${this.summary.mode}`, id: "ranked-leaderboard" }, t("nav.leaderboard")) : null,
      ),
      h(
        "button",
        { type: "button", class: "primary", id: "play-ranked-again", disabled: this.asking, dataset: { key: "play-ranked-again" }, onclick: () => this.playAgain() },
        this.asking ? t("lobby.finding") : t("ranked.playAgain"),
      ),
    );
  }

  changeText(me) {
    const t = (key, params) => this.page.t(key, params);
    if (this.state === "loading" || this.state === "idle") return t("ranked.working");
    if (this.state === "failed") return t("ranked.notYet");
    if (!this.summary.rated || me?.rating_after === null || me?.rating_after === undefined) return t("ranked.notRated");
    const change = me.rating_after - me.rating_before;
    return t("ranked.change", {
      mode: t(`modes.${this.summary.mode}`),
      before: formatRating(me.rating_before),
      after: formatRating(me.rating_after),
      change: signedRating(Number(change.toFixed(2))),
    });
  }

  provisionalText() {
    const rule = this.standing.rule;
    const t = (key, params) => this.page.t(key, params);
    return t("ranked.provisional", {
      games: t("leaderboard.rankedGames", { count: rule.games }),
      opponents: t("leaderboard.opponents", { count: rule.opponents }),
    });
  }
}
