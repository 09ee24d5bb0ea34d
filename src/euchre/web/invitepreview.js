// What a friend opening an invite link reads before choosing a name: who invites them and
// to which rules; or, at once, that the invite leads to no table.

import { h } from "./dom.js";
import { optionSummary } from "./lobby.js";
import { tableName } from "./tablename.js";

/** {preview: {host, preset, house_rules, players}} for an invite the server described, {failure} for
 * one that leads nowhere, or {} when the server could not say (the plain words stay). */
export async function fetchInvite(code) {
  try {
    const response = await fetch(`api/invites/${encodeURIComponent(code)}`);
    if (response.status === 404) {
      const body = await response.json();
      return { failure: { code: "invite_gone", message: body.detail } };
    }
    return response.ok ? { preview: await response.json() } : {};
  } catch {
    return {};
  }
}

/** The name form's first words for an invite the server described. */
export function invitedText(page, preview) {
  const rules = tableName(page.ctx, preview.preset, preview.house_rules);
  const key = preview.host ? "table.invitedBy" : "table.invitedTo";
  return page.t(key, { name: preview.host, rules });
}

/** Under the name form's first words, the house rules the friend would play, each in short
 * words ("Call for best: on"): the first words said only "house rules". */
export function showInviteRules(page, preview) {
  document.getElementById("invite-rules")?.remove();
  const words = optionSummary(page.ctx, preview.house_rules || {});
  const intro = document.getElementById("name-intro");
  if (!words.length || !intro) return;
  const preset = page.ctx.i18n.has(`presets.${preview.preset}.label`) ? page.t(`presets.${preview.preset}.label`) : preview.preset;
  intro.after(
    h(
      "div",
      { id: "invite-rules", class: "invite-rules" },
      h("p", { id: "invite-rules-title" }, page.t("table.houseRulesTitle", { preset })),
      h("ul", { "aria-labelledby": "invite-rules-title" }, words.map((w) => h("li", {}, w))),
    ),
  );
}

/** A join by invite refused as not found: said as an invite that leads nowhere. */
export function inviteFailure(err) {
  return err.code === "not_found" ? { ...err, code: "invite_gone" } : err;
}
