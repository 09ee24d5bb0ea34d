"""The ``hard`` level: determinized search with an exact double-dummy solver.

For a card play the bot deals the unseen cards many times, consistently with everything
its seat has seen and weighted by how well each deal explains the bidding and the play
(:mod:`euchre.bots.resample`, :mod:`euchre.bots.inference`). Each deal is solved exactly
for every legal card (:mod:`euchre.bots.solver`: alpha-beta, transposition table,
equivalent cards pruned),
and each result is valued for the *match*: the makers' trick count becomes the hand's
points, and those points the change in the chance of winning the game
(:mod:`euchre.bots.match`). The card with the best average wins; ties go to the card the
``medium`` player would choose. Because only the thresholds that change the points
matter (three tricks, five), each card is settled by one or two null-window searches.

The dealer's discard is chosen the same way (each candidate hand solved over sampled
deals). Bids start from the calibrated bidding model shared with ``medium``
(:mod:`euchre.bots.bidding`); every action within 1.5 points of the model's best is then
simulated: sampled deals are rebuilt as game states, the action is taken, the rest of the
bidding is played by ``medium`` and the play solved exactly. Decisions stay within a time
budget: sampling stops early when the budget runs out.

The bot also sizes up its opponents (:mod:`euchre.bots.opponents`): the more their bids
look random, the more its bidding simulations let them bid and play at random (the tricks
then played out rather than solved, :mod:`euchre.bots.playouts`) and the less its
inference reads into their bids and misses.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection, Sequence

from euchre.engine import GameState
from euchre.engine import actions as A
from euchre.engine.cards import card_list, cards_in
from euchre.engine.deal import deck_from_hands
from euchre.engine.phases import Phase
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK, partner
from euchre.engine.variants import GoUnder, LonerLead, Variant
from euchre.engine.views import View

from .bidding import BidReading
from .inference import ChoiceEvidence, ChoiceRecord, PlayEvidence
from .knowledge import Knowledge, knowledge_of
from .match import side_of, utility
from .medium import RULED_OUT, MediumBot
from .noise import clearly_ahead, mean
from .opponents import CallRecord, DealKey, OpponentModel
from .playouts import loose_tricks
from .resample import Sampler
from .solver import Solver
from .world import World

PLAY_WORLDS = 48
DISCARD_WORLDS = 16
BID_WORLDS = 40
# With a time budget, a decision left less than this draws proportionally fewer deals
# (at least MIN_WORLDS), so that a bot given little time is quick rather than late.
FULL_SAMPLE_SECONDS = 0.1
MIN_WORLDS = 4
# Fewer deals than this never overrule the model's bid or medium's discard: a hand of four
# trumps with the right bower passed 1 time in 10 on four deals that happened to favour it.
TRUSTED_WORLDS = 16
BID_MARGIN = 1.5
LOOSE_THRESHOLD = 0.2  # below it the opponents are taken to be sensible
LOOSE_PLAYOUTS = 8  # play-outs per sampled deal and bid against loose opponents
_SIMULATED_BIDS = frozenset({Phase.BID_R1, Phase.BID_R2, Phase.JOKER_NAME, Phase.TAKE_ALONE})
_PRE_PLAY_END = frozenset({Phase.PLAY, Phase.GAME_OVER})


class SearchBot:
    """Determinized double-dummy search for the play and discards; calibrated bidding."""

    def __init__(
        self,
        *,
        play_worlds: int = PLAY_WORLDS,
        discard_worlds: int = DISCARD_WORLDS,
        bid_worlds: int = BID_WORLDS,
        bid_margin: float = BID_MARGIN,
        time_ms: int | None = None,
        infer: bool = True,
        adapt: bool = True,
        steady: bool = True,
        trusted_worlds: int = TRUSTED_WORLDS,
    ) -> None:
        self.play_worlds = play_worlds
        self.discard_worlds = discard_worlds
        self.time_ms = time_ms
        self.infer = infer
        self.bid_worlds = bid_worlds
        self.bid_margin = bid_margin
        self.medium = MediumBot()
        self.adapt = adapt
        # the model's bid and medium's discard stand unless clearly beaten (steady_choice);
        # False: the best average, as before (bench/steady_choice.py measures the two)
        self.steady = steady
        self.trusted_worlds = trusted_worlds  # bench/short_budget.py measures it
        self.opponents = OpponentModel()
        self.choices = ChoiceRecord()
        self.calls = CallRecord()
        self.loose = 0.0  # the opponents' looseness at the decision in progress
        # medium's answers to the other seats' past plays in the deal in progress
        self._agreed: tuple[DealKey | None, dict[tuple[int, int, int], bool]] = (None, {})

    def set_time_budget(self, time_ms: int | None) -> None:
        """Limit each decision to about ``time_ms`` milliseconds (None: sample counts only)."""
        self.time_ms = time_ms

    def decide(self, view: View, rng: random.Random) -> str:
        return A.action_text(self.decide_id(view, rng, self.time_ms))

    def observe(self, view: View) -> None:
        """Learn from a view without deciding (the server played another choice for it)."""
        if self.adapt:
            self.opponents.observe(view)
            self.choices.observe(view)
            self.calls.observe(view)

    def decide_within(self, view: View, rng: random.Random, time_ms: int) -> str:
        """Decide within about ``time_ms`` milliseconds (the protocol's budget)."""
        budget = time_ms if self.time_ms is None else min(time_ms, self.time_ms)
        return A.action_text(self.decide_id(view, rng, budget))

    def decide_id(self, view: View, rng: random.Random, time_ms: int | None = None) -> int:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide: it is not its turn")
        self.observe(view)
        if len(legal) == 1:
            return legal[0]
        deadline = None if time_ms is None else time.perf_counter() + 0.75 * time_ms / 1000
        know = knowledge_of(view)
        self.loose = self.opponents.looseness() if self.adapt else 0.0
        if self.loose < LOOSE_THRESHOLD:
            self.loose = 0.0  # opponents who look sensible get the plain search
        if view.phase == Phase.PLAY:
            return self._play(know, rng, deadline)
        if view.phase in (Phase.DEALER_DISCARD, Phase.BEST_DISCARD):
            return self._discard(know, rng, deadline)
        if view.phase in _SIMULATED_BIDS and self.bid_worlds:
            return self._bid(know, rng, deadline)
        return self.medium.bid(know, legal)

    # ------------------------------------------------------------------ bidding

    def _bid(self, know: Knowledge, rng: random.Random, deadline: float | None) -> int:
        """The model's choice, unless another action is close to it: then sampled deals
        settle it, each played out (bidding by ``medium``, the play solved exactly)."""
        medium = self.medium
        legal = list(know.view.legal)
        values = {a: bid_model_value(medium, know, a) for a in legal}
        best = max(values, key=lambda a: values[a])
        # The model assumes sensible opponents: against loose ones every bid is simulated.
        margin = self.bid_margin if self.loose < 0.5 else math.inf
        close = [a for a in legal if values[a] > RULED_OUT and values[best] - values[a] < margin]
        if len(close) < 2 or not simulation_possible(know.view):
            return best
        samples: dict[int, list[float]] = {a: [] for a in close}
        self._sample_bids(know, samples, rng, deadline)
        if self.steady and self._second_look(samples, best, deadline):
            self._sample_bids(know, samples, rng, deadline)
        return self._choice(samples, best)

    def _second_look(
        self, samples: dict[int, list[float]], model: int, deadline: float | None
    ) -> bool:
        """Whether the deals drawn favour another bid than the model's without being clear
        enough to overrule it: as many again settle it, time allowing (the dealer taking
        up a lone trump with a better suit of its own to name was overruled on 40 deals
        only now and then, though 100 showed passing clearly better)."""
        if deadline is not None and time.perf_counter() > deadline:
            return False
        if len(samples[model]) < self.trusted_worlds:
            return False
        best = best_average(samples, model)
        return best != model and not clearly_ahead(samples[best], samples[model], least=0.0)

    def _sample_bids(
        self,
        know: Knowledge,
        samples: dict[int, list[float]],
        rng: random.Random,
        deadline: float | None,
    ) -> None:
        """Add to ``samples`` each bid's value on up to ``bid_worlds`` more sampled deals."""
        bidders = self._bidders(know)
        used = 0
        for world in self._worlds(know, rng, self.bid_worlds, deadline):
            if deadline is not None and used >= MIN_WORLDS and time.perf_counter() > deadline:
                break
            state = world_state(know.view, world)
            if state is None:
                continue
            used += 1
            if not self.loose:
                for aid in samples:
                    samples[aid].append(rollout(state, aid, know.seat, bidders, rng))
                continue
            loose = rng.random() < self.loose
            # Every action meets the same chances (common random numbers): less noise.
            chances = rng.getrandbits(64)
            for aid in samples:
                samples[aid].append(
                    rollout(state, aid, know.seat, bidders, random.Random(chances), loose)
                )

    def _bidders(self, know: Knowledge) -> list[MediumBot]:
        """Who bids for each seat in a bidding simulation: ``medium``, as cautious as the
        seat's side has been seen to be."""
        if not self.adapt:
            return [self.medium] * know.n
        return [
            self.medium if style.caution == 0.0 else MediumBot(pass_bias=style.caution)
            for style in self.calls.styles(know)
        ]

    # ------------------------------------------------------------------ sampling

    def _worlds(
        self, know: Knowledge, rng: random.Random, count: int, deadline: float | None
    ) -> list[World]:
        """``count`` deals drawn in proportion to how well they explain the bidding and
        the play (importance resampling from four times as many consistent deals)."""
        sampler = Sampler(know)
        if deadline is not None:
            left = deadline - time.perf_counter()
            count = max(MIN_WORLDS, min(count, int(count * left / FULL_SAMPLE_SECONDS)))
        if not self.infer:
            return [sampler.sample(rng) for _ in range(count)]
        bids = BidReading(know, self.loose, self.calls.styles(know) if self.adapt else None)
        misses = PlayEvidence(know, self.loose)
        choices = ChoiceEvidence(
            know, self.choices.doubt(know, self.loose), self._agreements(know.view)
        )
        candidates = [sampler.sample(rng) for _ in range(count * 4)]
        weights = []
        for world in candidates:
            weight = bids.weight(world) * misses.weight(world)
            if weight:  # the choices are the costly part: skip deals already ruled out
                weight *= choices.weight(world)
            weights.append(weight)
        if sum(weights) <= 0:
            return candidates[:count]
        return rng.choices(candidates, weights=weights, k=count)

    def _agreements(self, view: View) -> dict[tuple[int, int, int], bool]:
        deal = DealKey.of(view)
        if self._agreed[0] != deal:
            self._agreed = (deal, {})
        return self._agreed[1]

    # ------------------------------------------------------------------ play

    def _play(self, know: Knowledge, rng: random.Random, deadline: float | None) -> int:
        view = know.view
        cards = [a - A.PLAY_BASE for a in view.legal]
        distinct = _distinct_cards(know, cards)
        if len(distinct) == 1:
            return A.play_id(distinct[0])
        values = self.card_values(know, distinct, rng, deadline)
        preferred = self.medium.decide_id(view, rng) - A.PLAY_BASE
        best = max(values.values())
        tied = [c for c, v in values.items() if v >= best - 1e-9]
        if preferred in tied:
            return A.play_id(preferred)
        return A.play_id(min(tied, key=lambda c: POWER[know.trump][c]))

    def card_values(
        self,
        know: Knowledge,
        cards: Sequence[int],
        rng: random.Random,
        deadline: float | None,
    ) -> dict[int, float]:
        """Average match value of playing each card, over sampled worlds."""
        view = know.view
        worlds = self._worlds(know, rng, self.play_worlds, deadline)
        solver = Solver(know.trump, view.active, know.makers_mask(), know.n)
        table = outcome_values(view, know)
        made = know.makers_tricks()
        breaks = _breakpoints(table, made)
        totals = dict.fromkeys(cards, 0.0)
        used = 0
        for world in worlds:
            if deadline is not None and used >= MIN_WORLDS and time.perf_counter() > deadline:
                break
            used += 1
            hands = list(world.hands)
            for c in cards:
                tricks = _settle(solver, hands, know.seat, c, view.trick, made, breaks)
                totals[c] += table[tricks]
        return {c: v / max(1, used) for c, v in totals.items()}

    # ------------------------------------------------------------------ discards

    def _discard(self, know: Knowledge, rng: random.Random, deadline: float | None) -> int:
        view = know.view
        legal = list(view.legal)
        options = _discard_options(know, legal)
        if len(options) == 1:
            return options[0]
        worlds = self._worlds(know, rng, self.discard_worlds, deadline)
        makers = know.makers_mask()
        solver = Solver(know.trump, view.active, makers, know.n)
        table = outcome_values(view, know)
        leader = first_leader(view)
        samples: dict[int, list[float]] = {a: [] for a in options}
        for used, world in enumerate(worlds):
            if deadline is not None and used >= 3 and time.perf_counter() > deadline:
                break
            for aid in options:
                hands = list(world.hands)
                hands[know.seat] = _after_discard(know, aid)
                tricks = solver.tricks(hands, leader)
                samples[aid].append(table[min(5, tricks)])
        return self._choice(samples, self.medium.bid(know, legal))

    def _choice(self, samples: dict[int, list[float]], default: int) -> int:
        if self.steady:
            return steady_choice(samples, default, self.trusted_worlds)
        return best_average(samples, default)


def best_average(samples: dict[int, list[float]], default: int) -> int:
    """The action with the best average over the sampled deals (``samples``: each action's
    values, deal by deal), ``default`` among equals."""
    return max(samples, key=lambda a: (mean(samples[a]), a == default))


def steady_choice(
    samples: dict[int, list[float]], default: int, trusted: int = TRUSTED_WORLDS
) -> int:
    """:func:`best_average`'s action, unless it is not clearly ahead of ``default`` (the
    model's or ``medium``'s choice): a few dozen deals leave enough noise to pick a side ace
    for the discard or a round-2 call on junk, which the conventions rule out. Fewer than
    ``trusted`` deals (a time budget ran out) leave ``default`` standing."""
    best = best_average(samples, default)
    if default not in samples:
        return best
    if len(samples[default]) < trusted:  # a budget cut the sample short
        return default
    if best == default or clearly_ahead(samples[best], samples[default], least=0.0):
        return best
    return default


def _distinct_cards(know: Knowledge, cards: list[int]) -> list[int]:
    """One card of each run of touching cards (nothing unplayed between them)."""
    trump = know.trump
    power = POWER[trump]
    eff = EFFECTIVE_SUIT[trump]
    live = know.unseen() | (1 << know.view.upcard if know.upcard_holder >= 0 else 0)
    for _, c in know.view.trick:
        live |= 1 << c
    out = []
    for c in cards:
        between = SUIT_MASK[trump][eff[c]] & live
        higher = [d for d in cards if eff[d] == eff[c] and power[d] > power[c]]
        if not higher:
            out.append(c)
            continue
        nearest = min(higher, key=lambda d: power[d])
        gap = [d for d in cards_in(between) if power[c] < power[d] < power[nearest]]
        if gap:
            out.append(c)
    return out


def _discard_options(know: Knowledge, legal: list[int]) -> list[int]:
    """Discards worth searching: side-suit cards unless only trumps (or the pass) remain."""
    trump = know.trump
    options = []
    for aid in legal:
        c = aid - A.DISCARD_BASE
        if aid == A.PASS or EFFECTIVE_SUIT[trump][c] != trump:
            options.append(aid)
    return options or legal


def _after_discard(know: Knowledge, aid: int) -> int:
    if aid == A.PASS:
        return know.hand & ~(1 << know.view.upcard)
    return know.hand & ~(1 << (aid - A.DISCARD_BASE))


def first_leader(view: View) -> int:
    """Who leads the first trick (docs/rules.md §2.11; two players: the non-dealer)."""
    return leader_of(view.variant, view.dealer, view.maker if view.alone else None, view.active)


def leader_of(variant: Variant, dealer: int, loner: int | None, active: Collection[int]) -> int:
    """Who leads the first trick with these seats ``active`` (``loner``: a maker alone)."""
    n = variant.players
    start = dealer
    if n == 4 and loner is not None and variant.loner_lead == LonerLead.LEFT_OF_LONER:
        start = loner
    s = (start + 1) % n
    while s not in active:
        s = (s + 1) % n
    return s


def _breakpoints(table: Sequence[float], made: int) -> list[int]:
    """Further tricks at which the value changes (from ``made`` tricks already won)."""
    return [t - made for t in range(made + 1, 6) if table[t] != table[t - 1]]


def _settle(
    solver: Solver,
    hands: list[int],
    seat: int,
    card: int,
    trick: Sequence[tuple[int, int]],
    made: int,
    breaks: list[int],
) -> int:
    """The makers' final tricks, exact up to the value thresholds in ``breaks``."""
    lo, hi = 0, len(breaks)
    while lo < hi:
        mid = (lo + hi) // 2
        if solver.at_least(hands, seat, card, trick, breaks[mid]):
            lo = mid + 1
        else:
            hi = mid
    if lo == 0:
        return made
    return made + breaks[lo - 1]


def hand_result_points(view: View, makers_tricks: int) -> tuple[int, ...]:
    """Points by side if the makers end with ``makers_tricks`` tricks (docs/rules.md §2.12)."""
    assert view.maker is not None
    return result_points(view.variant, view.maker, view.alone, view.lone_defender, makers_tricks)


def result_points(
    variant: Variant, maker: int, alone: bool, lone_defender: int | None, makers_tricks: int
) -> tuple[int, ...]:
    """Points by side for a contract's result."""
    n = variant.players
    if n == 4:
        return _partnership_points(variant, maker % 2, alone, lone_defender, makers_tricks)
    points = [0] * variant.sides
    if makers_tricks >= 3:
        points[maker] = (3 if n == 3 else 2) if makers_tricks == 5 else 1
        return tuple(points)
    award = 4 if variant.super_euchre and makers_tricks == 0 else 2
    return tuple(0 if s == maker else award for s in range(variant.sides))


def _partnership_points(
    variant: Variant, makers: int, alone: bool, lone_defender: int | None, made: int
) -> tuple[int, ...]:
    points = [0, 0]
    if made >= 3 and not (alone and variant.alone_must_take_5 and made < 5):
        points[makers] = (variant.loner_march_points if alone else 2) if made == 5 else 1
        return tuple(points)
    award = 2
    if variant.super_euchre and made == 0:
        award = 4
    if alone:
        award = max(award, variant.lone_euchre_points)
    if lone_defender is not None:
        award = max(award, 4)
    points[1 - makers] = award
    return tuple(points)


def outcome_values(view: View, know: Knowledge) -> list[float]:
    """Match value for this seat of each final makers' trick count, 0 to 5."""
    side = side_of(view.variant, know.seat)
    return [utility(view.variant, view.scores, side, hand_result_points(view, t)) for t in range(6)]


# ---------------------------------------------------------------------- bidding rollouts


def bid_model_value(medium: MediumBot, know: Knowledge, aid: int) -> float:
    """The calibrated model's match value of a bidding action."""
    if aid == A.PASS:
        return medium.pass_value(know)
    return medium.action_value(know, aid)


def simulation_possible(view: View) -> bool:
    """Whether a sampled deal can be rebuilt as a game state at this point: bidding not
    preceded by offers to go under or throw in (their passes cannot be replayed blind)."""
    v = view.variant
    return v.go_under == GoUnder.OFF and not v.throw_in_hands and not view.under_shown


def world_state(view: View, world: World) -> GameState | None:
    """A game state at this decision with the sampled hands (None: the world cannot have
    produced what the view shows, e.g. it holds a farmer's hand)."""
    v = view.variant
    n = v.players
    hands = [card_list(world.hands[s]) for s in range(n)]
    if any(len(h) != 5 for h in hands):
        return None
    rest = [c for c in card_list(world.out) if c != view.upcard]
    deck = deck_from_hands(hands, view.dealer, view.upcard, rest)
    state = GameState(v, dealer=view.dealer, scores=view.scores, decks=[deck], seed=0)
    if len(state.deals) != 1:
        return None
    for seat, aid in view.history:
        if state.current_player != seat or aid not in state.legal_ids():
            return None
        state.apply_id(aid)
    if state.current_player != view.seat or state.phase != view.phase:
        return None
    return state


def rollout(
    state: GameState,
    aid: int,
    seat: int,
    bidders: Sequence[MediumBot],
    rng: random.Random,
    loose: bool = False,
) -> float:
    """Match value for ``seat`` of taking ``aid`` in a copy of ``state``: the rest of the
    bidding by ``bidders`` (one ``medium`` per seat), the play solved double-dummy.
    With ``loose`` the opponents bid and play at random and the tricks are played out
    instead: double-dummy defenders would undervalue a call, above all a loner, against
    them."""
    game = state.clone()
    deals = len(game.deals)
    game.apply_id(aid)
    loose = loose and game.n == 4
    while len(game.deals) == deals and game.phase not in _PRE_PLAY_END:
        game.apply_id(_rollout_action(game, seat, bidders, rng, loose))
    variant = game.variant
    side = side_of(variant, seat)
    scores = tuple(game.deals[deals - 1].scores_before)
    if len(game.deals) != deals or game.phase != Phase.PLAY:
        return utility(variant, scores, side, game.deals[deals - 1].points)
    n = game.n
    maker = game.maker_seat
    makers = sum(1 << s for s in range(n) if _same_side(n, s, maker))
    active = [s for s in range(n) if game.is_active(s)]
    lone = game.lone_defender
    table = [
        utility(variant, scores, side, result_points(variant, maker, game.alone, lone, t))
        for t in range(6)
    ]
    if loose:
        return _playout_value(game, seat, table, rng)
    solver = Solver(game.trump, active, makers, n)
    tricks = _settle_start(solver, game.hands, game.current_player, _breakpoints(table, 0))
    return table[tricks]


def _rollout_action(
    game: GameState, seat: int, bidders: Sequence[MediumBot], rng: random.Random, loose: bool
) -> int:
    """The next action in a rollout: an opponent's at random when they are loose."""
    actor = game.current_player
    assert actor is not None
    if loose and (actor - seat) % 2 == 1:
        return rng.choice(game.legal_ids())
    return bidders[actor].decide_id(game.view(actor), rng)


def _playout_value(game: GameState, seat: int, table: list[float], rng: random.Random) -> float:
    """Mean of ``table`` (value by the makers' tricks) over ``LOOSE_PLAYOUTS`` play-outs
    of the tricks against opponents who play at random."""
    maker = game.maker_seat
    leader = game.current_player
    assert leader is not None
    active = [s for s in range(4) if game.is_active(s)]
    side = seat % 2
    makers = maker % 2 == side
    total = 0.0
    for _ in range(LOOSE_PLAYOUTS):
        taken = loose_tricks(list(game.hands), game.trump, leader, active, side, makers, rng)
        total += table[taken[maker] + taken[partner(maker)]]
    return total / LOOSE_PLAYOUTS


def _same_side(n: int, a: int, b: int) -> bool:
    return a == b or (n == 4 and (a - b) % 2 == 0)


def _settle_start(
    solver: Solver, hands: Sequence[int], leader: int | None, breaks: list[int]
) -> int:
    """Makers' tricks from a trick boundary, exact up to the thresholds in ``breaks``."""
    assert leader is not None
    lo, hi = 0, len(breaks)
    while lo < hi:
        mid = (lo + hi) // 2
        need = breaks[mid]
        if solver.tricks(hands, leader, (), need - 1, need) >= need:
            lo = mid + 1
        else:
            hi = mid
    return breaks[lo - 1] if lo else 0
