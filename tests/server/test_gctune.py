"""The server's garbage-collector settings and its pause histogram."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from prometheus_client import CollectorRegistry

from euchre.server import gctune


@pytest.fixture
def restore_thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


def test_thresholds_default_to_the_modules_values() -> None:
    expected = (gctune.YOUNG_THRESHOLD, gctune.MIDDLE_THRESHOLD, gctune.OLD_THRESHOLD)
    assert gctune.thresholds({}) == expected
    assert gctune.thresholds({"EUCHRE_GC_THRESHOLDS": ""}) == expected


def test_thresholds_from_the_environment() -> None:
    assert gctune.thresholds({"EUCHRE_GC_THRESHOLDS": "700,10,10"}) == (700, 10, 10)


@pytest.mark.parametrize("raw", ["700,10", "a,b,c", "700,10,10,10", "0,10,10", "700,-1,10"])
def test_bad_thresholds_are_refused_with_the_variable_named(raw: str) -> None:
    with pytest.raises(ValueError, match="EUCHRE_GC_THRESHOLDS"):
        gctune.thresholds({"EUCHRE_GC_THRESHOLDS": raw})


def test_tune_sets_the_collector(restore_thresholds: None) -> None:
    gctune.tune({"EUCHRE_GC_THRESHOLDS": "1234,5,6"})
    assert gc.get_threshold() == (1234, 5, 6)


def _passes(registry: CollectorRegistry, generation: str) -> float:
    value = registry.get_sample_value("euchre_gc_pause_seconds_count", {"generation": generation})
    return value or 0.0


def test_recorder_counts_passes_by_generation_until_closed() -> None:
    registry = CollectorRegistry()
    recorder = gctune.PauseRecorder(registry)
    gc.collect(2)
    assert _passes(registry, "2") == 0  # not started yet
    recorder.start()
    recorder.start()  # a second start does not count twice
    try:
        gc.collect(2)
        gc.collect(0)
        assert _passes(registry, "2") == 1
        assert _passes(registry, "0") >= 1
    finally:
        recorder.close()
    assert recorder._callback not in gc.callbacks
    gc.collect(2)
    assert _passes(registry, "2") == 1
    recorder.close()  # closing twice is harmless
