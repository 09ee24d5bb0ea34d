"""Rule variants: a frozen set of options plus named presets with aliases (docs/rules.md §3, §4)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .quoting import quoted, shortened


class VariantError(ValueError):
    """An unknown preset or an impossible combination of options."""


class LonerLead(StrEnum):
    LEFT_OF_DEALER = "LEFT_OF_DEALER"
    LEFT_OF_LONER = "LEFT_OF_LONER"


class JokerUpcard(StrEnum):
    """What happens when the Joker is the turn-up (docs/rules.md, option joker_upcard_rule)."""

    DEALER_NAMES_AFTER_LOOKING = "dealer_names_after_looking"
    DEALER_NAMES_BLIND = "dealer_names_blind"
    FIXED_HEARTS = "fixed_hearts"


class GoUnder(StrEnum):
    """Farmer's-hand exchange with the kitty (docs/rules.md, option go_under)."""

    OFF = "off"
    CLEAN = "clean"  # three 9s or three 10s
    MIXED = "mixed"  # any three 9s/10s


THROW_IN_HANDS = ("nines_tens", "mcevoy", "ace_no_face", "jack_nothing")


@dataclass(frozen=True)
class Variant:
    """Every rule option of docs/rules.md §4. Defaults are the Standard preset (§3.1)."""

    name: str = "standard"
    players: int = 4
    min_rank: int = 9  # lowest rank: 9 (24 cards), 8 (28), 7 (32), 10 (Cutthroat's 20)
    joker: bool = False
    target: int = 10
    stick_the_dealer: bool = True
    stuck_dealer_may_name_turned_down: bool = False
    stuck_dealer_may_forfeit: bool = False
    farmers_hand: bool = False
    canadian_loner: bool = False
    allow_alone: bool = True
    lone_euchre_points: int = 2
    loner_march_points: int = 4
    super_euchre: bool = False
    defend_alone: bool = False
    loner_lead: LonerLead = LonerLead.LEFT_OF_DEALER
    dealer_may_discard_upcard: bool = False
    no_trump: bool = False
    minimum_trump: bool = False
    min_trump_dealer_counts_upcard: bool = False
    call_for_best: bool = False
    call_for_best_dealer_picks_up: bool = False
    laps: bool = False
    slam: bool = False
    rubber: bool = False
    maker_partner_may_go_alone: bool = False
    alone_must_take_5: bool = False
    throw_in_same_dealer: bool = False
    joker_upcard_rule: JokerUpcard = JokerUpcard.DEALER_NAMES_AFTER_LOOKING
    go_under: GoUnder = GoUnder.OFF
    throw_in_hands: frozenset[str] = field(default_factory=frozenset)
    two_player_dealer_must_take: bool = False
    time_limit_minutes: int = 0
    deal_limit: int = 0

    def __post_init__(self) -> None:
        for problem in _problems(self):
            raise VariantError(problem)

    @property
    def deck_size(self) -> int:
        return 4 * (15 - self.min_rank) + (1 if self.joker else 0)

    @property
    def partnership(self) -> bool:
        return self.players == 4

    @property
    def sides(self) -> int:
        """How many scores a game keeps: two teams, or one per player in Cutthroat."""
        return 3 if self.players == 3 else 2

    @property
    def alone_possible(self) -> bool:
        return self.partnership and self.allow_alone

    @property
    def timed(self) -> bool:
        return self.time_limit_minutes > 0

    def replace(self, **options: Any) -> Variant:
        """A copy with some options changed (checked)."""
        unknown = sorted(set(options) - OPTION_NAMES)
        if unknown:
            known = ", ".join(sorted(OPTION_NAMES))
            named = ", ".join(shortened(str(o)) for o in unknown[:3])
            more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
            raise VariantError(f"unknown option {named}{more}: options are {known}")
        return dataclasses.replace(self, **{k: _coerce(k, v) for k, v in options.items()})

    def renamed(self, name: str) -> Variant:
        return dataclasses.replace(self, name=name)

    def options(self) -> dict[str, Any]:
        """The options that differ from Standard, as plain JSON values."""
        return self.changes_from(Variant())

    def changes_from(self, base: Variant) -> dict[str, Any]:
        """The options that differ from ``base`` (a table's preset: its house rules), as
        plain JSON values."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name != "name" and value != getattr(base, f.name):
                out[f.name] = sorted(value) if isinstance(value, frozenset) else value
        return out


def _problems(v: Variant) -> list[str]:
    problems = []
    decks = {4: {9, 8, 7}, 3: {9, 10}, 2: {9, 7}}
    if v.players not in decks:
        problems.append(f"players must be 2, 3 or 4, not {v.players}")
    elif v.min_rank not in decks[v.players]:
        ranks = sorted(decks[v.players], reverse=True)
        sizes = " or ".join(f"{4 * (15 - r)} cards (min_rank {r})" for r in ranks)
        problems.append(f"a {v.players}-player deck has {sizes}, plus an optional Joker")
    if v.joker and v.min_rank != 9:
        problems.append("the Joker is used only with the 24-card deck (25 cards)")
    if v.no_trump and v.joker:
        problems.append("no trump is unavailable with a Joker deck")
    if v.target < 0 or (v.target == 0 and not (v.deal_limit or v.timed)):
        problems.append("target must be positive (or 0 with a deal limit or a time limit)")
    if v.name == "british" and not v.canadian_loner:
        problems.append("British rules always make the dealer's partner go alone (canadian_loner)")
    bad = set(v.throw_in_hands) - set(THROW_IN_HANDS)
    if bad:
        problems.append(f"unknown throw-in hands {sorted(bad)}: choose from {list(THROW_IN_HANDS)}")
    if v.lone_euchre_points < 0 or v.loner_march_points < 0:
        problems.append("points must not be negative")
    if v.deal_limit < 0 or v.time_limit_minutes < 0:
        problems.append("deal_limit and time_limit_minutes must not be negative (0: none)")
    return problems


OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(Variant)) - {"name"}
_TYPES = {f.name: f.type for f in dataclasses.fields(Variant)}
# The JSON type of an option's value, by the option's type (the others, enums, are
# strings), and how to say it.
_JSON_KINDS: dict[str, tuple[type, str]] = {
    "bool": (bool, "true or false"),
    "int": (int, "a whole number"),
    "frozenset[str]": (list, "a list of names"),
}


def option_type(name: str) -> str | None:
    """The type of option ``name`` as written in :class:`Variant` (None: no such option)."""
    kind = _TYPES.get(name) if name in OPTION_NAMES else None
    return None if kind is None else str(kind)


def json_kind_problem(
    type_name: str, value: Any, choice: str = "one of its choices as a string"
) -> str | None:
    """None when ``value`` is JSON of an option type ``type_name``; else what it should
    be, in words (``choice`` for an enum's). Strict: JSON true is not a number, and
    "false" is not false."""
    kind, words = _JSON_KINDS.get(type_name, (str, choice))
    wrong_bool = isinstance(value, bool) and kind is not bool
    not_names = isinstance(value, list) and not all(isinstance(x, str) for x in value)
    return words if wrong_bool or not_names or not isinstance(value, kind) else None


def _coerce(name: str, value: Any) -> Any:
    """Accept option values from text (CLI, JSON) as well as Python values."""
    kind = _TYPES[name]
    if kind == "bool" and isinstance(value, str):
        if value.lower() in ("1", "true", "yes", "on"):
            return True
        if value.lower() in ("0", "false", "no", "off"):
            return False
        raise VariantError(f"option {name} takes true or false, not {quoted(value)}")
    if kind == "int" and isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            raise VariantError(f"option {name} takes a whole number, not {quoted(value)}") from None
    enums: dict[str, type[StrEnum]] = {
        "loner_lead": LonerLead,
        "joker_upcard_rule": JokerUpcard,
        "go_under": GoUnder,
    }
    if name in enums:
        try:
            return enums[name](value)
        except ValueError:
            allowed = ", ".join(e.value for e in enums[name])
            raise VariantError(
                f"option {name} takes one of {allowed}, not {quoted(value)}"
            ) from None
    if name == "throw_in_hands":
        items = value.split(",") if isinstance(value, str) else value
        named = [i.strip() for i in items if i.strip()]
        repeated = [i for n, i in enumerate(named) if i in named[:n]]
        if repeated:
            raise VariantError(
                f"option throw_in_hands names {quoted(repeated[0])} more than once:"
                " list each hand once"
            )
        return frozenset(named)
    return value


PRESETS: dict[str, Variant] = {
    "standard": Variant(),
    "classic": Variant(name="classic", stick_the_dealer=False),
    "british": Variant(name="british", joker=True, canadian_loner=True, target=11),
    "long": Variant(name="long", target=15),
    "cutthroat": Variant(name="cutthroat", players=3, min_rank=10),
    "two-player": Variant(name="two-player", players=2),
}

ALIASES = {
    "default": "standard",
    "north-american": "standard",
    "stick-the-dealer": "standard",
    "std": "standard",
    "no-stick": "classic",
    "benny": "british",
    "uk": "british",
    "long-game": "long",
    "three-player": "cutthroat",
    "three-handed": "cutthroat",
    "3p": "cutthroat",
    "two-handed": "two-player",
    "2p": "two-player",
    "heads-up": "two-player",
}


def preset(name: str, /, **options: Any) -> Variant:
    """A named preset (or alias), optionally with options changed."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        names = ", ".join(list(PRESETS) + sorted(ALIASES))
        raise VariantError(f"unknown preset {quoted(name)}: choose one of {names}")
    base = PRESETS[key]
    return base.replace(**options) if options else base
