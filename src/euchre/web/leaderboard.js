// The leaderboard: players of a mode by displayed rating (docs/protocol.md, section 11).

import { h, nameCut } from "./dom.js";
import { redrawKeepingFocus } from "./keepfocus.js";
import { Page } from "./page.js";
import { readStored, writeStored } from "./stored.js";
import { dataTable, getJson, MODES, ratingText, stackIfWide } from "./tables.js";

const MODE_KEY = "euchre.leaderboardMode";

const LIMIT = 50;

export function mount(ctx, root, params) {
  const page = new LeaderboardPage(ctx, root, params.mode);
  page.render();
  page.load();
  return page;
}

class LeaderboardPage extends Page {
  constructor(ctx, root, mode) {
    super(ctx, root);
    // the mode asked for, else the one last looked at (after a two-player ranked game,
    // "Partnership" said nobody had played)
    const last = readStored(MODE_KEY);
    this.mode = MODES.includes(mode) ? mode : MODES.includes(last) ? last : "partnership";
    writeStored(MODE_KEY, this.mode);
    this.established = false;
    this.board = null;
    this.failure = null;
    this.onResize = () => stackIfWide(this.root);
    window.addEventListener("resize", this.onResize);
  }

  unmount() {
    super.unmount();
    window.removeEventListener("resize", this.onResize);
  }

  async load() {
    const asked = (this.asked = (this.asked || 0) + 1);
    let board = null;
    let failure = null;
    try {
      board = await getJson(this.address(0));
    } catch (err) {
      failure = err;
    }
    if (this.gone || asked !== this.asked) return; // a later choice's answer is the one to show
    this.board = board;
    this.failure = failure;
    this.render();
  }

  /** The next LIMIT players after those shown (a place below the first page). */
  async more() {
    const asked = this.asked;
    try {
      const next = await getJson(this.address(this.board.entries.length));
      if (this.gone || asked !== this.asked) return; // the mode was changed meanwhile
      this.board = { ...next, entries: [...this.board.entries, ...next.entries] };
      this.render();
    } catch (err) {
      this.ctx.toast(() => this.ctx.errorText(err), "error");
    }
  }

  address(offset) {
    return `api/leaderboard?mode=${this.mode}&limit=${LIMIT}&offset=${offset}&established=${this.established}`;
  }

  render() {
    const select = h(
      "select",
      { id: "leaderboard-mode", onchange: (e) => {
        this.mode = e.target.value;
        writeStored(MODE_KEY, this.mode);
        this.load();
      } },
      MODES.map((mode) => h("option", { value: mode, selected: mode === this.mode }, this.t(`modes.${mode}`))),
    );
    const rule = this.ruleText();
    const established = h("input", {
      type: "checkbox",
      id: "leaderboard-established",
      checked: this.established,
      "aria-describedby": rule ? "leaderboard-rule" : null,
      onchange: (e) => {
        this.established = e.target.checked;
        this.load();
      },
    });
    let body;
    if (this.failure) body = h("p", { role: "alert" }, this.ctx.errorText(this.failure));
    else if (!this.board) body = h("p", { class: "loading", role: "status" }, "…");
    else if (!this.board.entries.length) body = h("p", { class: "hint", id: "leaderboard-empty" }, this.t("leaderboard.empty"));
    else body = this.entries();
    const page = h(
      "section",
      { class: "leaderboard-page", "aria-labelledby": "leaderboard-title" },
      h("h1", { id: "leaderboard-title", tabindex: "-1" }, this.t("leaderboard.title")),
      h("div", { class: "row" },
        h("label", { for: "leaderboard-mode" }, this.t("leaderboard.mode")), select,
        h("label", { class: "tool check" }, established, h("span", {}, this.t("leaderboard.established"))),
      ),
      rule ? h("p", { class: "hint", id: "leaderboard-rule" }, rule) : null,
      h("p", {}, h("a", { href: "#/help/ranked", id: "ratings-explained" }, this.t("ranked.howRatingsWork"))),
      body,
      this.board && this.board.entries.length < this.board.total
        ? h("button", { type: "button", id: "more-players", onclick: () => this.more() }, this.t("leaderboard.more"))
        : null,
    );
    redrawKeepingFocus(this.root, () => this.root.replaceChildren(page));
    stackIfWide(this.root);
  }

  /** What "established" takes, as the server is set (its answer says; none before it). */
  ruleText() {
    const rule = this.board?.established_rule;
    if (!rule) return "";
    return this.t("leaderboard.establishedRule", {
      games: this.t("leaderboard.rankedGames", { count: rule.games }),
      opponents: this.t("leaderboard.opponents", { count: rule.opponents }),
    });
  }

  entries() {
    const head = ["stats.rank", "stats.player", "stats.rating", "stats.games", "stats.wins"].map((k) => this.t(k));
    const rows = this.board.entries.map((e) => [
      String(e.rank),
      h("a", { href: `#/profile/${encodeURIComponent(e.name)}` }, nameCut(e.name)),
      ratingText(this.ctx.t, e.rating, e.provisional),
      String(e.games),
      String(e.wins),
    ]);
    return dataTable("leaderboard-table", head, rows, { stacked: "if-wide" });
  }
}
