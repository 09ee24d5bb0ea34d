"""Actions: small ints inside the engine, protocol text at the edges.

Text is the bot-protocol form: ``pass``, ``order``, ``order alone``, ``call h``,
``call h alone``, ``call n`` (no trump), ``discard Jc``, ``play Jc`` and the variants' own:
``defend alone``, ``call for best``, ``give Jc``, ``take alone``, ``forfeit``, ``redeal``,
``under 9c 9d 9h``. ``pass`` also declines any offer (defend alone, call for best, the
two-player exchange, going under, a throw-in hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import CARD_COUNT, CARD_TEXT, TRUMP_LETTERS, CardError, cards_in, parse_card

PASS = 0
ORDER = 1
ORDER_ALONE = 2
CALL_BASE = 3  # CALL_BASE + 2 * suit + alone; suit 4 is no trump
DEFEND_ALONE = 13
CALL_FOR_BEST = 14
TAKE_ALONE = 15
FORFEIT = 16
REDEAL = 17
HIDDEN_DISCARD = 30  # another seat's discard, as a view shows it
HIDDEN_GIVE = 31  # a card given between partners, to anyone but the two of them
DISCARD_BASE = 32
PLAY_BASE = 80
GIVE_BASE = 128
UNDER_FLAG = 1 << 40  # UNDER_FLAG | mask of the three cards shown


class ActionError(ValueError):
    """Text that is not an action at all; ``reason`` says what in it is wrong, when one
    part can be named (``'ZZ' is not a card``)."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


def call_id(suit: int, alone: bool) -> int:
    return CALL_BASE + 2 * suit + int(alone)


def discard_id(c: int) -> int:
    return DISCARD_BASE + c


def play_id(c: int) -> int:
    return PLAY_BASE + c


def give_id(c: int) -> int:
    return GIVE_BASE + c


def under_id(mask: int) -> int:
    return UNDER_FLAG | mask


def _build_text() -> dict[int, str]:
    text = {
        PASS: "pass",
        ORDER: "order",
        ORDER_ALONE: "order alone",
        DEFEND_ALONE: "defend alone",
        CALL_FOR_BEST: "call for best",
        TAKE_ALONE: "take alone",
        FORFEIT: "forfeit",
        REDEAL: "redeal",
        HIDDEN_DISCARD: "discard",
        HIDDEN_GIVE: "give",
    }
    for suit in range(5):
        letter = TRUMP_LETTERS[suit]
        text[call_id(suit, False)] = f"call {letter}"
        text[call_id(suit, True)] = f"call {letter} alone"
    for c in range(CARD_COUNT):
        text[discard_id(c)] = f"discard {CARD_TEXT[c]}"
        text[play_id(c)] = f"play {CARD_TEXT[c]}"
        text[give_id(c)] = f"give {CARD_TEXT[c]}"
    return text


ACTION_TEXT = _build_text()
# The id of each action's canonical text (as action_text() writes it; not the hidden forms).
ACTION_IDS = {t: i for i, t in ACTION_TEXT.items() if i not in (HIDDEN_DISCARD, HIDDEN_GIVE)}


def action_text(action: int) -> str:
    if action & UNDER_FLAG:
        return "under " + " ".join(CARD_TEXT[c] for c in cards_in(action ^ UNDER_FLAG))
    return ACTION_TEXT[action]


def parse_action(text: str) -> int:
    """Protocol text to an action id; tolerant of case, spaces and card spellings."""
    exact = ACTION_IDS.get(text)  # the canonical spelling, as legal_actions() writes it
    if exact is not None:
        return exact
    words = text.strip().split()
    normal = " ".join(words).lower()
    found = ACTION_IDS.get(normal)
    if found is not None:
        return found
    try:
        return _parse_with_cards(words)
    except (CardError, IndexError, ActionError):
        pass
    raise ActionError(
        f"{text!r} is not an action: use pass, order, order alone, call <suit> [alone], "
        "discard <card>, play <card> (or a variant's own: defend alone, call for best, "
        "give <card>, take alone, forfeit, redeal, under <3 cards>)",
        _what_is_wrong(words),
    )


def _what_is_wrong(words: list[str]) -> str:
    """The part of a text that is no action which can be named, or ``""``."""
    if not words:
        return "it is empty"
    verb, rest = words[0].lower(), words[1:]
    if verb in ("play", "discard", "give"):
        if len(rest) != 1:
            return f"{verb} takes one card, e.g. {verb} Jd"
        return _card_problem(rest[0])
    if verb == "under":
        bad = [w for w in rest if _card_problem(w)]
        return _card_problem(bad[0]) if bad else "under shows three different cards"
    if verb == "call" and rest and rest[0].lower()[:1] not in TRUMP_LETTERS:
        return f"{rest[0]!r} is not a suit: c, d, h or s (n for no trump, where the rules allow it)"
    return ""


def _card_problem(word: str) -> str:
    try:
        parse_card(word)
    except CardError:
        return f"{word!r} is not a card"
    return ""


def _parse_with_cards(words: list[str]) -> int:
    verb = words[0].lower()
    if verb in ("play", "discard", "give") and len(words) == 2:
        c = parse_card(words[1])
        return {"play": play_id, "discard": discard_id, "give": give_id}[verb](c)
    if verb == "under" and len(words) == 4:
        mask = 0
        for w in words[1:]:
            mask |= 1 << parse_card(w)
        if mask.bit_count() == 3:
            return under_id(mask)
    if verb == "call" and len(words) in (2, 3):
        letter = words[1].lower()[:1]
        alone = len(words) == 3 and words[2].lower() == "alone"
        if letter in TRUMP_LETTERS and (len(words) == 2 or alone):
            return call_id(TRUMP_LETTERS.index(letter), alone)
    raise ActionError(" ".join(words))


def is_play(action: int) -> bool:
    return PLAY_BASE <= action < PLAY_BASE + CARD_COUNT


def is_discard(action: int) -> bool:
    """A discard showing its card (not the hidden ``discard`` another seat sees)."""
    return DISCARD_BASE <= action < DISCARD_BASE + CARD_COUNT


def is_give(action: int) -> bool:
    """A card given to a partner, showing the card (not the hidden ``give``)."""
    return GIVE_BASE <= action < GIVE_BASE + CARD_COUNT


def is_call(action: int) -> bool:
    """A round-2 (or Joker) call: ``call <suit> [alone]``."""
    return CALL_BASE <= action < CALL_BASE + 10


def action_card(action: int) -> int | None:
    """The card an action carries (play, discard, give), else None."""
    for base in (PLAY_BASE, DISCARD_BASE, GIVE_BASE):
        if base <= action < base + CARD_COUNT:
            return action - base
    return None


class ActionKind(Enum):
    """What an action is, whatever card or suit it carries."""

    PASS = "pass"
    ORDER = "order"
    CALL = "call"
    DISCARD = "discard"
    PLAY = "play"
    GIVE = "give"
    UNDER = "under"
    DEFEND_ALONE = "defend alone"
    CALL_FOR_BEST = "call for best"
    TAKE_ALONE = "take alone"
    FORFEIT = "forfeit"
    REDEAL = "redeal"


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its id (the engine's small int) and its protocol text, from one object.

    ``card`` is the card played, discarded or given (None when ``hidden``: another seat's
    discard, or a card passed between two other seats); ``suit`` the suit ordered or called
    (4: no trump); ``shown`` the three cards of a go-under claim; ``secret``: a discard or
    a given card with its card, which :func:`euchre.engine.steps.seen_action` hides from
    some viewers.
    """

    id: int
    text: str
    kind: ActionKind
    card: int | None = None
    suit: int | None = None
    alone: bool = False
    hidden: bool = False
    shown: tuple[int, ...] = ()
    secret: bool = False  # a discard or a given card: not every viewer may know its card

    @staticmethod
    def of(aid: int) -> Action:
        """The action with id ``aid`` (KeyError for an id that names no action)."""
        found = _BY_ID.get(aid)
        if found is None:
            if not aid & UNDER_FLAG:
                raise KeyError(aid)
            found = _BY_ID[aid] = _make(aid)
        return found

    @staticmethod
    def parse(text: str) -> Action:
        """Protocol text (any case and spacing) to an action; ActionError if it is none."""
        return Action.of(parse_action(text))

    @property
    def makes_trump(self) -> bool:
        return self.kind in (ActionKind.ORDER, ActionKind.CALL)

    def hidden_copy(self) -> Action:
        """This action with its card hidden (``discard`` or ``give`` without the card)."""
        return Action.of(HIDDEN_DISCARD if self.kind == ActionKind.DISCARD else HIDDEN_GIVE)


_KIND_OF_WORDS = {k.value: k for k in ActionKind}


def _make(aid: int) -> Action:
    text = action_text(aid)
    if aid & UNDER_FLAG:
        return Action(aid, text, ActionKind.UNDER, shown=tuple(cards_in(aid ^ UNDER_FLAG)))
    if aid in (HIDDEN_DISCARD, HIDDEN_GIVE):
        kind = ActionKind.DISCARD if aid == HIDDEN_DISCARD else ActionKind.GIVE
        return Action(aid, text, kind, hidden=True)
    if is_call(aid):
        suit, alone = divmod(aid - CALL_BASE, 2)
        return Action(aid, text, ActionKind.CALL, suit=suit, alone=bool(alone))
    card = action_card(aid)
    if card is not None:
        kind = _KIND_OF_WORDS[text.split()[0]]
        secret = kind in (ActionKind.DISCARD, ActionKind.GIVE)
        return Action(aid, text, kind, card=card, secret=secret)
    if aid in (ORDER, ORDER_ALONE):
        return Action(aid, text, ActionKind.ORDER, alone=aid == ORDER_ALONE)
    return Action(aid, text, _KIND_OF_WORDS[text])


_BY_ID: dict[int, Action] = {aid: _make(aid) for aid in ACTION_TEXT}
