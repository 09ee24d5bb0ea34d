"""The screenshot command (tests/web/screenshots.py), end to end for one size: every picture
is written where it is told, as a whole PNG of the viewport's size, and the hand summary's
picture shows the summary. The test run leaves docs/screenshots/ as it was."""

from __future__ import annotations

import hashlib
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from phases import SIZES
from playwright.sync_api import Browser
from screenshots import DOCS, NAMES, SUMMARY_SECONDS, all_screenshots
from web_helpers import LiveServer, fast_settings, running_server

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type -> samples a pixel
WAIT_MS = 60_000.0  # generous for a loaded machine, and still bounded


@pytest.fixture(scope="module")
def command_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server set as the command sets its own (easy bots, a long pause after a hand)."""
    db = Path(tmp_path_factory.mktemp("web-shots")) / "euchre.db"
    settings = fast_settings(db, bot_level="easy", summary_seconds=SUMMARY_SECONDS)
    with running_server(settings) as server:
        yield server


def png_size(path: Path) -> tuple[int, int]:
    """The width and height of a whole PNG: its signature, every chunk's CRC, IHDR first
    and IEND last, and the image data inflating to exactly its rows of 8-bit pixels."""
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE), f"{path.name} is not a PNG"
    pos, kinds, image = len(PNG_SIGNATURE), [], b""
    width = height = depth = colour = -1
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"{path.name}: bad CRC in {kind!r}"
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            image += body
        kinds.append(kind)
        pos += 12 + length
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND", f"{path.name}: chunks {kinds}"
    assert depth == 8 and colour in CHANNELS, f"{path.name}: depth {depth}, colour {colour}"
    rows = zlib.decompress(image)
    assert len(rows) == height * (1 + width * CHANNELS[colour]), f"{path.name}: short image"
    return width, height


def _folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def test_the_command_writes_every_picture_for_one_size(
    browser: Browser, command_server: LiveServer, tmp_path: Path
) -> None:
    before = _folder_digest(DOCS)
    written = all_screenshots(browser, command_server.url, tmp_path, ("phone",), WAIT_MS)
    assert written == [tmp_path / f"{name}-phone.png" for name in NAMES]
    size = SIZES["phone"]
    for path in written:
        assert png_size(path) == (size["width"], size["height"]), path.name
    assert _folder_digest(DOCS) == before


def test_png_size_refuses_a_damaged_picture(tmp_path: Path) -> None:
    """The check above can fail: a flipped byte, a cut file, a file that is no PNG."""
    good = tmp_path / "good.png"
    good.write_bytes(_tiny_png())
    assert png_size(good) == (2, 1)
    data = bytearray(good.read_bytes())
    data[-20] ^= 0xFF  # inside the image data: its CRC no longer matches
    broken = tmp_path / "broken.png"
    broken.write_bytes(bytes(data))
    with pytest.raises(AssertionError, match="bad CRC"):
        png_size(broken)
    cut = tmp_path / "cut.png"
    cut.write_bytes(good.read_bytes()[:-12])  # IEND gone
    with pytest.raises(AssertionError, match="chunks"):
        png_size(cut)
    text = tmp_path / "text.png"
    text.write_text("not a picture")
    with pytest.raises(AssertionError, match="not a PNG"):
        png_size(text)


def _tiny_png() -> bytes:
    """A 2 x 1 RGB PNG, made by hand."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", 2, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00" + b"\xff\x00\x00" + b"\x00\x00\xff")
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
