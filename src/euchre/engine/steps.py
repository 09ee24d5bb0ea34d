"""What happened: every applied action as an immutable step, and what each viewer may see.

``GameState.apply()`` returns a :class:`Step`: who acted, the action, the phase it was taken
in, and what followed from it (a trick completed and its winner, the contract made or
changed, the deal's result, the deals that ended without an action after it (a farmer's
hand redealt), the next dealer, the game's end). A deal's log is the list of its steps
(``GameState.log``, ``DealRecord.steps``). :meth:`Step.seen_by` is the one rule of who may
see what: another seat's discard without its card, a card passed between partners only
by those two; the kitty appears in no step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from .actions import Action, ActionKind
from .phases import Phase
from .rules import partner

Viewer = int | None
"""A seat, or None for a spectator."""


class Outcome(StrEnum):
    """How a deal ended (the rule that gave its points)."""

    SCORED = "scored"  # played out and scored (docs/rules.md §2.12)
    THROW_IN = "throw-in"  # everyone passed twice without stick the dealer: no points
    FORFEIT = "forfeit"  # a stuck dealer conceded a point (docs/rules.md §4.2)
    FARMERS = "farmers"  # a farmer's hand: redealt by the same dealer, no action taken
    MISDEAL = "misdeal"  # two players went under: redealt
    REDEAL = "redeal"  # a weak hand was thrown in: redealt

    @property
    def counts(self) -> bool:
        """Whether the deal counts as played (for a deal limit)."""
        return self not in (Outcome.FARMERS, Outcome.MISDEAL, Outcome.REDEAL)


_T = TypeVar("_T")


def _fast_init(cls: type[_T]) -> type[_T]:
    """Give a frozen slots dataclass an ``__init__`` that sets each slot through its own
    setter: about twice as fast as the one ``dataclass`` writes (it calls
    ``object.__setattr__`` by name for every field). The engine's own hot path goes further
    (see :func:`_maker`)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    scope: dict[str, object] = {}
    params, body = [], []
    for f in fields:
        scope[f"set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
        body.append(f"    set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body)
    exec(source, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses assigning a method)
    return cls


@_fast_init
@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: its number (1-5), who played which card, and the winner.

    ``seats`` and ``cards`` are in the order played, as bytes: a game keeps every trick of
    the deal in its log, and bytes of small numbers are a fraction of the size of pairs.
    """

    number: int
    seats: bytes
    cards: bytes
    winner: int

    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) in the order played."""
        return tuple(zip(self.seats, self.cards, strict=True))

    @property
    def winning_card(self) -> int:
        return self.cards[self.seats.index(self.winner)]


@_fast_init
@dataclass(frozen=True, slots=True)
class Contract:
    """Who made trump, which suit (4: no trump), alone or not, and a lone defender."""

    maker: int
    trump: int
    alone: bool
    lone_defender: int | None = None


@_fast_init
@dataclass(frozen=True, slots=True)
class DealSummary:
    """A deal's result: how it ended, points per side, the score after, tricks per side."""

    number: int
    dealer: int
    outcome: Outcome
    points: tuple[int, ...]
    scores: tuple[int, ...]
    tricks: tuple[int, ...] = ()  # per side; empty when no contract was made
    contract: Contract | None = None
    farmers: tuple[int, ...] = ()  # the seats whose farmer's hand voided the deal


@_fast_init
@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int
    scores: tuple[int, ...]


@_fast_init
@dataclass(frozen=True, slots=True)
class DealEnd:
    """What follows the action that ends a deal: the deals that ended (this one, then any
    redealt at once for a farmer's hand), then the next dealer, or the game's end."""

    deals: tuple[DealSummary, ...]
    next_dealer: int | None
    game_over: GameOver | None


@_fast_init
@dataclass(frozen=True, slots=True)
class Step:
    """One applied action and what followed from it."""

    seat: int
    action: Action
    phase: Phase
    trick: Trick | None = None  # the trick this card completed
    contract: Contract | None = None  # the contract this action made or changed
    end: DealEnd | None = None  # set when this action ended the deal

    def seen_by(self, viewer: Viewer) -> Step:
        """This step as ``viewer`` (a seat, or None for a spectator) may know it."""
        seen = seen_action(self.seat, self.action, viewer)
        return self if seen is self.action else replace(self, action=seen)

    @property
    def gift_to(self) -> int | None:
        """The partner who receives a given card (call for best: always the partner)."""
        return partner(self.seat) if self.action.kind == ActionKind.GIVE else None

    @property
    def deal_over(self) -> DealSummary | None:
        """The result of the deal this action ended, if it ended one."""
        return self.end.deals[0] if self.end else None

    @property
    def game_over(self) -> GameOver | None:
        return self.end.game_over if self.end else None


def seen_action(actor: int, action: Action, viewer: Viewer) -> Action:
    """The one visibility rule: ``actor``'s ``action`` as ``viewer`` may know it.

    Another seat's discard is seen without its card; a card given to a partner only by the
    two of them. Everything else is done in the open.
    """
    if not action.secret or viewer == actor:
        return action
    if action.kind == ActionKind.GIVE and viewer == partner(actor):
        return action
    return action.hidden_copy()


def seen_history(history: Iterable[tuple[int, int]], viewer: Viewer) -> tuple[tuple[int, int], ...]:
    """(seat, action id) pairs of a four-seat deal as ``viewer`` may know them."""
    out = []
    for seat, aid in history:
        action = Action.of(aid)
        out.append((seat, seen_action(seat, action, viewer).id))
    return tuple(out)


def _maker(cls: type[_T]) -> Callable[..., _T]:
    """A quicker way to make ``cls``, a frozen slots dataclass, from every field in order.

    A frozen class refuses attribute stores, so even :func:`_fast_init` sets each field
    through its slot's descriptor, a call each. Here a plain class with the same slots takes
    the stores directly, and the object then becomes ``cls``: the layouts are the same, so
    Python allows it. About half the cost, for the objects made at every trick and deal.
    """
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    slots = cls.__slots__  # type: ignore[attr-defined]
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": slots})
    stores = "".join(f"    made.{name} = {name}\n" for name in names)
    source = f"def make({', '.join(names)}):\n    made = new(twin)\n{stores}"
    scope: dict[str, object] = {"new": object.__new__, "twin": twin, "cls": cls}
    exec(source + "    made.__class__ = cls\n    return made\n", scope)
    return scope["make"]  # type: ignore[return-value]


# The engine's makers of what follows tricks and deals (every field given, in order).
new_trick: Callable[[int, bytes, bytes, int], Trick] = _maker(Trick)
new_summary: Callable[
    [
        int,
        int,
        Outcome,
        tuple[int, ...],
        tuple[int, ...],
        tuple[int, ...],
        Contract | None,
        tuple[int, ...],
    ],
    DealSummary,
] = _maker(DealSummary)
new_end: Callable[[tuple[DealSummary, ...], int | None, GameOver | None], DealEnd] = _maker(DealEnd)
new_step: Callable[[int, Action, Phase, Trick | None, Contract | None, DealEnd | None], Step] = (
    _maker(Step)
)

_PLAIN: dict[int, Step] = {}


def plain_step(seat: int, action: int, phase: Phase) -> Step:
    """A step with no consequence beyond itself (shared: steps are immutable)."""
    key = action << 8 | seat << 4 | phase  # an int key (hashing an enum is slow); see apply_id
    found = _PLAIN.get(key)
    if found is None:
        found = _PLAIN[key] = Step(seat, Action.of(action), phase)
    return found


__all__ = [
    "Contract",
    "DealEnd",
    "DealSummary",
    "GameOver",
    "Outcome",
    "Step",
    "Trick",
    "Viewer",
    "plain_step",
    "seen_action",
    "seen_history",
]
