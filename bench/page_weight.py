"""What a first visit to the lobby costs: bytes transferred and requests, in Chromium.

    .venv/bin/python bench/page_weight.py [--page '#/'] [--budget 81920]

Starts ``python -m euchre serve`` (SQLite in a temporary directory), opens the page in
Debian's Chromium (Playwright, a fresh profile: nothing cached) and waits until the page
has booted and the network is quiet. Counts every HTTP response's bytes as received
(headers and the body as encoded on the wire, so compression counts; the websocket is
not a page load). Then loads the page again in the same profile, to show what caching
saves. Prints the figures; exits 1 if the first load is over ``--budget`` bytes.
Reported in docs/performance.md ("The lobby's first load").
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from playwright.sync_api import Page, Request, sync_playwright

from serving import serve

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]


@dataclass
class Load:
    """The responses of one page load."""

    sizes: dict[str, int] = field(default_factory=dict)

    def count(self, request: Request) -> None:
        sizes = request.sizes()
        received = sizes["responseHeadersSize"] + sizes["responseBodySize"]
        self.sizes[request.url] = self.sizes.get(request.url, 0) + received

    @property
    def total(self) -> int:
        return sum(self.sizes.values())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, folder: str) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "EUCHRE_PORT": str(port),
        "EUCHRE_DATABASE_URL": f"sqlite+aiosqlite:///{folder}/euchre.db",
        "EUCHRE_LOG_LEVEL": "warning",
    }
    return serve(env, port)


def load(page: Page, url: str | None) -> Load:
    """Open ``url`` (None: reload the page) and count what arrives until it is quiet."""
    seen = Load()
    page.on("requestfinished", seen.count)
    if url is None:
        page.reload(wait_until="networkidle")
    else:
        page.goto(url, wait_until="networkidle")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    page.wait_for_load_state("networkidle")
    page.remove_listener("requestfinished", seen.count)
    return seen


def report(name: str, seen: Load, base: str) -> None:
    print(f"{name}: {seen.total} bytes ({seen.total / 1024:.1f} KiB) in {len(seen.sizes)} requests")
    for url, size in sorted(seen.sizes.items(), key=lambda item: -item[1]):
        print(f"  {size:7d}  {url.removeprefix(base)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", default="#/", help="the page to open (default the lobby)")
    parser.add_argument("--budget", type=int, default=80 * 1024, help="bytes allowed (80 KiB)")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, folder)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                # the page's CSP forbids the string functions Playwright waits with
                context = browser.new_context(
                    viewport={"width": 390, "height": 664}, bypass_csp=True
                )
                page = context.new_page()
                first = load(page, base + args.page)
                again = load(page, None)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    report("first load", first, base)
    report("second load (cached)", again, base)
    print(f"budget {args.budget} bytes: {'within' if first.total <= args.budget else 'OVER'}")
    sys.exit(0 if first.total <= args.budget else 1)


if __name__ == "__main__":
    main()
