"""Bots: players that see the game only through their seat's view.

``make_bot("random")`` builds one by level; stronger levels register themselves here.
"""

from .base import Bot, BotFactory, UnknownLevelError, levels, make_bot, register
from .random import RandomBot

register("random", RandomBot)

__all__ = ["Bot", "BotFactory", "RandomBot", "UnknownLevelError", "levels", "make_bot", "register"]
