"""The real app under uvicorn on a loopback socket, in a thread of the test process.

Shared by the server tests (``server_helpers``) and the browser tests (``web_helpers``);
found through pytest's ``pythonpath`` (pyproject.toml).
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any, Self

import uvicorn

from euchre.server.app import Server, create_app
from euchre.server.config import Settings
from euchre.server.guard import UVICORN_OPTIONS

TIMEOUT = 20.0


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop when installed (as uvicorn itself picks it): the plain loop is much slower
    in a thread beside the client threads."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class ThreadServer:
    """The real app under uvicorn on a loopback socket, in its own thread and event loop."""

    def __init__(self, settings: Settings) -> None:
        self.socket = free_socket()
        self.port = int(self.socket.getsockname()[1])
        self.settings = settings.replace(port=self.port)
        self.app = create_app(self.settings)
        self.server: Server = self.app.state.server
        config = uvicorn.Config(
            self.app,
            ws="websockets-sansio",
            ws_max_size=self.settings.max_frame_bytes,
            lifespan="on",
            log_config=None,
            access_log=False,
            timeout_graceful_shutdown=5,
            **UVICORN_OPTIONS,
        )
        self.uvicorn = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, name="uvicorn", daemon=True)
        self.error: BaseException | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _run(self) -> None:
        try:
            with asyncio.Runner(loop_factory=loop_factory()) as runner:
                runner.run(self._serve())
        except BaseException as exc:  # reported by stop()
            self.error = exc

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        await self.uvicorn.serve(sockets=[self.socket])

    def start(self) -> Self:
        self.thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self.uvicorn.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {self.error!r}")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(TIMEOUT)
        self.socket.close()
        if self.thread.is_alive():
            raise RuntimeError("the server did not stop")
        if self.error is not None:
            raise self.error

    def run(self, coro: Coroutine[Any, Any, Any]) -> Any:
        """Run a coroutine in the server's event loop and return its result."""
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(TIMEOUT)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
