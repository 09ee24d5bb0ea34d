// A player's profile: ratings, statistics, the rating history as an inline SVG chart, and
// the history of finished games linking to the replay viewer (docs/protocol.md, section 11).

import { isAccount, SETTINGS_HASH } from "./account.js";
import { h, nameCut } from "./dom.js";
import { Page } from "./page.js";
import { playerNames } from "./recent.js";
import { dataTable, formatRating, getJson, ratingText, signedRating } from "./tables.js";

const STATS = ["games", "wins", "points", "hands", "maker_hands", "made", "euchred", "marches", "loners_tried", "loners_made", "defender_euchres"];
const PAGE = 20;
// The chart is drawn as wide as it is shown, one unit a pixel, so that its numbers keep
// app.css's 12 px on a phone (drawn 640 wide and shown 290 wide, they were 5 px).
const CHART = { width: 640, height: 220, left: 52, right: 12, top: 14, bottom: 28 };

export function mount(ctx, root, params) {
  const page = new ProfilePage(ctx, root, params);
  page.load();
  return page;
}

class ProfilePage extends Page {
  constructor(ctx, root, params) {
    super(ctx, root);
    this.name = params.name ? decodeURIComponent(params.name) : null;
    this.profile = null;
    this.games = [];
    this.total = 0;
    this.charts = {};
    this.failure = null;
  }

  async load() {
    if (!this.name && isAccount(this.ctx.session)) this.name = this.ctx.session.name;
    if (!this.name) {
      this.ctx.go("#/account");
      return;
    }
    this.root.replaceChildren(h("p", { class: "loading", role: "status" }, "…"));
    const base = `api/players/${encodeURIComponent(this.name)}`;
    try {
      const [profile, history] = await Promise.all([getJson(base), getJson(`${base}/games?limit=${PAGE}`)]);
      const modes = profile.ratings.map((r) => r.mode);
      const charts = await Promise.all(modes.map((mode) => getJson(`${base}/ratings?mode=${mode}`)));
      this.profile = profile;
      this.games = history.games;
      this.total = history.total;
      this.charts = Object.fromEntries(charts.map((c) => [c.mode, c.points]));
    } catch (err) {
      this.failure = err;
    }
    if (!this.gone) this.render();
  }

  async more() {
    const base = `api/players/${encodeURIComponent(this.profile.name)}`;
    try {
      const page = await getJson(`${base}/games?limit=${PAGE}&offset=${this.games.length}`);
      this.games.push(...page.games);
      this.total = page.total;
      this.render();
    } catch (err) {
      this.ctx.toast(() => this.ctx.errorText(err), "error");
    }
  }

  render() {
    if (this.failure) {
      const text = this.failure.code === "not_found" ? this.t("profile.notFound", { name: this.name }) : this.ctx.errorText(this.failure);
      this.root.replaceChildren(h("section", { class: "profile-page" }, h("h1", {}, nameCut(this.name)), h("p", { id: "profile-error", role: "alert" }, text)));
      return;
    }
    if (!this.profile) return;
    const p = this.profile;
    const since = new Intl.DateTimeFormat(this.ctx.i18n.locale(), { dateStyle: "long" }).format(new Date(p.created_at));
    this.root.replaceChildren(
      h(
        "section",
        { class: "profile-page", "aria-labelledby": "profile-title" },
        h("h1", { id: "profile-title" }, this.ctx.i18n.tNodes("profile.title", {}, { name: nameCut(p.name) })),
        h("p", {}, this.t("profile.since", { date: since })),
        this.isMine() ? h("p", {}, h("a", { href: SETTINGS_HASH, id: "profile-settings" }, this.t("accountSettings.title"))) : null,
        h("h2", {}, this.t("profile.ratings")),
        p.ratings.length ? this.ratingsTable(p.ratings) : h("p", { class: "hint", id: "no-ratings" }, this.t("profile.noRatings")),
        p.ratings.map((r) => h("figure", { class: "chart", dataset: { mode: r.mode } })),
        h("h2", {}, this.t("profile.stats")),
        p.stats.length ? this.statsTable(p.stats) : h("p", { class: "hint", id: "no-stats" }, this.t("profile.noGames")),
        h("h2", {}, this.t("profile.history")),
        this.games.length ? this.historyTable() : h("p", { class: "hint", id: "no-games" }, this.t("profile.noGames")),
        this.games.length < this.total ? h("button", { type: "button", id: "more-games", onclick: () => this.more() }, this.t("profile.more")) : null,
      ),
    );
    this.drawCharts();
    this.redrawWhenResized();
  }

  unmount() {
    super.unmount();
    this.resized?.disconnect();
  }

  drawCharts() {
    for (const figure of this.root.querySelectorAll("figure.chart")) {
      const mode = figure.dataset.mode;
      const label = this.t("profile.ratingChart", { mode: this.t(`modes.${mode}`) });
      figure.replaceChildren(ratingChart(this.charts[mode] || [], label, shownWidth(figure)));
    }
  }

  /** A phone turned upright would shrink a chart drawn for its side: draw it again. */
  redrawWhenResized() {
    if (this.resized) return;
    this.resized = new ResizeObserver(() => {
      const figure = this.root.querySelector("figure.chart");
      const svg = figure?.querySelector("svg");
      if (svg && svg.viewBox.baseVal.width !== shownWidth(figure)) this.drawCharts();
    });
    this.resized.observe(this.root);
  }

  isMine() {
    const session = this.ctx.session;
    return isAccount(session) && session.name.toLowerCase() === this.profile.name.toLowerCase();
  }

  ratingsTable(ratings) {
    return dataTable("ratings-table", ["stats.mode", "stats.rating", "stats.games", "stats.wins"].map((k) => this.t(k)),
      ratings.map((r) => [
        this.t(`modes.${r.mode}`),
        ratingText(this.ctx.t, r.rating, r.provisional),
        r.games,
        r.wins,
      ]),
    );
  }

  statsTable(stats) {
    const head = [this.t("stats.mode"), ...stats.map((s) => this.t(`modes.${s.mode}`))];
    return dataTable("stats-table", head, STATS.map((key) => [this.t(`stats.${key}`), ...stats.map((s) => s[key])]));
  }

  historyTable() {
    const date = new Intl.DateTimeFormat(this.ctx.i18n.locale(), { dateStyle: "medium", timeStyle: "short" });
    const head = ["stats.date", "stats.kind", "stats.players", "stats.score", "stats.result", "stats.change", "profile.replay"].map((k) => this.t(k));
    const rows = this.games.map((g) => [
      date.format(new Date(g.finished_at)),
      `${this.t(`kinds.${g.kind}`)} · ${this.t(`modes.${g.mode}`)}`,
      playerNames(this.ctx, g).join(", "),
      g.score.join(" : "),
      this.t(g.won ? "profile.won" : "profile.lost"),
      g.rating_after === null || g.rating_after === undefined ? "–" : signedRating(g.rating_after - g.rating_before),
      h("a", { href: `#/replay/${encodeURIComponent(g.game)}`, class: "replay-link" }, this.t("profile.replay")),
    ]);
    return dataTable("history-table", head, rows, { stacked: true });
  }
}

/** The whole px a chart has inside ``figure`` (its frame, app.css, is the figure's border). */
function shownWidth(figure) {
  const style = getComputedStyle(figure);
  const inside = figure.getBoundingClientRect().width - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
  return inside > 0 ? Math.floor(inside) : CHART.width;
}

/** The rating after each game as an inline SVG line chart (the first point is the rating
 * before the first game). */
export function ratingChart(points, label, width = CHART.width) {
  const values = points.length ? [points[0].before, ...points.map((p) => p.rating)] : [];
  const { height, left, right, top, bottom } = CHART;
  const svg = h("svg:svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label });
  svg.append(h("svg:title", {}, label));
  if (!values.length) return svg;
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1) {
    low -= 0.5;
    high += 0.5;
  }
  const x = (i) => left + (values.length === 1 ? 0 : (i * (width - left - right)) / (values.length - 1));
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  svg.append(
    h("svg:line", { class: "axis", x1: left, y1: top, x2: left, y2: height - bottom }),
    h("svg:line", { class: "axis", x1: left, y1: height - bottom, x2: width - right, y2: height - bottom }),
    h("svg:text", { x: left - 4, y: top + 4, "text-anchor": "end" }, formatRating(high)),
    h("svg:text", { x: left - 4, y: height - bottom, "text-anchor": "end" }, formatRating(low)),
    h("svg:text", { x: width - right, y: height - 8, "text-anchor": "end" }, String(values.length - 1)),
    h("svg:polyline", { class: "line", points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }),
    ...values.map((v, i) => h("svg:circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3 }, h("svg:title", {}, formatRating(v)))),
  );
  return svg;
}
