"""The browser client's files: versioned, long cached and (with the app's gzip) compressed.

Every file is also served under ``/static/<version>/``, where the version is a hash of all
the client's files computed at startup. ``index.html`` (never cached without asking again)
points there, and the modules' relative imports, the card pictures and the translations
follow from their own address, so a new release is a new address and everything under it
may be kept for a year. A page still open from an older release asks for its old version:
it gets today's files, marked ``no-cache``, rather than a failure. The version is taken
once, at startup: after editing the client, restart the server for a new address.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
STATIC_PREFIX = "static"
# src="app.js", href="app.css", href="cards/Jh.svg": the page's own files, not links
_LOCAL_ASSET = re.compile(r'\b(src|href)="((?:app\.(?:js|css))|(?:cards/[\w.-]+))"')


def asset_version(directory: Path) -> str:
    """A short hash of every file of the client (names and contents)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def versioned_index(html: str, version: str) -> str:
    """``index.html`` with its scripts, styles and icon pointed at the versioned copies."""
    return _LOCAL_ASSET.sub(rf'\1="{STATIC_PREFIX}/{version}/\2"', html)


class ClientFiles(StaticFiles):
    """The client's directory, answering with the caching each address allows.

    Mounted at ``/``: plain addresses are ``no-cache``; ``/static/<version>/...`` is
    immutable when the version is this release's.
    """

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory, html=False)
        self.version = asset_version(directory)
        source = (directory / "index.html").read_text(encoding="utf-8")
        self.index_html = versioned_index(source, self.version)

    def get_path(self, scope: Scope) -> str:
        path = super().get_path(scope)
        parts = path.replace("\\", "/").split("/")
        if len(parts) > 2 and parts[0] == STATIC_PREFIX:
            scope["euchre.asset_version"] = parts[1]
            return "/".join(parts[2:])
        return path

    async def get_response(self, path: str, scope: Scope) -> Response:
        if path in (".", "index.html"):
            return self.index(Request(scope))
        response = await super().get_response(path, scope)
        fresh = scope.get("euchre.asset_version") == self.version
        response.headers["Cache-Control"] = IMMUTABLE if fresh else REVALIDATE
        return response

    def index(self, request: Request) -> Response:
        if request.method not in ("GET", "HEAD"):
            return Response(status_code=405, headers={"Allow": "GET, HEAD"})
        return HTMLResponse(self.index_html, headers={"Cache-Control": REVALIDATE})
