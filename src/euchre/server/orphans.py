"""Worker processes end with the server: one killed outright (``kill -9``) cannot tell
them, and a worker waiting for its next job would otherwise wait for ever."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

from euchre.bots import resident

CHECK_SECONDS = 1.0


def watch_parent() -> None:
    """In a worker: exit as soon as the process that started it is gone."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def start_bot_worker(register: Callable[[], None] | None, nice: int) -> None:
    """A bot worker's start: it follows the server, then sets itself up to think."""
    watch_parent()
    resident.setup(register, nice)
