"""Bots: players that see the game only through their seat's view.

``make_bot("random")`` builds one by level; stronger levels register themselves here.
"""

from .base import Bot, BotFactory, UnknownLevelError, levels, make_bot, register
from .easy import EasyBot
from .medium import MediumBot
from .random import RandomBot
from .search import SearchBot

register("random", RandomBot)
register("easy", EasyBot)
register("medium", MediumBot)
register("hard", SearchBot)

__all__ = ["Bot", "BotFactory", "RandomBot", "UnknownLevelError", "levels", "make_bot", "register"]
