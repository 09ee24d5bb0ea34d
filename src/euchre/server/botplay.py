"""Bots at server tables: decisions run in worker threads within a time budget.

A bot sees only its seat's :class:`~euchre.engine.views.View` (the same information as
the bot protocol's observation). A decision that is late, fails or is not legal is
replaced by a random legal action, so a table never stalls on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import random

from euchre.bots import Bot, levels, make_bot
from euchre.engine.views import View

from .protocol import ProtocolError

log = logging.getLogger("euchre.bots")

# Strongest first: a bot partner who plays well makes a better game. The first one
# registered is the default level of server bots (EUCHRE_BOT_LEVEL overrides it).
PREFERRED_LEVELS = ("expert", "hard", "strong", "medium", "normal", "easy", "random")


def default_level(configured: str = "") -> str:
    """The configured level, or the best registered one from :data:`PREFERRED_LEVELS`."""
    if configured:
        return check_level(configured)
    known = levels()
    for level in PREFERRED_LEVELS:
        if level in known:
            return level
    return known[0]


def check_level(level: str) -> str:
    """The level name (normalised), or a ``bad_options`` error naming the levels."""
    name = level.strip().lower()
    if name not in levels():
        known = ", ".join(levels())
        raise ProtocolError("bad_options", f"unknown bot level {level!r}: choose one of {known}")
    return name


class BotPool:
    """Bot instances by (table, seat), and their decisions off the event loop."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._rng = random.SystemRandom()

    def bot(self, table: str, seat: int, level: str) -> Bot:
        key = (table, seat, level)
        found = self._bots.get(key)
        if found is None:
            found = self._bots[key] = make_bot(level)
        return found

    def forget(self, table: str) -> None:
        for key in [k for k in self._bots if k[0] == table]:
            del self._bots[key]

    async def decide(self, table: str, seat: int, level: str, view: View) -> str:
        """A legal action for ``view`` from the seat's bot, within the time budget."""
        # Forced moves go to the bot too: it learns from the views it is shown (``hard``
        # checks the other seats' plays against their shown hands at its last card).
        legal = view.legal_texts()
        rng = random.Random(self._rng.getrandbits(64))
        try:
            bot = self.bot(table, seat, level)
            choice = await asyncio.wait_for(
                asyncio.to_thread(bot.decide, view, rng), timeout=self.budget
            )
        except TimeoutError:
            log.warning("bot too slow; random move", extra={"table": table, "seat": seat})
            return self._rng.choice(legal)
        except Exception:
            log.exception("bot failed; random move", extra={"table": table, "seat": seat})
            return self._rng.choice(legal)
        if choice not in legal:
            log.warning("bot chose an illegal action", extra={"table": table, "action": choice})
            return self._rng.choice(legal)
        return choice
