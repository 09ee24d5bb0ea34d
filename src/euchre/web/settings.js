// Account settings: change the password, or delete the account (docs/protocol.md, section 11).
//
// The fields and the result lines are made once and kept across re-renders: a change of
// language then keeps what was typed, and screen readers hear each result because its live
// region was already in the page. Results are kept as keys so that they are re-translated.

import { isAccount, leaveAccount, sendJson } from "./account.js";
import { h } from "./dom.js";
import { Page } from "./page.js";

export function mount(ctx, root) {
  const page = new SettingsPage(ctx, root);
  page.render();
  return page;
}

class SettingsPage extends Page {
  constructor(ctx, root) {
    super(ctx, root);
    this.busy = false;
    this.results = { password: null, delete: null };
    this.fields = {
      current: passwordField("current-password", "current-password"),
      fresh: passwordField("new-password", "new-password", "new-password-hint"),
      confirm: passwordField("confirm-password", "new-password"),
      deletePassword: passwordField("delete-password", "current-password"),
      deleteConfirm: h("input", { type: "checkbox", id: "delete-confirm", name: "delete-confirm" }),
    };
    this.outputs = {
      password: {
        error: h("p", { class: "form-error", id: "password-error", role: "alert" }),
        done: h("p", { class: "form-done", id: "password-done", role: "status" }),
      },
      delete: { error: h("p", { class: "form-error", id: "delete-error", role: "alert" }) },
    };
    this.buttons = {
      password: h("button", { type: "submit", class: "primary", id: "password-submit" }),
      delete: h("button", { type: "submit", class: "danger", id: "delete-submit" }),
    };
  }

  render() {
    const session = this.ctx.session;
    const title = h("h1", { id: "settings-title" }, this.t("accountSettings.title"));
    const body = isAccount(session)
      ? [h("p", { id: "settings-who" }, this.t("account.loggedInAs", { name: session.name })), this.passwordForm(), this.deleteForm()]
      : [
          h("p", { id: "settings-login-first" }, this.t("accountSettings.loginFirst")),
          h("p", {}, h("a", { href: "#/account" }, this.t("account.loginOrRegister"))),
        ];
    this.buttons.password.textContent = this.t("accountSettings.change");
    this.buttons.delete.textContent = this.t("accountSettings.delete");
    for (const form of Object.keys(this.results)) this.showResult(form);
    this.root.replaceChildren(h("section", { class: "settings-page", "aria-labelledby": "settings-title" }, title, ...body));
  }

  passwordForm() {
    const { current, fresh, confirm } = this.fields;
    const { error, done } = this.outputs.password;
    return h(
      "form",
      { class: "panel", id: "password-form", "aria-labelledby": "password-heading", novalidate: true, onsubmit: (e) => this.changePassword(e) },
      h("h2", { id: "password-heading" }, this.t("accountSettings.passwordTitle")),
      // whose password this is, for a password manager to keep the new one with the account
      h("input", { type: "text", name: "username", autocomplete: "username", value: this.ctx.session.name, readonly: true, hidden: true }),
      h("label", { for: current.id }, this.t("accountSettings.current")),
      current,
      h("label", { for: fresh.id }, this.t("accountSettings.new")),
      fresh,
      h("p", { class: "hint", id: "new-password-hint" }, this.t("accountSettings.newHint")),
      h("label", { for: confirm.id }, this.t("accountSettings.confirm")),
      confirm,
      h("div", { class: "form-actions" }, this.buttons.password),
      error,
      done,
    );
  }

  deleteForm() {
    const { deletePassword, deleteConfirm } = this.fields;
    return h(
      "form",
      { class: "panel danger-zone", id: "delete-form", "aria-labelledby": "delete-heading", "aria-describedby": "delete-warning", novalidate: true, onsubmit: (e) => this.deleteAccount(e) },
      h("h2", { id: "delete-heading" }, this.t("accountSettings.deleteTitle")),
      h("p", { id: "delete-warning" }, this.t("accountSettings.deleteWarning")),
      h("label", { for: deletePassword.id }, this.t("accountSettings.deletePassword")),
      deletePassword,
      h("label", { class: "check", for: deleteConfirm.id }, deleteConfirm, h("span", {}, this.t("accountSettings.deleteConfirm"))),
      h("div", { class: "form-actions" }, this.buttons.delete),
      this.outputs.delete.error,
    );
  }

  async changePassword(event) {
    event.preventDefault();
    if (this.busy) return;
    const { current, fresh, confirm } = this.fields;
    this.clear("password", [current, fresh, confirm]);
    if (!current.value) return this.refuse("password", current, "accountSettings.currentRequired");
    if (fresh.value !== confirm.value) return this.refuse("password", confirm, "accountSettings.mismatch");
    this.setBusy(true);
    try {
      await sendJson("POST", "api/account/password", { password: current.value, new_password: fresh.value });
    } catch (err) {
      this.setBusy(false);
      // 422: the new password breaks the rules; anything else is about the current one.
      return this.refuse("password", err.status === 422 ? fresh : current, this.refusalKey(err));
    }
    this.setBusy(false);
    for (const field of [current, fresh, confirm]) field.value = "";
    this.results.password = { kind: "done", key: "accountSettings.passwordChanged" };
    this.showResult("password");
  }

  async deleteAccount(event) {
    event.preventDefault();
    if (this.busy) return;
    const { deletePassword, deleteConfirm } = this.fields;
    this.clear("delete", [deletePassword, deleteConfirm]);
    if (!deletePassword.value) return this.refuse("delete", deletePassword, "accountSettings.currentRequired");
    if (!deleteConfirm.checked) return this.refuse("delete", deleteConfirm, "accountSettings.confirmRequired");
    this.setBusy(true);
    this.ctx.net.stop(); // before the server closes it, so that is not taken for a lost session
    try {
      await sendJson("DELETE", "api/account", { password: deletePassword.value });
    } catch (err) {
      this.setBusy(false);
      if (this.ctx.session) this.ctx.net.start();
      return this.refuse("delete", deletePassword, this.refusalKey(err));
    }
    leaveAccount(this.ctx, () => this.t("accountSettings.deleted"));
  }

  /** The text key of a refusal of either form (both send the current password). */
  refusalKey(err) {
    if (err.status === 403) return "accountSettings.wrongPassword";
    if (err.status === 401) return "errors.session_ended";
    const key = `errors.${err.code}`;
    return this.ctx.i18n.has(key) ? key : "errors.unknown";
  }

  refuse(form, field, key) {
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-errormessage", this.outputs[form].error.id);
    this.results[form] = { kind: "error", key };
    this.showResult(form);
    field.focus({ preventScroll: true });
    // the error under the form's button, in the middle of the screen: a phone's keyboard,
    // opened by the focus, covered it at the foot
    this.outputs[form].error.scrollIntoView({ block: "center" });
  }

  clear(form, fields) {
    for (const field of fields) {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("aria-errormessage");
    }
    this.results[form] = null;
    this.showResult(form);
  }

  showResult(form) {
    const result = this.results[form];
    for (const [kind, output] of Object.entries(this.outputs[form])) {
      output.textContent = result && result.kind === kind ? this.t(result.key) : "";
    }
  }

  setBusy(busy) {
    this.busy = busy;
    for (const button of Object.values(this.buttons)) button.disabled = busy;
    this.root.querySelector(".settings-page")?.setAttribute("aria-busy", String(busy));
  }
}

function passwordField(id, autocomplete, hint) {
  return h("input", {
    id,
    name: id,
    type: "password",
    autocomplete,
    maxlength: "128",
    required: true,
    "aria-describedby": hint,
  });
}
