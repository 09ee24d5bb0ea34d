// The lobby: name, quick play, join by code or link, create a table, open tables.

import { h } from "./dom.js";
import { redrawKeepingFocus } from "./keepfocus.js";
import { BOT_LEVELS, DECKS, NEEDED, OPTIONS, PRESETS, TURN_TIMERS, applies, presetValues } from "./options.js";
import { Page } from "./page.js";
import { pauseField } from "./summary.js";
import { tableName } from "./tablename.js";

export function mount(ctx, root) {
  const page = new Lobby(ctx, root);
  page.render();
  page.subscribe();
  return page;
}

class Lobby extends Page {
  constructor(ctx, root) {
    super(ctx, root);
    this.tables = new Map();
    this.yours = []; // tables where this person holds a seat (the lobby answer's "yours")
    this.leaving = null; // the table of theirs whose "Leave" asks first
    this.changingName = false;
    // what went wrong in each form, as a function giving its words: a change of language
    // draws the lobby again, and tells it again in the new language
    this.problems = { quick: null, create: null };
    this.form = { preset: "standard", kind: "casual", turn: 30, level: "", startNow: false, values: null };
    this.onMessage = (e) => this.message(e.detail);
    this.onOpen = () => this.subscribe();
    ctx.net.addEventListener("message", this.onMessage);
    ctx.net.addEventListener("open", this.onOpen);
  }

  unmount() {
    super.unmount();
    this.ctx.net.removeEventListener("message", this.onMessage);
    this.ctx.net.removeEventListener("open", this.onOpen);
    this.ctx.net.send({ type: "lobby", subscribe: false });
  }

  async subscribe() {
    if (!this.ctx.session) {
      this.fetchTables();
      return;
    }
    if (!this.ctx.net.connected) return;
    try {
      const answer = await this.ctx.net.request({ type: "lobby" });
      this.tables = new Map(answer.tables.map((t) => [t.id, t]));
      this.yours = answer.yours || [];
      if (!this.gone) {
        this.renderTables();
        this.renderYours();
      }
    } catch {
      // offline: the "open" event subscribes again
    }
  }

  async fetchTables() {
    try {
      const response = await fetch("api/tables");
      const body = await response.json();
      this.tables = new Map(body.tables.map((t) => [t.id, t]));
      if (!this.gone) this.renderTables();
    } catch {
      // the list stays as it was
    }
  }

  message(m) {
    if (m.type !== "lobby_update") return;
    const t = m.table;
    if (t.removed || !["waiting", "playing"].includes(t.status)) this.tables.delete(t.id);
    else this.tables.set(t.id, t);
    this.renderTables();
  }

  // ------------------------------------------------------------------ rendering

  render() {
    const ctx = this.ctx;
    this.tableList = h("div", { class: "table-list", id: "open-tables" });
    this.yoursBox = h("div", { id: "your-tables-box" });
    this.root.replaceChildren(
      h(
        "section",
        { class: "lobby", "aria-labelledby": "lobby-title" },
        h("h1", { id: "lobby-title", tabindex: "-1" }, this.t("lobby.title")),
        this.whoPanel(),
        this.yoursBox,
        h("div", { class: "lobby-grid" }, this.quickPanel(), this.joinPanel(), this.tablesPanel(), this.createPanel()),
      ),
    );
    this.renderTables();
    this.renderYours();
    if (!ctx.session) document.getElementById("guest-name")?.focus();
  }

  whoPanel() {
    const ctx = this.ctx;
    if (!ctx.session || this.changingName) {
      return h(
        "div",
        { class: "panel who" },
        h("h2", {}, this.t(this.changingName ? "lobby.changeName" : "lobby.welcome")),
        ctx.nameForm(
          this.changingName ? null : this.t("lobby.intro"),
          () => {
            this.changingName = false;
            this.render();
            this.subscribe();
            document.getElementById("quick-play")?.focus(); // the next thing a new player wants
          },
          this.changingName ? () => this.changeName(false) : null,
        ),
      );
    }
    const account = ctx.session.guest === false;
    return h(
      "div",
      { class: "panel who compact" },
      h("p", { id: "who" }, h("span", { class: "pname", title: ctx.session.name }, this.t("lobby.playingAs", { name: ctx.session.name })), " ", h("span", { class: "badge" }, this.t(account ? "lobby.account" : "lobby.guest"))),
      // an account keeps its name: a new one here logged its holder out, tables and all
      account ? null : h("button", { type: "button", id: "change-name", onclick: () => this.changeName(true) }, this.t("lobby.changeName")),
    );
  }

  changeName(changing) {
    this.changingName = changing;
    this.render();
    const focus = changing ? document.getElementById("guest-name") : document.getElementById("change-name");
    focus?.focus();
    if (changing) focus?.select();
  }

  quickPanel() {
    const select = presetSelect(this.ctx, "quick-preset", this.ctx.quickPreset);
    // kept for the tab across a new drawing of the lobby (a change of language, the lobby
    // opened again): the rules chosen went back to standard, and a game of them was played
    select.addEventListener("change", () => { this.ctx.quickPreset = select.value; });
    const button = h("button", { type: "submit", class: "primary big", id: "quick-play" }, this.t("lobby.quickPlay"));
    return h(
      "form",
      { class: "panel quick", "aria-labelledby": "quick-title", onsubmit: (e) => this.quickPlay(e, select.value, button) },
      h("h2", { id: "quick-title" }, this.t("lobby.quickTitle")),
      h("p", {}, this.t("lobby.quickText")),
      h("label", { for: "quick-preset" }, this.t("lobby.rules")),
      select,
      button,
      h("button", { type: "button", class: "big", id: "quick-ranked", onclick: (e) => this.quickPlay(e, select.value, e.currentTarget, true) }, this.t("lobby.quickRanked")),
      this.problemLine("quick"),
      // with the way to an account: a guest's "Play ranked" said the same again, in red
      this.ctx.session?.guest === false
        ? null
        : h("p", { class: "hint", id: "ranked-note" }, h("span", { id: "ranked-note-text" }, this.t("lobby.rankedSoon"), " "), h("a", { href: "#/account", id: "ranked-account" }, this.t("account.loginOrRegister"))),
    );
  }

  joinPanel() {
    const input = h("input", { id: "invite-code", autocomplete: "off", placeholder: this.t("lobby.codePlaceholder") });
    return h(
      "form",
      { class: "panel join", "aria-labelledby": "join-title", onsubmit: (e) => this.joinByCode(e, input) },
      h("h2", { id: "join-title" }, this.t("lobby.joinTitle")),
      h("label", { for: "invite-code" }, this.t("lobby.codeLabel")),
      h("div", { class: "row" }, input, h("button", { type: "submit" }, this.t("lobby.join"))),
    );
  }

  /** The way back to a seat kept for this person (they closed the tab; a bot plays it). */
  renderYours() {
    if (!this.yoursBox) return;
    const rows = this.ctx.session ? this.yours : [];
    // replaceChildren(null) would show the text "null": no rows, no children
    const box = rows.length
      ? [
          h(
            "section",
            { class: "panel yours", id: "your-tables", "aria-labelledby": "yours-title" },
            h("h2", { id: "yours-title", tabindex: "-1" }, this.t("lobby.yourTables")),
            // a table still waiting has no game for a bot to play yet
            h("p", { class: "hint" }, this.t(rows.some((t) => t.status === "playing") ? "lobby.yourTablesHelp" : "lobby.yourTablesWaitingHelp")),
            h("ul", {}, rows.map((t) => this.yourRow(t))),
          )
        ]
      : [];
    this.yoursBox.replaceChildren(...box);
  }

  yourRow(t) {
    const label = `your-table-${t.id}`;
    return h(
      "li",
      { class: "table-row row wrap", dataset: { table: t.id } },
      h(
        "span",
        { class: "table-rules", id: label },
        // which table: its rules and who else sits there ("Private · Playing" named none)
        t.preset ? h("strong", {}, tableName(this.ctx, t.preset, t.house_rules)) : null,
        t.others?.length ? h("span", { class: "your-table-others" }, this.othersText(t.others)) : null,
        h("span", { class: "badge" }, this.t(`kinds.${t.kind}`)),
        h("span", { class: `badge status-${t.status}` }, this.t(`status.${t.status}`)),
        t.status === "playing" ? h("span", { class: "your-table-note" }, this.t(this.waitsForYou(t) ? "lobby.gameWaitsForYou" : "lobby.botPlaysWhileAway")) : null,
      ),
      this.leaving === t.id
        ? this.leaveQuestion(t)
        : h(
            "div",
            { class: "row wrap your-table-actions" },
            h("a", { class: "button primary", href: `#/table/${t.id}`, "aria-describedby": label }, this.t("lobby.backToTable")),
            h("button", { type: "button", id: `leave-${t.id}`, "aria-describedby": label, onclick: () => this.askLeave(t.id) }, this.t("lobby.leaveTable")),
          ),
    );
  }

  /** "Leave" on one of one's tables asks first, saying what becomes of the game. */
  leaveQuestion(t) {
    const what = t.kind === "ranked" ? "ranked" : t.status !== "playing" ? "waiting" : this.waitsForYou(t) ? "ends" : "bot";
    const cancel = () => this.askLeave(null, `leave-${t.id}`);
    return h(
      "div",
      { class: "leave-question", role: "group", "aria-labelledby": `leave-question-${t.id}`, onkeydown: (e) => e.key === "Escape" && cancel() },
      h("p", { id: `leave-question-${t.id}` }, this.t(`leaveQuestion.${what}`)),
      h(
        "div",
        { class: "row wrap" },
        h("button", { type: "button", class: "primary", id: `leave-yes-${t.id}`, onclick: () => this.leaveYours(t.id) }, this.t("lobby.leaveYes")),
        h("button", { type: "button", id: `leave-no-${t.id}`, "aria-keyshortcuts": "Escape", onclick: cancel }, this.t("lobby.leaveNo")),
      ),
    );
  }

  /** Ask about leaving ``table`` (null: the question put away), then focus its first
   * button, or ``focus``. */
  askLeave(table, focus = null) {
    this.leaving = table;
    this.renderYours();
    document.getElementById(focus || `leave-yes-${table}`)?.focus();
  }

  async leaveYours(table) {
    try {
      await this.ctx.net.request({ type: "leave", table });
      this.ctx.toast(() => this.t("lobby.leftTable"));
    } catch (err) {
      this.ctx.showError(err);
    }
    this.leaving = null;
    await this.subscribe();
    if (!this.gone) (document.getElementById("yours-title") || document.getElementById("lobby-title"))?.focus();
  }

  /** A game of this person's with bots only: no clock runs and the bots wait for them
   * (docs/protocol.md); a ranked game is played to its end whoever left. */
  waitsForYou(t) {
    return t.kind !== "ranked" && (t.others || []).every((o) => o.type === "bot");
  }

  /** Who else sits at a table of yours: "with Bob and 2 bots". */
  othersText(others) {
    const people = others.filter((o) => o.type !== "bot").map((o) => o.name);
    const bots = others.length - people.length;
    const names = bots ? [...people, this.t("lobby.botCount", { count: bots })] : people;
    return this.t("lobby.withPlayers", { names: this.ctx.i18n.nameList(names) });
  }

  tablesPanel() {
    return h(
      "section",
      { class: "panel tables", "aria-labelledby": "tables-title" },
      h("h2", { id: "tables-title", tabindex: "-1" }, this.t("lobby.openTables")),
      this.tableList,
    );
  }

  renderTables() {
    if (!this.tableList) return;
    const mine = new Set(this.yours.map((t) => t.id)); // listed above, with the way back to the seat
    const rows = [...this.tables.values()].filter((t) => !mine.has(t.id)).sort((a, b) => b.free - a.free || a.id.localeCompare(b.id));
    const list = rows.length ? h("ul", {}, rows.map((t) => this.tableRow(t))) : h("p", { class: "empty" }, this.t("lobby.noTables"));
    redrawKeepingFocus(this.tableList, () => this.tableList.replaceChildren(list), (key) => this.focusAfterGone(key));
  }

  /** Where focus goes when its control went with an update: a table that filled up keeps
   * its "Watch"; a table gone gives it to the list's first control, or to the list's heading. */
  focusAfterGone(key) {
    const table = key?.split(":")[1];
    const sameTable = table ? this.tableList.querySelector(`[data-focus-key="watch:${CSS.escape(table)}"]`) : null;
    return sameTable || this.tableList.querySelector("button, a") || document.getElementById("tables-title");
  }

  tableRow(t) {
    const ctx = this.ctx;
    const seats = t.seats.map((s) =>
      h("li", { class: `seat-chip ${s.type}`, dir: "auto", title: s.type === "empty" ? null : s.name }, s.type === "empty" ? this.t("table.freeSeat") : s.name),
    );
    const options = optionSummary(ctx, t.options || {});
    const underWay = t.status === "playing"; // sitting there takes a bot's seat
    const canSit = t.free > 0 || (underWay && t.seats.some((s) => s.type === "bot") && t.kind !== "ranked");
    return h(
      "li",
      { class: "table-row", dataset: { table: t.id } },
      h(
        "div",
        { class: "table-rules" },
        h("strong", {}, tableName(ctx, t.preset, t.house_rules)),
        h("span", { class: "badge" }, this.t(`kinds.${t.kind}`)),
        h("span", { class: `badge status-${t.status}` }, this.t(`status.${t.status}`)),
        t.turn_seconds ? h("span", { class: "muted" }, this.t("lobby.timer", { seconds: Math.round(t.turn_seconds) })) : null,
      ),
      options.length ? h("p", { class: "table-options" }, options.join(" · ")) : null,
      h("ul", { class: "seat-chips", "aria-label": this.t("lobby.seats") }, seats),
      h(
        "div",
        { class: "row" },
        canSit && ctx.session ? h("button", { type: "button", class: "primary", dataset: { focusKey: `sit:${t.id}` }, onclick: () => this.sitAt(t.id) }, this.t(underWay ? "lobby.takeBotSeat" : "lobby.sit")) : null,
        h("a", { class: "button", href: `#/table/${t.id}`, dataset: { focusKey: `watch:${t.id}` } }, this.t("lobby.watch")),
      ),
    );
  }

  createPanel() {
    const ctx = this.ctx;
    const f = this.form;
    if (!f.values) f.values = presetValues(ctx.presets, f.preset);
    const preset = presetSelect(ctx, "create-preset", f.preset);
    preset.addEventListener("change", () => {
      f.preset = preset.value;
      f.values = presetValues(ctx.presets, f.preset);
      this.rerenderCreate();
    });
    return h(
      "form",
      { class: "panel create", id: "create-form", "aria-labelledby": "create-title", onsubmit: (e) => this.create(e) },
      h("h2", { id: "create-title" }, this.t("lobby.createTitle")),
      h("label", { for: "create-preset" }, this.t("lobby.rules")),
      preset,
      h("p", { class: "hint" }, this.t(`presets.${f.preset}.help`)),
      this.kindField(),
      // A ranked table takes the preset as it is, with the server's clock, bots and pause.
      f.kind === "ranked" ? h("p", { class: "hint", id: "ranked-rules" }, this.t("lobby.rankedRules")) : this.settingsFields(),
      this.problemLine("create"),
      h("button", { type: "submit", class: "primary", id: "create-table" }, this.t("lobby.create")),
    );
  }

  settingsFields() {
    const ctx = this.ctx;
    const f = this.form;
    return [
      this.timerField(),
      pauseField(this, f),
      this.hintsField(),
      this.botsField(),
      optionField(ctx, OPTIONS[0], f.values, f.values.players),
      h(
        "details",
        { class: "more-options" },
        h("summary", {}, this.t("lobby.moreOptions")),
        OPTIONS.slice(1)
          .filter((o) => (!o.when || o.when(f.values.players)) && applies(o, f.values))
          .map((o) => optionField(ctx, o, f.values, f.values.players, () => this.neededChanged(o))),
      ),
    ];
  }

  /** An option others need changed: show or hide those (as the server takes them). */
  neededChanged(option) {
    if (NEEDED.has(option.name)) this.rerenderCreate(`#opt-${option.name}`);
  }

  rerenderCreate(focus = "#create-preset") {
    const old = document.getElementById("create-form");
    const open = old?.querySelector("details")?.open;
    const fresh = this.createPanel();
    if (open) fresh.querySelector("details")?.setAttribute("open", "");
    old.replaceWith(fresh);
    fresh.querySelector(focus)?.focus();
  }

  kindField() {
    const f = this.form;
    const radios = ["casual", "private", "ranked"].map((kind) =>
      h(
        "label",
        { class: "radio" },
        h("input", { type: "radio", name: "kind", value: kind, checked: f.kind === kind, "aria-describedby": `kind-${kind}-help`, onchange: () => {
          f.kind = kind;
          this.rerenderCreate(`input[name=kind][value=${kind}]`);
        } }),
        // the help is the choice's description, not part of its name (read twice, else)
        h("span", {}, this.t(`kinds.${kind}`), h("small", { id: `kind-${kind}-help`, "aria-hidden": "true" }, this.t(`kinds.${kind}Help`))),
      ),
    );
    return h("fieldset", { class: "kind" }, h("legend", {}, this.t("lobby.kind")), radios);
  }

  timerField() {
    const f = this.form;
    const select = h(
      "select",
      { id: "create-timer", onchange: (e) => (f.turn = Number(e.target.value)) },
      TURN_TIMERS.map((s) =>
        h("option", { value: s, selected: s === f.turn }, s ? this.t("lobby.seconds", { count: s }) : this.t("lobby.timerOff")),
      ),
    );
    return h("div", { class: "field" }, h("label", { for: "create-timer" }, this.t("lobby.turnTimer")), select);
  }

  /** The coach's hints at the new table (on unless unticked; never at ranked tables). */
  hintsField() {
    const f = this.form;
    const box = h("input", { type: "checkbox", id: "create-hints", checked: f.hints !== false, "aria-describedby": "create-hints-help", onchange: (e) => (f.hints = e.target.checked) });
    return h(
      "div",
      { class: "field" },
      h("label", { class: "check" }, box, this.t("coach.hintsOption")),
      h("p", { class: "hint", id: "create-hints-help" }, this.t("coach.hintsOptionHelp")),
    );
  }

  botsField() {
    const f = this.form;
    const levels = this.ctx.botLevels || BOT_LEVELS;
    const select = h(
      "select",
      { id: "create-bot-level", onchange: (e) => (f.level = e.target.value) },
      h("option", { value: "" }, this.ctx.botDefault ? this.t("lobby.botDefaultIs", { level: botLevelName(this.ctx, this.ctx.botDefault) }) : this.t("lobby.botDefault")),
      levels.map((l) => h("option", { value: l, selected: l === f.level }, botLevelName(this.ctx, l))),
    );
    const now = h("input", { type: "checkbox", id: "create-start-now", checked: f.startNow, onchange: (e) => (f.startNow = e.target.checked) });
    return h(
      "fieldset",
      { class: "bots" },
      h("legend", {}, this.t("lobby.bots")),
      h("label", { for: "create-bot-level" }, this.t("lobby.botLevel")),
      select,
      h("label", { class: "check" }, now, this.t("lobby.startNow")),
    );
  }

  // ------------------------------------------------------------------ actions

  async needSession() {
    if (this.ctx.session && this.ctx.net.connected) return true;
    if (!this.ctx.session) {
      this.ctx.toast(() => this.t("errors.need_name"), "error");
      document.getElementById("guest-name")?.focus();
      return false;
    }
    this.ctx.showError({ code: "offline" });
    return false;
  }

  async quickPlay(event, preset, button, ranked = false) {
    event.preventDefault();
    this.showProblem("quick", null);
    if (!(await this.needSession())) return;
    // the wait for a seat said on the button itself (a pale button alone looked stuck)
    const label = button.textContent;
    button.disabled = true;
    button.textContent = this.t("lobby.finding");
    try {
      const answer = await this.ctx.net.request(ranked ? { type: "quick_play", preset, ranked } : { type: "quick_play", preset });
      this.ctx.go(`#/table/${answer.table}`);
    } catch (err) {
      button.disabled = false;
      button.textContent = label;
      const key = `errors.${err.code}`;
      if (ranked && this.ctx.i18n.has(key)) this.showProblem("quick", () => this.t(key));
      else this.ctx.showError(err);
      // the note under it said the same again: its link to an account is left
      if (err.code === "account_required") document.getElementById("ranked-note-text")?.remove();
    }
  }

  problemLine(form) {
    return h("p", { class: "form-error", id: `${form}-error`, role: "alert" }, this.problems[form]?.());
  }

  /** What went wrong in ``form`` ("quick", "create"), as a function giving its words, or null. */
  showProblem(form, words) {
    this.problems[form] = words;
    const line = document.getElementById(`${form}-error`);
    if (line) line.textContent = words ? words() : "";
  }

  joinByCode(event, input) {
    event.preventDefault();
    const code = inviteCode(input.value);
    if (!code) {
      this.ctx.toast(() => this.t("errors.bad_code"), "error");
      input.focus();
      return;
    }
    this.ctx.go(`#/join/${code}`);
  }

  async sitAt(tableId) {
    if (!(await this.needSession())) return;
    try {
      await this.ctx.net.request({ type: "sit", table: tableId });
      this.ctx.go(`#/table/${tableId}`);
    } catch (err) {
      this.ctx.showError(err);
    }
  }

  async create(event) {
    event.preventDefault();
    this.showProblem("create", null);
    if (!(await this.needSession())) return;
    const f = this.form;
    const message = { type: "create", preset: f.preset, options: changedOptions(this.ctx, f), kind: f.kind };
    if (f.kind !== "ranked") {
      // a ranked table plays with the server's clock, bots and pause (it refuses others)
      message.turn_seconds = f.turn;
      if (f.level) message.bot_level = f.level;
      if (f.pause !== undefined) message.summary_seconds = f.pause;
      if (f.hints === false) message.hints = false;
    }
    try {
      const created = await this.ctx.net.request(message);
      if (f.startNow && f.kind !== "ranked") this.ctx.net.fire({ type: "start", table: created.table });
      this.ctx.go(`#/table/${created.table}`);
    } catch (err) {
      this.showProblem("create", () => this.ctx.errorText(err));
    }
  }
}

function presetSelect(ctx, id, chosen) {
  return h(
    "select",
    { id, name: "preset" },
    PRESETS.map((p) => h("option", { value: p, selected: p === chosen }, ctx.t(`presets.${p}.label`))),
  );
}

/** One option as a form control, with its explanation. */
function optionField(ctx, option, values, players, changed = () => {}) {
  const id = `opt-${option.name}`;
  const help = h("small", { id: `${id}-help`, class: "hint" }, ctx.t(`options.${option.name}.help`));
  const label = ctx.t(`options.${option.name}.label`);
  if (option.kind === "bool") {
    const box = h("input", {
      type: "checkbox",
      id,
      checked: values[option.name],
      "aria-describedby": `${id}-help`,
      onchange: (e) => {
        values[option.name] = e.target.checked;
        changed();
      },
    });
    return h("div", { class: "field check" }, h("label", { for: id }, box, " ", label), help);
  }
  if (option.kind === "set") {
    const boxes = option.values.map((v) =>
      h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          checked: values[option.name].includes(v),
          onchange: (e) => {
            const set = new Set(values[option.name]);
            if (e.target.checked) set.add(v);
            else set.delete(v);
            values[option.name] = [...set];
          },
        }),
        " ",
        ctx.t(`options.${option.name}.values.${v}`),
      ),
    );
    return h("fieldset", { class: "field", "aria-describedby": `${id}-help` }, h("legend", {}, label), boxes, help);
  }
  const allowed = option.name === "min_rank" ? DECKS[players] : option.values;
  const select = h(
    "select",
    {
      id,
      "aria-describedby": `${id}-help`,
      onchange: (e) => {
        const raw = e.target.value;
        values[option.name] = typeof option.values[0] === "number" ? Number(raw) : raw;
        changed();
      },
    },
    allowed.map((v) => h("option", { value: v, selected: v === values[option.name] }, optionValueName(ctx, option.name, v))),
  );
  return h("div", { class: "field" }, h("label", { for: id }, label), select, help);
}

/** A value of an option in words. */
export function optionValueName(ctx, name, value) {
  const key = `options.${name}.values.${value}`;
  if (ctx.i18n.has(key)) return ctx.t(key);
  if (name === "target") return value ? ctx.t("options.target.points", { count: value }) : ctx.t("table.noTarget");
  if (name === "time_limit_minutes") return value ? ctx.t("options.time_limit_minutes.minutes", { count: value }) : ctx.t("options.time_limit_minutes.values.0");
  if (name === "deal_limit") return ctx.t("options.deal_limit.deals", { count: value });
  return String(value);
}

/** Short words for a table's options (the lobby line). */
export function optionSummary(ctx, options) {
  return Object.entries(options)
    .filter(([name]) => name !== "players" && ctx.i18n.has(`options.${name}.label`))
    .map(([name, value]) =>
      typeof value === "boolean"
        ? `${ctx.t(`options.${name}.label`)}: ${ctx.t(value ? "common.on" : "common.off")}`
        : `${ctx.t(`options.${name}.label`)}: ${Array.isArray(value) ? value.map((v) => optionValueName(ctx, name, v)).join(", ") : optionValueName(ctx, name, value)}`,
    );
}

export function botLevelName(ctx, level) {
  const key = `bots.${level}`;
  return ctx.i18n.has(key) ? ctx.t(key) : level;
}

function changedOptions(ctx, form) {
  const base = presetValues(ctx.presets, form.preset);
  const out = {};
  for (const option of OPTIONS) {
    if ((option.when && !option.when(base.players)) || !applies(option, form.values)) continue;
    const value = form.values[option.name];
    const same = Array.isArray(value)
      ? JSON.stringify([...value].sort()) === JSON.stringify([...base[option.name]].sort())
      : value === base[option.name];
    if (!same) out[option.name] = value;
  }
  return out;
}

/** The invite code in a pasted link or code. */
export function inviteCode(text) {
  const trimmed = text.trim();
  const fromLink = trimmed.match(/#\/join\/([\w-]+)/);
  if (fromLink) return fromLink[1];
  const typed = trimmed.replace(/\s+/g, ""); // "K7RM 4XTP" read aloud and typed with a space
  return /^[\w-]{1,32}$/.test(typed) ? typed : "";
}
