"""The coach's reasons: the facts, in Euchre's own terms, behind a recommendation,
each computed from the position or from the sampled deals' numbers (trumps counted with the
left bower, the boss trump, voids shown, the score)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
from euchre.engine.rules import EFFECTIVE_SUIT, POWER, SUIT_MASK, trick_winner_index
from euchre.engine.views import View

from .coach_values import (
    BIDDING_PHASES,
    DISCARD_PHASES,
    ActionValue,
    Choice,
    Fact,
    Rule,
    Scorer,
    clearly_better,
    shown_points,
    shown_win,
)
from .coachwords import card_name, card_with_part, naming
from .knowledge import Knowledge, upcard_suit
from .noise import NOISE

# ---------------------------------------------------------------------- reasons


def reasons(
    know: Knowledge, choice: Choice, ordered: Sequence[ActionValue], scorer: Scorer
) -> tuple[Fact, ...]:
    """The facts behind the recommendation ``ordered[0]``, each from a computed number."""
    best = ordered[0]
    name = naming(know.view)
    if len(ordered) == 1:  # nothing to weigh: the rest would only repeat the position
        return (forced_fact(know, best.action, name),)
    partnered = know.n == 4
    facts = [compare_fact(best, ordered[1], name, choice.rule, partnered=partnered)]
    facts += _against_passing(best, ordered, name, partnered)
    facts += _call_facts(best, partnered)
    facts += _play_facts(know, best.action)
    passing = _bid_pass(know, best.action)
    # The bid whose trumps are counted: for a pass, the runner-up's (what it passes up).
    weighed = ordered[1].action if passing else best.action
    trump = _trump_of(know, weighed)
    if passing:
        facts += _turn_up_facts(know)
        facts += _call_risk_facts(ordered[1], name, partnered)
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


# An action named within a sentence (:func:`euchre.bots.coachwords.naming`).
Name = Callable[[str], str]


def margin_fact(
    best: ActionValue, second: ActionValue, name: Name, *, partnered: bool = True
) -> Fact:
    """Why ``best`` beats ``second``, in the units a player is shown beside each action:
    points a hand and the change in the chance of winning (the model's value when the
    simulations could not replay the decision). The chance is the side's, or the player's
    own where no one has a partner (``partnered`` false: data ``alone``)."""
    gap = round(best.value - second.value, 3)
    data: dict[str, Any] = {"best": best.action, "next": second.action, "gap": gap}
    if not partnered:
        data["alone"] = True
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
        _sentence(
            _margin_text(name(best.action), name(second.action), gap, points, win, partnered)
        ),
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


def compare_fact(
    best: ActionValue,
    other: ActionValue,
    name: Name,
    rule: Rule = Rule.BEST,
    *,
    partnered: bool = True,
) -> Fact:
    """``best`` against ``other``: the margin when ``best`` is clearly better; else that
    they are about equal, and the rule that chose ``best`` (kind ``close``)."""
    margin = margin_fact(best, other, name, partnered=partnered)
    if clearly_better(best, other):
        return margin
    data = margin.data | {"rule": rule.value}
    first, second = name(best.action), name(other.action)
    gap = best.value - other.value
    if abs(gap) < 0.005:
        text = _same_text(first, second, data.get("points"), data.get("win"), partnered)
    elif abs(gap) < NOISE:
        text = f"{first} is about equal to {second} here: too close to call."
    else:  # a gap the numbers show, within the spread of the sampled deals
        data["unsure"] = True
        text = _unsure_text(first, second, gap > 0, data.get("points"), data.get("win"))
    if rule == Rule.CONVENTIONAL:
        text += f" The coach recommends {first}: it is the usual choice."
    elif rule == Rule.LOWEST:
        text += f" The coach recommends {first}: it keeps your higher cards."
    return Fact("close", _sentence(text), data)


def _unsure_text(
    best: str, second: str, ahead: bool, points: float | None, win: float | None
) -> str:
    """Two actions whose numbers differ, by less than the sampled deals vary: a learner
    shown "about equal" beside an 11-point lead in the chance of winning was misled. The
    difference is told in the units of the table beside it where it has them, in the one
    that goes the way told: a pick-up ahead in the chance of winning but 0.19 points a hand
    behind was said to be "ahead by 0.19 points a hand"."""
    way = 1 if ahead else -1
    by = ""
    if points is not None and way * points >= 0.005:
        by = f" by {abs(points):.2f} points a hand"
    elif win is not None and way * win >= 0.0005:
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


def _same_text(
    best: str, second: str, points: float | None, win: float | None, partnered: bool
) -> str:
    """Two actions of the same value: said so, or, where their points differ (the score
    makes only the chance of winning count), that their chance of winning is the same."""
    if points is not None and abs(points) >= 0.005 and win is not None:
        whom = "your side" if partnered else "you"
        return (
            f"{best} gives {whom} the same chance of winning the game as {second}:"
            " at this score the hand's points do not change it."
        )
    return f"{best} is worth the same as {second} here."


def _sentence(text: str) -> str:
    """``text`` with a capital first letter: sentences may start with an action's text."""
    return text[:1].upper() + text[1:]


def _margin_text(
    best: str, second: str, gap: float, points: float | None, win: float | None, partnered: bool
) -> str:
    same = _same_text(best, second, points, win, partnered)
    whose = "your side's" if partnered else "your"
    if gap < 0.005:
        return same
    if points is None:  # a value of the bidding model: match value, not points a hand
        return f"{best} comes out above {second} in the coach's model of the bidding."
    # A difference of two chances, in percentage points: "12% higher" would read as relative.
    chance = None if win is None or win < 0.0005 else f"{100 * win:.1f} percentage points"
    if points >= 0.005:
        text = f"{best} scores {points:.2f} points a hand more than {second}"
        if chance:
            text += f", and {whose} chance of winning the game is {chance} higher"
        return text + "."
    if chance and points <= -0.005:
        return (
            f"{best} scores {-points:.2f} points a hand fewer than {second}, but {whose}"
            f" chance of winning the game is {chance} higher."
        )
    if chance:
        return f"{best} leaves {whose} chance of winning the game {chance} higher than {second}."
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


def _against_passing(
    best: ActionValue, ordered: Sequence[ActionValue], name: Name, partnered: bool
) -> list[Fact]:
    """A call compared with another call (the same one alone): also how much it beats
    passing, when it clearly does (the lesson is the call, not only its form)."""
    if not _makes_trump(best.action) or ordered[1].action == "pass":
        return []
    passing = next((v for v in ordered if v.action == "pass"), None)
    if passing is None or not clearly_better(best, passing):
        return []
    return [margin_fact(best, passing, name, partnered=partnered)]


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
    if view.phase not in DISCARD_PHASES and not throwing:
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


def _score_facts(know: Knowledge, scorer: Scorer, action: str) -> list[Fact]:
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
    if theirs == target - 1 and know.view.phase in BIDDING_PHASES:
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
