// The single-page client: routes, session, connection state, announcements and toasts.
//
// Pages are modules with mount(ctx, root, params) returning {unmount, relabel}. New pages
// (accounts, profile, leaderboard, chat) plug in by adding a line to ROUTES.

import * as account from "./account.js";
import { Attention } from "./attention.js";
import { h } from "./dom.js";
import { I18n, LANGUAGES } from "./i18n.js";
import { Net } from "./net.js";
import { SettingsMenu } from "./menu.js";
import { trackInputModality } from "./modality.js";
import { trackBarRoom } from "./barroom.js";
import { readStored, writeStored } from "./stored.js";

// Each page's modules load when the page first opens (the lobby's first load stays small).
// title: the page's name in the tab's title (and for screen readers' page lists), or
// heading: the page's own heading names it (a table's rules, a player's profile).
const ROUTES = [
  { pattern: /^#?\/?$/, load: () => import("./lobby.js"), nav: "lobby", title: "nav.lobby" },
  { pattern: /^#\/table\/([\w-]+)$/, load: () => import("./chat.js"), nav: "lobby", name: "table", params: ["table"], title: "table.title", heading: true },
  { pattern: /^#\/join\/([\w-]+)$/, load: () => import("./chat.js"), nav: "lobby", name: "table", params: ["invite"], title: "table.title", heading: true },
  { pattern: /^#\/help(?:\/([\w-]+))?$/, load: () => import("./help.js"), nav: "help", params: ["section"], title: "nav.help" },
  // #/replay/<game>/<invite>: a private game opened with its invite code (a friend who watched)
  { pattern: /^#\/replay(?:\/([\w-]+)(?:\/([\w-]+))?)?$/, load: () => import("./replay.js"), nav: "replay", params: ["game", "invite"], title: "replay.title" },
  { pattern: /^#\/account$/, load: async () => account, nav: "account", title: "account.title" },
  { pattern: /^#\/account\/settings$/, load: () => import("./settings.js"), nav: "account", title: "accountSettings.title" },
  { pattern: /^#\/profile(?:\/([^/]+))?$/, load: () => import("./profile.js"), nav: "profile", params: ["name"], title: "profile.heading", heading: true },
  { pattern: /^#\/leaderboard(?:\/([\w-]+))?$/, load: () => import("./leaderboard.js"), nav: "leaderboard", params: ["mode"], title: "nav.leaderboard" },
];

// An address no route knows: say so (it used to show the lobby without a word).
const NOT_FOUND = { load: async () => ({ mount: notFound }), nav: "none", name: "not-found", title: "app.notFound" };

function notFound(ctx, root) {
  root.replaceChildren(
    h(
      "section",
      { class: "panel narrow not-found", "aria-labelledby": "not-found-title" },
      h("h1", { id: "not-found-title" }, ctx.t("app.notFound")),
      h("p", {}, ctx.t("app.notFoundText")),
      h("a", { class: "button primary", href: "#/", id: "not-found-lobby" }, ctx.t("nav.backToLobby")),
    ),
  );
  return { unmount() {}, relabel: () => notFound(ctx, root) };
}

const FOUR_COLOUR_KEY = "euchre.fourColour";

const ctx = {
  i18n: new I18n(),
  net: new Net(),
  session: null,
  presets: null,
  quickPreset: "standard", // the rules last chosen for quick play in this tab
  botLevels: null,
  botDefault: null,
  current: null,
  pageTitle: "", // the open page's name: the tab's title is "<page> – Euchre"
  t: (key, params) => ctx.i18n.t(key, params),
  go: (hash) => {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
  announce,
  toast,
  errorText,
  showError: (err) => toast(() => errorText(err), "error"),
  attention: null,
  menu: null, // the top bar's settings menu
  ensureSession,
  nameForm,
  cameFrom: null, // the page the account's pages were opened from: logging in goes back there
  backFromAccount: () => ctx.cameFrom || "#/",
};

async function boot() {
  trackInputModality();
  trackBarRoom();
  applyFourColour(readFlag(FOUR_COLOUR_KEY));
  await ctx.i18n.load(I18n.preferred());
  ctx.attention = new Attention(ctx);
  setupHeader();
  ctx.net.addEventListener("state", (e) => {
    showConnection(e.detail);
    if (e.detail === "nosession" && ctx.session) sessionRefused();
  });
  ctx.net.addEventListener("message", (e) => onMessage(e.detail));
  ctx.net.addEventListener("open", (e) => {
    ctx.session = { ...(ctx.session || {}), ...e.detail.you };
    refusals = 0;
    account.renderHeader(ctx);
  });
  ctx.i18n.addEventListener("change", relabel);
  window.addEventListener("hashchange", route);
  await Promise.all([loadSession(), loadPresets()]);
  account.renderHeader(ctx);
  if (ctx.session) ctx.net.start();
  await route();
  document.body.dataset.booted = "true"; // tests wait for this before typing into forms
}

async function loadSession() {
  try {
    // "optional": no session is an answer (null), not an error in a first visitor's console
    const response = await fetch("api/session?optional=true", { credentials: "same-origin" });
    ctx.session = response.ok ? await response.json() : null;
  } catch {
    ctx.session = null;
  }
}

/** The socket was refused for want of a session: reconnect if the cookie still holds one
 * (the server may have failed to check it), else ask for a name again. */
let refusals = 0;
async function sessionRefused() {
  await loadSession();
  refusals += 1;
  if (ctx.session && refusals <= 3) {
    setTimeout(() => ctx.net.start(), 500 * refusals);
    return;
  }
  ctx.session = null;
  ctx.toast(() => errorText({ code: "no_session" }), "error");
  route();
}

async function loadPresets() {
  try {
    const response = await fetch("api/presets");
    if (!response.ok) return;
    const body = await response.json();
    ctx.presets = body.presets;
    ctx.botLevels = body.bot_levels;
    ctx.botDefault = body.bot_default;
  } catch {
    ctx.presets = null;
  }
}

/** A guest session under ``name``: a new guest (POST), or the guest renamed (PATCH: the
 * same guest, their seats and tables kept); throws a translated message when refused. */
async function guestSession(name, method) {
  const response = await fetch("api/session", {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
    credentials: "same-origin",
  });
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    const key = `errors.${answer.code}`; // name_taken: an account has this name
    throw new Error(ctx.i18n.has(key) ? ctx.t(key) : ctx.t("errors.bad_name"));
  }
  ctx.session = await response.json();
  ctx.net.stop(); // the socket speaks for the person under the name it was opened with
  ctx.net.start();
  return ctx.session;
}

/** Start a guest session under this name. */
function ensureSession(name) {
  return guestSession(name, "POST");
}

/** The name form shown wherever a session is needed first; ``onCancel``: a guest's form
 * to change their name (the guest and their tables kept), which may be closed unchanged. */
function nameForm(intro, onDone, onCancel = null) {
  const renaming = Boolean(onCancel && ctx.session);
  const input = h("input", {
    id: "guest-name",
    name: "name",
    autocomplete: "nickname",
    maxlength: "24",
    required: true,
    placeholder: ctx.t("session.placeholder"),
    value: renaming ? ctx.session.name : "",
  });
  const problem = h("p", { class: "form-error", id: "guest-name-error", role: "alert" });
  const form = h(
    "form",
    { class: "name-form", onsubmit: submit, "aria-describedby": "guest-name-error" },
    intro ? h("p", { id: "name-intro" }, intro) : null,
    h("label", { for: "guest-name" }, ctx.t("session.name")),
    h(
      "div",
      { class: "row" },
      input,
      h("button", { type: "submit", class: "primary" }, ctx.t(renaming ? "session.rename" : "session.start")),
      renaming ? h("button", { type: "button", id: "rename-cancel", onclick: onCancel }, ctx.t("session.cancel")) : null,
    ),
    problem,
    h("p", { class: "hint" }, ctx.t(renaming ? "session.renameHint" : "session.hint")),
  );
  async function submit(event) {
    event.preventDefault();
    problem.textContent = "";
    const name = input.value.trim();
    if (!name) {
      problem.textContent = ctx.t("errors.bad_name");
      input.focus();
      return;
    }
    try {
      await guestSession(name, renaming ? "PATCH" : "POST");
      onDone();
    } catch (err) {
      problem.textContent = err.message;
      input.focus();
    }
  }
  return form;
}

let routing = 0;
let routed = false; // the first page is the one the browser opened: it keeps the browser's focus

function pageOf(hash) {
  return ROUTES.find((r) => r.pattern.test(hash)) || NOT_FOUND;
}

async function route(event) {
  const hash = location.hash || "#/";
  const found = pageOf(hash);
  if (found.nav === "account" && event && event.oldURL) {
    const before = new URL(event.oldURL).hash || "#/"; // as the page left it (a table's own address)
    const from = pageOf(before);
    if (from.nav !== "account" && from !== NOT_FOUND) ctx.cameFrom = before;
  }
  const match = hash.match(found.pattern) || [];
  const params = {};
  (found.params || []).forEach((name, i) => {
    if (match[i + 1]) params[name] = match[i + 1];
  });
  const turn = ++routing;
  shown = found;
  dropStaleErrors();
  nameThePage();
  if (ctx.current) ctx.current.unmount();
  ctx.current = null;
  account.renderHeader(ctx);
  const main = document.getElementById("main");
  main.className = `page-${found.name || found.nav}`;
  for (const link of document.querySelectorAll(".nav a")) {
    const active = link.getAttribute("href") === `#/${found.nav === "lobby" ? "" : found.nav}`;
    if (active) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  let page;
  try {
    page = await found.load();
  } catch {
    if (turn === routing) main.replaceChildren(h("p", { class: "loading", role: "alert" }, ctx.t("errors.unknown")));
    return;
  }
  if (turn !== routing) return; // another page was asked for while this one loaded
  main.replaceChildren();
  const moved = routed;
  routed = true;
  if (moved) window.scrollTo(0, 0); // a new page opens at its top, not where the last was scrolled to
  ctx.current = page.mount(ctx, main, params);
  if (moved) focusHeading(main, turn);
}

/** The tab's title names the page: "Lobby – Euchre", "Table: Classic – Euchre". Pages
 * named by their heading (a table's rules, a player's profile) are renamed as it changes. */
let shown = null;
const headingWatch = new MutationObserver(() => nameThePage());

function nameThePage() {
  if (!shown) return;
  const h1 = shown.heading ? document.querySelector("#main h1") : null;
  const name = (h1 && h1.textContent.trim()) || ctx.t(shown.title);
  const title = name ? ctx.t("app.pageTitle", { page: name }) : ctx.t("app.title");
  headingWatch.disconnect();
  if (shown.heading) headingWatch.observe(document.getElementById("main"), { childList: true, subtree: true, characterData: true });
  if (title === ctx.pageTitle) return;
  ctx.pageTitle = title;
  if (ctx.attention) ctx.attention.show();
}

/** After moving to another page: focus on its heading (keyboards and screen readers start
 * there), unless the page put it somewhere itself (a form's field, a help section). A page
 * that loads first gets it on its heading once that shows. */
function focusHeading(main, turn) {
  const chosen = () => main.contains(document.activeElement) && document.activeElement !== main;
  const heading = () => main.querySelector("h1");
  const focus = (h1) => {
    if (!h1.hasAttribute("tabindex")) h1.setAttribute("tabindex", "-1");
    h1.focus({ preventScroll: true });
  };
  if (chosen()) return;
  if (heading()) {
    focus(heading());
    return;
  }
  main.focus({ preventScroll: true }); // not left on a link of the page just gone
  const watch = new MutationObserver(() => {
    if (turn !== routing || chosen()) watch.disconnect();
    else if (heading()) {
      watch.disconnect();
      focus(heading());
    }
  });
  watch.observe(main, { childList: true, subtree: true });
  setTimeout(() => watch.disconnect(), 10000);
}

function relabel() {
  ctx.i18n.apply();
  nameThePage();
  ctx.attention.relabel();
  fillLanguages();
  showConnection(ctx.net.state);
  account.renderHeader(ctx);
  relabelToasts();
  if (ctx.current && ctx.current.relabel) ctx.current.relabel();
}

function relabelToasts() {
  for (const item of document.querySelectorAll("#toasts .toast")) {
    const words = toastWords.get(item);
    if (words) item.textContent = words();
  }
}

function setupHeader() {
  // "Skip to content" moves focus to the page, not the address: "#main" is no route (it
  // showed "Page not found" and lost the page, a table included).
  document.querySelector(".skip-link").addEventListener("click", (event) => {
    event.preventDefault();
    const main = document.getElementById("main");
    const h1 = main.querySelector("h1");
    const target = h1 || main;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  });
  const select = document.getElementById("language");
  select.addEventListener("change", () => ctx.i18n.load(select.value));
  const four = document.getElementById("four-colour");
  four.checked = readFlag(FOUR_COLOUR_KEY);
  four.addEventListener("change", () => {
    writeFlag(FOUR_COLOUR_KEY, four.checked);
    applyFourColour(four.checked);
  });
  ctx.menu = new SettingsMenu(document.getElementById("settings-button"), document.getElementById("settings-panel"));
  ctx.attention.bindControls(document.getElementById("sound"), document.getElementById("notify"));
  relabel();
}

function fillLanguages() {
  const select = document.getElementById("language");
  select.replaceChildren(
    ...Object.entries(LANGUAGES).map(([code, name]) =>
      h("option", { value: code, selected: code === ctx.i18n.lang, lang: code }, name),
    ),
  );
  select.setAttribute("aria-label", ctx.t("settings.language"));
}

function showConnection(state) {
  const el = document.getElementById("connection");
  el.dataset.state = state;
  el.textContent = state === "idle" ? "" : ctx.t(`connection.${state}`);
}

function onMessage(message) {
  if (message.type === "error" && !message.handled) {
    const page = ctx.current;
    if (page && page.onError && page.onError(message)) return;
    ctx.showError(message);
  }
}

const STALE_ERROR_MS = 2000; // an error toast older than this does not follow to a new page

// In English a server's own words say most (which limit, how long to wait); these are
// the client's own states, or a server message written for developers ("your seat 0 at
// table QrjwtT1B…"): the translated text reads better.
const OWN_WORDS = new Set(["disconnected", "offline", "timeout", "seat_in_use", "stale"]);

/** A server (or client) error in the current language. */
function errorText(err) {
  const code = err && err.code;
  // too many tables open: the way out is the lobby's list of them; opened too fast: a wait
  if (code === "too_many_tables") {
    const wait = Number(err.retry_after);
    return wait > 0 ? ctx.t("errors.tablesOpenedTooFast", { count: Math.ceil(wait) }) : ctx.t("errors.too_many_tables");
  }
  if (ctx.i18n.lang === "en" && err && err.message && !OWN_WORDS.has(code)) {
    return asSentence(err.message);
  }
  const key = `errors.${code}`;
  return ctx.i18n.has(key) ? ctx.t(key) : ctx.t("errors.unknown");
}

/** A server's words, written for programs as well ("no table X"), as a sentence a player
 * reads: a capital first, a full stop last. */
function asSentence(text) {
  const words = text.trim();
  const capital = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** A new page: an error the last page showed a while ago is about that page, and lay over
 * the new one's controls ("Choose a name first." over a waiting table's start button). One
 * just shown may be why the page changed: it stays. */
function dropStaleErrors() {
  for (const item of document.querySelectorAll("#toasts .toast-error")) {
    if (performance.now() - Number(item.dataset.at) > STALE_ERROR_MS) item.remove();
  }
}

/** Say something to screen readers (the polite live region). Each line keeps the language
 * it was said in: after a change of language, a reader going back over the region read the
 * earlier lines with the new language's voice. */
function announce(text) {
  const region = document.getElementById("announcer");
  region.append(h("p", { lang: ctx.i18n.lang }, text));
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

/** ``words``: the text, or a function giving it in the page's language at the time (so a
 * toast still shown follows a change of language: relabelToasts()); ``heard``: false when
 * the caller has said it in the polite live region already (read once, not twice). */
const toastWords = new WeakMap();

function toast(words, kind = "info", { heard = true } = {}) {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast toast-${kind}`, "aria-hidden": heard ? null : "true", dataset: { at: String(performance.now()) } }, typeof words === "function" ? words() : words);
  if (typeof words === "function") toastWords.set(item, words);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 8000 : 4000);
  return item;
}

function applyFourColour(on) {
  document.body.classList.toggle("four-colour", on);
}

function readFlag(key) {
  return readStored(key) === "1";
}

function writeFlag(key, on) {
  writeStored(key, on ? "1" : "0");
}

window.euchre = ctx; // for tests and the curious
boot();
