// The rule options of docs/rules.md §4 a table can choose, for the create form and the explanations.
// Labels and explanations live in i18n/<lang>.json under "options.<name>".

export const PRESETS = ["standard", "classic", "british", "long", "cutthroat", "two-player"];

/** Options shown in the create form, in order; `when` says for which player counts, and
 * `needs` which other option (and its value) the option means something beside. */
export const OPTIONS = [
  { name: "target", kind: "select", values: [5, 7, 10, 11, 15], common: true },
  { name: "stick_the_dealer", kind: "bool", common: true },
  { name: "allow_alone", kind: "bool", common: true, when: (p) => p === 4 },
  { name: "canadian_loner", kind: "bool", common: true, when: (p) => p === 4 },
  { name: "farmers_hand", kind: "bool", common: true },
  { name: "defend_alone", kind: "bool", common: true, when: (p) => p === 4 },
  { name: "no_trump", kind: "bool", common: true },
  { name: "super_euchre", kind: "bool", common: true },
  { name: "min_rank", kind: "select", values: [9, 8, 7, 10] },
  { name: "joker", kind: "bool" },
  { name: "joker_upcard_rule", kind: "select", values: ["dealer_names_after_looking", "dealer_names_blind", "fixed_hearts"], needs: ["joker", true] },
  { name: "lone_euchre_points", kind: "select", values: [2, 4], when: (p) => p === 4 },
  { name: "loner_march_points", kind: "select", values: [4, 5, 2], when: (p) => p === 4 },
  { name: "loner_lead", kind: "select", values: ["LEFT_OF_DEALER", "LEFT_OF_LONER"], when: (p) => p === 4 },
  { name: "call_for_best", kind: "bool", when: (p) => p === 4 },
  { name: "call_for_best_dealer_picks_up", kind: "bool", when: (p) => p === 4, needs: ["call_for_best", true] },
  { name: "maker_partner_may_go_alone", kind: "bool", when: (p) => p === 4 },
  { name: "alone_must_take_5", kind: "bool", when: (p) => p === 4 },
  { name: "minimum_trump", kind: "bool" },
  { name: "min_trump_dealer_counts_upcard", kind: "bool", needs: ["minimum_trump", true] },
  { name: "dealer_may_discard_upcard", kind: "bool" },
  { name: "stuck_dealer_may_name_turned_down", kind: "bool", needs: ["stick_the_dealer", true] },
  { name: "stuck_dealer_may_forfeit", kind: "bool", needs: ["stick_the_dealer", true] },
  { name: "throw_in_same_dealer", kind: "bool", needs: ["stick_the_dealer", false] },
  { name: "go_under", kind: "select", values: ["off", "clean", "mixed"] },
  { name: "throw_in_hands", kind: "set", values: ["nines_tens", "mcevoy", "ace_no_face", "jack_nothing"] },
  { name: "two_player_dealer_must_take", kind: "bool", when: (p) => p === 2 },
  { name: "laps", kind: "bool" },
  { name: "slam", kind: "bool" },
  { name: "rubber", kind: "bool" },
  { name: "time_limit_minutes", kind: "select", values: [0, 15, 30, 45, 60, 90] },
  { name: "deal_limit", kind: "select", values: [0, 4, 6, 8, 10, 12, 16, 20] },
];

/** Whether `option` means something with these values (the server refuses it otherwise). */
export function applies(option, values) {
  return !option.needs || values[option.needs[0]] === option.needs[1];
}

/** The options others need: changing one shows or hides those. */
export const NEEDED = new Set(OPTIONS.filter((o) => o.needs).map((o) => o.needs[0]));

/** Standard's value of every option (the engine's Variant defaults). */
export const STANDARD = {
  players: 4,
  target: 10,
  min_rank: 9,
  joker: false,
  stick_the_dealer: true,
  stuck_dealer_may_name_turned_down: false,
  stuck_dealer_may_forfeit: false,
  farmers_hand: false,
  canadian_loner: false,
  allow_alone: true,
  lone_euchre_points: 2,
  loner_march_points: 4,
  super_euchre: false,
  defend_alone: false,
  loner_lead: "LEFT_OF_DEALER",
  dealer_may_discard_upcard: false,
  no_trump: false,
  minimum_trump: false,
  min_trump_dealer_counts_upcard: false,
  call_for_best: false,
  call_for_best_dealer_picks_up: false,
  laps: false,
  slam: false,
  rubber: false,
  maker_partner_may_go_alone: false,
  alone_must_take_5: false,
  throw_in_same_dealer: false,
  joker_upcard_rule: "dealer_names_after_looking",
  go_under: "off",
  throw_in_hands: [],
  two_player_dealer_must_take: false,
  time_limit_minutes: 0,
  deal_limit: 0,
};

/** Deck sizes a player count allows (min_rank values), as the engine checks them. */
export const DECKS = { 4: [9, 8, 7], 3: [10, 9], 2: [9, 7] };

export const TURN_TIMERS = [15, 30, 60, 120, 0];
export const BOT_LEVELS = ["easy", "medium", "hard", "random"];

/** All options of a preset (Standard's values overlaid with the preset's own). */
export function presetValues(presets, name) {
  const own = presets?.[name]?.options || {};
  return { ...STANDARD, ...own };
}
