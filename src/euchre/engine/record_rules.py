"""An EGN ``ruleset`` and the engine's rules (``Variant``), each way.

EGN's keys where they exist, this project's option names where they do not
(docs/records.md).
"""

from __future__ import annotations

from typing import Any

from .quoting import quoted_json, shortened
from .record_errors import RecordError
from .variants import (
    OPTION_NAMES,
    GoUnder,
    JokerUpcard,
    LonerLead,
    Variant,
    VariantError,
    json_kind_problem,
    option_type,
)

# Variant option <-> EGN ruleset key, for the options EGN can express.
_EGN_KEYS = {
    "stick_the_dealer": "std",
    "min_rank": "min_rank",
    "target": "winning_score",
    "deal_limit": "num_deals",
    "canadian_loner": "canadian",
    "loner_lead": "loner_lead",
    "loner_march_points": "loner_march_score",
    "lone_euchre_points": "loner_euchred_score",
    "defend_alone": "defend_alone",
    "farmers_hand": "farmers",
    "call_for_best": "partners_best",
    "joker": "joker",
    "players": "num_players",
    "no_trump": "allow_no_trump",
}
_ALWAYS_WRITTEN = ("std", "canadian", "loner_lead")


def ruleset_of(variant: Variant) -> dict[str, Any]:
    """The EGN ``ruleset`` for a variant: EGN keys, plus this project's names for the rest."""
    base = Variant()
    out: dict[str, Any] = {}
    for option, key in _EGN_KEYS.items():
        value = getattr(variant, option)
        # variant_of reads a missing min_rank as 10 for three players: write it there.
        three_handed_deck = option == "min_rank" and variant.players == 3
        if key in _ALWAYS_WRITTEN or value != getattr(base, option) or three_handed_deck:
            out[key] = str(value) if isinstance(value, LonerLead) else value
    if variant.go_under != GoUnder.OFF:
        out["go_under"] = True
        if variant.go_under == GoUnder.MIXED:
            out["go_under_rule"] = variant.go_under.value
    for option, value in variant.options().items():
        if option not in _EGN_KEYS and option not in ("go_under", "dealer_may_discard_upcard"):
            out[option] = value.value if isinstance(value, JokerUpcard) else value
    return out


def variant_of(ruleset: dict[str, Any]) -> Variant:
    """The variant an EGN ``ruleset`` describes (EGN defaults where keys are missing)."""
    _check_ruleset(ruleset)
    options: dict[str, Any] = {}
    by_key = {key: option for option, key in _EGN_KEYS.items()}
    for key, value in ruleset.items():
        if key in by_key:
            options[by_key[key]] = value
        elif key == "go_under":
            options["go_under"] = GoUnder.CLEAN if value else GoUnder.OFF
        elif key in ("fast_break", "four_trick_tokens"):
            if value:
                raise RecordError(f"ruleset {key} is not supported by this engine")
        elif key != "go_under_rule":
            options[key] = value
    if ruleset.get("go_under_rule") and ruleset.get("go_under"):
        options["go_under"] = ruleset["go_under_rule"]
    ends_otherwise = options.get("deal_limit") or options.get("time_limit_minutes")
    if options.get("target") == 0 and not ends_otherwise:
        options.pop("target")
    # EGN lets the dealer discard any card, the turn-up included (real games do).
    options.setdefault("dealer_may_discard_upcard", True)
    players = options.get("players", 4)
    if players == 3 and "min_rank" not in options:
        options["min_rank"] = 10
    name = _guess_name(options)
    try:
        return Variant().replace(**options).renamed(name)
    except (VariantError, TypeError) as exc:
        raise RecordError(f"unsupported ruleset: {exc}") from None


# The option types of the EGN keys no engine option is named after.
_EGN_ONLY_TYPES = {
    "go_under": "bool",
    "go_under_rule": "GoUnder",
    "fast_break": "bool",
    "four_trick_tokens": "bool",
}


def whole_numbers(ruleset: dict[str, Any]) -> dict[str, Any]:
    """``ruleset`` with each whole float as the whole number it is: 10.0 is how some tools
    write the number 10."""
    return {
        key: int(value) if isinstance(value, float) and value.is_integer() else value
        for key, value in ruleset.items()
    }


def _check_ruleset(ruleset: dict[str, Any]) -> None:
    """Values of the JSON type their rule takes, and no rule given twice (EGN key and
    option name) with two values."""
    by_key = {key: option for option, key in _EGN_KEYS.items()}
    _check_ruleset_keys(ruleset, by_key)
    for key, value in ruleset.items():
        kind = _EGN_ONLY_TYPES.get(key) or option_type(by_key.get(key, key))
        words = None if kind is None else json_kind_problem(kind, value, "a string")
        if words is not None:
            raise RecordError(
                f"ruleset {quoted_json(key)} must be {words} in JSON, found {quoted_json(value)}"
            )
    for option, key in _EGN_KEYS.items():
        both = option != key and option in ruleset and key in ruleset
        if both and ruleset[option] != ruleset[key]:
            raise RecordError(
                f'ruleset gives one rule twice with two values: "{key}" is '
                f'{quoted_json(ruleset[key])} and "{option}" is '
                f'{quoted_json(ruleset[option])}; give it once, as "{key}"'
            )


def _check_ruleset_keys(ruleset: dict[str, Any], by_key: dict[str, str]) -> None:
    """Every key names a rule: EGN's key, or this project's option name. The refusal lists
    both kinds, as a ruleset is written mostly in EGN's keys (an observation's too)."""
    unknown = [
        k for k in ruleset if k not in _EGN_ONLY_TYPES and option_type(by_key.get(k, k)) is None
    ]
    if not unknown:
        return
    named = ", ".join(shortened(k) for k in unknown[:3])
    more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
    egn = sorted({*by_key, "go_under"})
    own = sorted((OPTION_NAMES - set(_EGN_KEYS) - {"go_under"}) | {"go_under_rule"})
    raise RecordError(
        f"unknown option {named}{more}: a ruleset takes EGN's keys ({', '.join(egn)}) and,"
        f" for rules EGN has no key for, this project's option names ({', '.join(own)})"
    )


def _guess_name(options: dict[str, Any]) -> str:
    players = options.get("players", 4)
    if players == 3:
        return "cutthroat"
    if players == 2:
        return "two-player"
    if options.get("joker") and options.get("canadian_loner"):
        return "british"
    return "standard"
