"""An independent scorer for standard-rules EGN records, for cross-checking the engine.

Written from docs/rules.md and EGN's replayer description alone; it imports nothing from the
engine. Standard 4-player rules: bowers, going alone, LEFT_OF_DEALER or LEFT_OF_LONER lead,
scoring 1 / 2 / 4 and 2 for a euchre.
"""

from __future__ import annotations

from typing import Any

PARTNER_SUIT = {"c": "s", "s": "c", "d": "h", "h": "d"}
PLAIN_ORDER = "9TJQKA"


def _strength(card: str, led: str, trump: str) -> int:
    rank, suit = card[0], card[1]
    if rank == "J" and suit == trump:
        return 200
    if rank == "J" and suit == PARTNER_SUIT[trump]:
        return 199
    if suit == trump:
        return 150 + PLAIN_ORDER.index(rank)
    if suit == led:
        return 100 + PLAIN_ORDER.index(rank)
    return 0


def _led_suit(card: str, trump: str) -> str:
    if card[0] == "J" and card[1] == PARTNER_SUIT[trump]:
        return trump
    return card[1]


def score_deal(deal: dict[str, Any], loner_lead: str = "LEFT_OF_DEALER") -> list[int] | None:
    """Points [team 0, team 1] for a complete deal; None for a throw-in."""
    dealer = deal["initialState"]["dealer"]
    upcard = deal["initialState"]["upCard"]
    bidding = next(p for p in deal["phases"] if p["type"] == "EUCHRE_BIDDING")
    calls = bidding["calls"]
    made = [i for i, c in enumerate(calls) if c != "Pass"]
    if not made:
        return None
    index = made[0]
    maker = (dealer + 1 + index) % 4
    trump = upcard[1] if index < 4 else calls[index]
    alone = bool(bidding.get("isAlone", False))
    out = {(maker + 2) % 4} if alone else set()
    start = maker if alone and loner_lead == "LEFT_OF_LONER" else dealer
    leader = (start + 1) % 4
    while leader in out:
        leader = (leader + 1) % 4
    play = next(p for p in deal["phases"] if p["type"] == "TRICK_PLAY")
    won = [0, 0]
    for trick in play["tricks"]:
        seats = []
        seat = leader
        while len(seats) < len(trick):
            if seat not in out:
                seats.append(seat)
            seat = (seat + 1) % 4
        led = _led_suit(trick[0], trump)
        best = max(range(len(trick)), key=lambda i: _strength(trick[i], led, trump))
        leader = seats[best]
        won[leader % 2] += 1
    makers = maker % 2
    points = [0, 0]
    if won[makers] == 5:
        points[makers] = 4 if alone else 2
    elif won[makers] >= 3:
        points[makers] = 1
    else:
        points[1 - makers] = 2
    return points
