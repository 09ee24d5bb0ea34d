// What the profile and leaderboard pages share: fetching the HTTP API, the game modes, data
// tables and rating numbers (docs/protocol.md, section 11).

import { h } from "./dom.js";

export const MODES = ["partnership", "cutthroat", "two-player"];

/** GET an API path as JSON; throws {code, status} when refused. */
export async function getJson(path) {
  let response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw { code: "offline", status: 0 };
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw { code: answer.code || "unknown", status: response.status };
  return answer;
}

/** A scrollable table with a header row; the first cell of a row heads it. Cells are text
 * or elements. */
export function dataTable(id, head, rows, { stacked = false } = {}) {
  // ``stacked``: on a phone each row is a block of its own, each cell labelled with its
  // column's heading (data-label, app.css), so a wide table never scrolls sideways.
  const cell = (value, i) => {
    const attrs = stacked ? { dataset: { label: head[i] } } : {};
    return i === 0 ? h("th", { scope: "row", ...attrs }, value) : h("td", attrs, value);
  };
  return h(
    "div",
    { class: stacked ? "table-scroll stacked" : "table-scroll" },
    h(
      "table",
      { class: "stats-table", id },
      h("thead", {}, h("tr", {}, head.map((value) => h("th", { scope: "col" }, value)))),
      h("tbody", {}, rows.map((row) => h("tr", {}, row.map(cell)))),
    ),
  );
}

/** A rating (or a change of one) with two decimals, written as the page's language
 * writes numbers (1500,00 in German). */
export function formatRating(value) {
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false };
  return new Intl.NumberFormat(document.documentElement.lang || undefined, digits).format(Number(value));
}

/** A displayed rating, marked when still provisional. */
export function ratingText(t, rating, provisional) {
  const text = formatRating(rating);
  return provisional ? `${text} (${t("profile.provisional")})` : text;
}
