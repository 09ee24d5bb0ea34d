"""JSON as messages leave the server: one compact encoder for all of them (orjson: the
encoding of every seat's state for every event was a tenth of the server's CPU with the
standard library's encoder)."""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(message: object) -> str:
    """Compact JSON text of ``message`` (UTF-8 as is, not escaped; non-string keys as text)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class NotJson(ValueError):
    """Text that is not JSON the server can take, with the reason in words."""


def parse_json(text: str) -> Any:
    """JSON ``text`` as Python values, or :class:`NotJson` saying what is wrong with it."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise NotJson("it nests arrays and objects too deeply") from None
    except ValueError as exc:
        raise NotJson(f"it is not valid JSON ({exc})") from None
    if "\\u" in text:  # an escape may stand for half a UTF-16 pair, which no answer can hold
        try:
            orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
        except orjson.JSONEncodeError:
            raise NotJson(
                "it holds a lone UTF-16 surrogate (an escape from \\ud800 to \\udfff"
                " that is not half of a pair): text must be valid Unicode"
            ) from None
    return value
