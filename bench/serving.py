"""Start ``euchre serve`` for a benchmark and wait until it answers /healthz."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time

import httpx


def serve(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    """The server process, once it answers on ``port`` (RuntimeError after a minute)."""
    proc = subprocess.Popen([sys.executable, "-m", "euchre", "serve"], env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, timeout: float = 30) -> None:
    """Ask the server to stop (``sig``), and kill it if it has not within ``timeout`` s."""
    proc.send_signal(sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
