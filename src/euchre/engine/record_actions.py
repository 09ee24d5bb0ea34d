"""The engine actions a deal's record implies, decided phase by phase as the engine
asks for them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from . import actions as A
from .cards import CARD_TEXT, TRUMP_LETTERS, card_list
from .phases import Phase
from .quoting import quoted
from .record_deal import RecordedDeal, partner_gifts
from .record_errors import RecordError
from .rules import partner
from .state import GameState
from .variants import Variant


def deal_actions(
    variant: Variant, deal: RecordedDeal, state: GameState, *, bidding_only: bool = False
) -> Iterator[tuple[int, str]]:
    """The engine actions a record implies, decided phase by phase as the engine asks."""
    return scripted_actions(variant, deal, state, Script.of(deal), bidding_only=bidding_only)


@dataclass
class Script:
    """A deal's recorded calls and plays, handed out in order as the engine asks for them."""

    calls: list[str]
    plays: list[int]
    calls_used: int = 0
    plays_used: int = 0

    @classmethod
    def of(cls, deal: RecordedDeal) -> Script:
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


def scripted_actions(
    variant: Variant,
    deal: RecordedDeal,
    state: GameState,
    script: Script,
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
    script: Script,
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
    given = {c for s, _, c in partner_gifts(deal, state.n) if s == seat}
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
