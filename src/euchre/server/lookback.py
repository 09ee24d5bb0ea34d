"""What a table remembers for the people at it: the score sheet, friendly bot names,
invite codes that read aloud, and the pause between hands.

Everything here is derived from the engine's deal records or is a small value of its own,
so the table module only calls in.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from euchre.engine import GameState
from euchre.engine.cards import TRUMP_LETTERS
from euchre.engine.steps import Step

from .render import summary_json, trick_json

# Names people can say; no two bots at one table share one (their level is shown apart).
BOT_NAMES = (
    "Ada",
    "Basil",
    "Clara",
    "Dmitri",
    "Elsa",
    "Felix",
    "Greta",
    "Hugo",
    "Iris",
    "Jonas",
    "Kiri",
    "Leo",
    "Mira",
    "Nils",
    "Olga",
    "Pavel",
)

# No 0/O, 1/I/L look-alikes: a code read over the phone arrives as written.
INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
INVITE_GROUP = 4


def bot_name(taken: Iterable[str]) -> str:
    """A friendly name that no seat at the table uses yet."""
    used = set(taken)
    free = [name for name in BOT_NAMES if name not in used]
    if not free:
        return f"Bot {len(used) + 1}"
    return secrets.choice(free)


def new_invite() -> str:
    """An invite code of two groups of four, e.g. ``K7RM-4XTP``."""
    letters = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(2 * INVITE_GROUP))
    return f"{letters[:INVITE_GROUP]}-{letters[INVITE_GROUP:]}"


def normal_invite(code: str) -> str:
    """The stored form of a code as typed: any case, with or without the dash or spaces.
    Codes of another form (tables made before grouped codes) are returned unchanged."""
    letters = code.strip().upper().replace("-", "").replace(" ", "")
    if len(letters) == 2 * INVITE_GROUP and all(c in INVITE_ALPHABET for c in letters):
        return f"{letters[:INVITE_GROUP]}-{letters[INVITE_GROUP:]}"
    return code


def score_sheet(state: GameState) -> list[dict[str, Any]]:
    """Every finished hand of the game, in order (a redeal or throw-in counts as a hand),
    from the deals' results as the engine recorded them."""
    return [summary_json(d.result) for d in state.deals if d.result is not None]


def trick_seen(step: Step, state: GameState) -> dict[str, Any] | None:
    """The trick this step completed, with the deal it belongs to and that deal's trump
    (for "Last trick": its cards named with their parts, "Jack of diamonds, left bower")."""
    if step.trick is None:
        return None
    ended = step.deal_over
    deal = ended.number if ended is not None else state.deals[-1].number
    contract = ended.contract if ended is not None else state.deals[-1].contract
    trump = None if contract is None else TRUMP_LETTERS[contract.trump]
    return {"deal": deal, "trump": trump, **trick_json(step.trick)}


@dataclass(slots=True)
class Pause:
    """The pause after a hand: the next deal's first turn waits until it runs out or every
    person at the table has said to continue."""

    seconds: float
    deadline: float
    waiting: set[str] = field(default_factory=set)

    @staticmethod
    def after_hand(seconds: float, people: Iterable[str]) -> Pause:
        return Pause(seconds, time.monotonic() + seconds, set(people))

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def over(self) -> bool:
        return not self.waiting or self.remaining() <= 0

    def proceed(self, person: str) -> None:
        self.waiting.discard(person)

    def to_json(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "remaining": round(self.remaining(), 2)}


__all__ = [
    "BOT_NAMES",
    "INVITE_ALPHABET",
    "Pause",
    "bot_name",
    "new_invite",
    "normal_invite",
    "score_sheet",
    "trick_seen",
]
