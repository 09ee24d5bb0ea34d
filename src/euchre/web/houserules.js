// A table's house rules (what its creator changed from the preset), named in its header so
// that a friend who joins sees them at once, and set apart in "Rules of this table".

import { h } from "./dom.js";
import { optionSummary } from "./lobby.js";

/** Each house rule in short words ("Farmer's hand: on"), in the server's order. */
export function houseRuleWords(page) {
  return optionSummary(page.ctx, page.info.house_rules || {});
}

/** The header's badge: how many house rules; pressing it opens the rules and goes there. */
export function houseRulesButton(page) {
  const words = houseRuleWords(page);
  if (!words.length) return null;
  return h(
    "button",
    {
      type: "button",
      id: "house-rules",
      class: "badge house-rules",
      title: words.join("; "),
      "aria-controls": "table-rules",
      dataset: { key: "house-rules", cmd: "house-rules" },
    },
    // on a phone on its side, "+3" beside the title in the top bar (app.css); the words are
    // the button's name everywhere
    h("span", { class: "house-rules-short", "aria-hidden": "true" }, `+${words.length}`),
    // the title beside it already says "house rules": here, how many rules changed
    h("span", { class: "house-rules-long" }, page.t("table.houseRuleChanges", { count: words.length })),
  );
}

export function showTableRules() {
  const box = document.getElementById("table-rules");
  if (!box) return;
  box.open = true;
  const summary = box.querySelector("summary");
  summary.focus({ preventScroll: true });
  box.scrollIntoView({ block: "start" });
}
