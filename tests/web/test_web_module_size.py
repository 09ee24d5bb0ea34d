"""Each of the client's modules stays small enough for a reader to hold: a module that
grows past the limit is split by concern (as table.js was into narration.js and
sidepanel.js), not trimmed of its comments."""

from __future__ import annotations

from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "euchre" / "web"
MODULE_LIMIT = 64 * 1024  # bytes


def test_every_client_module_is_under_the_size_limit() -> None:
    sizes = {path.name: path.stat().st_size for path in WEB.glob("*.js")}
    assert "table.js" in sizes and "narration.js" in sizes and "sidepanel.js" in sizes
    too_big = {name: size for name, size in sizes.items() if size > MODULE_LIMIT}
    assert not too_big, too_big
