// A seat open in another tab or device: the table is fine, it is just played elsewhere.
// Say so, and offer to play here instead (the server then closes the other one: 4409).

import { h } from "./dom.js";

/** The page instead of the table while the person's seat is connected elsewhere. */
export function seatElsewhere(page) {
  return h(
    "section",
    { class: "panel narrow seat-elsewhere", role: "alert" },
    h("h1", { tabindex: "-1" }, page.t("table.elsewhereTitle")),
    h("p", { id: "table-error" }, page.t("table.elsewhereText")),
    h(
      "p",
      { class: "actions" },
      h("button", { type: "button", class: "button primary", id: "play-here", onclick: () => page.playHere() }, page.t("table.playHere")),
      " ",
      h("a", { class: "button", href: "#/" }, page.t("nav.backToLobby")),
    ),
  );
}
