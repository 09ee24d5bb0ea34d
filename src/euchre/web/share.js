// Sharing the invite from a phone: its share sheet (messages, mail, chat apps) where the
// browser has one, since friends are asked where they talk, not through a copied address.

import { h } from "./dom.js";
import { tableName } from "./tablename.js";

/** The address a friend opens to join the table. */
export function inviteLink(page) {
  return `${location.origin}${location.pathname}#/join/${page.inviteCode}`;
}

function canShare() {
  return typeof navigator.share === "function";
}

/** A "Share" button for the invite link, or null where the browser cannot share. */
export function shareInviteButton(page, link) {
  if (!canShare()) return null; // the Copy button beside it does
  const share = async () => {
    if (!(await shareInvite(page, link))) page.ctx.toast(() => page.t("table.shareFailed"), "error");
  };
  return h("button", { type: "button", class: "primary", id: "share-invite", dataset: { key: "share" }, onclick: share }, page.t("table.share"));
}

/** False when the share sheet failed; closing it is no failure. */
async function shareInvite(page, link) {
  try {
    await navigator.share({ title: page.t("table.shareTitle"), text: page.t("table.shareText", { rules: tableName(page.ctx, page.info.preset, page.info.house_rules) }), url: link });
    return true;
  } catch (err) {
    return err?.name === "AbortError";
  }
}

/** Copy the link; where the page may not (no clipboard, plain http) the link is shown and
 * selected on the felt for the waiting host, else in the invite's box. */
export async function copyInvite(page) {
  try {
    await navigator.clipboard.writeText(inviteLink(page));
    page.ctx.toast(() => page.t("table.copied"));
  } catch {
    page.inviteCopyFailed = true;
    page.render();
    const shown = document.getElementById("invite-link-felt");
    if (shown) window.getSelection()?.selectAllChildren(shown);
    else {
      page.ctx.toast(() => page.t("table.copyFailed"), "error");
      document.getElementById("invite-link")?.select();
    }
  }
}

/** The waiting host's invite on the felt (the invite's box is below the table on a phone):
 * the share sheet where there is one, else the link copied, else the link shown to copy by hand. */
export function feltInvite(page) {
  const link = inviteLink(page);
  const send = async () => {
    if (!canShare() || !(await shareInvite(page, link))) await copyInvite(page);
  };
  const label = page.t(canShare() ? "table.share" : "table.copyInvite");
  return h(
    "div",
    { class: "felt-invite" },
    h("button", { type: "button", class: "small", id: "copy-invite-felt", dataset: { key: "copy-felt" }, onclick: send }, label),
    page.inviteCopyFailed
      ? h("p", { id: "invite-copy-failed", role: "alert" }, `${page.t("table.copyFailed")} ${page.t("table.copyByHand")}`, h("code", { id: "invite-link-felt" }, link))
      : null,
  );
}
