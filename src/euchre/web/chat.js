// The table page with its chat panel beside it (docs/protocol.md, "chat").
//
// Chat is off until the reader turns it on: while off, no line is shown and nothing can be
// sent. Lines are people's text and are only ever put in the page as text nodes.

import { h } from "./dom.js";
import { isolateName } from "./i18n.js";
import { redrawKeepingFocus } from "./keepfocus.js";
import { saveWithRetry } from "./save.js";
import * as table from "./table.js";

const PRESETS = ["hello", "good_luck", "nice_hand", "well_played", "thanks", "sorry", "oops", "good_game"];
const SHOWN = 100;
const TOAST_MS = 6000;
const UNREAD_KEY = "euchre.chatUnread"; // "table/channel" where a line went unread, kept over a reload

/** The tab's note that a line went unread at ``where`` ("table/channel"; null: none). */
function keepUnread(where) {
  try {
    if (where) sessionStorage.setItem(UNREAD_KEY, where);
    else sessionStorage.removeItem(UNREAD_KEY);
  } catch {
    // no storage: a reload forgets the note, as before
  }
}

function keptUnread() {
  try {
    return sessionStorage.getItem(UNREAD_KEY);
  } catch {
    return null;
  }
}

/** Mount the table page and the chat panel; returns the table page (its API is the page's). */
export function mount(ctx, root, params) {
  const tableHost = h("div", { class: "table-host" });
  const chatHost = h("aside", { class: "panel chat-panel", id: "chat-panel", "aria-labelledby": "chat-title" });
  root.replaceChildren(tableHost, chatHost);
  root.classList.add("with-chat"); // wide screens put the panel beside the table (app.css)
  const page = table.mount(ctx, tableHost, params);
  const chat = new ChatPanel(ctx, chatHost, page);
  const unmount = page.unmount.bind(page);
  const relabel = page.relabel.bind(page);
  const render = page.render.bind(page);
  const renderFailure = page.renderFailure.bind(page);
  page.render = () => {
    render();
    chat.showAtTable();
  };
  page.renderFailure = () => {
    renderFailure();
    chat.showAtTable();
  };
  page.unmount = () => {
    chat.unmount();
    unmount();
  };
  page.relabel = () => {
    relabel();
    chat.relabel();
  };
  page.chat = chat;
  return page;
}

class ChatPanel {
  constructor(ctx, root, page) {
    this.ctx = ctx;
    this.root = root;
    this.page = page;
    this.enabled = false;
    this.muted = new Set();
    this.names = new Map();
    this.lines = [];
    this.loggedTable = null;
    // The panel's notes are kept as functions giving their words in the language now.
    this.problem = () => "";
    this.pending = null; // the chat switch as the reader set it, while not saved yet
    this.toastLine = null; // the line the pop-up shows, while it shows
    // chat is off and someone wrote in the reader's channel here (the server tells that a
    // line was written, nothing of it): the panel says so, and once a pop-up
    this.unread = false;
    this.unreadToldAt = null; // the table whose pop-up said so
    this.saveNote = () => ""; // "saving…" or "not saved yet: trying again in 4 seconds"
    this.saves = 0; // the newest change wins when changes overlap
    this.onMessage = (e) => this.message(e.detail);
    this.onOpen = () => this.refresh();
    ctx.net.addEventListener("message", this.onMessage);
    ctx.net.addEventListener("open", this.onOpen);
    this.render();
    if (ctx.net.connected) this.refresh();
  }

  /** The chat is for people at the table: not on the invite's name form, while joining or
   * where the table could not be joined (an unrelated, disabled panel there, below the
   * failure: the table seen before a reconnect is no longer shown either). */
  showAtTable() {
    this.root.hidden = !this.page.info || Boolean(this.page.failure);
    const channel = this.channel();
    if (channel !== this.linesChannel) this.switchChannel(channel);
    // took a seat, left it or moved: the lines say where their authors sit from the reader's
    if (this.watching() !== this.shownWatching || this.seat() !== this.shownSeat) this.render();
  }

  /** The server's channel for the reader at this table now (docs/protocol.md, "chat"). */
  channel() {
    if (!this.page.info) return null;
    return this.watching() ? "spectators" : "players";
  }

  /** Sat down or stood up: the panel shows the new channel's lines only, as its other
   * members see them, not the old channel's kept on beside them. */
  switchChannel(channel) {
    this.linesChannel = channel;
    // a line that went unread here before a reload is still unread (its pop-up was shown)
    this.unread = channel !== null && keptUnread() === this.unreadPlace();
    if (this.unread) this.unreadToldAt = this.tableId;
    else if (channel !== null) keepUnread(null);
    this.lines = [];
    this.loggedTable = null;
    this.loadLog();
  }

  /** Where a line can go unread: this table's channel for the reader. */
  unreadPlace() {
    return `${this.tableId}/${this.linesChannel}`;
  }

  /** The reader's seat at this table (null: none). */
  seat() {
    return this.page.info ? this.page.mySeat() : null;
  }

  /** At the table without a seat: this chat is the spectators' own, apart from the players'. */
  watching() {
    return Boolean(this.page.info) && this.page.mySeat() === null;
  }

  unmount() {
    this.ctx.net.removeEventListener("message", this.onMessage);
    this.ctx.net.removeEventListener("open", this.onOpen);
    this.hideToast();
  }

  t(key, params) {
    return this.ctx.t(key, params);
  }

  get tableId() {
    return this.page.tableId;
  }

  async refresh() {
    if (!this.ctx.session) return;
    try {
      this.settings(await this.ctx.net.request({ type: "chat_settings" }));
    } catch {
      return; // offline: the next "open" asks again
    }
    this.loggedTable = null;
    this.loadLog();
  }

  settings(answer) {
    this.enabled = Boolean(answer.enabled);
    if (this.enabled) {
      this.unread = false; // the log shows the lines now
      keepUnread(null);
    }
    this.muted = new Set(answer.muted || []);
    if (!this.enabled) this.lines = [];
    this.lines = this.lines.filter((line) => !this.muted.has(line.from.id));
    this.render();
  }

  async loadLog() {
    const tableId = this.tableId;
    if (!this.enabled || !tableId || !this.page.info || this.loggedTable === tableId) return;
    this.loggedTable = tableId;
    try {
      const answer = await this.ctx.net.request({ type: "chat_log", table: tableId });
      if (answer.channel !== this.linesChannel) {
        this.loggedTable = null; // asked before a seat changed: the switch asks again
        return;
      }
      const known = new Set(this.lines.map((line) => line.id));
      for (const line of answer.messages) {
        this.names.set(line.from.id, line.from.name);
        if (!known.has(line.id)) this.lines.push(line);
      }
      this.lines.sort((a, b) => a.id - b.id);
      this.render();
    } catch {
      this.loggedTable = null;
    }
  }

  message(m) {
    if (m.type === "table" && m.table === this.tableId) {
      this.loadLog();
      return;
    }
    if (m.type === "chat_settings" && m.handled !== true) {
      this.settings(m);
      return;
    }
    if (m.type === "chat_unread" && m.table === this.tableId && !this.enabled && m.channel === this.linesChannel) {
      this.unread = true;
      keepUnread(this.unreadPlace());
      this.render();
      this.unreadToast();
      return;
    }
    if (m.type !== "chat" || m.table !== this.tableId || !this.enabled) return;
    if (m.channel !== this.linesChannel) return; // said just before the reader's seat changed
    this.names.set(m.from.id, m.from.name);
    if (this.muted.has(m.from.id) || this.lines.some((line) => line.id === m.id)) return;
    this.lines.push(m);
    if (this.lines.length > SHOWN) this.lines.shift();
    this.render();
    if (m.from.id === this.ctx.session?.id) return;
    this.ctx.announce(`${this.fromText(m)}: ${this.lineText(m)}`);
    this.toast(m);
  }

  /** A line from someone else while the chat is out of sight (below the table on a phone)
   * shows over the table for a few seconds; a tap on it brings the chat into view. Screen
   * readers have heard it already (announce). */
  toast(m) {
    const box = this.root.getBoundingClientRect();
    if (box.width > 0 && box.top < window.innerHeight && box.bottom > 0) return;
    this.hideToast();
    this.toastLine = m;
    this.drawToast();
    this.toastTimer = setTimeout(() => this.hideToast(), TOAST_MS);
  }

  /** Chat is off and someone wrote: said once at this table by a pop-up (where the chat is
   * out of sight) and heard by screen readers; the panel keeps saying it. */
  unreadToast() {
    if (this.unreadToldAt === this.tableId) return;
    this.unreadToldAt = this.tableId;
    this.ctx.announce(this.t("chat.unread"));
    this.toast({ unread: true });
  }

  /** The pop-up for ``this.toastLine``, in place of the one shown (a change of language). */
  drawToast() {
    const m = this.toastLine;
    // two lines on a phone held upright (one cut a line short: "Moment, ich überlege noch…")
    const text = m.unread
      ? h("span", { class: "chat-toast-text unread" }, this.t("chat.wrote"), " ", h("span", { class: "chat-toast-action" }, this.t("chat.turnOn")))
      : h(
          "span",
          { class: "chat-toast-text" },
          h("span", { class: "chat-from pname", dir: "auto", title: m.from.name }, m.from.name),
          h("span", { class: "chat-where" }, ` (${this.where(m)})`),
          ": ",
          this.lineText(m),
        );
    const toast = h("button", { type: "button", class: "chat-toast", id: "chat-toast", tabindex: "-1", "aria-hidden": "true", onclick: () => this.openChat(m.unread) }, text);
    document.getElementById("chat-toast")?.remove();
    document.body.append(toast);
  }

  hideToast() {
    clearTimeout(this.toastTimer);
    this.toastLine = null;
    document.getElementById("chat-toast")?.remove();
  }

  relabel() {
    this.render();
    if (this.toastLine) this.drawToast();
  }

  /** A tap on the pop-up: the chat in view, ready to type in; on the notice that someone
   * wrote while chat was off ("Turn chat on"), chat turned on (the one way to read it). */
  async openChat(turnOn = false) {
    this.hideToast();
    if (turnOn && !this.enabled) await this.toggle(true); // (its lines make the panel longer)
    this.root.scrollIntoView({ block: "end" });
    const field = this.enabled ? "chat-input" : "chat-enabled"; // chat off: its switch
    document.getElementById(field)?.focus({ preventScroll: true });
  }

  /** Where a line's author sat, said from the reader's seat ("partner", "on your left"), or that
   * they watch: names are not unique at a table (two guests "Ann", or "Ann" with a Cyrillic
   * А), so the seat the server vouches for tells an opponent from the reader's partner. */
  where(line) {
    const seat = line.from.seat;
    if (line.from.id === this.ctx.session?.id) return this.t("chat.where.you");
    if (seat === null || seat === undefined) return this.t("chat.where.spectator");
    if (this.page.mySeat() === null || seat === this.page.mySeat()) return this.t("chat.where.seatN", { n: seat + 1 });
    const position = this.page.position(seat);
    if (position === "top") return this.t(this.page.players() === 4 ? "chat.where.partner" : "chat.where.across");
    // "Ann (left): brb" read as Ann having left the table
    return this.t(position === "left" ? "chat.where.onLeft" : "chat.where.onRight");
  }

  fromText(line) {
    return `${isolateName(line.from.name)} (${this.where(line)})`;
  }

  lineText(line) {
    return line.preset ? this.t(`chat.phrase.${line.preset}`) : line.text;
  }

  async toggle(on) {
    if (on && this.toastLine?.unread) this.hideToast(); // it said to turn chat on: done
    this.pending = on;
    if (await this.save({ type: "chat_settings", enabled: on })) {
      this.loggedTable = null;
      await this.loadLog();
    }
  }

  /** Send a change of the settings until it is saved (save.js); meanwhile the panel says
   * it is not saved yet, and when it cannot be saved it says so and shows what is saved. */
  async save(message) {
    const mine = ++this.saves;
    const current = () => mine === this.saves;
    this.problem = () => "";
    this.saveNote = () => this.t("chat.saving");
    this.render();
    const waiting = (err, ms) => {
      if (!current()) return;
      this.saveNote = () => this.t("chat.retrying", { count: Math.ceil(ms / 1000) });
      this.render();
    };
    try {
      const answer = await saveWithRetry(() => this.ctx.net.request(message), waiting);
      if (!current()) return false;
      this.saveNote = () => "";
      this.pending = null;
      this.settings(answer);
      return true;
    } catch (err) {
      if (!current()) return false;
      this.saveNote = () => "";
      this.pending = null;
      this.problem = () => this.t("chat.notSaved", { reason: this.ctx.errorText(err) });
      this.render();
      return false;
    }
  }

  async say(body) {
    if (!this.enabled || !this.tableId) return false;
    this.problem = () => "";
    try {
      await this.ctx.net.request({ type: "chat", table: this.tableId, ...body });
      this.render();
      return true;
    } catch (err) {
      this.problem = () => this.ctx.errorText(err);
      this.render();
      return false;
    }
  }

  mute(id, on) {
    return this.save({ type: on ? "mute" : "unmute", user: id });
  }

  render() {
    const off = !this.enabled;
    this.shownWatching = this.watching();
    this.shownSeat = this.seat();
    const toggle = h("input", {
      type: "checkbox",
      id: "chat-enabled",
      checked: this.pending ?? this.enabled,
      "aria-describedby": this.saveNote() ? "chat-saving" : null,
      onchange: (e) => this.toggle(e.target.checked),
    });
    const draft = this.root.querySelector("#chat-input")?.value || "";
    const input = h("input", {
      value: off ? "" : draft,
      id: "chat-input",
      name: "text",
      maxlength: "200",
      autocomplete: "off",
      disabled: off,
      placeholder: this.t("chat.placeholder"),
      "aria-label": this.t("chat.message"),
    });
    const send = async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      // emptied at once: a next line typed while this one is on its way is not wiped out
      // by its answer; a line refused comes back to an empty box to be sent again
      input.value = "";
      const sent = await this.say({ text });
      const box = document.getElementById("chat-input");
      if (sent) box?.focus();
      else if (box && !box.value) box.value = text;
    };
    const parts = [
      h("h2", { id: "chat-title" }, this.t(this.shownWatching ? "chat.spectators" : "chat.title")),
      this.shownWatching ? h("p", { class: "hint", id: "chat-apart" }, this.t("chat.apart")) : null,
      h("label", { class: "tool check" }, toggle, h("span", {}, this.t("chat.enable"))),
      h("p", { class: "hint", id: "chat-saving", role: "status" }, this.saveNote()),
      off ? h("p", { class: this.unread ? "hint chat-unread" : "hint", id: "chat-off" }, this.t(this.unread ? "chat.offUnread" : "chat.offNote")) : this.renderLines(),
      h(
        "div",
        { class: "chat-presets", role: "group", "aria-label": this.t("chat.presets") },
        PRESETS.map((key) =>
          h("button", { type: "button", class: "chat-preset", disabled: off, dataset: { preset: key, focusKey: `preset-${key}` }, onclick: () => this.say({ preset: key }) }, this.t(`chat.phrase.${key}`)),
        ),
      ),
      h("form", { class: "chat-form row", onsubmit: send }, input, h("button", { type: "submit", id: "chat-send", disabled: off }, this.t("chat.send"))),
      h("p", { class: "form-error", id: "chat-error", role: "alert" }, this.problem()),
      this.renderMuted(),
    ];
    this.root.classList.toggle("chat-is-off", off); // the phrases and the field hide (app.css)
    // replaceChildren would write a null (no one muted) as the text "null"
    redrawKeepingFocus(this.root, () => this.root.replaceChildren(...parts.filter(Boolean)), (key) => this.focusAfterGone(key));
    this.showAtTable();
  }

  /** Where focus goes when its control went with the re-drawing: from a "Mute" to that
   * player's "Unmute" (to undo it), from an "Unmute" to the message field. */
  focusAfterGone(key) {
    const muted = key?.startsWith("mute-") ? this.root.querySelector(`[data-focus-key="un${CSS.escape(key)}"]`) : null;
    return muted || this.root.querySelector("#chat-input:not([disabled])") || this.root.querySelector("#chat-enabled");
  }

  renderMuted() {
    const known = [...this.muted].filter((id) => this.names.has(id));
    if (!known.length) return null;
    return h(
      "ul",
      { class: "chat-muted" },
      known.map((id) =>
        h("li", {}, h("button", { type: "button", class: "chat-unmute link", dataset: { focusKey: `unmute-${id}` }, onclick: () => this.mute(id, false) }, this.t("chat.unmute", { name: this.names.get(id) }))),
      ),
    );
  }

  renderLines() {
    const me = this.ctx.session?.id;
    if (!this.lines.length) return h("p", { class: "hint", id: "chat-empty" }, this.t("chat.empty"));
    // one "Mute" a player, on their latest line (one on every line took 420 px for three lines on a phone)
    const latest = new Map(this.lines.map((line) => [line.from.id, line]));
    return h(
      "ol",
      { class: "chat-lines", id: "chat-lines" },
      this.lines.map((line) =>
        h(
          "li",
          { class: "chat-line", dataset: { id: String(line.id), from: line.from.id } },
          h("span", { class: "chat-from pname", dir: "auto", title: line.from.name }, line.from.name), // a right-to-left name stays apart from the line
          h("span", { class: "chat-where" }, ` (${this.where(line)})`),
          ": ",
          h("span", { class: "chat-text" }, this.lineText(line)),
          line.from.id === me || latest.get(line.from.id) !== line
            ? null
            : h(
                "button",
                { type: "button", class: "chat-mute link", dataset: { focusKey: `mute-${line.from.id}` }, onclick: () => this.mute(line.from.id, true) },
                this.t("chat.mute", { name: this.fromText(line) }),
              ),
        ),
      ),
    );
  }
}
