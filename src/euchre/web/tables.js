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
  // column's heading (data-label, app.css), so a wide table never scrolls sideways;
  // "if-wide": only where the table would not fit (stackIfWide, once it is on the page).
  const cell = (value, i) => {
    const attrs = stacked ? { dataset: { label: head[i] } } : {};
    return i === 0 ? h("th", { scope: "row", ...attrs }, value) : h("td", attrs, value);
  };
  const classes = { true: "table-scroll stacked", "if-wide": "table-scroll stack-if-wide" };
  return h(
    "div",
    { class: classes[stacked] || "table-scroll" },
    h(
      "table",
      { class: "stats-table", id },
      h("thead", {}, h("tr", {}, head.map((value) => h("th", { scope: "col" }, value)))),
      h("tbody", {}, rows.map((row) => h("tr", {}, row.map(cell)))),
    ),
  );
}

/** Stack each "if-wide" table under ``root`` that would scroll sideways as a table (a
 * narrow phone, long headings in Dutch): how wide it is depends on the language, the names
 * and the screen, so it is measured, again whenever the window's width changes. */
export function stackIfWide(root) {
  for (const box of root.querySelectorAll(".stack-if-wide")) {
    box.classList.remove("stacked");
    if (box.scrollWidth > box.clientWidth) box.classList.add("stacked");
  }
}

/** A rating (or a change of one) with two decimals, written as the page's language
 * writes numbers (1500,00 in German). */
export function formatRating(value) {
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false };
  return new Intl.NumberFormat(document.documentElement.lang || undefined, digits).format(Number(value));
}

/** A change of rating, signed: +2,43 or -1,50. */
export function signedRating(value) {
  const text = formatRating(value);
  return value > 0 ? `+${text}` : text;
}

/** A displayed rating, marked when still provisional. */
export function ratingText(t, rating, provisional) {
  const text = formatRating(rating);
  return provisional ? `${text} (${t("profile.provisional")})` : text;
}
