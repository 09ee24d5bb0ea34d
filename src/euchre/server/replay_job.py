"""What a replay worker process runs: parse, check the limits, replay, answer as JSON.

Kept apart from :mod:`euchre.server.replay_worker` so a worker imports only the engine
and the replay code (it starts in a fraction of a second).
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.records import RecordError, record_text
from .replays import ReplayProblem, replay_data
from .wire import NotJson, parse_json


class ReplayRefusal(Exception):
    """A replay not computed: the HTTP status, a code for programs, a message for people."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        retry_after: float = 0.0,
        where: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(status, code, message, retry_after, where)  # the args cross processes
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after
        self.where = where  # an illegal record's deal, seat, action and rule


def compute(payload: bytes | dict[str, Any], game_id: str | None, max_deals: int) -> bytes:
    """In the worker: parse, check the limits, replay; the answer as JSON bytes.

    Raises :class:`ReplayRefusal` for a record over the limits or not replayable."""
    record = _parse(payload)
    deals = record.get("deals") if isinstance(record, dict) else None
    if isinstance(deals, list) and len(deals) > max_deals:
        raise ReplayRefusal(
            413, "too_many_deals", f"a record has at most {max_deals} deals (this one {len(deals)})"
        )
    try:
        data = replay_data(record, game_id)
    except ReplayProblem as exc:
        raise ReplayRefusal(422, exc.code, exc.message, where=exc.detail or None) from None
    return json.dumps(data, separators=(",", ":")).encode()


def _parse(payload: bytes | dict[str, Any]) -> Any:
    if isinstance(payload, dict):
        return payload
    try:
        return parse_json(record_text(payload))  # read as `euchre replay` reads a file
    except RecordError as exc:
        raise ReplayRefusal(422, "bad_record", f"not a valid EGN record: {exc}") from None
    except NotJson as exc:
        raise ReplayRefusal(422, "bad_record", f"not a valid EGN record: {exc}") from None


__all__ = ["ReplayRefusal", "compute"]
