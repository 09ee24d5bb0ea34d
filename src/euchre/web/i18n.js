// Translations: i18n/<lang>.json, nested keys ("lobby.quickPlay"), {name} parameters,
// plural forms as {"one": ..., "other": ...} chosen with Intl.PluralRules.

export const LANGUAGES = { en: "English", de: "Deutsch", nl: "Nederlands" };
const STORAGE_KEY = "euchre.lang";

export class I18n extends EventTarget {
  constructor() {
    super();
    this.lang = "en";
    this.strings = {};
    this.fallback = {};
  }

  /** The language to start with: the saved choice, else the browser's, else English. */
  static preferred() {
    const saved = safeStorage(() => localStorage.getItem(STORAGE_KEY));
    if (saved && saved in LANGUAGES) return saved;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const code = String(tag).slice(0, 2).toLowerCase();
      if (code in LANGUAGES) return code;
    }
    return "en";
  }

  async load(lang) {
    const code = lang in LANGUAGES ? lang : "en";
    if (!Object.keys(this.fallback).length) this.fallback = await fetchJson("en");
    this.strings = code === "en" ? this.fallback : await fetchJson(code);
    this.lang = code;
    document.documentElement.lang = code;
    safeStorage(() => localStorage.setItem(STORAGE_KEY, code));
    this.dispatchEvent(new Event("change"));
  }

  has(key) {
    return lookup(this.strings, key) !== undefined || lookup(this.fallback, key) !== undefined;
  }

  /** The translated text for key (the key itself when no language has it). */
  t(key, params = {}) {
    let found = lookup(this.strings, key);
    if (found === undefined) found = lookup(this.fallback, key);
    if (found === undefined) return key;
    if (typeof found === "object" && !Array.isArray(found)) {
      const rule = new Intl.PluralRules(this.lang).select(Number(params.count ?? 0));
      found = found[rule] ?? found.other ?? key;
    }
    if (typeof found !== "string") return found;
    return found.replace(/\{(\w+)\}/g, (match, name) =>
      name in params ? isolated(name, String(params[name])) : match,
    );
  }

  /** The browser's locale when it speaks the page's language ("en-GB" for a British
   * browser's English page: dates in its order), else the page's language. */
  locale() {
    const tags = navigator.languages || [navigator.language || this.lang];
    return tags.find((tag) => tag.toLowerCase().split("-")[0] === this.lang) || this.lang;
  }

  /** A list ("A, B and C") in the current language. */
  list(items) {
    return new Intl.ListFormat(this.lang, { style: "long", type: "conjunction" }).format(items);
  }

  /** People's names as a list ("Dana and Bob"), each isolated on its own (isolateName). */
  nameList(names) {
    return this.list(names.map(isolateName));
  }

  /** t() with elements for the parameters in ``nodes`` (a name cut to its place): the
   * words round them stay text. The nodes to put in an element. */
  tNodes(key, params, nodes) {
    const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0000${name}\u0000`]));
    return this.t(key, { ...params, ...marks })
      .split(/\u0000(\w+)\u0000/)
      .map((part, i) => (i % 2 ? nodes[part] : part));
  }

  /** A list ("A, B and C") of nodes, each item made one by ``node``. */
  listNodes(items, node) {
    const parts = new Intl.ListFormat(this.lang, { style: "long", type: "conjunction" }).formatToParts(items);
    let next = 0;
    return parts.map((part) => (part.type === "element" ? node(items[next++]) : part.value));
  }

  /** Fill elements marked data-i18n="key" (text) and data-i18n-label="key" (aria-label). */
  apply(root = document) {
    for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = this.t(el.dataset.i18n);
    for (const el of root.querySelectorAll("[data-i18n-label]")) {
      el.setAttribute("aria-label", this.t(el.dataset.i18nLabel));
    }
    for (const el of root.querySelectorAll("[data-i18n-title]")) {
      el.setAttribute("title", this.t(el.dataset.i18nTitle));
    }
  }
}

// Parameters that are people's names (or lists of them). A name written right to left
// (Hebrew, Arabic) put into a sentence would pull the words beside it into its direction
// ("Dana played ..." read backwards round it): such a name goes between Unicode's first
// strong isolate and its pop (U+2068, U+2069), which screen readers do not speak. Other
// names are left as they are (the page's languages are all left to right).
// A list of names ("Dana and Bob") or a name with words after it ("Dana (partner)") is built
// from names isolated one by one (isolateName): isolated whole, the list would be read right
// to left with the name ("Bob and Dana").
const NAME_PARAMS = new Set(["name", "names", "makers", "defenders", "side", "sides", "players", "winner", "partner"]);
// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms; the historic scripts
// and Adlam (Fulani names) above U+FFFF.
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** A name as it goes into a sentence or a list: isolated when it is written right to left. */
export function isolateName(value) {
  return RIGHT_TO_LEFT.test(value) ? `\u2068${value}\u2069` : value;
}

function isolated(param, value) {
  return NAME_PARAMS.has(param) ? isolateName(value) : value;
}

function lookup(tree, key) {
  let node = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

async function fetchJson(lang) {
  const response = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  if (!response.ok) throw new Error(`no translation ${lang}`);
  return response.json();
}

function safeStorage(fn) {
  try {
    return fn();
  } catch {
    return null;
  }
}
