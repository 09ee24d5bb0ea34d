"""Input quoted back in a refusal, cut short: the message names what was sent without
repeating all of it (a record's 900 KB "call" is refused in a line); and why text is not
JSON a reader can take, in words."""

from __future__ import annotations

import json
import reprlib
import sys

QUOTE_CHARS = 40  # of the input quoted, before "…"

_SHORT = reprlib.Repr()  # never walks deeper or further than a refusal could show
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 2, 4, 4
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = QUOTE_CHARS


def quoted(value: object) -> str:
    """``value`` as Python writes it (``'Zs'``, ``[1, 2]``), cut after ``QUOTE_CHARS``
    characters with "…"."""
    if isinstance(value, str):
        return repr(value[:QUOTE_CHARS]) + _more(value)
    return shortened(_SHORT.repr(value))


def quoted_json(value: object) -> str:
    """``value`` as JSON writes it (``"yes"``, ``1``, ``null``), cut the same way."""
    if isinstance(value, str):
        return json.dumps(value[:QUOTE_CHARS], ensure_ascii=False) + _more(value)
    try:  # (a list as Python writes it, "[None, True]", named words JSON has not)
        return shortened(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):  # not a JSON value after all
        return quoted(value)


def _more(text: str) -> str:
    return "…" if len(text) > QUOTE_CHARS else ""


def shortened(text: str) -> str:
    """``text`` as it is, cut after ``QUOTE_CHARS`` characters with "…"."""
    return text[:QUOTE_CHARS] + _more(text)


__all__ = ["QUOTE_CHARS", "quoted", "quoted_json", "shortened"]


def why_not_json(exc: BaseException) -> str:
    """What is wrong with text that ``json.loads`` refused with ``exc``, in words (a
    ``RecursionError`` or a ``ValueError``: any of them is the text's fault)."""
    if isinstance(exc, RecursionError):
        return "it nests arrays and objects too deeply"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not UTF-8 text"
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return f"it holds a number of more than {sys.get_int_max_str_digits()} digits"
    return f"it is not valid JSON ({exc})"
