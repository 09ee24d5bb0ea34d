// The settings menu in the top bar: a gear button that shows and hides a small panel.
//
// A disclosure rather than an ARIA menu: the panel holds form fields (language, deck,
// sounds), which a menu role would hide from screen readers' form mode. Escape, a click
// elsewhere or focus leaving it (Tab past its last field) closes it; Escape gives focus
// back to the gear when focus was in the menu.

export class SettingsMenu {
  constructor(button, panel) {
    this.button = button;
    this.panel = panel;
    button.addEventListener("click", () => this.toggle());
    // On the document: Escape closes the menu wherever focus is (a mouse user's may be on
    // the page's body).
    document.addEventListener("keydown", (e) => this.keyed(e));
    document.addEventListener("click", (e) => this.clickedOutside(e));
    // Left open, the panel would cover what Tab moved to (the lobby's "Change name").
    panel.addEventListener("focusout", (e) => this.focusLeft(e));
    button.addEventListener("focusout", (e) => this.focusLeft(e));
  }

  get open() {
    return !this.panel.hidden;
  }

  toggle() {
    this.setOpen(!this.open);
    if (this.open) this.panel.querySelector("select, input, button")?.focus();
  }

  setOpen(open) {
    this.panel.hidden = !open;
    this.button.setAttribute("aria-expanded", String(open));
  }

  keyed(event) {
    if (event.key !== "Escape" || !this.open || event.defaultPrevented) return;
    event.preventDefault();
    const inside = this.panel.contains(document.activeElement) || this.button.contains(document.activeElement);
    this.setOpen(false);
    if (inside || document.activeElement === document.body) this.button.focus();
  }

  /** Focus moved from the menu to somewhere outside it (not to the window: switching apps
   * keeps it open). */
  focusLeft(event) {
    const to = event.relatedTarget;
    if (!this.open || !to || this.panel.contains(to) || this.button.contains(to)) return;
    this.setOpen(false);
  }

  clickedOutside(event) {
    if (this.open && !this.panel.contains(event.target) && !this.button.contains(event.target)) this.setOpen(false);
  }
}
