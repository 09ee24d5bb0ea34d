"""The garbage collector of a long-running server holding thousands of connections.

Python's cycle collector stops the event loop while it runs. Young passes are short, but
a full pass walks every tracked object, and each websocket connection holds about 150 of
them (uvicorn, Starlette and asyncio coroutines, tasks, queues): with 2,000 connections a
full pass takes 100-150 ms on a quiet core of a small VM, and several times that on a
busy one. By default CPython starts one whenever the objects promoted to the oldest
generation since the last one reach a quarter of it, which under steady play was every
20-40 seconds, each one a latency spike for every table.

Two measures, both safe for a process that runs for weeks:

* :func:`settle` freezes what start-up loaded (modules, schemas, restored tables): it
  lives as long as the process, so no full pass needs to walk it again.
* :func:`tune` raises the young generation's threshold. Most of what an action
  allocates (messages, futures, coroutine frames) dies within milliseconds; with the
  default threshold (700 allocations) the collector runs so often that many of those
  objects are caught alive, survive two passes and count towards the next full pass.
  A larger threshold lets them die first, so far fewer reach the oldest generation and
  full passes become rare. Nothing is exempted from collection: every cycle is still
  found, by the next pass of its generation, so no garbage is kept forever.

:class:`PauseRecorder` puts every pass's length in the Prometheus histogram
``euchre_gc_pause_seconds{generation}``, so the effect is visible in production.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Mapping
from typing import Any

from prometheus_client import CollectorRegistry, Histogram

# Allocations (net of deallocations) between young passes; CPython's default is 700. A
# young pass over 20,000 objects takes a few milliseconds.
YOUNG_THRESHOLD = 5_000
# Young passes per middle pass, and middle passes before a full one is considered
# (CPython's defaults; the full pass also waits for the 25 % growth rule).
MIDDLE_THRESHOLD = 10
OLD_THRESHOLD = 10

_PAUSE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


def thresholds(environ: Mapping[str, str] | None = None) -> tuple[int, int, int]:
    """The thresholds to use: ``EUCHRE_GC_THRESHOLDS`` ("700,10,10": CPython's defaults,
    for comparison) or this module's."""
    raw = (os.environ if environ is None else environ).get("EUCHRE_GC_THRESHOLDS", "")
    if not raw:
        return YOUNG_THRESHOLD, MIDDLE_THRESHOLD, OLD_THRESHOLD
    try:
        young, middle, old = (int(part) for part in raw.split(","))
    except ValueError:
        raise ValueError(
            f"EUCHRE_GC_THRESHOLDS={raw!r}: expected three integers, like 700,10,10"
        ) from None
    if min(young, middle, old) < 1:
        raise ValueError(f"EUCHRE_GC_THRESHOLDS={raw!r}: every threshold must be at least 1")
    return young, middle, old


def tune(environ: Mapping[str, str] | None = None) -> None:
    """Set the collector's thresholds for a server (process-wide)."""
    gc.set_threshold(*thresholds(environ))


def settle() -> None:
    """Keep everything alive now out of later passes (call once start-up is done)."""
    gc.freeze()


class PauseRecorder:
    """Times every collector pass into a histogram by generation, from :meth:`start` to
    :meth:`close`."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.pauses = Histogram(
            "euchre_gc_pause_seconds",
            "Length of each garbage-collector pass (the event loop stands still)",
            ["generation"],
            buckets=_PAUSE_BUCKETS,
            registry=registry,
        )
        self._by_generation = [self.pauses.labels(str(g)) for g in range(3)]
        self._started = 0.0

    def start(self) -> None:
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self._by_generation[info["generation"]].observe(time.perf_counter() - self._started)

    def close(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)
