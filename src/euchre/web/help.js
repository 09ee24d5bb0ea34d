// Help: how to play, card order, scoring, the variants, every table option explained,
// using the site, the coach, keyboard use, tips for beginners and a short FAQ, in every language.

import { cardImage } from "./cards.js";
import { h } from "./dom.js";
import { OPTIONS, PRESETS } from "./options.js";

const SECTIONS = ["basics", "order", "bidding", "alone", "scoring", "variants", "options", "site", "ranked", "coach", "keyboard", "tips", "words", "faq"];

export function mount(ctx, root, params) {
  const page = { relabel: () => render(ctx, root, params), unmount: () => {} };
  render(ctx, root, params);
  return page;
}

function render(ctx, root, params) {
  const t = (key, p) => ctx.t(key, p);
  const toc = h(
    "nav",
    { class: "box toc", "aria-labelledby": "help-toc" },
    h("h2", { id: "help-toc", tabindex: "-1" }, t("help.contents")),
    h("ol", {}, SECTIONS.map((id) => h("li", {}, h("a", { href: `#/help/${id}` }, t(`help.${id}.title`))))),
  );
  root.replaceChildren(
    h(
      "article",
      { class: "help", "aria-labelledby": "help-title" },
      h("h1", { id: "help-title", tabindex: "-1" }, t("help.title")),
      h("p", { class: "lead" }, t("help.intro")),
      toc,
      SECTIONS.map((id) => section(ctx, id)),
    ),
  );
  const target = params.section && document.getElementById(`help-${params.section}`);
  if (target) {
    target.scrollIntoView();
    target.querySelector("h2").focus();
  } else {
    document.getElementById("help-title").focus();
  }
}

function section(ctx, id) {
  const body = {
    variants: () => variants(ctx),
    options: () => options(ctx),
    order: () => [paragraphs(ctx, id), cardOrder(ctx)],
    faq: () => faq(ctx),
    words: () => words(ctx),
    tips: () => [paragraphs(ctx, id), list(ctx, "help.tips.items")],
    keyboard: () => [paragraphs(ctx, id), list(ctx, "help.keyboard.items")],
  }[id];
  return h(
    "section",
    { class: "box help-section", id: `help-${id}`, "aria-labelledby": `help-${id}-title` },
    h("h2", { id: `help-${id}-title`, tabindex: "-1" }, ctx.t(`help.${id}.title`)),
    body ? body() : paragraphs(ctx, id),
    backToContents(ctx),
  );
}

/** A section's last line: the way back up to the contents (on a phone the page is many
 * screens long). The contents are on this page: the link moves there, not to a new one. */
function backToContents(ctx) {
  const up = (event) => {
    event.preventDefault();
    const heading = document.getElementById("help-toc");
    heading?.scrollIntoView({ block: "start" });
    heading?.focus({ preventScroll: true });
  };
  return h("div", { class: "to-contents" }, h("a", { href: "#/help", onclick: up }, h("span", { "aria-hidden": "true" }, "↑ "), ctx.t("help.backToContents")));
}

function paragraphs(ctx, id) {
  const text = ctx.t(`help.${id}.body`);
  return (Array.isArray(text) ? text : []).map((p) => h("p", {}, p));
}

function list(ctx, key) {
  const items = ctx.t(key);
  return h("ul", {}, (Array.isArray(items) ? items : []).map((item) => h("li", {}, item)));
}

function cardOrder(ctx) {
  const example = ["Jh", "Jd", "Ah", "Kh", "Qh", "Th", "9h"];
  return h(
    "figure",
    { class: "card-order" },
    h("div", { class: "card-row" }, example.map((c) => cardImage(ctx.i18n, c, { class: "small" }))),
    h("figcaption", {}, ctx.t("help.order.caption")),
  );
}

function variants(ctx) {
  return h(
    "dl",
    {},
    PRESETS.map((p) => [h("dt", {}, ctx.t(`presets.${p}.label`)), h("dd", {}, ctx.t(`presets.${p}.help`), " ", ctx.t(`presets.${p}.more`))]),
  );
}

function options(ctx) {
  return [
    paragraphs(ctx, "options"),
    h(
      "dl",
      { id: "help-option-list" },
      OPTIONS.map((o) => [h("dt", { id: `help-opt-${o.name}` }, ctx.t(`options.${o.name}.label`)), h("dd", {}, ctx.t(`options.${o.name}.help`))]),
      [h("dt", {}, ctx.t("help.options.timerTitle")), h("dd", {}, ctx.t("help.options.timer"))],
      [h("dt", {}, ctx.t("help.options.botsTitle")), h("dd", {}, ctx.t("help.options.bots"))],
    ),
  ];
}

/** The words the table and the coach use ("throw off", "shown out", "euchred"), each said
 * once in plain terms: a learner met them in the coach's reasons with nothing to ask. */
function words(ctx) {
  const items = ctx.t("help.words.items");
  return h(
    "dl",
    { id: "help-word-list" },
    (Array.isArray(items) ? items : []).map((item) => [h("dt", {}, item.term), h("dd", {}, item.text)]),
  );
}

function faq(ctx) {
  const items = ctx.t("help.faq.items");
  return h(
    "dl",
    {},
    (Array.isArray(items) ? items : []).map((item) => [h("dt", {}, item.q), h("dd", {}, item.a)]),
  );
}
