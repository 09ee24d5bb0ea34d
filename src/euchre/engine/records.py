"""EGN records (placeholder, being written)."""
from __future__ import annotations
from typing import Any
from .variants import Variant


def ruleset_of(variant: Variant) -> dict[str, Any]:
    return {"std": variant.stick_the_dealer}
