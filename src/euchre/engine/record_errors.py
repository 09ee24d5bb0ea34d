"""The two ways an EGN record fails: it cannot be read, or its play breaks the rules."""

from __future__ import annotations

from typing import Any


class RecordError(ValueError):
    """Not a valid EGN record (bad JSON, missing fields, unknown cards or calls)."""


class ReplayError(ValueError):
    """A record whose play breaks the rules; names the deal, the seat and the action."""

    def __init__(self, rule: str, *, deal: int, seat: int | None = None, action: str = "") -> None:
        where = f"deal {deal}"
        if seat is not None:
            where += f", seat {seat}"
        if action:
            where += f", {action!r}"
        super().__init__(f"{where}: {rule}")
        self.rule, self.deal, self.seat, self.action = rule, deal, seat, action

    def to_json(self) -> dict[str, Any]:
        return {
            "error": str(self),
            "deal": self.deal,
            "seat": self.seat,
            "action": self.action,
            "rule": self.rule,
        }
