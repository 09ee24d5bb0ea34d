"""Prometheus metrics of one server (its own registry, so several apps can coexist)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Metrics:
    """Tables, connections, actions and action latency (accepted → broadcast)."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = r = CollectorRegistry()
        self.tables = Gauge("euchre_tables", "Tables in memory by status", ["status"], registry=r)
        self.connections = Gauge("euchre_connections", "Open websocket connections", registry=r)
        self.actions = Counter(
            "euchre_actions", "Accepted game actions by who made them", ["by"], registry=r
        )
        self.rejected = Counter(
            "euchre_rejected_messages",
            "Client messages answered with an error",
            ["code"],
            registry=r,
        )
        self.latency = Histogram(
            "euchre_action_latency_seconds",
            "From receiving an action to handing its events to every connection",
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.games_finished = Counter(
            "euchre_games_finished", "Games played to the end", registry=r
        )
        self.dropped = Counter(
            "euchre_slow_clients_dropped",
            "Connections cut for not reading, or for pinging past their budget",
            registry=r,
        )

        self.bot_fallbacks = Counter(
            "euchre_bot_fallbacks",
            "Bot moves replaced by medium's choice, by reason (budget, timeout, error, illegal)",
            ["reason"],
            registry=r,
        )
        self.bot_seconds = Histogram(
            "euchre_bot_decision_seconds",
            "From asking a worker for a bot's move to its answer",
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )

        self.coach_hints = Counter(
            "euchre_coach_hints",
            "Hints the coach computed (asking again at the same turn reuses the first)",
            registry=r,
        )

    def render(self) -> bytes:
        return generate_latest(self.registry)
