"""JSON as messages leave the server: one compact encoder for all of them (orjson: the
encoding of every seat's state for every event was a tenth of the server's CPU with the
standard library's encoder)."""

from __future__ import annotations

import orjson


def dumps(message: object) -> str:
    """Compact JSON text of ``message`` (UTF-8 as is, not escaped; non-string keys as text)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
