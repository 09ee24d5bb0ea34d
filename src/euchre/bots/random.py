"""The simplest bot: a uniformly random legal action."""

from __future__ import annotations

import random

from euchre.engine.views import View


class RandomBot:
    """Chooses uniformly among the legal actions of its view."""

    def decide(self, view: View, rng: random.Random) -> str:
        legal = view.legal_texts()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide: it is not its turn")
        return rng.choice(legal)
