"""Records and clients for the load and limit tests (and bench/replay_load.py)."""

from __future__ import annotations

import random
import socket
import time
from typing import Any

from euchre.engine import GameState, preset
from euchre.engine.records import export_egn


def long_record(deals: int, seed: int = 1) -> dict[str, Any]:
    """A legal EGN record of exactly ``deals`` deals (random play, a deal limit)."""
    rng = random.Random(seed)
    state = GameState(preset("standard", target=0, deal_limit=deals), dealer=0, seed=seed)
    while not state.game_over:
        state.apply(rng.choice(state.legal_actions()))
    record = export_egn(state)
    if len(record["deals"]) > deals:  # a redeal does not count towards the deal limit
        record["metadata"].pop("finalScore")  # the game goes on past the deals kept
    record["deals"] = record["deals"][:deals]
    return record


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the peer closes this socket within ``seconds`` (what it sends is read and
    dropped)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            if not sock.recv(65536):
                return True
        except TimeoutError:
            return False
        except OSError:
            return True
    return False
