// Sharing the invite from a phone: its share sheet (messages, mail, chat apps) where the
// browser has one, since friends are asked where they talk, not through a copied address.

import { h } from "./dom.js";

/** A "Share" button for the invite link, or null where the browser cannot share. */
export function shareInviteButton(page, link) {
  if (typeof navigator.share !== "function") return null; // the Copy button beside it does
  return h(
    "button",
    { type: "button", class: "primary", id: "share-invite", dataset: { key: "share" }, onclick: () => shareInvite(page, link) },
    page.t("table.share"),
  );
}

async function shareInvite(page, link) {
  try {
    await navigator.share({ title: page.t("table.shareTitle"), text: page.t("table.shareText"), url: link });
  } catch (err) {
    // Closing the share sheet is no failure; anything else leaves the link to copy.
    if (err?.name !== "AbortError") page.ctx.toast(page.t("table.shareFailed"), "error");
  }
}
