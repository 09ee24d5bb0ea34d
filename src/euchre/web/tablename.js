import { h } from "./dom.js";

// A table's name as players read it wherever it is named (its header and the tab's title,
// the lobby's list, the invite, recent games): its preset, and "house rules" when its
// creator changed some of the preset's options (the server's ``house_rules``, {} for none).

/** Whether the server's ``house_rules`` of a table or game lists any change. */
export function hasHouseRules(houseRules) {
  return Boolean(houseRules) && Object.keys(houseRules).length > 0;
}

/** "Standard", or "Standard, house rules"; a preset this client does not know, as named. */
export function tableName(ctx, preset, houseRules) {
  const label = ctx.i18n.has(`presets.${preset}.label`) ? ctx.t(`presets.${preset}.label`) : preset;
  return hasHouseRules(houseRules) ? ctx.t("table.withHouseRules", { preset: label }) : label;
}

/** The table page's heading, "Table: Standard, house rules": the words after the preset
 * apart, as on a phone on its side the house rules' count ("+2") stands for them (app.css). */
export function tableHeading(page) {
  const { preset, house_rules: houseRules } = page.info;
  const full = page.t("table.heading", { rules: tableName(page.ctx, preset, houseRules) });
  const plain = page.t("table.heading", { rules: tableName(page.ctx, preset, {}) });
  if (full === plain || !full.startsWith(plain)) return full;
  return [plain, h("span", { class: "house-rules-words" }, full.slice(plain.length))];
}
