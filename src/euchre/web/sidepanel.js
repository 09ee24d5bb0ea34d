// The table's side panel: the score board, the look-back buttons and sheets, the last
// hand, the invitation, standing up and leaving, the rules in play and the game's log.

import { h, nameCut } from "./dom.js";
import { lastTrickButton, lastTrickPanel, lookBackdrop, scoreSheetButton, scoreSheetPanel } from "./lasttrick.js";
import { optionSummary } from "./lobby.js";
import { matchLine } from "./matchline.js";
import { describeDeal } from "./narration.js";
import { scoreSheet } from "./scoresheet.js";
import { inviteLink, shareInviteButton } from "./share.js";
import { standQuestion } from "./standup.js";

/** The side panel beside the felt (below it on a phone). */
export function sidePanel(page) {
  return h(
    "aside",
    { class: "side", "aria-label": page.t("table.sideLabel") },
    page.coach.reviewPanel(),
    scoreBoard(page),
    lookBackBox(page),
    lastDealBox(page),
    inviteBox(page),
    tableActions(page),
    rulesBox(page),
    logBox(page),
  );
}

function scoreBoard(page) {
  const s = page.state;
  const sides = page.players() === 3 ? 3 : 2;
  const target = page.info.target;
  const mine = page.mySeat() !== null ? page.sideOf(page.mySeat()) : null;
  const rows = Array.from({ length: sides }, (_, side) => {
    const score = s ? s.score[side] : 0;
    const tricks = s ? page.sideSeats(side).reduce((n, seat) => n + (s.tricks_won[seat] || 0), 0) : 0;
    return h(
      "tr",
      { class: side === mine ? "mine" : "", dataset: { side: String(side) } },
      h(
        "th",
        { scope: "row" },
        // no dir=auto: a side's names are isolated one by one, and "דנה and Bob" is English
        h("span", { class: "pname", title: page.sideName(side) }, page.sideName(side)),
        // a space between: the badge's margin alone ran the names into it for screen readers ("Olgayou")
        side === mine ? [" ", h("span", { class: "you" }, page.t("table.you"))] : null,
      ),
      // no target (a deal or time limit): no "/ 0", and no bar full from the first point
      h("td", { class: "score" }, h("span", { class: "score-value" }, String(score)), target ? h("span", { class: "muted" }, ` / ${target}`) : null),
      h("td", { class: "tricks" }, s && s.phase === "play" ? String(tricks) : "–"),
      h("td", { class: "bar-cell", "aria-hidden": "true" }, target ? h("span", { class: "score-bar", style: `--fill:${Math.min(100, (100 * score) / target)}%` }) : null),
    );
  });
  return h(
    "section",
    { class: "box score-board", "aria-labelledby": "score-title" },
    h("h2", { id: "score-title" }, target ? page.t("table.score", { target }) : page.t("table.scoreNoTarget")),
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, page.t(page.players() === 4 ? "table.side" : "table.player")), h("th", { scope: "col" }, page.t("table.points")), h("th", { scope: "col" }, page.t("table.tricks")), h("td", {}))),
      h("tbody", {}, rows),
    ),
    s && s.trump ? h("p", { class: "contract-line" }, page.contract()) : null,
    page.info.match ? h("p", { class: "match-line", id: "match-line" }, matchLine(page, page.info.match)) : null,
  );
}

/** Look back: the last trick (button, L key) and the score sheet of every hand. */
function lookBackBox(page) {
  if (!page.state && page.info.status === "waiting") return null;
  const names = { seat: (n) => page.seatName(n), side: (n) => page.sideName(n), sides: page.players() === 3 ? 3 : 2, mine: page.mySeat() === null ? null : page.sideOf(page.mySeat()) };
  return h(
    "section",
    { class: "box look-back", "aria-labelledby": "look-back-title" },
    h("h2", { id: "look-back-title" }, page.t("lookback.title")),
    h("div", { class: "row wrap look-buttons" }, lastTrickButton(page, page.showLastTrick), scoreSheetButton(page, page.showSheet)),
    page.showLastTrick || page.showSheet ? lookBackdrop() : null,
    page.showLastTrick ? lastTrickPanel(page) : null,
    scoreSheetPanel(page, page.showSheet, scoreSheet(page.ctx, page.sheet, names, "score-sheet", page.info.status === "finished")),
    page.coach.reviewList(page.sheet.map((row) => row.deal)),
  );
}

function lastDealBox(page) {
  if (!page.lastDeal) return null;
  return h(
    "section",
    { class: "box last-deal", "aria-labelledby": "last-deal-title" },
    h("h2", { id: "last-deal-title" }, page.t("table.lastHand", { n: page.lastDeal.deal + 1 })),
    h("p", { id: "deal-summary" }, describeDeal(page, page.lastDeal)),
    page.coach.reviewButton(page.lastDeal.deal, "review-last-hand"),
  );
}

function inviteBox(page) {
  if (!page.inviteCode || page.info.status === "finished") return null;
  const link = inviteLink(page);
  const input = h("input", { id: "invite-link", readonly: true, value: link, onfocus: (e) => e.target.select() });
  return h(
    "section",
    { class: "box invite", "aria-labelledby": "invite-title" },
    h("h2", { id: "invite-title" }, page.t("table.invite")),
    h("label", { for: "invite-link" }, page.t("table.inviteHelp")),
    h("div", { class: "row" }, input, h("button", { type: "button", dataset: { cmd: "copy", key: "copy" } }, page.t("table.copy"))),
    shareInviteButton(page, link),
    h("p", { class: "hint" }, page.t("table.inviteCode"), " ", h("code", { id: "invite-code-text" }, page.inviteCode)),
    page.you?.host ? namesLine(page, "invite-opened", "lookback.opened", page.info.opened) : null,
    page.you?.host ? namesLine(page, "invite-watching", "lookback.watching", page.info.watching) : null,
  );
}

/** A sentence listing people (who opened the invite, who watches), each name cut to fit. */
function namesLine(page, id, key, names) {
  if (!names?.length) return null;
  const i18n = page.ctx.i18n;
  return h("p", { id }, i18n.tNodes(key, {}, { names: i18n.listNodes(names, nameCut) }));
}

function tableActions(page) {
  const me = page.mySeat();
  const playing = page.info.status === "playing";
  // Only the person whose seat a bot plays gets it back (a spectator would take a bot's seat).
  const held = page.heldSeat === null ? null : page.info.seats[page.heldSeat];
  const botsSitting = Boolean(held && held.type === "human" && held.bot_playing && !held.connected);
  // the question standing up or leaving asks first, under its own button
  const asked = (what) => me !== null && page.confirmingStand === what && playing;
  const asking = (what) => (asked(what) ? { "aria-expanded": "true", "aria-controls": "stand-confirm" } : {});
  const question = (what) => (asked(what) ? standQuestion(page) : null);
  return h(
    "div",
    { class: "box row wrap table-actions" },
    me !== null && page.info.status !== "finished" ? h("button", { type: "button", id: "stand-up", ...asking("stand"), dataset: { key: "stand", cmd: "stand" } }, page.t("table.stand")) : null,
    question("stand"),
    page.gameOverClosed && page.state?.phase === "game_over" ? h("button", { type: "button", id: "show-result", dataset: { key: "show-result", cmd: "show-result" } }, page.t("game.showResult")) : null,
    me === null && playing && botsSitting ? h("button", { type: "button", id: "sit-again", dataset: { key: "sit-again", cmd: "sit" } }, page.t("table.sitAgain")) : null,
    h("button", { type: "button", id: "leave-table", ...asking("leave"), dataset: { key: "leave", cmd: "leave" } }, page.t("table.leave")),
    question("leave"),
  );
}

/** The rules in play: the preset, then the house rules (changed from the preset), then the
 * preset's own options beyond Standard. */
function rulesBox(page) {
  const info = page.info;
  // (no target is said above, not listed as "0 points")
  const explained = ([name, value]) => page.ctx.i18n.has(`options.${name}.help`) && name !== "players" && !(name === "target" && !value);
  const house = Object.entries(info.house_rules || {}).filter(explained);
  const own = Object.entries(info.options || {}).filter((entry) => explained(entry) && !(entry[0] in (info.house_rules || {})));
  return h(
    "details",
    { class: "box rules", id: "table-rules" },
    h("summary", {}, page.t("table.rules")),
    h("p", {}, h("strong", {}, page.t(`presets.${info.preset}.label`)), ": ", page.t(`presets.${info.preset}.help`)),
    h("p", {}, info.target ? page.t("table.target", { target: info.target }) : page.t("table.noTargetRule")),
    h("p", { id: "rules-timer" }, timerRule(page)),
    house.length ? [h("h3", { id: "house-rules-title" }, page.t("table.houseRulesTitle", { preset: page.t(`presets.${info.preset}.label`) })), optionList(page, house, "house-rules-title")] : null,
    own.length ? optionList(page, own, null) : null,
    house.length || own.length ? null : h("p", {}, page.t("table.noOptions")),
    h("a", { href: "#/help/options" }, page.t("table.rulesHelp")),
  );
}

function optionList(page, options, labelledBy) {
  const item = ([name, value]) => h("li", {}, h("strong", {}, optionSummary(page.ctx, { [name]: value })[0]), " — ", ruleText(page, name, value));
  return h("ul", { "aria-labelledby": labelledBy }, options.map(item));
}

/** What an option means at this table: a rule switched off is told as what happens
 * instead ("Stick the dealer: off" went on to describe the dealer stuck). */
function ruleText(page, name, value) {
  if (value !== false) return page.t(`options.${name}.help`);
  return page.ctx.i18n.has(`options.${name}.off`) ? page.t(`options.${name}.off`) : page.t("table.ruleNotPlayed");
}

/** The turn timer as the server runs it: only while two or more people play (alone with
 * bots, the bots wait), so a table never promises a clock that does not run. */
function timerRule(page) {
  const info = page.info;
  if (!info.turn_seconds) return page.t("table.noTimer");
  const rule = page.t("table.turnTimer", { count: Math.round(info.turn_seconds) });
  return info.status === "playing" && info.turn_clock === false ? `${rule} ${page.t("table.noClockNow")}` : rule;
}

function logBox(page) {
  const items = page.log.entries().map((entry) => h("li", {}, entry.text)); // in the language now
  return h(
    "details",
    { class: "box log", open: window.matchMedia("(min-width: 900px)").matches },
    h("summary", {}, page.t("table.log")),
    // The log role on a box round the list: a list's items need the list as their parent.
    // Not live: the announcer tells each event once; a live log spoke every event twice,
    // and read the whole game out again when the language changed and its lines with it.
    h("div", { class: "log-list", role: "log", "aria-live": "off", tabindex: "0", "aria-label": page.t("table.log") }, h("ol", { id: "game-log" }, items)),
  );
}
