// What every page shares: its context and root element, translated texts, a new render
// when the language changes, and a flag that tells late network answers the page is gone.

export class Page {
  constructor(ctx, root) {
    this.ctx = ctx;
    this.root = root;
    this.gone = false;
  }

  unmount() {
    this.gone = true;
  }

  relabel() {
    this.render();
  }

  t(key, params) {
    return this.ctx.t(key, params);
  }
}
