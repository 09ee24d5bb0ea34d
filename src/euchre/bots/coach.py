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
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from euchre.engine import GameState
from euchre.engine import actions as A
from euchre.engine.cards import cards_in
from euchre.engine.phases import Phase
from euchre.engine.rules import POWER, partner
from euchre.engine.state import dealer_picks_up_for_best
from euchre.engine.views import View

from .coach_reasons import reasons
from .coach_values import (
    CARD_PHASES,
    ActionValue,
    Choice,
    Hint,
    Rule,
    Scorer,
    clearly_better,
    scorer_for,
)
from .evaluate import best_discard
from .knowledge import Knowledge, knowledge_of
from .match import side_of, utility
from .medium import MediumBot, best_gift, defends_alone
from .noise import NOISE
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

    def add(self, scorer: Scorer, points: Sequence[int], makers_tricks: int | None) -> None:
        self.count += 1
        value = scorer.value(points)
        self.samples.append(value)
        self.value += value
        self.points += scorer.margin(points)
        self.win += scorer.win(points)
        if makers_tricks is not None:
            self.march += makers_tricks == 5
            self.euchred += makers_tricks < 3


# ---------------------------------------------------------------------- the hint


def hint(view: View, seed: int = 0, *, worlds: int = COACH_WORLDS) -> Hint:
    """Every legal action of ``view``'s seat valued, the best recommended, with its reason.

    Among the actions that are about equal to the best (:func:`clearly_better`), the
    recommendation is the conventional one (:func:`choose`)."""
    if view.seat is None or not view.legal:
        raise ValueError("a hint is for the seat whose turn it is")
    know = knowledge_of(view)
    rng = random.Random(seed)
    scorer = scorer_for(view, view.seat)
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
    if know.view.phase in CARD_PHASES and all(c is not None for c, _ in cards):
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
    know: Knowledge, rng: random.Random, worlds: int, scorer: Scorer
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
    know: Knowledge, rng: random.Random, worlds: int, scorer: Scorer
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
    know: Knowledge, rng: random.Random, worlds: int, scorer: Scorer
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
    know: Knowledge, rng: random.Random, worlds: int, scorer: Scorer
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
    know: Knowledge, rng: random.Random, worlds: int, scorer: Scorer
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
