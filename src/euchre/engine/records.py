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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from . import actions as A
from .cards import CARD_TEXT, TRUMP_LETTERS
from .deal import DealRecord, upcard_index
from .phases import Phase
from .quoting import quoted, shortened, why_not_json
from .record_actions import Script, scripted_actions
from .record_deal import RecordedDeal, parse_deal
from .record_deck import deal_deck
from .record_errors import RecordError, ReplayError
from .record_rules import ruleset_of, variant_of, whole_numbers
from .state import GameState, IllegalActionError
from .steps import Outcome, Step
from .variants import Variant

EGN_VERSION = "1.4"
FILE_TYPE = "Euchre Game Notation"
BOT_SOURCE = "bot"  # a player id's source for a bot's seat; the id is the bot's level


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
    """``10-6``; a list where a score is below 0 (``-5-3`` read as a sum)."""
    if all(isinstance(s, int) and s >= 0 for s in scores):
        return "-".join(str(s) for s in scores)
    return "[" + ", ".join(str(s) for s in scores) + "]"


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
    script = Script.of(deal)
    for seat, text in scripted_actions(variant, deal, state, script):
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
    "ReplayError",
    "ReplayResult",
    "bot_seats",
    "export_egn",
    "load_egn",
    "record_text",
    "replay",
    "replay_cli",
    "ruleset_of",
    "variant_of",
]
