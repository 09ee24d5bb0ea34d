// Accounts: the header's log in / log out controls and the page with the log-in and
// register forms (docs/protocol.md, section 11). Errors are shown translated by their code.

import { h } from "./dom.js";
import { Page } from "./page.js";

export const SETTINGS_HASH = "#/account/settings";

/** Send JSON to an API path; resolves with the answer, throws {code, status} when refused. */
export async function sendJson(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw { code: "offline", status: 0 };
  }
  const answer = await response.json().catch(() => ({}));
  if (response.ok) return answer;
  throw { code: refusalCode(response.status, answer), status: response.status };
}

export function postJson(path, body) {
  return sendJson("POST", path, body);
}

/** The error code of an HTTP refusal (FastAPI's schema errors name the field instead). */
function refusalCode(status, answer) {
  // before the code: the server calls them all invalid_request, which no player can act on
  if (status === 422 && Array.isArray(answer?.detail)) {
    const fields = answer.detail.map((d) => (d.loc || []).join("."));
    return fields.some((f) => f.includes("password")) ? "bad_password" : "bad_name";
  }
  if (answer && typeof answer.code === "string") return answer.code;
  if (status === 429) return "too_many_attempts";
  return "unknown";
}

/** A refusal's text in the current language. */
export function refusalText(ctx, err) {
  const key = `errors.${err && err.code}`;
  return ctx.i18n.has(key) ? ctx.t(key) : ctx.t("errors.unknown");
}

export function isAccount(session) {
  return Boolean(session) && session.guest === false;
}

/** Fill the header's account corner: log in, or the account's name and log out. On a phone
 * "Log out" is in the settings menu instead (app.css): the top bar keeps to its rows, and a
 * slip of the thumb beside the name does not log the player out. */
export function renderHeader(ctx) {
  const bar = document.getElementById("account-bar");
  if (!bar) return;
  const session = ctx.session;
  const menu = document.getElementById("menu-account");
  if (menu) {
    menu.replaceChildren(
      isAccount(session)
        ? h("button", { type: "button", id: "menu-logout", onclick: () => logout(ctx) }, ctx.t("account.logout"))
        : "",
    );
  }
  if (isAccount(session)) {
    bar.replaceChildren(
      h("a", { id: "account-name", href: `#/profile/${encodeURIComponent(session.name)}`, title: session.name }, session.name), // cut short on a short screen on its side
      h(
        "a",
        // named in full, its short text first: "Settings" alone is the gear's name too
        { id: "settings-link", href: SETTINGS_HASH, title: ctx.t("accountSettings.title"), "aria-label": ctx.t("accountSettings.linkName") },
        h("span", { class: "settings-icon", "aria-hidden": "true" }, "✎"), // not the gear: that is the display settings menu beside it
        h("span", { class: "settings-text" }, ctx.t("accountSettings.link")),
      ),
      h("button", { type: "button", id: "logout", onclick: () => logout(ctx) }, ctx.t("account.logout")),
    );
  } else {
    bar.replaceChildren(h("a", { id: "login-link", href: "#/account" }, ctx.t("account.loginOrRegister")));
  }
}

async function logout(ctx) {
  if (ctx.menu) ctx.menu.setOpen(false);
  ctx.net.stop(); // before the server closes it, so that is not taken for a lost session
  try {
    await postJson("api/logout");
  } catch (err) {
    ctx.toast(() => refusalText(ctx, err), "error");
    ctx.net.start();
    return;
  }
  leaveAccount(ctx, () => ctx.t("account.loggedOut"));
}

/** After logging out or deleting the account: a guest without a name, back in the lobby.
 * The socket must be stopped already (the server closes it as a revoked session). */
export function leaveAccount(ctx, message) {
  ctx.session = null;
  renderHeader(ctx);
  ctx.toast(message);
  ctx.go("#/");
}

/** Take a new session (registered or logged in): reconnect under it. */
export function adoptSession(ctx, info) {
  ctx.session = { id: info.id, name: info.name, guest: info.guest, chat: info.chat };
  ctx.net.stop();
  ctx.net.start();
  renderHeader(ctx);
}

export function mount(ctx, root) {
  const page = new AccountPage(ctx, root);
  page.render();
  return page;
}

class AccountPage extends Page {
  render() {
    const session = this.ctx.session;
    const children = [h("h1", { id: "account-title" }, this.t("account.title"))];
    if (isAccount(session)) {
      children.push(
        h("p", { id: "account-who" }, this.t("account.loggedInAs", { name: session.name })),
        h("p", {}, h("a", { href: `#/profile/${encodeURIComponent(session.name)}` }, this.t("account.myProfile"))),
        h("p", {}, h("a", { href: SETTINGS_HASH, id: "account-settings-link" }, this.t("accountSettings.title"))),
      );
    } else {
      children.push(
        h("p", {}, this.t("account.intro")),
        // a phone stacks the forms, "Register" below the fold: the way to it comes first
        h("p", { class: "new-here" }, this.t("account.newHere"), " ", h("button", { type: "button", id: "to-register", onclick: () => this.toRegister() }, this.t("account.register"))),
        h("div", { class: "lobby-grid" }, this.form("login"), this.form("register")),
      );
    }
    this.root.replaceChildren(h("section", { class: "account-page", "aria-labelledby": "account-title" }, ...children));
  }

  toRegister() {
    document.getElementById("register-heading")?.scrollIntoView({ block: "start" });
    document.getElementById("register-name")?.focus({ preventScroll: true });
  }

  form(kind) {
    const name = h("input", {
      id: `${kind}-name`,
      name: "name",
      autocomplete: "username",
      maxlength: "24",
      required: true,
    });
    const password = h("input", {
      id: `${kind}-password`,
      name: "password",
      type: "password",
      autocomplete: kind === "login" ? "current-password" : "new-password",
      minlength: kind === "register" ? "8" : null,
      maxlength: "128",
      required: true,
      "aria-describedby": kind === "register" ? `${kind}-error ${kind}-hint` : `${kind}-error`,
    });
    const problem = h("p", { class: "form-error", id: `${kind}-error`, role: "alert" });
    const button = h("button", { type: "submit", class: "primary", id: `${kind}-submit` }, this.t(`account.${kind}`));
    const submit = async (event) => {
      event.preventDefault();
      for (const shown of this.root.querySelectorAll(".account-page .form-error")) shown.textContent = ""; // the other form's too
      // an empty field is named, not sent (the server's answer said only that something went wrong)
      const empty = !name.value.trim() ? [name, "account.nameRequired"] : !password.value ? [password, "account.passwordRequired"] : null;
      if (empty) {
        problem.textContent = this.t(empty[1]);
        empty[0].focus({ preventScroll: true });
        problem.scrollIntoView({ block: "center" });
        return;
      }
      button.disabled = true;
      try {
        const info = await postJson(kind === "login" ? "api/login" : "api/accounts", {
          name: name.value.trim(),
          password: password.value,
        });
        adoptSession(this.ctx, info);
        this.ctx.toast(() => this.t(kind === "login" ? "account.welcomeBack" : "account.registered", { name: info.name }));
        this.ctx.go(this.ctx.backFromAccount()); // the invite or table they came from, else the lobby
      } catch (err) {
        problem.textContent = refusalText(this.ctx, err);
        button.disabled = false;
        // the error sits under the password, in view above a phone's keyboard
        password.focus({ preventScroll: true });
        problem.scrollIntoView({ block: "center" });
      }
    };
    return h(
      "form",
      { class: `panel ${kind}-form`, "aria-labelledby": `${kind}-heading`, novalidate: true, onsubmit: submit },
      h("h2", { id: `${kind}-heading` }, this.t(`account.${kind}Title`)),
      h("label", { for: `${kind}-name` }, this.t("account.name")),
      name,
      h("label", { for: `${kind}-password` }, this.t("account.password")),
      password,
      problem, // under the field it is about, not under the button (a phone's keyboard hid it)
      kind === "register" ? h("p", { class: "hint", id: `${kind}-hint` }, this.t("account.passwordHint")) : null,
      button,
    );
  }
}
