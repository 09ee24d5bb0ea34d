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

import math
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

from .coachwords import card_with_part, naming
from .evaluate import best_discard
from .knowledge import Knowledge, knowledge_of, upcard_suit
from .match import side_of, utility, win_probability
from .medium import MediumBot, best_gift, defends_alone
from .search import (
    _SIMULATED_BIDS,
    SearchBot,
    _after_discard,
    bid_model_value,
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
_CARD_PHASES = frozenset({Phase.PLAY, Phase.DEALER_DISCARD, Phase.BEST_DISCARD})


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
    values = _values(view, know, tallies)
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

# A difference in ``value`` under this is within the noise of the sampled deals
# (docs/bots.md "The coach"): the hint calls such actions about equal, the review gives
# no mark for it.
NOISE = 0.2


def paired_error(a: ActionValue, b: ActionValue) -> float:
    """The standard error of ``a.value - b.value``: both are averages over the same sampled
    deals, so it is that of the mean of the per-deal differences (0 without samples)."""
    count = len(a.samples)
    if count < 2 or len(b.samples) != count:
        return 0.0
    diffs = [x - y for x, y in zip(a.samples, b.samples, strict=True)]
    mean = sum(diffs) / count
    variance = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return math.sqrt(variance / count)


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
    then ``medium``'s choice when it is one of them, else for cards the lowest one.

    The actions told as about equal (``tied``, "≈") are those the recommendation is not
    clearly better than, the same test the review's "about equal" and its marks use: a
    row about equal to the best value but clearly below the recommendation is no tie."""
    top = by_value[0]
    close = [v for v in by_value if not clearly_better(top, v)]
    if len(close) == 1:
        return Choice(top, Rule.BEST)
    picked, rule = _pick_among(know, top, close)
    tied = frozenset(v.action for v in by_value if not clearly_better(picked, v))
    return Choice(picked, rule, tied if len(tied) > 1 else frozenset())


def _pick_among(
    know: Knowledge, top: ActionValue, close: Sequence[ActionValue]
) -> tuple[ActionValue, Rule]:
    """Among ``close`` (about equal to the best value ``top``): ``medium``'s choice, else for
    cards the lowest one, else ``top``."""
    usual = conventional(know.view)
    for v in close:
        if v.action == usual:
            return v, Rule.CONVENTIONAL
    cards = [(A.action_card(A.parse_action(v.action)), v) for v in close]
    if know.view.phase in _CARD_PHASES and all(c is not None for c, _ in cards):
        lowest = min(cards, key=lambda cv: POWER[know.trump][cv[0] or 0])
        return lowest[1], Rule.LOWEST
    return top, Rule.BEST


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


def _values(view: View, know: Knowledge, tallies: dict[int, _Tally] | None) -> list[ActionValue]:
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
                t.win / n,
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
    return bid_model_value(MediumBot(), know, aid)


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
        return (forced_fact(best.action, name),)
    facts = [compare_fact(best, ordered[1], name, choice.rule)]
    facts += _call_facts(best)
    facts += _play_facts(know, best.action)
    trump = _trump_of(know, best.action)
    if _bid_pass(know, best.action):  # the trumps it would hold in the runner-up's suit
        trump = _trump_of(know, ordered[1].action)
        facts += _turn_up_facts(know)
    if trump is not None and know.view.hand:  # (a dealer naming trump blind sees no hand)
        facts += _trump_facts(know, trump, A.parse_action(best.action))
    if _bid_pass(know, best.action):
        facts += _defend_facts(know)
    facts = _without_repeated_boss(facts)
    facts += _void_facts(know, best.action)
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


def forced_fact(action: str, name: Name) -> Fact:
    """``action`` is the only one the rules allow."""
    return Fact("forced", _sentence(f"{name(action)} is the only legal move."))


def compare_fact(best: ActionValue, other: ActionValue, name: Name, rule: Rule = Rule.BEST) -> Fact:
    """``best`` against ``other``: the margin when ``best`` is clearly better; else that
    they are about equal, and the rule that chose ``best`` (kind ``close``)."""
    if clearly_better(best, other):
        return margin_fact(best, other, name)
    data = margin_fact(best, other, name).data | {"rule": rule.value}
    first, second = name(best.action), name(other.action)
    if abs(best.value - other.value) < 0.005:
        text = f"{first} and {second} are worth the same here."
    else:
        text = f"{first} and {second} are about equal here: too close to call,"
        text += f" as the coach tries only {SAMPLED_WAYS}."
    if rule == Rule.CONVENTIONAL:
        text += f" {_sentence(first)} is the usual choice, so the coach picks it."
    elif rule == Rule.LOWEST:
        text += f" {_sentence(first)} keeps the higher cards, so the coach picks it."
    return Fact("close", _sentence(text), data)


# The sampled deals, in a player's words.
SAMPLED_WAYS = "some of the ways the other hands could lie"


def _sentence(text: str) -> str:
    """``text`` with a capital first letter: sentences may start with an action's text."""
    return text[:1].upper() + text[1:]


def _margin_text(
    best: str, second: str, gap: float, points: float | None, win: float | None
) -> str:
    same = f"{best} and {second} are worth the same here."
    if gap < 0.005:
        return same
    if points is None:
        return f"{best} is worth {gap:.2f} points a hand more than {second}."
    chance = None if win is None or win < 0.0005 else f"{100 * win:.1f}%"
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
        return f"{best} gives your side a {chance} higher chance of winning the game than {second}."
    return same


def shown_percent(share: float) -> int:
    """A share of the sampled deals in whole percent, 0 and 100 only when it is none or
    all of them: a client words those two as "none" and "every one"."""
    percent = round(100 * share)
    if 0 < share < 1:
        return min(99, max(1, percent))
    return percent


def in_ways(percent: int) -> str:
    """``in 20% of the ways the other hands could lie``; ``in none of ...``, ``in every
    one of ...`` at 0 and 100 (:func:`shown_percent`)."""
    share = {0: "none", 100: "every one"}.get(percent, f"{percent}%")
    return f"in {share} of the ways the other hands could lie"


def _call_facts(best: ActionValue) -> list[Fact]:
    out = []
    if best.march is not None and "alone" in best.action:
        share = shown_percent(best.march)
        text = f"Alone, you take all five tricks {in_ways(share)}."
        out.append(Fact("loner", text, {"march_percent": share}))
    if best.euchred is not None and _makes_trump(best.action):
        share = shown_percent(best.euchred)
        said = _sentence(in_ways(share))
        text = f"{said} is your side euchred." if share == 0 else f"{said}, your side is euchred."
        out.append(Fact("euchre_risk", text, {"euchred_percent": share}))
    return out


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


def _trump_facts(know: Knowledge, trump: int, aid: int) -> list[Fact]:
    view = know.view
    hand = know.hand
    upcard_taken = _dealer_takes_upcard(know, aid)
    if upcard_taken and view.dealer == know.seat:
        hand |= 1 << view.upcard
    mine = [c for c in cards_in(hand) if EFFECTIVE_SUIT[trump][c] == trump]
    left = [c for c in mine if c != JOKER and c >> 3 != trump and POWER[trump][c] > 0]
    named = view.trump is not None  # trump is made (else the action would make it)
    text = _trumps_text(SUIT_NAMES[trump], len(mine), bool(left), named)
    data = {"suit": SUIT_NAMES[trump], "count": len(mine), "left_bower": bool(left), "named": named}
    out = [Fact("trumps", text, data)]
    boss = _boss_trump(know, trump, upcard_taken)
    if boss is not None and hand >> boss & 1:
        out.append(
            Fact(
                "boss_trump",
                f"Your {card_with_part(boss, view.trump)} is the highest trump still out.",
                {"card": CARD_TEXT[boss]},
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
    text = f"If you order up, the dealer, an opponent, picks up the {card}."
    data = {"card": CARD_TEXT[view.upcard], "trump": TRUMP_LETTERS[suit], "dealer": view.dealer}
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


def _trumps_text(suit: str, count: int, left_bower: bool, named: bool) -> str:
    """The trumps held in words ("You hold 2 trumps in hearts"); with none, whether
    ``suit`` is trump already (``named``) or would be."""
    if count == 0:
        if named:
            return f"You hold no trumps ({suit} are trump)."
        return f"You hold no {suit}, and {suit} would be trump."
    held = "one trump" if count == 1 else f"{count} trumps"
    return f"You hold {held} in {suit}" + (" (the left bower counted)." if left_bower else ".")


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


def _play_facts(know: Knowledge, action: str) -> list[Fact]:
    """What the card does to the trick on the table: it takes it (over a trump, or as the
    only way to take it), the partner is already winning it, or no card can take it."""
    view = know.view
    card = A.action_card(A.parse_action(action))
    if view.phase != Phase.PLAY or card is None:
        return []
    if not view.trick:  # a lead: only whether it is sure to win
        sure = _sure_winner_fact(know, [], card)
        return [] if sure is None else [sure]
    cards = [c for _, c in view.trick]
    out = []
    if len(cards) == len(view.active) - 1:
        out.append(Fact("last_to_play", "You are the last to play to this trick."))
    winner = view.trick[trick_winner_index(cards, know.trump)][0]
    mate = know.partner(know.seat)
    if _takes(know, cards, card):
        taking = _taking_fact(know, cards, card)
        sure = _sure_winner_fact(know, cards, card)
        # "beats the cards played so far" says less than "sure to win": one of the two
        if sure is None or taking.kind != "take_trick":
            out.append(taking)
        out += [sure] if sure is not None else []
    elif mate is not None and winner == mate:
        out.append(Fact("partner_winning", "Your partner is already winning the trick."))
    elif not any(_takes(know, cards, c) for c in _legal_cards(view)):
        out.append(Fact("cannot_take", "None of your cards can take this trick."))
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
        if any(suit[c] == trump for c in cards):
            return Fact("overtrump", f"You can overtrump: your {named} {takes}.", data)
        following = [c for c in _legal_cards(know.view) if suit[c] == led]
        if not any(_takes(know, cards, c) for c in following):
            only = "takes this trick" if last else "beats the cards played so far"
            return Fact("trump_in", f"Only a trump {only}: your {named} does.", data)
    if last:
        return Fact("take_trick", f"You can take the trick with your {named}.", data)
    return Fact("take_trick", f"Your {named} beats the cards played so far.", data)


def _void_facts(know: Knowledge, action: str) -> list[Fact]:
    """When the seat leads a card: the other seats known to be out of its suit."""
    view = know.view
    card = A.action_card(A.parse_action(action))
    if view.phase != Phase.PLAY or card is None or view.trick:
        return []
    trump = know.trump
    suit = EFFECTIVE_SUIT[trump][card]
    word = "trumps" if suit == trump else SUIT_NAMES[suit]
    out = []
    for seat, mask in enumerate(know.voids):
        if seat != know.seat and mask >> suit & 1:
            text = f"Seat {seat} has shown out of {word}."
            out.append(Fact("void", text, {"seat": seat, "suits": [word]}))
    return out


def _score_facts(know: Knowledge, scorer: _Scorer, action: str) -> list[Fact]:
    if scorer.win_now() is None:
        return []
    target = scorer.variant.target
    mine, theirs = scorer.scores[scorer.side], scorer.scores[1 - scorer.side]
    out = []
    safe_call = _makes_trump(action) and not A.Action.parse(action).alone
    if mine == target - 1 and safe_call:
        out.append(
            Fact(
                "score",
                f"At {mine} points one point wins the game: a safe call is enough.",
                {"ours": mine, "theirs": theirs, "side": "ours"},
            )
        )
    if theirs == target - 1:
        out.append(
            Fact(
                "score",
                f"They are at {theirs}: any point they make ends the game.",
                {"ours": mine, "theirs": theirs, "side": "theirs"},
            )
        )
    return out
