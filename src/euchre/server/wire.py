"""JSON as messages leave the server: one compact encoder for all of them (orjson: the
encoding of every seat's state for every event was a tenth of the server's CPU with the
standard library's encoder)."""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

from euchre.engine.quoting import why_not_json


def dumps(message: object) -> str:
    """Compact JSON text of ``message`` (UTF-8 as is, not escaped; non-string keys as text)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class NotJson(ValueError):
    """Text that is not JSON the server can take, with the reason in words."""


def parse_json(text: str) -> Any:
    """JSON ``text`` as Python values, or :class:`NotJson` saying what is wrong with it."""
    try:
        value = json.loads(text)
    except (RecursionError, ValueError) as exc:
        raise NotJson(why_not_json(exc)) from None
    if "\\u" in text and _holds_lone_surrogate(value):  # no answer could hold one
        raise NotJson(
            "it holds a lone UTF-16 surrogate (an escape from \\ud800 to \\udfff"
            " that is not half of a pair): text must be valid Unicode"
        )
    return value


def _holds_lone_surrogate(value: Any) -> bool:
    """Whether a string (or key) anywhere in a parsed value holds a lone surrogate; walked
    without recursion, since any depth ``json.loads`` takes must be walked too."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


_SURROGATE = re.compile("[\\ud800-\\udfff]")
