"""The coach: what ``hard`` would do from one seat's view, every legal action valued.

:func:`hint` takes a seat's :class:`~euchre.engine.views.View` (nothing else: a hint can
never depend on hidden cards) and a seed, and answers with every legal action's value:

- ``points``: the expected points of the hand for the seat's side minus the other side's,
  averaged over deals sampled consistently with the view and weighted by how well they
  explain the bidding and the play, exactly as ``hard`` samples them
  (:meth:`~euchre.bots.search.SearchBot._worlds`). A card or a discard is scored by the
  exact double-dummy result of each sampled deal; a bid by playing the rest of the bidding
  with ``medium`` and solving the play, as ``hard``'s bidding simulations do.
- ``win``: the change in the chance of winning the match, from the score before the hand
  to the expected chance after it, by :func:`euchre.bots.match.win_probability` (a table
  computed once by dynamic programming over a typical hand's point distribution).
- ``value``: what ``hard`` maximises, the same change expressed in points of an early
  hand (:func:`euchre.bots.match.utility`). The recommended action is the best ``value``.

The reason comes from facts computed on the way (trumps counted with the left bower, the
boss trump, voids shown, how often a loner takes all five tricks in the sampled deals, how
often a call is euchred, the score), never from text the numbers do not support.

The same view and seed always give the same hint: the sample counts are fixed (no clock)
and the coach starts with no memory of earlier deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from euchre.engine import GameState
from euchre.engine import actions as A
from euchre.engine.cards import (
    CARD_TEXT,
    JOKER,
    NO_TRUMP,
    SUIT_NAMES,
    TRUMP_LETTERS,
    card_list,
    cards_in,
)
from euchre.engine.phases import Phase
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK, partner, trick_winner_index
from euchre.engine.state import dealer_picks_up_for_best
from euchre.engine.variants import Variant
from euchre.engine.views import View

from .coachwords import card_name, card_with_part, naming
from .evaluate import best_discard
from .knowledge import Knowledge, knowledge_of, upcard_suit
from .match import side_of, utility, win_probability
from .medium import MediumBot, best_gift, defends_alone
from .noise import NOISE
from .noise import paired_error as paired_sample_error
from .search import (
    _SIMULATED_BIDS,
    SearchBot,
    _after_discard,
    first_leader,
    leader_of,
    result_points,
    simulation_possible,
    world_state,
)
from .solver import Solver
from .world import World

COACH_WORLDS = 24  # sampled deals per hint (fixed, so a hint does not depend on the clock)
# A bid's simulations differ more from deal to deal than a card's exact results (the
# other seats' bidding and play are modelled): they get this many times the deals.
BID_SAMPLING = 2
_PRE_PLAY_END = frozenset({Phase.PLAY, Phase.GAME_OVER})
_LONER_OFFERS = frozenset({Phase.DEFEND_ALONE, Phase.CALL_FOR_BEST, Phase.GIVE_BEST})
_DEAL_OFFERS = frozenset({Phase.GO_UNDER, Phase.THROW_IN_CLAIM})
_DISCARDS = frozenset({Phase.DEALER_DISCARD, Phase.BEST_DISCARD})
_CARD_PHASES = _DISCARDS | {Phase.PLAY}
_BIDDING = frozenset(Phase) - _CARD_PHASES - {Phase.GIVE_BEST, Phase.GAME_OVER}


class Rule(StrEnum):
    """Why the recommended action was chosen among those about equal to the best."""

    BEST = "best"  # it is clearly the best, or the best value among the close ones
    CONVENTIONAL = "conventional"  # ``medium``'s choice (the conventions) is among them
    LOWEST = "lowest"  # a card: the lowest of the close ones (the better ones kept)


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One legal action's worth for the seat (see the module docstring for the units)."""

    action: str
    value: float
    points: float | None
    win: float | None
    march: float | None = None  # share of sampled deals where the makers took all five
    euchred: float | None = None  # share where the makers were euchred (their call only)
    # ``value`` in each sampled deal (the same deals for every action: see :func:`noise`);
    # empty for a value from the bidding model, which has no sampled deals.
    samples: tuple[float, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "value": round(self.value, 3)}
        out["points"] = None if self.points is None else shown_points(self.points)
        out["win"] = None if self.win is None else shown_win(self.win)
        return out


def shown_points(points: float) -> float:
    """Points a hand as a player is shown them, to 0.01. Sent already rounded: a client
    rounding a longer copy its own way (halves up, where Python rounds to even) would show
    figures whose difference is not the one the reason tells."""
    return round(points, 2)


def shown_win(win: float) -> float:
    """A chance of winning (or its change) as a player is shown it, to 0.1%."""
    return round(win, 3)


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact a reason rests on: a code, its numbers, and its sentence."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}


@dataclass(frozen=True, slots=True)
class Hint:
    """The coach's answer for one seat's decision."""

    seat: int
    recommended: str
    values: tuple[ActionValue, ...]  # best first
    facts: tuple[Fact, ...]
    worlds: int
    win_now: float | None
    rule: Rule = Rule.BEST  # how the recommendation was chosen (:func:`choose`)
    # The actions the recommendation is not clearly better than (itself among them), when
    # there is more than one: none of them is shown as better than the others ("≈"), and
    # the review calls exactly these "about equal" (:func:`choose`).
    tied: frozenset[str] = frozenset()

    @property
    def reason(self) -> str:
        return reason_text(self.facts)

    def value_of(self, action: str) -> ActionValue:
        for found in self.values:
            if found.action == action:
                return found
        raise KeyError(f"{action!r} is not one of {[v.action for v in self.values]}")

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "recommended": self.recommended,
            "reason": self.reason,
            "facts": [f.to_json() for f in self.facts],
            "values": [v.to_json() | {"tied": v.action in self.tied} for v in self.values],
            "worlds": self.worlds,
            "win_now": None if self.win_now is None else shown_win(self.win_now),
        }


# ---------------------------------------------------------------------- scoring


@dataclass(slots=True)
class _Tally:
    """Sums over sampled deals for one action."""

    value: float = 0.0
    points: float = 0.0
    win: float = 0.0
    march: int = 0
    euchred: int = 0
    ours: bool = False  # the seat's side made trump (so march / euchred are its own)
    count: int = 0
    samples: list[float] = field(default_factory=list)

    def add(self, scorer: _Scorer, points: Sequence[int], makers_tricks: int | None) -> None:
        self.count += 1
        value = scorer.value(points)
        self.samples.append(value)
        self.value += value
        self.points += scorer.margin(points)
        self.win += scorer.win(points)
        if makers_tricks is not None:
            self.march += makers_tricks == 5
            self.euchred += makers_tricks < 3


@dataclass(frozen=True, slots=True)
class _Scorer:
    """A hand's points as the seat's margin, match value and chance of winning."""

    variant: Variant
    scores: tuple[int, ...]
    side: int

    def margin(self, points: Sequence[int]) -> float:
        others = [p for s, p in enumerate(points) if s != self.side]
        return points[self.side] - sum(others) / max(1, len(others))

    def value(self, points: Sequence[int]) -> float:
        return utility(self.variant, self.scores, self.side, tuple(points))

    def win(self, points: Sequence[int]) -> float:
        now = self.win_now()
        if now is None:
            return 0.0
        mine, theirs = self.scores[self.side], self.scores[1 - self.side]
        target = self.variant.target
        return (
            win_probability(target, mine + points[self.side], theirs + points[1 - self.side]) - now
        )

    def win_now(self) -> float | None:
        if len(self.scores) != 2 or self.variant.target <= 0:
            return None
        mine, theirs = self.scores[self.side], self.scores[1 - self.side]
        return win_probability(self.variant.target, mine, theirs)


def _scorer(view: View, seat: int) -> _Scorer:
    return _Scorer(view.variant, view.scores, side_of(view.variant, seat))


# ---------------------------------------------------------------------- the hint


def hint(view: View, seed: int = 0, *, worlds: int = COACH_WORLDS) -> Hint:
    """Every legal action of ``view``'s seat valued, the best recommended, with its reason.

    Among the actions that are about equal to the best (:func:`clearly_better`), the
    recommendation is the conventional one (:func:`choose`)."""
    if view.seat is None or not view.legal:
        raise ValueError("a hint is for the seat whose turn it is")
    know = knowledge_of(view)
    rng = random.Random(seed)
    scorer = _scorer(view, view.seat)
    tallies, used = _tallies(know, rng, worlds, scorer)
    values = _values(view, know, tallies, with_win=scorer.win_now() is not None)
    by_value = sorted(values, key=lambda v: (-v.value, view.legal_texts().index(v.action)))
    choice = choose(know, by_value)
    ordered = (choice.value, *(v for v in by_value if v is not choice.value))
    facts = reasons(know, choice, ordered, scorer)
    return Hint(
        view.seat,
        choice.value.action,
        ordered,
        facts,
        used,
        scorer.win_now(),
        choice.rule,
        choice.tied,
    )


# ---------------------------------------------------------------------- noise and ties


def paired_error(a: ActionValue, b: ActionValue) -> float:
    """The standard error of ``a.value - b.value``: both are averages over the same sampled
    deals (0 without samples)."""
    return paired_sample_error(a.samples, b.samples)


def clearly_better(a: ActionValue, b: ActionValue, least: float = NOISE) -> bool:
    """Whether ``a`` beats ``b`` by more than the sampled deals' noise: by at least
    ``least`` in ``value`` and by more than two standard errors of the difference."""
    gap = a.value - b.value
    return gap >= least - 1e-9 and gap > 2 * paired_error(a, b)


@dataclass(frozen=True, slots=True)
class Choice:
    """The recommended action, the rule that picked it, and the actions it was picked
    among (about equal to the best value; empty when that one is clearly the best)."""

    value: ActionValue
    rule: Rule
    tied: frozenset[str] = frozenset()


def conventional(view: View) -> str:
    """``medium``'s choice for ``view``: the conventions (order with a safe hand, lead the
    right bower, throw the lowest card)."""
    return A.action_text(MediumBot().decide_id(view, random.Random(0)))


def choose(know: Knowledge, by_value: Sequence[ActionValue]) -> Choice:
    """The recommendation: the best value, unless other actions are about equal to it;
    then, the long shots set aside, ``medium``'s choice or else for cards the lowest one,
    among those whose values barely differ from the best left.

    The actions told as about equal (``tied``, "≈") are those the recommendation is not
    clearly better than, the same test the review's "about equal" and its marks use: a
    row about equal to the best value but clearly below the recommendation is no tie."""
    top = by_value[0]
    close = [v for v in by_value if not clearly_better(top, v)]
    if len(close) == 1:
        return Choice(top, Rule.BEST)
    picked, rule = _pick_among(know, close)
    tied = frozenset(v.action for v in by_value if not clearly_better(picked, v))
    return Choice(picked, rule, tied if len(tied) > 1 else frozenset())


def _pick_among(know: Knowledge, close: Sequence[ActionValue]) -> tuple[ActionValue, Rule]:
    """Among ``close`` (about equal to the best value, best first), the safe ones where
    there are any (:func:`_long_shot`), and of those the ones within ``NOISE`` of the best
    of them: ``medium``'s choice, else for cards the lowest one, else the best value. A
    usual choice whose row showed 2 points less than another's read as the coach
    contradicting itself (two testers, a learner among them): where the numbers plainly
    differ, the better one is picked, although the deals cannot be sure of it."""
    safe = [v for v in close if not _long_shot(v)] or list(close)
    near = [v for v in safe if safe[0].value - v.value < NOISE]
    if len(near) == 1:
        return near[0], Rule.BEST
    usual = conventional(know.view)
    for v in near:
        if v.action == usual:
            return v, Rule.CONVENTIONAL
    cards = [(A.action_card(A.parse_action(v.action)), v) for v in near]
    if know.view.phase in _CARD_PHASES and all(c is not None for c, _ in cards):
        lowest = min(cards, key=lambda cv: POWER[know.trump][cv[0] or 0])
        return lowest[1], Rule.LOWEST
    return near[0], Rule.BEST


# A loner that takes all five tricks in fewer sampled deals than this is a long shot.
LONG_SHOT_MARCH = 0.25


def _long_shot(v: ActionValue) -> bool:
    """A call euchred in most sampled deals, or a loner that seldom marches: no teacher's
    pick among choices about equal to it, usual or not (a learner copies the habit)."""
    if v.euchred is not None and v.euchred > 0.5:
        return True
    return v.march is not None and A.Action.parse(v.action).alone and v.march < LONG_SHOT_MARCH


def _tallies(
    know: Knowledge, rng: random.Random, worlds: int, scorer: _Scorer
) -> tuple[dict[int, _Tally] | None, int]:
    view = know.view
    if view.phase == Phase.PLAY:
        return _play_tallies(know, rng, worlds, scorer)
    if view.phase in (Phase.DEALER_DISCARD, Phase.BEST_DISCARD):
        return _discard_tallies(know, rng, worlds, scorer)
    if view.phase in _SIMULATED_BIDS and simulation_possible(view):
        return _bid_tallies(know, rng, worlds * BID_SAMPLING, scorer)
    if view.phase in _LONER_OFFERS:
        return _loner_offer_tallies(know, rng, worlds, scorer)
    return None, 0


def _values(
    view: View, know: Knowledge, tallies: dict[int, _Tally] | None, with_win: bool
) -> list[ActionValue]:
    """Each action's value; its change in the chance of winning only ``with_win`` (two
    sides playing to a target: three players' scores have no such chance)."""
    if tallies is None:  # a decision the simulations cannot replay: the bidding model
        model = _deal_offer_value if view.phase in _DEAL_OFFERS else _bid_model_value
        return [ActionValue(A.action_text(a), model(know, a), None, None) for a in view.legal]
    out = []
    for aid, t in tallies.items():
        n = max(1, t.count)
        made = t.ours and t.count > 0
        out.append(
            ActionValue(
                A.action_text(aid),
                t.value / n,
                t.points / n,
                t.win / n if with_win else None,
                march=t.march / n if made else None,
                euchred=t.euchred / n if made else None,
                samples=tuple(t.samples),
            )
        )
    return out


def _sampled(know: Knowledge, rng: random.Random, worlds: int) -> list[World]:
    searcher = SearchBot(adapt=False)  # no memory of earlier deals: the view alone
    return searcher._worlds(know, rng, worlds, None)


def _makers_points(know: Knowledge, tricks: int) -> tuple[int, ...]:
    view = know.view
    assert view.maker is not None
    return result_points(view.variant, view.maker, view.alone, view.lone_defender, tricks)


def _play_tallies(
    know: Knowledge, rng: random.Random, worlds: int, scorer: _Scorer
) -> tuple[dict[int, _Tally], int]:
    view = know.view
    solver = Solver(know.trump, view.active, know.makers_mask(), know.n)
    made = know.makers_tricks()
    ours = know.maker is not None and know.same_side(know.seat, know.maker)
    tallies = {aid: _Tally(ours=ours) for aid in view.legal}
    sampled = _sampled(know, rng, worlds)
    for world in sampled:
        hands = list(world.hands)
        for aid, tally in tallies.items():
            card = aid - A.PLAY_BASE
            tricks = made + solver.move_tricks(hands, know.seat, card, view.trick)
            tally.add(scorer, _makers_points(know, tricks), tricks)
    return tallies, len(sampled)


def _discard_tallies(
    know: Knowledge, rng: random.Random, worlds: int, scorer: _Scorer
) -> tuple[dict[int, _Tally], int]:
    view = know.view
    solver = Solver(know.trump, view.active, know.makers_mask(), know.n)
    leader = first_leader(view)
    ours = know.maker is not None and know.same_side(know.seat, know.maker)
    tallies = {aid: _Tally(ours=ours) for aid in view.legal}
    sampled = _sampled(know, rng, worlds)
    for world in sampled:
        for aid, tally in tallies.items():
            hands = list(world.hands)
            hands[know.seat] = _after_discard(know, aid)
            tricks = min(5, solver.tricks(hands, leader))
            tally.add(scorer, _makers_points(know, tricks), tricks)
    return tallies, len(sampled)


def _bid_tallies(
    know: Knowledge, rng: random.Random, worlds: int, scorer: _Scorer
) -> tuple[dict[int, _Tally], int]:
    view = know.view
    medium = MediumBot()
    tallies = {aid: _Tally() for aid in view.legal}
    used = 0
    for world in _sampled(know, rng, worlds):
        state = world_state(view, world)
        if state is None:
            continue
        used += 1
        for aid, tally in tallies.items():
            points, tricks, ours = _bid_outcome(state, aid, know.seat, medium, rng)
            if ours and aid != A.PASS:
                tally.ours = True
            tally.add(scorer, points, tricks if ours and aid != A.PASS else None)
    return tallies, used


def _bid_outcome(
    state: GameState, aid: int, seat: int, medium: MediumBot, rng: random.Random
) -> tuple[tuple[int, ...], int | None, bool]:
    """(points by side, the makers' tricks, whether the seat's side made trump) of taking
    ``aid``: the rest of the bidding by ``medium``, the play solved double-dummy."""
    game = state.clone()
    deals = len(game.deals)
    game.apply_id(aid)
    while len(game.deals) == deals and game.phase not in _PRE_PLAY_END:
        actor = game.current_player
        assert actor is not None
        game.apply_id(medium.decide_id(game.view(actor), rng))
    record = game.deals[deals - 1]
    if len(game.deals) != deals or game.phase != Phase.PLAY:
        return tuple(record.points), None, False
    n = game.n
    maker = game.maker_seat
    makers = sum(1 << s for s in range(n) if s == maker or (n == 4 and (s - maker) % 2 == 0))
    active = [s for s in range(n) if game.is_active(s)]
    solver = Solver(game.trump, active, makers, n)
    leader = game.current_player
    assert leader is not None
    tricks = min(5, solver.tricks(game.hands, leader))
    lone = game.lone_defender
    ours = makers >> seat & 1 == 1
    return result_points(game.variant, maker, game.alone, lone, tricks), tricks, ours


def _loner_offer_tallies(
    know: Knowledge, rng: random.Random, worlds: int, scorer: _Scorer
) -> tuple[dict[int, _Tally], int]:
    """An offer after a loner's call (to defend alone, to call for the partner's best card,
    the card to give): each sampled deal with the rest of the offers taken as ``medium``
    takes them, the play solved exactly."""
    view = know.view
    assert view.maker is not None
    ours = know.same_side(know.seat, view.maker)
    tallies = {aid: _Tally(ours=ours) for aid in view.legal}
    sampled = _sampled(know, rng, worlds)
    for world in sampled:
        hands = _with_partners_hands(world, rng)
        for aid, tally in tallies.items():
            lone_defender, tricks = _after_loner_offer(know, list(hands), aid)
            points = result_points(view.variant, view.maker, True, lone_defender, tricks)
            tally.add(scorer, points, tricks)
    return tallies, len(sampled)


def _after_loner_offer(know: Knowledge, hands: list[int], aid: int) -> tuple[int | None, int]:
    """(the lone defender, the maker's tricks) of taking ``aid`` in the deal ``hands``."""
    view = know.view
    maker = view.maker
    assert maker is not None
    seat, lone = know.seat, view.lone_defender
    if view.phase == Phase.DEFEND_ALONE:
        last_asked = (maker + 3) % 4
        if aid == A.DEFEND_ALONE:
            lone = seat
        elif seat != last_asked and defends_alone(hands[last_asked], know.trump, know.deck):
            lone = last_asked
        callers = [maker] if lone is None else [maker, lone]
    elif view.phase == Phase.CALL_FOR_BEST:
        later = [lone] if seat == maker and lone is not None else []
        callers = ([seat] if aid == A.CALL_FOR_BEST else []) + later
    else:  # the seat gives its lone partner a card
        receiver = partner(seat)
        _take_best(know, hands, receiver, aid - A.GIVE_BASE)
        callers = [lone] if receiver == maker and lone is not None else []
    if view.variant.call_for_best:
        for loner in callers:
            if dealer_picks_up_for_best(view.variant, view.dealer, loner, view.upcard_state):
                hands[view.dealer] |= 1 << view.upcard
            _take_best(know, hands, loner, best_gift(hands[partner(loner)], know.trump))
    loners = [maker] if lone is None else [maker, lone]
    active = [s for s in range(4) if partner(s) not in loners]
    solver = Solver(know.trump, active, 1 << maker, 4)
    leader = leader_of(view.variant, view.dealer, maker, active)
    return lone, min(5, solver.tricks(hands, leader))


def _with_partners_hands(world: World, rng: random.Random) -> list[int]:
    """The sampled hands, with cards for a seat sitting out (the sample deals it none):
    five of the cards out of play, for the best card it may be asked for."""
    hands = list(world.hands)
    out = list(cards_in(world.out))
    for seat in range(4):
        if not hands[seat]:
            hands[seat] = sum(1 << c for c in rng.sample(out, min(5, len(out))))
            out = [c for c in out if not hands[seat] >> c & 1]
    return hands


def _take_best(know: Knowledge, hands: list[int], loner: int, card: int) -> None:
    """``loner`` takes ``card`` from the partner and discards as ``medium`` does."""
    hands[partner(loner)] &= ~(1 << card)
    hands[loner] |= 1 << card
    hands[loner] &= ~(1 << best_discard(hands[loner], know.trump, know.deck))


def _bid_model_value(know: Knowledge, aid: int) -> float:
    """The bidding model's value, a loner's too where ``medium`` rules it out (no path to
    five tricks): the hint shows what the model expects of it, not a bar."""
    medium = MediumBot()
    return medium.pass_value(know) if aid == A.PASS else medium.model_value(know, aid)


def _deal_offer_value(know: Knowledge, aid: int) -> float:
    """An offer before the bidding, by the bidding model: a throw-in, or going under
    after another player did (a misdeal), is worth the match as it stands (the deal is
    void); going under, the hand's worth averaged over the cards it may take from the
    kitty; keeping the hand, its worth as it is."""
    if aid == A.REDEAL or (aid & A.UNDER_FLAG and know.view.under_shown):
        return _standing(know)
    if aid & A.UNDER_FLAG:
        kept = know.hand & ~(aid ^ A.UNDER_FLAG)
        unseen = list(cards_in(know.deck & ~know.hand & ~know.known_out & ~(1 << know.view.upcard)))
        rng = random.Random(aid)  # the same offer, the same kitties
        kitties = [sum(1 << c for c in rng.sample(unseen, 3)) for _ in range(COACH_WORLDS)]
        return sum(_hand_worth(know, kept | kitty) for kitty in kitties) / len(kitties)
    return _hand_worth(know, know.hand)


def _standing(know: Knowledge) -> float:
    view = know.view
    side = side_of(view.variant, know.seat)
    return utility(view.variant, view.scores, side, (0,) * len(view.scores))


def _hand_worth(know: Knowledge, hand: int) -> float:
    """What ``hand`` is worth to the seat as the bidding starts: the better of passing
    and ordering up (round 2 and the partner's calls are in the pass's value)."""
    opening = replace(know, hand=hand, view=replace(know.view, phase=Phase.BID_R1))
    medium = MediumBot()
    return max(medium.pass_value(opening), medium.action_value(opening, A.ORDER))


# ---------------------------------------------------------------------- reasons


def reasons(
    know: Knowledge, choice: Choice, ordered: Sequence[ActionValue], scorer: _Scorer
) -> tuple[Fact, ...]:
    """The facts behind the recommendation ``ordered[0]``, each from a computed number."""
    best = ordered[0]
    name = naming(know.view)
    if len(ordered) == 1:  # nothing to weigh: the rest would only repeat the position
        return (forced_fact(know, best.action, name),)
    facts = [compare_fact(best, ordered[1], name, choice.rule)]
    facts += _against_passing(best, ordered, name)
    facts += _call_facts(best, partnered=know.n == 4)
    facts += _play_facts(know, best.action)
    passing = _bid_pass(know, best.action)
    # The bid whose trumps are counted: for a pass, the runner-up's (what it passes up).
    weighed = ordered[1].action if passing else best.action
    trump = _trump_of(know, weighed)
    if passing:
        facts += _turn_up_facts(know)
        facts += _call_risk_facts(ordered[1], name, partnered=know.n == 4)
    else:
        facts += _partner_picks_up_facts(know, best.action)
    if trump is not None and know.view.hand:  # (a dealer naming trump blind sees no hand)
        facts += _trump_facts(know, trump, A.parse_action(weighed), passing)
    if know.view.trick:  # following: the trumps held are no reason for the card played
        facts = [f for f in facts if f.kind != "trumps"]
    if passing:
        facts += _defend_facts(know)
    facts = _without_repeated_boss(facts)
    facts += _lead_trump_facts(know, best.action)
    facts += _void_facts(know, best.action)
    facts += _void_made_facts(know, best.action)
    facts += _score_facts(know, scorer, best.action)
    return tuple(facts)


def _without_repeated_boss(facts: list[Fact]) -> list[Fact]:
    """The facts less ``boss_trump`` when a ``sure_winner`` fact names the same card: the
    card played is sure to win, which says more than that it is the highest trump left."""
    sure = {f.data["card"] for f in facts if f.kind == "sure_winner"}
    return [f for f in facts if not (f.kind == "boss_trump" and f.data["card"] in sure)]


def reason_text(facts: Sequence[Fact]) -> str:
    """The English reason made of ``facts`` (a client may word them in its own language)."""
    return " ".join(f.text for f in facts)


# An action named within a sentence (:func:`euchre.bots.coachwords.naming`).
Name = Callable[[str], str]


def margin_fact(best: ActionValue, second: ActionValue, name: Name) -> Fact:
    """Why ``best`` beats ``second``, in the units a player is shown beside each action:
    points a hand and the change in the chance of winning (the model's value when the
    simulations could not replay the decision)."""
    gap = round(best.value - second.value, 3)
    data: dict[str, Any] = {"best": best.action, "next": second.action, "gap": gap}
    points = win = None
    # The differences of the numbers as shown (points to 0.01, the chance to 0.1%), so that
    # the sentence and the table beside it agree to the last digit.
    if best.points is not None and second.points is not None:
        points = data["points"] = shown_points(
            shown_points(best.points) - shown_points(second.points)
        )
    if best.win is not None and second.win is not None:
        win = data["win"] = shown_win(shown_win(best.win) - shown_win(second.win))
    return Fact(
        "margin",
        _sentence(_margin_text(name(best.action), name(second.action), gap, points, win)),
        data,
    )


def forced_fact(know: Knowledge, action: str, name: Name) -> Fact:
    """``action`` is the only one the rules allow, and in the play why: the seat must follow
    the suit led (``why``: ``follow``, with the ``suit``), or it is its last card."""
    said = f"{name(action)} is the only legal move"
    view = know.view
    if view.phase != Phase.PLAY:
        return Fact("forced", _sentence(f"{said}."))
    if len(view.hand) == 1:
        return Fact("forced", _sentence(f"{said}: it is your last card."), {"why": "last"})
    led = EFFECTIVE_SUIT[know.trump][view.trick[0][1]]
    word = "trumps" if led == know.trump else SUIT_NAMES[led]
    text = f"{said}: {word} were led and you must follow suit."
    return Fact("forced", _sentence(text), {"why": "follow", "suit": word})


def compare_fact(best: ActionValue, other: ActionValue, name: Name, rule: Rule = Rule.BEST) -> Fact:
    """``best`` against ``other``: the margin when ``best`` is clearly better; else that
    they are about equal, and the rule that chose ``best`` (kind ``close``)."""
    if clearly_better(best, other):
        return margin_fact(best, other, name)
    data = margin_fact(best, other, name).data | {"rule": rule.value}
    first, second = name(best.action), name(other.action)
    gap = best.value - other.value
    if abs(gap) < 0.005:
        text = _same_text(first, second, data.get("points"), data.get("win"))
    elif abs(gap) < NOISE:
        text = f"{first} is about equal to {second} here: too close to call."
    else:  # a gap the numbers show, within the spread of the sampled deals
        data["unsure"] = True
        text = _unsure_text(first, second, gap > 0, data.get("points"), data.get("win"))
    if rule == Rule.CONVENTIONAL:
        text += " The coach picks it: it is the usual choice."
    elif rule == Rule.LOWEST:
        text += " The coach picks it: it keeps your higher cards."
    return Fact("close", _sentence(text), data)


def _unsure_text(
    best: str, second: str, ahead: bool, points: float | None, win: float | None
) -> str:
    """Two actions whose numbers differ, by less than the sampled deals vary: a learner
    shown "about equal" beside an 11-point lead in the chance of winning was misled. The
    difference is told in the units of the table beside it where it has them."""
    by = ""
    if points is not None and abs(points) >= 0.005:
        by = f" by {abs(points):.2f} points a hand"
    elif win is not None and abs(win) >= 0.0005:
        by = f" by {100 * abs(win):.1f} percentage points in the chance of winning"
    if ahead:
        return (
            f"{best} comes out ahead of {second}{by}, but it depends too much on how the"
            " other hands lie to be sure."
        )
    return (
        f"{best} comes out behind {second}{by}, but it depends too much on how the other"
        " hands lie to be sure which is better."
    )


def _same_text(best: str, second: str, points: float | None, win: float | None) -> str:
    """Two actions of the same value: said so, or, where their points differ (the score
    makes only the chance of winning count), that their chance of winning is the same."""
    if points is not None and abs(points) >= 0.005 and win is not None:
        return (
            f"{best} gives your side the same chance of winning the game as {second}:"
            " at this score the hand's points do not change it."
        )
    return f"{best} is worth the same as {second} here."


def _sentence(text: str) -> str:
    """``text`` with a capital first letter: sentences may start with an action's text."""
    return text[:1].upper() + text[1:]


def _margin_text(
    best: str, second: str, gap: float, points: float | None, win: float | None
) -> str:
    same = _same_text(best, second, points, win)
    if gap < 0.005:
        return same
    if points is None:  # a value of the bidding model: match value, not points a hand
        return f"{best} comes out above {second} in the coach's model of the bidding."
    # A difference of two chances, in percentage points: "12% higher" would read as relative.
    chance = None if win is None or win < 0.0005 else f"{100 * win:.1f} percentage points"
    if points >= 0.005:
        text = f"{best} scores {points:.2f} points a hand more than {second}"
        if chance:
            text += f", and your side's chance of winning the game is {chance} higher"
        return text + "."
    if chance and points <= -0.005:
        return (
            f"{best} scores {-points:.2f} points a hand fewer than {second}, but your side's"
            f" chance of winning the game is {chance} higher."
        )
    if chance:
        return (
            f"{best} leaves your side's chance of winning the game {chance} higher than {second}."
        )
    return same


def shown_percent(share: float) -> int:
    """A share of the sampled deals in whole percent, 0 and 100 only when it is none or
    all of them: a client words those two as "none" and "every one"."""
    percent = round(100 * share)
    if 0 < share < 1:
        return min(99, max(1, percent))
    return percent


def in_ways(percent: int) -> str:
    """``in 20% of the deals the coach tried``; ``in none of ...``, ``in every
    one of ...`` at 0 and 100 (:func:`shown_percent`)."""
    share = {0: "none", 100: "every one"}.get(percent, f"{percent}%")
    return f"in {share} of the deals the coach tried"


def _call_facts(best: ActionValue, partnered: bool) -> list[Fact]:
    """How often a loner marches, and how often a call is euchred: the side's, or the
    player's own where no one plays with the maker (``partnered`` false: two or three
    players)."""
    out = _march_facts(best)
    if best.euchred is not None and _makes_trump(best.action):
        share = shown_percent(best.euchred)
        said = _sentence(in_ways(share))
        who, inverted = ("your side is", "is your side") if partnered else ("you are", "are you")
        text = f"{said} {inverted} euchred." if share == 0 else f"{said}, {who} euchred."
        data: dict[str, Any] = {"euchred_percent": share}
        if not partnered:
            data["alone"] = True
        out.append(Fact("euchre_risk", text, data))
    return out


def _march_facts(call: ActionValue) -> list[Fact]:
    """For a lone call: how often the loner takes all five tricks."""
    if call.march is None or "alone" not in call.action:
        return []
    share = shown_percent(call.march)
    text = f"Alone, you take all five tricks {in_ways(share)}."
    return [Fact("loner", text, {"march_percent": share})]


def passed_up_call_facts(call: ActionValue, name: Name, partnered: bool) -> list[Fact]:
    """A call the coach would pass on, told by what it risks: how often a loner marches,
    and how often the call is euchred where that is often enough to be a reason (a review
    of a lone call told the risk of the same call with the partner)."""
    return _march_facts(call) + _call_risk_facts(call, name, partnered)


def _against_passing(best: ActionValue, ordered: Sequence[ActionValue], name: Name) -> list[Fact]:
    """A call compared with another call (the same one alone): also how much it beats
    passing, when it clearly does (the lesson is the call, not only its form)."""
    if not _makes_trump(best.action) or ordered[1].action == "pass":
        return []
    passing = next((v for v in ordered if v.action == "pass"), None)
    if passing is None or not clearly_better(best, passing):
        return []
    return [margin_fact(best, passing, name)]


# A call the pass is weighed against is told how often it is euchred from this share on.
CALL_RISK_TOLD = 0.25


def _call_risk_facts(call: ActionValue, name: Name, partnered: bool) -> list[Fact]:
    """For a recommended pass: how often the call it passes up (the runner-up) would be
    euchred, where that is often enough to be a reason."""
    if call.euchred is None or not _makes_trump(call.action) or call.euchred < CALL_RISK_TOLD:
        return []
    share = shown_percent(call.euchred)
    who = "your side" if partnered else "you"
    text = f"After {name(call.action)}, {who} would be euchred {in_ways(share)}."
    data: dict[str, Any] = {"euchred_percent": share, "next": call.action}
    if not partnered:
        data["alone"] = True
    return [Fact("call_risk", _sentence(text), data)]


def _partner_picks_up_facts(know: Knowledge, action: str) -> list[Fact]:
    """An order up in round 1 while the partner deals: the turn-up goes to the partner."""
    view = know.view
    if view.phase != Phase.BID_R1 or know.n != 4 or view.dealer != know.partner(know.seat):
        return []
    aid = A.parse_action(action)
    if not A.Action.of(aid).makes_trump or not _dealer_takes_upcard(know, aid):
        return []
    suit = upcard_suit(view)
    card = card_with_part(view.upcard, suit)
    data: dict[str, Any] = {"card": CARD_TEXT[view.upcard], "trump": TRUMP_LETTERS[suit]}
    data |= {"dealer": view.dealer, "partner": True}
    return [
        Fact("turn_up", f"If you order up, your partner, the dealer, picks up the {card}.", data)
    ]


def _makes_trump(action: str) -> bool:
    """Whether ``action`` orders up or names trump ("call for best" names nothing)."""
    return A.Action.parse(action).makes_trump


def _trump_of(know: Knowledge, action: str) -> int | None:
    """The trump suit the action plays with (or names), if any."""
    view = know.view
    aid = A.parse_action(action)
    if aid in (A.ORDER, A.ORDER_ALONE):
        return upcard_suit(view)
    if A.CALL_BASE <= aid < A.CALL_BASE + 10:
        suit = (aid - A.CALL_BASE) // 2
        return None if suit == NO_TRUMP else suit
    if view.trump is not None and view.trump != NO_TRUMP:
        return view.trump
    return None


def _trump_facts(know: Knowledge, trump: int, aid: int, passing: bool = False) -> list[Fact]:
    """The trumps held in ``trump``, the suit the bid ``aid`` makes (for a recommended pass,
    ``passing``, the runner-up bid: the hand is counted as it is, with the turn-up for the
    dealer who would pick it up) or of the card ``aid`` plays, and the boss trump when the
    seat holds it: in the play only for the card played, and never for a pass, as it would
    argue for another action than the one recommended."""
    view = know.view
    hand = know.hand
    upcard_taken = _dealer_takes_upcard(know, aid)
    picks_up = upcard_taken and view.dealer == know.seat
    if picks_up:
        hand |= 1 << view.upcard
    mine = [c for c in cards_in(hand) if EFFECTIVE_SUIT[trump][c] == trump]
    left = [c for c in mine if c != JOKER and c >> 3 != trump and POWER[trump][c] > 0]
    named = view.trump is not None  # trump is made (else the action would make it)
    data = {"suit": SUIT_NAMES[trump], "count": len(mine), "left_bower": bool(left), "named": named}
    few = passing and not picks_up and 0 < len(mine) <= FEW_TRUMPS
    text = _trumps_text(SUIT_NAMES[trump], len(mine), bool(left), named, few)
    if picks_up:  # the count has the turn-up the dealer would pick up
        text = "With the turn-up, y" + text[1:]
        data["turn_up"] = True
    if few:
        data["passing"] = True
    out = [Fact("trumps", text, data)]
    boss = _boss_trump(know, trump, upcard_taken)
    played = A.action_card(aid) if view.phase == Phase.PLAY else boss
    # not for a pass: holding the boss of the suit passed up argues for the call
    if boss is not None and hand >> boss & 1 and played == boss and not passing:
        out.append(
            Fact(
                "boss_trump",
                f"Your {card_with_part(boss, trump)} is the highest trump still out.",
                {"card": CARD_TEXT[boss], "trump": TRUMP_LETTERS[trump]},
            )
        )
    return out


def _bid_pass(know: Knowledge, action: str) -> bool:
    return action == "pass" and know.view.phase in (Phase.BID_R1, Phase.BID_R2)


def _may_order_against_opponent(know: Knowledge) -> bool:
    """Round 1, ordering up is legal, and an opponent deals (would pick up the turn-up)."""
    view = know.view
    in_round_1 = view.phase == Phase.BID_R1 and A.ORDER in view.legal
    return in_round_1 and not know.same_side(know.seat, view.dealer)


def _turn_up_facts(know: Knowledge) -> list[Fact]:
    """A pass in round 1 while an opponent deals: an order would give that dealer the
    turn-up."""
    view = know.view
    if not _may_order_against_opponent(know):
        return []
    suit = upcard_suit(view)
    card = card_with_part(view.upcard, suit)
    data: dict[str, Any] = {"card": CARD_TEXT[view.upcard], "trump": TRUMP_LETTERS[suit]}
    data["dealer"] = view.dealer
    if know.n == 2:  # that dealer may also decline it (two players)
        data["may"] = True
        text = f"If you order up, the dealer, your opponent, may pick up the {card}."
    else:
        text = f"If you order up, the dealer, an opponent, picks up the {card}."
    return [Fact("turn_up", text, data)]


# A first-round pass with at least this many trumps of the turn-up's suit (the left bower
# and the Joker counted: 7 or 8 trumps in all, one of them the turn-up) is told it would
# rather defend when an opponent deals (fact ``defend``, docs/bots.md "The coach").
DEFEND_TRUMPS = 3


def _defend_facts(know: Knowledge) -> list[Fact]:
    """A recommended pass in round 1, an opponent dealing, with a strong holding in the
    turn-up's suit: passing leaves the opponents to make that suit trump against it (a
    "trap pass"). Not for the dealer's partner: the dealer's pick-up helps its own side."""
    view = know.view
    if not _may_order_against_opponent(know):
        return []
    suit = upcard_suit(view)
    count = sum(1 for c in cards_in(know.hand) if EFFECTIVE_SUIT[suit][c] == suit)
    if count < DEFEND_TRUMPS:
        return []
    name = SUIT_NAMES[suit]
    text = (
        f"With {count} trumps in {name} you would rather defend: if the opponents make"
        f" {name} trump, those trumps are against them."
    )
    data = {"suit": name, "count": count, "least": DEFEND_TRUMPS, "dealer": view.dealer}
    return [Fact("defend", text, data)]


# Trumps few enough that a pass is told how few the call passed up would have: "You hold
# 2 trumps in hearts" beside a recommended pass read as a reason to call.
FEW_TRUMPS = 2


def _trumps_text(suit: str, count: int, left_bower: bool, named: bool, few: bool = False) -> str:
    """The trumps held in words ("You hold 2 trumps in hearts"); with none, whether
    ``suit`` is trump already (``named``) or would be; for a pass with ``few`` of them,
    how few the call would have."""
    if count == 0:
        if named:
            return f"You hold no trumps ({suit} are trump)."
        return f"You hold no {suit}, and {suit} would be trump."
    counted = " (the left bower counted)." if left_bower else "."
    if few:
        held = "one" if count == 1 else str(count)
        return f"If {suit} were trump, you would hold only {held} of them{counted}"
    held = "one trump" if count == 1 else f"{count} trumps"
    return f"You hold {held} in {suit}{counted}"


def _dealer_takes_upcard(know: Knowledge, aid: int) -> bool:
    """Whether the bid ``aid`` puts the turn-up (or the Joker) in the dealer's hand: an
    order in round 1, unless the dealer's partner goes alone (the dealer sits out), or
    the dealer naming trump for a Joker turn-up."""
    view = know.view
    if view.phase == Phase.JOKER_NAME:
        return True
    if view.phase != Phase.BID_R1 or aid not in (A.ORDER, A.ORDER_ALONE):
        return False
    return not (aid == A.ORDER_ALONE and know.seat == know.partner(view.dealer))


def _boss_trump(know: Knowledge, trump: int, upcard_taken: bool) -> int | None:
    """The highest trump not played in an earlier trick nor known out of play: a card on
    the table in this trick still counts, since it can still win the trick, and so does a
    turn-up the bid puts in the dealer's hand (``upcard_taken``)."""
    on_table = sum(1 << c for _, c in know.view.trick)
    gone = (know.played & ~on_table) | know.known_out
    if upcard_taken:
        gone &= ~(1 << know.view.upcard)
    live = SUIT_MASK[trump][trump] & know.deck & ~gone
    cards = card_list(live)
    return max(cards, key=lambda c: POWER[trump][c]) if cards else None


def _partner_winning_fact(last: bool) -> Fact:
    """The partner's card wins the trick as it stands: for sure when the seat is the last
    to play, else so far (an opponent still plays after)."""
    if last:
        return Fact("partner_winning", "Your partner is already winning the trick.", {"last": True})
    text = "Your partner's card is winning the trick so far."
    return Fact("partner_winning", text, {"last": False})


def _play_facts(know: Knowledge, action: str) -> list[Fact]:
    """What the card does to the trick on the table: it takes it (over a trump, or as the
    only way to take it), the partner is already winning it, or no card can take it."""
    view = know.view
    card = A.action_card(A.parse_action(action))
    if view.phase != Phase.PLAY or card is None:
        return []
    if not view.trick:  # a lead: whether it is sure to win, or the best of its suit
        sure = _sure_winner_fact(know, [], card) or _boss_card_fact(know, card)
        return [] if sure is None else [sure]
    cards = [c for _, c in view.trick]
    out = []
    last = len(cards) == len(view.active) - 1
    if last:
        out.append(Fact("last_to_play", "You are the last to play to this trick."))
    winner = view.trick[trick_winner_index(cards, know.trump)][0]
    mate = know.partner(know.seat)
    mate_winning = mate is not None and winner == mate
    if _takes(know, cards, card):
        sure = _sure_winner_fact(know, cards, card)
        # "sure to win" says the most of the card (the rest would name it again); taking
        # the trick from the partner is no reason in itself, a sure win may be
        if sure is not None:
            out.append(sure)
        elif not mate_winning:
            out.append(_taking_fact(know, cards, card))
    elif mate_winning:
        out.append(_partner_winning_fact(last))
    elif not any(_takes(know, cards, c) for c in _legal_cards(view)):
        out.append(Fact("cannot_take", "None of your cards can take this trick."))
    if [f.kind for f in out] == ["last_to_play"]:
        return []  # "You are the last to play" leads to what it means here, or is not said
    return out


def _takes(know: Knowledge, cards: Sequence[int], card: int) -> bool:
    return trick_winner_index([*cards, card], know.trump) == len(cards)


def _sure_winner_fact(know: Knowledge, cards: Sequence[int], card: int) -> Fact | None:
    """``card`` played to the trick ``cards`` wins it whatever the players still to play
    hold: no card the seat has not seen played, nor knows out of play, beats it (the boss
    card of the suit led with no trump left to ruff it, or the highest trump left). Said
    only with players still to play: the last to play is told it takes the trick."""
    later = len(know.view.active) - len(cards) - 1
    if later <= 0 or not _takes(know, cards, card):
        return None
    on_table = sum(1 << c for c in cards)
    elsewhere = know.deck & ~know.hand & ~know.played & ~know.known_out & ~on_table
    if any(_takes(know, [*cards, card], other) for other in cards_in(elsewhere)):
        return None
    named = card_with_part(card, know.view.trump)
    text = f"Your {named} is sure to win this trick: no card still out can beat it."
    return Fact("sure_winner", text, {"card": CARD_TEXT[card]})


def _boss_card_fact(know: Knowledge, card: int) -> Fact | None:
    """A plain card led that no card of its suit still out beats (an ace, or a king with
    the ace gone): only a trump can take it. The reason a defender cashes an ace rather
    than lead into the makers' trumps, which nothing else said."""
    trump = know.trump
    suit = EFFECTIVE_SUIT[trump][card]
    if trump == NO_TRUMP or suit == trump:
        return None
    elsewhere = know.deck & ~know.hand & ~know.played & ~know.known_out
    same_suit = elsewhere & SUIT_MASK[trump][suit]
    if any(_takes(know, [card], other) for other in cards_in(same_suit)):
        return None
    text = (
        f"Your {card_name(card)} is the highest card of its suit still out:"
        " only a trump can beat it."
    )
    return Fact("boss_card", text, {"card": CARD_TEXT[card]})


def _legal_cards(view: View) -> list[int]:
    return [c for c in (A.action_card(a) for a in view.legal) if c is not None]


def _taking_fact(know: Knowledge, cards: Sequence[int], card: int) -> Fact:
    """The card takes the trick (over a trump, or as the only way to): said so when the
    seat plays last, else that it beats the cards played so far (a later one may beat it)."""
    trump, suit = know.trump, EFFECTIVE_SUIT[know.trump]
    last = len(cards) == len(know.view.active) - 1
    data = {"card": CARD_TEXT[card], "last": last}
    named = card_with_part(card, know.view.trump)
    takes = "takes the trick" if last else "beats the cards played so far"
    led = suit[cards[0]]
    if trump != NO_TRUMP and suit[card] == trump and led != trump:
        if any(suit[c] == trump for c in cards):  # an opponent's: the partner's is not told
            return Fact("overtrump", f"You can overtrump: your {named} {takes}.", data)
        following = [c for c in _legal_cards(know.view) if suit[c] == led]
        if not any(_takes(know, cards, c) for c in following):
            only = "takes this trick" if last else "beats the cards played so far"
            return Fact("trump_in", f"Only a trump {only}: your {named} does.", data)
    if last:
        return Fact("take_trick", f"You can take the trick with your {named}.", data)
    return Fact("take_trick", f"Your {named} beats the cards played so far.", data)


def _void_facts(know: Knowledge, action: str) -> list[Fact]:
    """When the seat leads a card: the other seats known to be out of its suit, and, for a
    plain suit, whether they may trump it (shown out of trumps too, they cannot)."""
    view = know.view
    card = A.action_card(A.parse_action(action))
    if view.phase != Phase.PLAY or card is None or view.trick:
        return []
    trump = know.trump
    suit = EFFECTIVE_SUIT[trump][card]
    word = "trumps" if suit == trump else SUIT_NAMES[suit]
    out = []
    for seat, mask in enumerate(know.voids):
        if seat == know.seat or not mask >> suit & 1:
            continue
        data: dict[str, Any] = {
            "seat": seat,
            "suits": [word],
            "partner": seat == know.partner(know.seat),
        }
        if suit != trump and trump != NO_TRUMP:
            data["can_trump"] = not mask >> trump & 1
            if data["can_trump"] and not know.same_side(seat, know.seat):
                continue  # an opponent who may trump the lead is no reason for it
        who = "Your partner" if data["partner"] else f"Seat {seat}"
        out.append(Fact("void", void_sentence(who, word, data.get("can_trump")), data))
    return out


def void_sentence(who: str, suit: str, can_trump: bool | None) -> str:
    """A seat out of the suit led, and, for a plain suit, whether it may trump it (the
    point of the fact: a partner who may, an opponent who cannot)."""
    if can_trump is None:
        return f"{who} has shown out of {suit}."
    if can_trump:
        return f"{who} has shown out of {suit} and may trump it."
    return f"{who} has shown out of {suit} and of trumps, so cannot trump it."


def _lead_trump_facts(know: Knowledge, action: str) -> list[Fact]:
    """A trump led by the side that made it: it draws the opponents' trumps, so that the
    side's other cards can win (unless every opponent has shown out of trumps already)."""
    view = know.view
    card = A.action_card(A.parse_action(action))
    maker, trump = view.maker, know.trump
    if view.phase != Phase.PLAY or card is None or view.trick or maker is None:
        return []
    if trump == NO_TRUMP or EFFECTIVE_SUIT[trump][card] != trump or know.n == 2:
        return []
    ours = maker == know.seat or maker == know.partner(know.seat)
    opponents = [s for s in view.active if not know.same_side(s, know.seat)]
    if not ours or all(know.voids[s] >> trump & 1 for s in opponents):
        return []
    if maker == know.seat:
        text = "You made trump: leading trumps draws out the opponents' trumps."
    else:
        text = (
            "Your partner made trump: leading a trump to them helps draw out the opponents' trumps."
        )
    return [Fact("lead_trump", text, {"maker": "you" if maker == know.seat else "partner"})]


def _void_made_facts(know: Knowledge, action: str) -> list[Fact]:
    """A discard, or a card thrown off in the play (not following the suit led), that
    leaves the seat out of a plain suit while it keeps a trump: it can trump that suit
    when it is led."""
    view = know.view
    card = A.action_card(A.parse_action(action))
    trump = know.trump
    if card is None or trump == NO_TRUMP:
        return []
    suit_of = EFFECTIVE_SUIT[trump]
    suit = suit_of[card]
    throwing = view.phase == Phase.PLAY and bool(view.trick)
    if throwing and suit_of[view.trick[0][1]] == suit:
        return []  # it follows suit: no choice of what to keep
    if view.phase not in _DISCARDS and not throwing:
        return []
    kept = [c for c in cards_in(know.hand) if c != card]
    if suit == trump or any(suit_of[c] == suit for c in kept):
        return []
    if not any(suit_of[c] == trump for c in kept):
        return []
    word = SUIT_NAMES[suit]
    verb = "Throwing off" if throwing else "Discarding"
    text = (
        f"{verb} the {card_with_part(card, view.trump)} leaves you with no {word}:"
        f" you can trump {word} when they are led."
    )
    data: dict[str, Any] = {"card": CARD_TEXT[card], "suit": word}
    if throwing:
        data["play"] = True
    return [Fact("make_void", text, data)]


def _score_facts(know: Knowledge, scorer: _Scorer, action: str) -> list[Fact]:
    if scorer.win_now() is None:
        return []
    target = scorer.variant.target
    mine, theirs = scorer.scores[scorer.side], scorer.scores[1 - scorer.side]
    out = []
    safe_call = _makes_trump(action) and not A.Action.parse(action).alone
    could_go_alone = any(A.Action.of(a).alone for a in know.view.legal)
    if mine == target - 1 and safe_call and could_go_alone:
        out.append(
            Fact(
                "score",
                f"At {mine} points one point wins the game: there is no need to go alone.",
                {"ours": mine, "theirs": theirs, "side": "ours"},
            )
        )
    # the opponents' score bears on the bidding; in the play it would be said of every card
    if theirs == target - 1 and know.view.phase in _BIDDING:
        both = mine == theirs
        data: dict[str, Any] = {
            "ours": mine,
            "theirs": theirs,
            "side": "both" if both else "theirs",
        }
        if know.n == 2:  # one opponent (German and Dutch say it in the singular)
            data["one"] = True
        if both:
            who = "You and your opponent are" if know.n == 2 else "Both sides are"
            text = f"{who} at {theirs}: whoever makes the next point wins the game."
        else:
            who = "Your opponent is" if know.n == 2 else "They are"
            text = f"{who} at {theirs}: any point they make ends the game."
        out.append(Fact("score", text, data))
    return out
