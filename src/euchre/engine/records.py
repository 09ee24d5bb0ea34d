"""EGN (Euchre Game Notation) records: export, import and validating replay.

EGN is the public JSON notation of NextSuit-Labs/euchre-game-notation (version 1.4). Rule
sets use EGN's ``ruleset`` keys where they exist and this project's option names where
they do not (docs/records.md). A record with ``initialState.playerCards`` replays with
full legality checks; without it, the hands are rebuilt from the cards played, which
still detects revokes (a player who later shows a card of a suit they failed to follow).
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from . import actions as A
from .cards import CARD_TEXT, TRUMP_LETTERS, CardError, card_list, make_deck, parse_card
from .deal import HAND_SIZE, DealRecord, deck_from_hands, upcard_index
from .phases import Phase
from .quoting import quoted, quoted_json, shortened, why_not_json
from .rules import EFFECTIVE_SUIT, partner, trick_winner_index
from .state import GameState, IllegalActionError
from .steps import Outcome, Step
from .variants import (
    OPTION_NAMES,
    GoUnder,
    JokerUpcard,
    LonerLead,
    Variant,
    VariantError,
    json_kind_problem,
    option_type,
)

EGN_VERSION = "1.4"
FILE_TYPE = "Euchre Game Notation"
BOT_SOURCE = "bot"  # a player id's source for a bot's seat; the id is the bot's level

# Variant option <-> EGN ruleset key, for the options EGN can express.
_EGN_KEYS = {
    "stick_the_dealer": "std",
    "min_rank": "min_rank",
    "target": "winning_score",
    "deal_limit": "num_deals",
    "canadian_loner": "canadian",
    "loner_lead": "loner_lead",
    "loner_march_points": "loner_march_score",
    "lone_euchre_points": "loner_euchred_score",
    "defend_alone": "defend_alone",
    "farmers_hand": "farmers",
    "call_for_best": "partners_best",
    "joker": "joker",
    "players": "num_players",
    "no_trump": "allow_no_trump",
}
_ALWAYS_WRITTEN = ("std", "canadian", "loner_lead")


class RecordError(ValueError):
    """Not a valid EGN record (bad JSON, missing fields, unknown cards or calls)."""


class ReplayError(ValueError):
    """A record whose play breaks the rules; names the deal, the seat and the action."""

    def __init__(self, rule: str, *, deal: int, seat: int | None = None, action: str = "") -> None:
        where = f"deal {deal}"
        if seat is not None:
            where += f", seat {seat}"
        if action:
            where += f", {action!r}"
        super().__init__(f"{where}: {rule}")
        self.rule, self.deal, self.seat, self.action = rule, deal, seat, action

    def to_json(self) -> dict[str, Any]:
        return {
            "error": str(self),
            "deal": self.deal,
            "seat": self.seat,
            "action": self.action,
            "rule": self.rule,
        }


# ---------------------------------------------------------------------- rule sets


def ruleset_of(variant: Variant) -> dict[str, Any]:
    """The EGN ``ruleset`` for a variant: EGN keys, plus this project's names for the rest."""
    base = Variant()
    out: dict[str, Any] = {}
    for option, key in _EGN_KEYS.items():
        value = getattr(variant, option)
        # variant_of reads a missing min_rank as 10 for three players: write it there.
        three_handed_deck = option == "min_rank" and variant.players == 3
        if key in _ALWAYS_WRITTEN or value != getattr(base, option) or three_handed_deck:
            out[key] = str(value) if isinstance(value, LonerLead) else value
    if variant.go_under != GoUnder.OFF:
        out["go_under"] = True
        if variant.go_under == GoUnder.MIXED:
            out["go_under_rule"] = variant.go_under.value
    for option, value in variant.options().items():
        if option not in _EGN_KEYS and option not in ("go_under", "dealer_may_discard_upcard"):
            out[option] = value.value if isinstance(value, JokerUpcard) else value
    return out


def variant_of(ruleset: dict[str, Any]) -> Variant:
    """The variant an EGN ``ruleset`` describes (EGN defaults where keys are missing)."""
    _check_ruleset(ruleset)
    options: dict[str, Any] = {}
    by_key = {key: option for option, key in _EGN_KEYS.items()}
    for key, value in ruleset.items():
        if key in by_key:
            options[by_key[key]] = value
        elif key == "go_under":
            options["go_under"] = GoUnder.CLEAN if value else GoUnder.OFF
        elif key in ("fast_break", "four_trick_tokens"):
            if value:
                raise RecordError(f"ruleset {key} is not supported by this engine")
        elif key != "go_under_rule":
            options[key] = value
    if ruleset.get("go_under_rule") and ruleset.get("go_under"):
        options["go_under"] = ruleset["go_under_rule"]
    ends_otherwise = options.get("deal_limit") or options.get("time_limit_minutes")
    if options.get("target") == 0 and not ends_otherwise:
        options.pop("target")
    # EGN lets the dealer discard any card, the turn-up included (real games do).
    options.setdefault("dealer_may_discard_upcard", True)
    players = options.get("players", 4)
    if players == 3 and "min_rank" not in options:
        options["min_rank"] = 10
    name = _guess_name(options)
    try:
        return Variant().replace(**options).renamed(name)
    except (VariantError, TypeError) as exc:
        raise RecordError(f"unsupported ruleset: {exc}") from None


# The option types of the EGN keys no engine option is named after.
_EGN_ONLY_TYPES = {
    "go_under": "bool",
    "go_under_rule": "GoUnder",
    "fast_break": "bool",
    "four_trick_tokens": "bool",
}


def whole_numbers(ruleset: dict[str, Any]) -> dict[str, Any]:
    """``ruleset`` with each whole float as the whole number it is: 10.0 is how some tools
    write the number 10."""
    return {
        key: int(value) if isinstance(value, float) and value.is_integer() else value
        for key, value in ruleset.items()
    }


def _check_ruleset(ruleset: dict[str, Any]) -> None:
    """Values of the JSON type their rule takes, and no rule given twice (EGN key and
    option name) with two values."""
    by_key = {key: option for option, key in _EGN_KEYS.items()}
    _check_ruleset_keys(ruleset, by_key)
    for key, value in ruleset.items():
        kind = _EGN_ONLY_TYPES.get(key) or option_type(by_key.get(key, key))
        words = None if kind is None else json_kind_problem(kind, value, "a string")
        if words is not None:
            raise RecordError(
                f"ruleset {quoted_json(key)} must be {words} in JSON, found {quoted_json(value)}"
            )
    for option, key in _EGN_KEYS.items():
        both = option != key and option in ruleset and key in ruleset
        if both and ruleset[option] != ruleset[key]:
            raise RecordError(
                f'ruleset gives one rule twice with two values: "{key}" is '
                f'{quoted_json(ruleset[key])} and "{option}" is '
                f'{quoted_json(ruleset[option])}; give it once, as "{key}"'
            )


def _check_ruleset_keys(ruleset: dict[str, Any], by_key: dict[str, str]) -> None:
    """Every key names a rule: EGN's key, or this project's option name. The refusal lists
    both kinds, as a ruleset is written mostly in EGN's keys (an observation's too)."""
    unknown = [
        k for k in ruleset if k not in _EGN_ONLY_TYPES and option_type(by_key.get(k, k)) is None
    ]
    if not unknown:
        return
    named = ", ".join(shortened(k) for k in unknown[:3])
    more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
    egn = sorted({*by_key, "go_under"})
    own = sorted((OPTION_NAMES - set(_EGN_KEYS) - {"go_under"}) | {"go_under_rule"})
    raise RecordError(
        f"unknown option {named}{more}: a ruleset takes EGN's keys ({', '.join(egn)}) and,"
        f" for rules EGN has no key for, this project's option names ({', '.join(own)})"
    )


def _guess_name(options: dict[str, Any]) -> str:
    players = options.get("players", 4)
    if players == 3:
        return "cutthroat"
    if players == 2:
        return "two-player"
    if options.get("joker") and options.get("canadian_loner"):
        return "british"
    return "standard"


# ---------------------------------------------------------------------- export


def export_egn(
    state: GameState,
    *,
    players: Sequence[str] | None = None,
    title: str | None = None,
    date: datetime | None = None,
    game_id: str | None = None,
    bots: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """The whole game so far as an EGN record (full deals in ``playerCards``); ``date``
    written to the minute, as EGN's schema takes it (not a date alone). ``bots``: the
    seats bots played, by level, written as EGN player objects that say so."""
    v = state.variant
    metadata: dict[str, Any] = {}
    if game_id:
        metadata["gameId"] = game_id
    if title:
        metadata["title"] = title
    if date:
        metadata["date"] = date.strftime("%Y-%m-%dT%H:%M")
    names = list(players) if players else [f"Seat {s}" for s in range(v.players)]
    levels = bots or {}
    metadata["players"] = [_player_entry(name, levels.get(seat)) for seat, name in enumerate(names)]
    metadata["initialScore"] = list(state.deals[0].scores_before)
    if state.game_over:
        metadata["finalScore"] = list(state.scores)
    metadata["ruleset"] = ruleset_of(v)
    deals = [_export_deal(v, r) for r in state.deals if r.outcome or r.steps or r is state.record]
    return {"fileType": FILE_TYPE, "version": EGN_VERSION, "metadata": metadata, "deals": deals}


def _export_deal(variant: Variant, record: DealRecord) -> dict[str, Any]:
    n = variant.players
    deck = list(record.deck)
    initial: dict[str, Any] = {
        "dealer": record.dealer,
        "upCard": CARD_TEXT[deck[upcard_index(n)]],
        "playerCards": [[CARD_TEXT[c] for c in hand] for hand in record.hands(n)],
    }
    steps = record.steps
    phases: list[dict[str, Any]] = []
    bidding = _bidding_phase(variant, record, steps)
    if bidding is not None:
        phases.append(bidding)
    tricks = _tricks(steps)
    if tricks:
        phases.append({"phaseNumber": len(phases), "type": "TRICK_PLAY", "tricks": tricks})
    return {"dealNumber": record.number, "initialState": initial, "phases": phases}


_CALL_PHASES = (Phase.BID_R1, Phase.BID_R2, Phase.JOKER_NAME)


def _call_text(action: A.Action) -> str:
    if action.kind == A.ActionKind.PASS:
        return "Pass"
    if action.kind == A.ActionKind.ORDER:
        return "Order"
    if action.kind == A.ActionKind.FORFEIT:
        return "forfeit"
    assert action.suit is not None
    return TRUMP_LETTERS[action.suit]


def _bidding_phase(
    variant: Variant, record: DealRecord, steps: Sequence[Step]
) -> dict[str, Any] | None:
    calls = [_call_text(s.action) for s in steps if s.phase in _CALL_PHASES]
    exchanges = _exchanges(variant, record, steps)
    if not calls and not exchanges:
        return None
    phase: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls}
    contracts = [s.contract for s in steps if s.contract is not None]
    alone = bool(contracts) and contracts[-1].alone
    if any(s.phase in _CALL_PHASES and s.action.kind != A.ActionKind.PASS for s in steps):
        phase["isAlone"] = alone
    taker = [s.seat for s in steps if s.action.kind == A.ActionKind.TAKE_ALONE]
    if taker:
        phase["takeAlone"] = taker[0]
    if variant.defend_alone and alone:
        defender = contracts[-1].lone_defender
        phase["aloneDefender"] = -1 if defender is None else defender
    discards = [s.action.card for s in steps if s.phase == Phase.DEALER_DISCARD]
    discarded = [c for c in discards if c is not None]
    if discarded:
        phase["discard"] = CARD_TEXT[discarded[0]]
    if exchanges:
        phase["cardExchanges"] = exchanges
    return phase


def _player_entry(name: str, bot_level: str | None) -> str | dict[str, Any]:
    if bot_level is None:
        return name
    return {"name": name, "playerIds": [{"id": bot_level, "source": BOT_SOURCE}]}


def _exchanges(variant: Variant, record: DealRecord, steps: Sequence[Step]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for s in steps:
        action = s.action
        if action.kind == A.ActionKind.UNDER:
            up = upcard_index(variant.players)
            cards = [CARD_TEXT[c] for c in [*action.shown, *record.deck[up + 1 : up + 4]]]
            out.append({"sender": s.seat, "receiver": s.seat, "cards": cards})
        elif action.kind == A.ActionKind.GIVE and action.card is not None:
            card_ = CARD_TEXT[action.card]
            out.append({"sender": s.seat, "receiver": s.gift_to, "cards": [card_]})
    return out


def _tricks(steps: Sequence[Step]) -> list[list[str]]:
    return [[CARD_TEXT[c] for c in s.trick.cards] for s in steps if s.trick is not None]


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=2, ensure_ascii=False)


# ---------------------------------------------------------------------- replay


@dataclass
class DealResult:
    number: int
    dealer: int
    outcome: str
    points: list[int]
    score: list[int]
    trump: str | None = None
    maker: int | None = None
    alone: bool = False
    tricks: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "dealNumber": self.number,
            "dealer": self.dealer,
            "outcome": self.outcome,
            "trump": self.trump,
            "maker": self.maker,
            "alone": self.alone,
            "tricks": self.tricks,
            "points": self.points,
            "score": self.score,
        }


@dataclass
class ReplayResult:
    variant: Variant
    initial_score: list[int]
    deals: list[DealResult]
    score: list[int]
    game_over: bool
    winner: int | None
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deals": [d.to_json() for d in self.deals],
            "score": self.score,
            "initialScore": self.initial_score,
            "gameOver": self.game_over,
            "winner": self.winner,
            "ruleset": ruleset_of(self.variant),
        }
        if self.warnings:
            out["warnings"] = self.warnings
        return out


def load_egn(text: str) -> dict[str, Any]:
    """Parse EGN text, checking the structure (RecordError when it is not EGN)."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # the mark Windows editors put first
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    except (RecursionError, ValueError) as exc:  # too deep, or a number too long to read
        raise RecordError(f"not JSON this reader takes: {why_not_json(exc)}") from None
    if not isinstance(data, dict):
        raise RecordError("an EGN record is a JSON object")
    if data.get("fileType") != FILE_TYPE:
        raise RecordError(f'not an EGN record: "fileType" must be "{FILE_TYPE}"')
    version = data.get("version", EGN_VERSION)  # left out: read as this reader's own
    if not isinstance(version, str) or not re.fullmatch(r"1\.\d+(\.\d+)?", version):
        raise RecordError(
            f'"version" {quoted(version)} is not one this reader takes: EGN 1.x'
            f" (it writes {EGN_VERSION})"
        )
    _require(data, "deals", list)
    metadata = _require(data, "metadata", dict)
    ruleset = metadata.get("ruleset", {})
    if not isinstance(ruleset, dict):
        raise RecordError('"metadata.ruleset" must be an object')
    if "ruleset" in metadata:
        metadata["ruleset"] = whole_numbers(ruleset)
    previous = -1
    for i, deal in enumerate(data["deals"]):
        if isinstance(deal, str):
            raise RecordError(f"deal {i} is a compressed string; only JSON deals are supported")
        if not isinstance(deal, dict):
            raise RecordError(f"deal {i} must be an object")
        number = deal.get("dealNumber", i)
        if isinstance(number, float) and number.is_integer():  # 2.0, as some tools write 2
            number = deal["dealNumber"] = int(number)
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < 10**6:
            raise RecordError(
                f'deal {i}: "dealNumber" must be a whole number from 0 to 999999,'
                f" found {quoted(number)}"
            )
        # messages name deals by their numbers: a number repeated would point at two
        if number <= previous:
            raise RecordError(
                f'deal {i}: "dealNumber" {number} does not come after {previous}, the deal'
                " before's: deals are numbered in the order they were played"
            )
        previous = number
        state = _require(deal, "initialState", dict, f"deal {i}")
        _require(state, "dealer", int, f"deal {i} initialState")
        _require(state, "upCard", str, f"deal {i} initialState")
        _require(deal, "phases", list, f"deal {i}")
    return data


def _require(obj: dict[str, Any], key: str, kind: type, where: str = "the record") -> Any:
    value = obj.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f'{where} needs "{key}" ({kind.__name__})')
    return value


def replay(record: dict[str, Any]) -> ReplayResult:
    """Replay a parsed EGN record with every check its information allows."""
    metadata = record.get("metadata", {})
    variant = variant_of(metadata.get("ruleset") or {})
    player_names(metadata, variant)
    scores = _initial_score(metadata, variant)
    initial = scores[:]
    results: list[DealResult] = []
    warnings: list[str] = []
    over, winner = False, None
    end_score: list[int] | None = None  # the score when the game ended
    number = 0
    played = 0  # deals that count towards a deal limit
    mcevoy_used = 0  # seats that have thrown in a McEvoy hand (once in a record)
    next_dealer: int | None = None
    deals = record["deals"]
    for index, deal in enumerate(deals):
        number = deal.get("dealNumber", index)
        _check_dealer(deal, number, next_dealer)
        if over and not warnings:
            warnings.append(
                f"deal {number} and later were played after the game ended "
                f"(score {_score_text(scores)})"
            )
        last = index == len(deals) - 1
        # A timed game's record cannot say when the time ran out, only that the game
        # ended: a final score stated after the last deal means it ran out in that deal.
        time_up = last and variant.timed and "finalScore" in metadata
        result, state = _replay_deal(
            variant, deal, number, _TakenUp(scores, played, mcevoy_used), last, time_up
        )
        results.append(result)
        scores = result.score[:]
        if state is None:
            warnings.append(f"deal {number} is unfinished: the record stops during it")
            continue
        outcome = state.deals[0].outcome
        played += bool(outcome and outcome.counts)
        mcevoy_used = state.mcevoy_used
        next_dealer = _dealer_after_the_end(state) if state.game_over else state.dealer
        if not over and state.game_over:
            over, winner, end_score = True, state.winner, scores
    _check_final_score(metadata, variant, [scores, end_score], number)
    return ReplayResult(variant, initial, results, scores, over, winner, warnings)


MAX_NAME_CHARS = 64  # EGN's schema: a player's name is at most 64 characters


def player_names(metadata: dict[str, Any], variant: Variant) -> list[str]:
    """The players' names by seat from EGN ``metadata.players`` (names, or player objects
    with a ``name``); ``[]`` when the record gives none (absent, null or ``[]``)."""
    raw = metadata.get("players")
    if raw is None or raw == []:
        return []
    n = variant.players
    if not isinstance(raw, list) or len(raw) != n:
        found = f"{len(raw)} entries" if isinstance(raw, list) else quoted(raw)
        raise RecordError(
            f'"metadata.players" must name the {n} players of this game, seat 0 first'
            f" (found {found}); leave it out when the names are not known"
        )
    return [_player_name(entry, seat) for seat, entry in enumerate(raw)]


def bot_seats(metadata: dict[str, Any]) -> list[bool]:
    """Which seats of a record a bot played: a player object with an id from
    ``BOT_SOURCE`` (how this project writes them; any other entry is a person)."""
    raw = metadata.get("players")
    return [_is_bot(entry) for entry in raw] if isinstance(raw, list) else []


def _is_bot(entry: Any) -> bool:
    ids = entry.get("playerIds") if isinstance(entry, dict) else None
    return isinstance(ids, list) and any(
        isinstance(i, dict) and i.get("source") == BOT_SOURCE for i in ids
    )


def _player_name(entry: Any, seat: int) -> str:
    name = entry.get("name") if isinstance(entry, dict) else entry
    if not isinstance(name, str) or len(name) > MAX_NAME_CHARS:
        raise RecordError(
            f'"metadata.players": the name of seat {seat} must be text of at most '
            f'{MAX_NAME_CHARS} characters (or an object with such a "name"), found {quoted(name)}'
        )
    return name


def _check_final_score(
    metadata: dict[str, Any], variant: Variant, replayed: list[list[int] | None], deal: int
) -> None:
    """A stated ``finalScore`` must be a score the deals add up to: the one after the last
    deal, or the one when the game ended (records from elsewhere may play on past it)."""
    if "finalScore" not in metadata:
        return
    stated = metadata["finalScore"]
    if not _is_score(stated, variant.sides):
        raise RecordError(f'"finalScore" must list {variant.sides} whole numbers')
    if stated in replayed:
        return
    raise ReplayError(
        f"metadata.finalScore is {shortened(_score_text(stated))}, but the deals score "
        f"{_score_text(replayed[0] or [])}",
        deal=deal,
    )


@dataclass(frozen=True, slots=True)
class _TakenUp:
    """What a deal replayed on its own carries over from the deals before it."""

    scores: list[int]
    deals_played: int  # that count towards a deal limit
    mcevoy_used: int


def _dealer_after_the_end(state: GameState) -> int:
    """Who would deal next had the game gone on: the engine stops passing the deal at the
    end, and deals a record holds after it must still be dealt in turn."""
    outcome = state.deals[-1].outcome
    same = outcome is Outcome.THROW_IN and state.variant.throw_in_same_dealer
    return state.dealer if same else (state.dealer + 1) % state.variant.players


def _check_dealer(deal: Any, number: int, expected: int | None) -> None:
    """A deal must be dealt by the seat the deal passed to after the one before."""
    stated = deal.get("initialState", {}).get("dealer") if isinstance(deal, dict) else None
    if expected is not None and isinstance(stated, int) and stated != expected:
        raise ReplayError(
            f"seat {stated} deals, but after the deal before the deal passed to seat "
            f"{expected} (the deal passes to the left after each hand; a farmer's hand "
            "is dealt again by the same dealer)",
            deal=number,
        )


def _score_text(scores: list[int]) -> str:
    return "-".join(str(s) for s in scores)


def _is_score(raw: Any, sides: int) -> bool:
    """One whole number per side."""
    return (
        isinstance(raw, list)
        and len(raw) == sides
        and all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    )


def _initial_score(metadata: dict[str, Any], variant: Variant) -> list[int]:
    raw = metadata.get("initialScore") or [0] * variant.sides
    if not _is_score(raw, variant.sides):
        raise RecordError(f'"initialScore" must list {variant.sides} whole numbers')
    most, why = _start_limit(variant)
    if not all(0 <= score <= most for score in raw):
        raise RecordError(
            f'"initialScore" must list {variant.sides} whole numbers from 0 to {most} ({why}),'
            f" found [{shortened(', '.join(str(x) for x in raw))}]"
        )
    return list(raw)


# The highest score a game without a target may start from (timed, no deal limit).
_MOST_UNTARGETED = 9999


def _start_limit(variant: Variant) -> tuple[int, str]:
    """The highest score a game may start from under its rules, and why, in words: a side
    at the target has won; with laps, a side may start with what a game's last deal
    carried past the target; without a target, what its deals could score."""
    deal_most = max(4, variant.loner_march_points, variant.lone_euchre_points)
    if variant.target <= 0:
        if variant.deal_limit:
            most = variant.deal_limit * deal_most
            return most, f"{variant.deal_limit} deals score at most {most}"
        return _MOST_UNTARGETED, "a game without a target"
    if variant.laps and deal_most > variant.target:
        return deal_most - 1, "laps carry at most one deal's points past the target"
    return variant.target - 1, f"a side at {variant.target} has won"


@dataclass
class RecordedDeal:
    """A deal as an EGN record states it (``parse_deal``); ``deal_deck`` gives a deck
    consistent with it and ``deal_actions`` the engine actions it implies."""

    number: int
    dealer: int
    upcard: int
    hands: list[list[int]] | None
    calls: list[str]
    alone: bool
    alone_defender: int
    take_alone: int
    discard: int | None
    exchanges: list[tuple[int, int, list[int]]]
    tricks: list[list[int]]


def _replay_deal(
    variant: Variant,
    raw: dict[str, Any],
    number: int,
    before: _TakenUp,
    last: bool,
    time_up: bool,
) -> tuple[DealResult, GameState | None]:
    deal = parse_deal(variant, raw, number)
    deck = deal_deck(variant, deal)
    state = GameState(
        variant,
        dealer=deal.dealer,
        scores=before.scores,
        decks=[deck],
        deals_played=before.deals_played,
        mcevoy_used=before.mcevoy_used,
    )
    if time_up:
        state.signal_time_up()
    record = state.deals[0]  # a voided deal (farmer's hand) is already over here
    _check_lone_defender(variant, deal)
    script = _Script.of(deal)
    for seat, text in _scripted_actions(variant, deal, state, script):
        try:
            state.apply(text, seat=seat)
        except IllegalActionError as exc:
            rule = _played_before(record, text) or str(exc)
            raise ReplayError(rule, deal=number, seat=seat, action=text) from None
        if state.record is not record:
            break
    finished = state.record is not record or (state.game_over and record.outcome is not None)
    if not finished:
        if not last:
            raise ReplayError("the deal is incomplete but more deals follow", deal=number)
        return _result(deal, record, state, complete=False), None
    leftover = script.leftover()
    if leftover:
        raise ReplayError(_farmers_hand(record, deal) or leftover, deal=number)
    contract = record.result.contract if record.result else None
    defender = contract.lone_defender if contract else None
    if deal.alone_defender >= 0 and defender != deal.alone_defender:
        rule = f"seat {deal.alone_defender} was never asked to defend alone (aloneDefender)"
        raise ReplayError(f"{rule}: only an opponent of a lone maker may", deal=number)
    return _result(deal, record, state, complete=True), state


def _check_lone_defender(variant: Variant, deal: RecordedDeal) -> None:
    """A seat defending alone (``aloneDefender``) needs rules that allow it and a lone
    maker to defend against (a partnership's opponents both play)."""
    if deal.alone_defender < 0:
        return
    said = f"the record has seat {deal.alone_defender} defend alone (aloneDefender)"
    if not variant.defend_alone:
        rule = f"{said}, but these rules do not allow defending alone (defend_alone is off)"
        raise ReplayError(rule, deal=deal.number)
    if not deal.alone:
        rule = f"{said}, but the maker did not go alone: only a lone maker is defended alone"
        raise ReplayError(rule, deal=deal.number)


def _farmers_hand(record: DealRecord, deal: RecordedDeal) -> str | None:
    """Why a deal the record plays on was over before a call: a farmer's hand voided it."""
    if record.outcome != Outcome.FARMERS or deal.hands is None or record.result is None:
        return None
    seat = record.result.farmers[0]
    cards = " ".join(CARD_TEXT[c] for c in deal.hands[seat])
    return (
        f"seat {seat}'s hand ({cards}) is a farmer's hand: under these rules (farmers) the "
        "deal is thrown in and dealt again by the same dealer, but the record plays it"
    )


def _played_before(record: DealRecord, text: str) -> str | None:
    """For a card played a second time, that it was (as a record without the hands says
    it): "not in your hand" named only the hand, where the record's fault is the repeat."""
    action = A.Action.parse(text)
    if action.kind != A.ActionKind.PLAY or action.card is None:
        return None
    for step in record.steps:
        if step.action.kind == A.ActionKind.PLAY and step.action.card == action.card:
            return f"{CARD_TEXT[action.card]} was already played"
    return None


def _result(
    deal: RecordedDeal, record: DealRecord, state: GameState, *, complete: bool
) -> DealResult:
    points = list(record.points) if complete else [0] * len(state.scores)
    score = [b + p for b, p in zip(record.scores_before, points, strict=True)]
    # An unfinished deal's contract is the game's so far (its record is written at the end);
    # still in the bidding, there is none (the state's trump is then its no-trump default).
    trump, maker, alone = (
        (record.trump, record.maker, record.alone)
        if complete
        else (None if state.maker is None else state.trump, state.maker, state.alone)
    )
    tricks = list(record.tricks) if complete else _sides(state, state.tricks_won)
    return DealResult(
        number=deal.number,
        dealer=deal.dealer,
        outcome=record.outcome or "incomplete",
        points=points,
        score=score,
        trump=None if trump is None else TRUMP_LETTERS[trump],
        maker=maker,
        alone=alone,
        tricks=tricks if trump is not None else [],
    )


def _sides(state: GameState, by_seat: list[int]) -> list[int]:
    sides = [0] * len(state.scores)
    for seat, won in enumerate(by_seat):
        sides[state.side_of(seat)] += won
    return sides


def parse_deal(variant: Variant, raw: dict[str, Any], number: int) -> RecordedDeal:
    """Read one deal of a record (RecordError when its cards or calls cannot be read)."""
    initial = raw["initialState"]
    n = variant.players
    dealer = initial["dealer"]
    if not 0 <= dealer < n:
        raise RecordError(f"deal {number}: dealer must be a seat 0..{n - 1}")
    upcard = _card(initial["upCard"], number)
    bidding: dict[str, Any] = {}
    tricks: list[list[int]] = []
    seen: list[Any] = []
    for phase in raw["phases"]:
        if not isinstance(phase, dict):
            raise RecordError(f"deal {number}: each phase must be an object")
        if phase.get("type") in seen:
            raise RecordError(
                f"deal {number}: a second {shortened(str(phase.get('type')))} phase; a deal has"
                " one bidding phase and one TRICK_PLAY phase at most"
            )
        seen.append(phase.get("type"))
        if phase.get("type") == "EUCHRE_BIDDING":
            bidding = phase
        elif phase.get("type") == "TRICK_PLAY":
            tricks = [
                [_card(c, number) for c in _list(t, number)]
                for t in _list(phase.get("tricks", []), number)
            ]
        else:
            raise RecordError(f"deal {number}: unknown phase type {quoted(phase.get('type'))}")
    calls = _list(bidding.get("calls", []), number)
    discard = bidding.get("discard")
    return RecordedDeal(
        number=number,
        dealer=dealer,
        upcard=upcard,
        hands=_player_cards(initial.get("playerCards"), n, number),
        calls=[str(c) for c in calls],
        alone=_flag(bidding.get("isAlone"), "isAlone", number),
        alone_defender=_seat_field(bidding.get("aloneDefender", -1), "aloneDefender", number),
        take_alone=_seat_field(bidding.get("takeAlone", -1), "takeAlone", number),
        discard=_card(discard, number) if discard else None,
        exchanges=[_exchange(e, number) for e in _list(bidding.get("cardExchanges", []), number)],
        tricks=tricks,
    )


def _list(value: Any, number: int) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"deal {number}: expected a list, found {quoted(value)}")
    return value


def _card(text: Any, number: int) -> int:
    try:
        return parse_card(str(text))
    except CardError as exc:
        raise RecordError(f"deal {number}: {exc}") from None


def _exchange(raw: Any, number: int) -> tuple[int, int, list[int]]:
    if not isinstance(raw, dict) or "receiver" not in raw:
        raise RecordError(f"deal {number}: a card exchange needs a receiver and cards")
    cards = [_card(c, number) for c in _list(raw.get("cards", []), number)]
    sender = _seat_field(raw.get("sender", -1), "a card exchange's sender", number)
    return sender, _seat_field(raw["receiver"], "a card exchange's receiver", number), cards


def _seat_field(value: Any, name: str, number: int) -> int:
    """A seat number, -1 (or null) for none; 2.0 and "2", as some tools write it, are 2."""
    if value is None:
        return -1
    if (isinstance(value, float) and value.is_integer()) or value in _SEAT_TEXTS:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and -1 <= value < 4:
        return value
    raise RecordError(f"deal {number}: {name} must be a seat 0..3 (or -1), found {quoted(value)}")


_SEAT_TEXTS = ("-1", "0", "1", "2", "3")


def _flag(value: Any, name: str, number: int) -> bool:
    """A true/false field (absent or null: false)."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RecordError(f"deal {number}: {name} must be true or false, found {quoted(value)}")
    return value


def _player_cards(raw: Any, n: int, number: int) -> list[list[int]] | None:
    """The hands as dealt; None when the record does not give them (absent, null or [])."""
    if not raw:
        return None
    hands = [[_card(c, number) for c in _list(h, number)] for h in _list(raw, number)]
    if len(hands) != n or any(len(h) != HAND_SIZE for h in hands):
        sizes = ", ".join(str(len(h)) for h in hands)
        raise RecordError(
            f"deal {number}: playerCards must hold the {n} hands of {HAND_SIZE} cards as"
            f" dealt (found hands of {sizes} cards); leave it out when the hands are not known"
        )
    return hands


# ---------------------------------------------------------------------- decks


def deal_deck(variant: Variant, deal: RecordedDeal) -> list[int]:
    """A deck that deals what the record shows (rebuilt from the play without playerCards)."""
    full = make_deck(variant.min_rank - 7, variant.joker)
    if deal.upcard not in full:
        raise ReplayError(
            f"the turn-up {CARD_TEXT[deal.upcard]} is not in this deck", deal=deal.number
        )
    hands = deal.hands if deal.hands is not None else _rebuild_hands(variant, deal, full)
    dealt = [c for h in hands for c in h]
    for c in dealt:
        if c not in full:
            raise ReplayError(f"{CARD_TEXT[c]} is not in this deck", deal=deal.number)
    _check_dealt_once(hands, deal)
    rest = [c for c in full if c not in dealt and c != deal.upcard]
    below = [c for c in _under_received(deal) if c in rest]
    rest = below + [c for c in rest if c not in below]
    return deck_from_hands(hands, deal.dealer, deal.upcard, rest)


def _check_dealt_once(hands: list[list[int]], deal: RecordedDeal) -> None:
    """Each card dealt to one seat, and none of them the turn-up; else which card, where."""
    holder: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand:
            if card == deal.upcard:
                text = f"dealt {CARD_TEXT[card]}, the turn-up: a card is dealt once"
                raise ReplayError(text, deal=deal.number, seat=seat)
            if card in holder:
                first = holder[card]
                again = "twice" if first == seat else f"as was seat {first}"
                text = f"dealt {CARD_TEXT[card]} {again}: a card is dealt once"
                raise ReplayError(text, deal=deal.number, seat=seat)
            holder[card] = seat


def _under_received(deal: RecordedDeal) -> list[int]:
    """Cards a go-under claimant received: they lay directly below the turn-up."""
    for sender, receiver, cards in deal.exchanges:
        if sender == receiver and len(cards) == 6:
            return cards[3:]
    return []


def _rebuild_hands(variant: Variant, deal: RecordedDeal, full: list[int]) -> list[list[int]]:
    """Hands consistent with the record when it has no playerCards (§ docs/records.md)."""
    n = variant.players
    plan = _probe_plan(variant, deal)
    played = _map_tricks(deal, plan, n)
    # A partner gives only from the sidelines; the engine asks for no other exchange.
    gifts = [g for g in _gifts(deal, n) if g[0] not in plan.active]
    seen = {c for cards in played.values() for c in cards} | {c for _, _, c in gifts}
    _check_upcard_players(deal, plan, played, gifts)
    hands: list[list[int]] = [list(played.get(s, [])) for s in range(n)]
    for _, receiver, c in gifts:  # a card received was not dealt to its player
        if c in hands[receiver]:
            hands[receiver].remove(c)
    if plan.dealer_picks_up:
        seen.add(_dealer_pickup(deal, hands[deal.dealer], full, seen))
    for sender, _, c in gifts:  # a card given was dealt to its giver (or was the turn-up)
        if not (c == deal.upcard and sender == deal.dealer):
            hands[sender].append(c)
    for seat, hand in enumerate(hands):
        if len(hand) > HAND_SIZE:
            shown = " ".join(CARD_TEXT[c] for c in hand)
            raise ReplayError(
                f"the record shows seat {seat} with more than five cards of its own: {shown}",
                deal=deal.number,
            )
    pool = [c for c in full if c not in seen and c != deal.upcard]
    for seat in range(n):
        _fill(hands[seat], pool, plan.voids.get(seat, set()), plan.trump)
    return hands


def _gifts(deal: RecordedDeal, n: int) -> list[tuple[int, int, int]]:
    """The cards partners passed on a call for best: (giver, receiver, card)."""
    if n != 4:
        return []
    return [(s, r, c[0]) for s, r, c in deal.exchanges if c and 0 <= s < n and r == partner(s)]


def _check_upcard_players(
    deal: RecordedDeal,
    plan: _Plan,
    played: dict[int, list[int]],
    gifts: list[tuple[int, int, int]],
) -> None:
    """Only the dealer who picked it up, or the one the dealer gave it to, plays the turn-up."""
    may = {deal.dealer} if plan.dealer_picks_up else set()
    may |= {r for s, r, c in gifts if c == deal.upcard and s == deal.dealer}
    for seat, cards in played.items():
        if deal.upcard in cards and seat not in may:
            text = CARD_TEXT[deal.upcard]
            raise ReplayError(
                f"{text} was the turn-up and never reached seat {seat}'s hand",
                deal=deal.number,
                seat=seat,
                action=f"play {text}",
            )


def _dealer_pickup(deal: RecordedDeal, d_hand: list[int], full: list[int], seen: set[int]) -> int:
    """Undo the dealer's pick-up in the dealer's hand; the card the dealer discarded."""
    discard = deal.discard
    if deal.upcard in d_hand:
        d_hand.remove(deal.upcard)
        if discard is None:
            discard = next(c for c in full if c not in seen and c != deal.upcard)
    elif discard is None:
        discard = deal.upcard
    if discard != deal.upcard:
        d_hand.append(discard)
    return discard


def _fill(hand: list[int], pool: list[int], voids: set[int], trump: int) -> None:
    """Top a hand up to five with unseen cards, avoiding suits it showed out of."""
    while len(hand) < 5:
        fit = [c for c in pool if EFFECTIVE_SUIT[trump][c] not in voids] or pool
        c = fit[0]
        pool.remove(c)
        hand.append(c)


@dataclass
class _Plan:
    trump: int
    active: list[int]
    leader: int
    dealer_picks_up: bool
    voids: dict[int, set[int]] = field(default_factory=dict)


def _probe_plan(variant: Variant, deal: RecordedDeal) -> _Plan:
    """Run the bidding on a neutral deal to learn trump, who plays and who leads."""
    n = variant.players
    full = make_deck(variant.min_rank - 7, variant.joker)
    others = [c for c in full if c != deal.upcard]
    hands = [others[5 * s : 5 * s + 5] for s in range(n)]
    rest = others[5 * n :]
    standard = Variant()
    neutral = variant.replace(**{k: getattr(standard, k) for k in _CARD_DEPENDENT})
    state = GameState(
        neutral, dealer=deal.dealer, decks=[deck_from_hands(hands, deal.dealer, deal.upcard, rest)]
    )
    record = state.record
    picked = False  # the dealer took the turn-up and discarded (not just to give from it)
    for seat, text in deal_actions(neutral, deal, state, bidding_only=True):
        picked = picked or state.phase == Phase.DEALER_DISCARD
        try:
            state.apply(text, seat=seat)
        except IllegalActionError as exc:
            raise ReplayError(str(exc), deal=deal.number, seat=seat, action=text) from None
        if state.record is not record or state.phase == Phase.PLAY:
            break
    if state.record is not record or state.phase != Phase.PLAY:
        return _Plan(-1, [], -1, False)
    active = [s for s in range(n) if state.is_active(s)]
    return _Plan(state.trump, active, state.turn, picked and state.upcard_state == "taken")


# Options whose checks depend on the real cards: left out while probing the bidding.
_CARD_DEPENDENT = {"farmers_hand", "minimum_trump", "go_under", "throw_in_hands"}


def _map_tricks(deal: RecordedDeal, plan: _Plan, n: int) -> dict[int, list[int]]:
    played: dict[int, list[int]] = {s: [] for s in plan.active}
    if not deal.tricks:
        return played
    if plan.trump < 0:
        raise ReplayError("cards were played but trump was never made", deal=deal.number)
    leader = plan.leader
    seen: set[int] = set()
    order = plan.active
    # Tricks past the fifth are refused by the replay itself, as cards left over.
    for t, trick in enumerate(deal.tricks[:HAND_SIZE]):
        if len(trick) > len(order):
            raise ReplayError(
                f"trick {t + 1} has {len(trick)} cards; {len(order)} players are active",
                deal=deal.number,
            )
        start = order.index(leader)
        seats = [order[(start + i) % len(order)] for i in range(len(trick))]
        led = EFFECTIVE_SUIT[plan.trump][trick[0]]
        for seat, c in zip(seats, trick, strict=True):
            if c in seen:
                raise ReplayError(
                    f"{CARD_TEXT[c]} was already played",
                    deal=deal.number,
                    seat=seat,
                    action=f"play {CARD_TEXT[c]}",
                )
            seen.add(c)
            played[seat].append(c)
            if EFFECTIVE_SUIT[plan.trump][c] != led:
                plan.voids.setdefault(seat, set()).add(led)
        if len(trick) == len(order):
            leader = seats[trick_winner_index(trick, plan.trump)]
    return played


# ---------------------------------------------------------------------- actions


def deal_actions(
    variant: Variant, deal: RecordedDeal, state: GameState, *, bidding_only: bool = False
) -> Iterator[tuple[int, str]]:
    """The engine actions a record implies, decided phase by phase as the engine asks."""
    return _scripted_actions(variant, deal, state, _Script.of(deal), bidding_only=bidding_only)


@dataclass
class _Script:
    """A deal's recorded calls and plays, handed out in order as the engine asks for them."""

    calls: list[str]
    plays: list[int]
    calls_used: int = 0
    plays_used: int = 0

    @classmethod
    def of(cls, deal: RecordedDeal) -> _Script:
        return cls(list(deal.calls), [c for t in deal.tricks for c in t])

    def next_call(self) -> str | None:
        if self.calls_used == len(self.calls):
            return None
        self.calls_used += 1
        return self.calls[self.calls_used - 1]

    def next_play(self) -> int | None:
        if self.plays_used == len(self.plays):
            return None
        self.plays_used += 1
        return self.plays[self.plays_used - 1]

    def leftover(self) -> str | None:
        """What the record holds past the end of the deal, in words (None: nothing)."""
        calls = self.calls[self.calls_used :]
        if calls:
            return (
                f"the bidding was over after {self.calls_used} calls, but the record has "
                f"{len(calls)} more: {', '.join(calls)}"
            )
        plays = [CARD_TEXT[c] for c in self.plays[self.plays_used :]]
        if plays:
            return (
                f"the deal was over after {self.plays_used} cards played, but the record "
                f"has {len(plays)} more: {' '.join(plays)}"
            )
        return None


def _scripted_actions(
    variant: Variant,
    deal: RecordedDeal,
    state: GameState,
    script: _Script,
    *,
    bidding_only: bool = False,
) -> Iterator[tuple[int, str]]:
    record = state.record
    while state.record is record and not state.game_over:
        seat = state.turn
        if bidding_only and state.phase in _CARD_CHOICES:
            text: str | None = next(a for a in state.legal_actions() if a != "pass")
        else:
            text = _next_action(variant, deal, state, script)
        if text is None or (bidding_only and state.phase == Phase.PLAY):
            return
        yield seat, text


# While probing the bidding on a neutral deal, which card moves does not matter.
_CARD_CHOICES = (Phase.DEALER_DISCARD, Phase.GIVE_BEST, Phase.BEST_DISCARD)


def _next_action(
    variant: Variant,
    deal: RecordedDeal,
    state: GameState,
    script: _Script,
) -> str | None:
    phase = state.phase
    seat = state.turn
    if phase in (Phase.BID_R1, Phase.BID_R2, Phase.JOKER_NAME):
        call = script.next_call()
        return None if call is None else _call_action(call, phase, deal, state)
    if phase == Phase.PLAY:
        c = script.next_play()
        return None if c is None else f"play {CARD_TEXT[c]}"
    if phase == Phase.DEALER_DISCARD:
        return _dealer_discard(deal, state)
    if phase == Phase.TAKE_ALONE:
        return "take alone" if deal.take_alone == seat else "pass"
    if phase == Phase.DEFEND_ALONE:
        return "defend alone" if deal.alone_defender == seat else "pass"
    if phase == Phase.CALL_FOR_BEST:
        gets = any(r == seat and s == partner(seat) for s, r, _ in deal.exchanges)
        return "call for best" if gets else "pass"
    if phase == Phase.GIVE_BEST:
        for s, r, cards in deal.exchanges:
            if s == seat and r == partner(seat) and cards:
                return f"give {CARD_TEXT[cards[0]]}"
        return None
    if phase == Phase.BEST_DISCARD:
        return _unplayed_discard(deal, state, seat)
    if phase == Phase.GO_UNDER:
        for s, r, cards in deal.exchanges:
            if s == r == seat:
                return "under " + " ".join(CARD_TEXT[c] for c in cards[:3])
        return "pass"
    if phase == Phase.THROW_IN_CLAIM:
        return "redeal" if not deal.calls and not deal.tricks else "pass"
    return None


def _call_action(call: str, phase: Phase, deal: RecordedDeal, state: GameState) -> str:
    lone_call = deal.alone and deal.take_alone < 0
    alone = " alone" if lone_call and _is_maker_call(call) else ""
    word = call.strip()
    if word.lower() == "pass":
        return "pass"
    if word.lower() == "forfeit":
        return "forfeit"
    if phase == Phase.BID_R1 and word.lower() in ("order", "pickup", "alone", "call", "assist"):
        return "order" + (" alone" if lone_call or word.lower() == "alone" else "")
    if word.lower() in TRUMP_LETTERS:
        return f"call {word.lower()}{alone}"
    if phase == Phase.BID_R2 and word.lower() == "order":
        return "order"  # refused by the engine with the reason
    raise RecordError(
        f"deal {deal.number}: unknown call {quoted(call)} (Pass, Order, c, d, h, s, n)"
    )


def _is_maker_call(call: str) -> bool:
    return call.strip().lower() != "pass"


def _dealer_discard(deal: RecordedDeal, state: GameState) -> str:
    if deal.discard is not None:
        return f"discard {CARD_TEXT[deal.discard]}"
    return _unplayed_discard(deal, state, state.turn) or "pass"


def _unplayed_discard(deal: RecordedDeal, state: GameState, seat: int) -> str:
    """The card a player must have put away: held now and never played or given later."""
    given = {c for s, _, c in _gifts(deal, state.n) if s == seat}
    last_shown = {c: i for i, c in enumerate(c for t in deal.tricks for c in t)}
    cards = card_list(state.hands[seat])
    held = [c for c in cards if c not in last_shown and c not in given]
    if not held and any(c in last_shown for c in cards):
        # Every card shows as played: the record has one too many. The last one shown is
        # taken as the card put away, so the replay names the cards past the deal's end.
        held = [max((c for c in cards if c in last_shown), key=last_shown.__getitem__)]
    declines = state.phase == Phase.DEALER_DISCARD and A.PASS in state.legal_ids()
    if declines and state.upcard in held and deal.tricks:
        return "pass"  # two-player: the dealer left the turn-up
    candidates = [c for c in held if c != state.upcard] or held
    return f"discard {CARD_TEXT[candidates[0]]}" if candidates else "pass"


# ---------------------------------------------------------------------- command line


def record_text(raw: bytes) -> str:
    """A record file's text: UTF-8, or UTF-16 where a byte order mark says so (as Windows
    Notepad saves "Unicode"); a UTF-8 byte order mark is dropped."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError:
        raise RecordError(
            "the file is not text in UTF-8 (or UTF-16 with a byte order mark); save it as UTF-8"
        ) from None


def replay_cli(path: str) -> tuple[int, str]:
    """``euchre replay FILE|-``: (exit code, text to print). 0 valid, 1 illegal, 2 not EGN."""
    import sys

    try:
        text = record_text(sys.stdin.buffer.read() if path == "-" else _read(path))
        result = replay(load_egn(text))
    except RecordError as exc:
        return 2, f"not a valid EGN record: {exc}"
    except ReplayError as exc:
        return 1, json.dumps(exc.to_json())
    return 0, json.dumps(result.to_json())


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None


__all__ = [
    "BOT_SOURCE",
    "EGN_VERSION",
    "RecordError",
    "RecordedDeal",
    "ReplayError",
    "ReplayResult",
    "bot_seats",
    "deal_actions",
    "deal_deck",
    "export_egn",
    "load_egn",
    "parse_deal",
    "record_text",
    "replay",
    "replay_cli",
    "ruleset_of",
    "variant_of",
]
