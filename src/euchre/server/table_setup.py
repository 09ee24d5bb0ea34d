"""How a table is set up: its rules from a preset and options (checked against what a
server table allows), its settings from a ``create`` request or quick play, and a stored
table's setup read back after a restart."""

from __future__ import annotations

import dataclasses
from typing import Any

from euchre.engine import Variant, VariantError, preset
from euchre.engine.quoting import quoted
from euchre.engine.variants import PRESETS, json_kind_problem, option_type
from euchre.store import GameRow

from .botplay import check_level
from .coaching import hints_allowed
from .config import Settings
from .kinds import TableKind
from .matches import stored_match
from .protocol import Create, ProtocolError
from .table import TableSpec
from .table.parts import house_rules

# Ranked games use the standard rules of each mode (ratings are kept per mode).
RANKED_PRESETS = ("standard", "cutthroat", "two-player")

# Numbers a server table accepts (the engine allows more, e.g. for analysis).
_LIMITS = {
    "target": (0, 100),
    "time_limit_minutes": (0, 600),
    "deal_limit": (0, 500),
    # Below 2 a euchre of a loner would score no more than any euchre (2), and a lone
    # march less than a march with a partner.
    "lone_euchre_points": (2, 20),
    "loner_march_points": (2, 20),
}
_FIELD_KINDS: dict[str, type] = {"bool": bool, "int": int}


@dataclasses.dataclass(frozen=True, slots=True)
class Dependence:
    """An option that means something only when another holds (``needs`` is ``value``):
    set without it, it would show as a house rule and change nothing."""

    option: str
    needs: str
    value: bool = True

    def holds(self, variant: Variant) -> bool:
        return bool(getattr(variant, self.needs)) == self.value

    def words(self) -> str:
        return self.needs if self.value else f"{self.needs} off"


DEPENDENCES = (
    Dependence("stuck_dealer_may_name_turned_down", "stick_the_dealer"),
    Dependence("stuck_dealer_may_forfeit", "stick_the_dealer"),
    Dependence("throw_in_same_dealer", "stick_the_dealer", value=False),
    Dependence("min_trump_dealer_counts_upcard", "minimum_trump"),
    Dependence("call_for_best_dealer_picks_up", "call_for_best"),
    Dependence("joker_upcard_rule", "joker"),
)


def variant_for(name: str, options: dict[str, Any]) -> Variant:
    """The variant a preset (or alias) and options describe, or a clear ``bad_variant``
    error. Its ``name`` is the preset's own name, never the alias."""
    for option, value in options.items():
        _check_json_kind(option, value)
    try:
        variant = preset(name, **options)
    except VariantError as exc:
        raise ProtocolError("bad_variant", str(exc)) from None
    except Exception:
        raise ProtocolError(
            "bad_variant", f"options {sorted(options)[:8]} have values of the wrong kind"
        ) from None
    problem = _server_limits(variant)
    if problem:
        raise ProtocolError("bad_variant", problem)
    return variant


def _check_json_kind(option: str, value: Any) -> None:
    """A client's option value read strictly, with its JSON type ("false" is not false;
    the engine also reads text, for the command line)."""
    field_type = option_type(option)
    if field_type is None:
        return  # an unknown option: the engine's error lists the known ones
    words = json_kind_problem(field_type, value)
    if words is not None:
        raise ProtocolError("bad_variant", f"option {option} takes {words}, not {quoted(value)}")


def check_ranked(variant: Variant, options: dict[str, Any]) -> None:
    """Ranked tables play a mode's standard rules, or a clear ``bad_options`` error."""
    if options or not any(variant == preset(name) for name in RANKED_PRESETS):
        raise ProtocolError(
            "bad_options",
            "ranked tables play standard rules: preset standard (partnership), cutthroat or "
            "two-player, without options",
        )


# Options about partners (docs/rules.md, 3.5 and 3.6): with two or three players they
# change nothing, so set there they would show as house rules that are never played.
PARTNER_OPTIONS = (
    "allow_alone",
    "canadian_loner",
    "maker_partner_may_go_alone",
    "defend_alone",
    "call_for_best",
    "call_for_best_dealer_picks_up",
    "loner_lead",
    "lone_euchre_points",
    "loner_march_points",
    "alone_must_take_5",
)


def _server_limits(variant: Variant) -> str:
    standard = Variant()
    if not variant.partnership:
        for option in PARTNER_OPTIONS:
            if getattr(variant, option) != getattr(standard, option):
                return (
                    f"option {option} concerns partners: it applies only with 4 players, "
                    f"and this table has {variant.players}"
                )
    if variant.players != 2 and variant.two_player_dealer_must_take:
        return (
            "option two_player_dealer_must_take applies only with 2 players, and this "
            f"table has {variant.players}"
        )
    for rule in DEPENDENCES:
        changed = getattr(variant, rule.option) != getattr(standard, rule.option)
        if changed and not rule.holds(variant):
            return f"option {rule.option} applies only with {rule.words()}: set both, or neither"
    for f in dataclasses.fields(variant):
        value = getattr(variant, f.name)
        expected = _FIELD_KINDS.get(str(f.type))
        if expected is not None and type(value) is not expected:
            return f"option {f.name} takes a {expected.__name__}, not {quoted(value)}"
        if f.name in _LIMITS:
            low, high = _LIMITS[f.name]
            if not low <= value <= high:
                return f"option {f.name} must be between {low} and {high}"
    return ""


def created_spec(
    request: Create, settings: Settings, default_level: str, creator: str
) -> TableSpec:
    """The setup a ``create`` request asks for, or a clear error (nothing is opened)."""
    variant = variant_for(request.preset, request.options)
    turn = settings.turn_seconds if request.turn_seconds is None else request.turn_seconds
    shortest = settings.min_turn_seconds
    kind = TableKind(request.kind)
    if turn < shortest and not (turn == 0 and kind == TableKind.PRIVATE):
        raise ProtocolError(
            "bad_options",
            f"the turn timer is at least {shortest:g} s (0 turns it off, at private tables)",
        )
    level = check_level(request.bot_level) if request.bot_level else default_level
    pause = settings.summary_seconds if request.summary_seconds is None else request.summary_seconds
    if kind == TableKind.RANKED and (turn, level, pause) != (
        settings.turn_seconds,
        default_level,
        settings.summary_seconds,
    ):
        raise ProtocolError(
            "bad_options",
            f"ranked tables play with the server's settings (a {settings.turn_seconds:g} s turn "
            f"timer, {default_level} bots, a {settings.summary_seconds:g} s pause after each "
            "hand): leave out turn_seconds, bot_level and summary_seconds",
        )
    return TableSpec(
        kind,
        variant,
        variant.name,
        turn,
        level,
        host=creator if kind == TableKind.PRIVATE else None,
        hints=hints_allowed(request.kind, request.hints),
        summary_seconds=pause,
    )


def quick_play_spec(variant: Variant, kind: TableKind, settings: Settings, level: str) -> TableSpec:
    """A table quick play opens: the server's defaults."""
    return TableSpec(
        kind,
        variant,
        variant.name,
        settings.turn_seconds,
        level,
        summary_seconds=settings.summary_seconds,
    )


def stored_spec(row: GameRow, settings: Settings, default_level: str) -> TableSpec:
    """The setup of a stored table (settings a row lacks take today's defaults)."""
    variant = Variant().replace(**row.options).renamed(row.variant_name)
    stored = row.settings
    return TableSpec(
        kind=TableKind(row.kind),
        variant=variant,
        preset=canonical_preset(str(stored.get("preset", row.variant_name))),
        turn_seconds=float(stored.get("turn_seconds", settings.turn_seconds)),
        bot_level=str(stored.get("bot_level", default_level)),
        host=row.host,
        summary_seconds=float(stored.get("summary_seconds", settings.summary_seconds)),
        hints=bool(stored.get("hints", row.kind != TableKind.RANKED)),
        match=stored_match(variant, row),
    )


def canonical_preset(name: str) -> str:
    """A preset's own name for a name or alias (a name no preset has, as it is)."""
    try:
        return preset(name).name
    except VariantError:
        return name


def presets_json() -> dict[str, Any]:
    """Presets with their options, for a create-table form."""
    return {
        name: {"players": v.players, "target": v.target, "options": v.options()}
        for name, v in PRESETS.items()
    }


def stored_house_rules(options: Any, preset_name: str) -> dict[str, Any]:
    """:func:`house_rules` of a stored game, from its options as stored (those that
    differ from Standard); {} for options no longer understood."""
    try:
        variant = Variant().replace(**options) if isinstance(options, dict) else Variant()
    except (VariantError, TypeError, ValueError):
        return {}
    return house_rules(variant, preset_name)
