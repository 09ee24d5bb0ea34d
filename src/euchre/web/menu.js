// The settings menu in the top bar: a gear button that shows and hides a small panel.
//
// A disclosure rather than an ARIA menu: the panel holds form fields (language, deck,
// sounds), which a menu role would hide from screen readers' form mode. Escape or a click
// elsewhere closes it; Escape gives focus back to the gear.

export class SettingsMenu {
  constructor(button, panel) {
    this.button = button;
    this.panel = panel;
    button.addEventListener("click", () => this.toggle());
    panel.addEventListener("keydown", (e) => this.keyed(e));
    button.addEventListener("keydown", (e) => this.keyed(e));
    document.addEventListener("click", (e) => this.clickedOutside(e));
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
    if (event.key !== "Escape" || !this.open) return;
    event.preventDefault();
    this.setOpen(false);
    this.button.focus();
  }

  clickedOutside(event) {
    if (this.open && !this.panel.contains(event.target) && !this.button.contains(event.target)) this.setOpen(false);
  }
}
