"""Structured logs: one JSON object per line (or plain text with ``log_json`` off).

Pass fields with ``extra={...}``: ``log.info("game started", extra={"table": tid})``.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from datetime import UTC, datetime
from typing import Any

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {
    "message",
    "asctime",
    "taskName",
    "color_message",
}


_SECRET_QUERY = re.compile(r"(session=)[^&\s\"']+")


def redact(text: str) -> str:
    """Hide session tokens (uvicorn logs websocket URLs with their query string)."""
    return _SECRET_QUERY.sub(r"\1***", text)


class TextFormatter(logging.Formatter):
    """Plain text lines, with session tokens hidden."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(logging.Formatter):
    """Formats a record as a JSON line with its ``extra`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def configure(level: str = "info", as_json: bool = True) -> None:
    """Send the ``euchre`` loggers to stderr in the chosen format."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        JsonFormatter()
        if as_json
        else TextFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    for name in ("euchre", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False
