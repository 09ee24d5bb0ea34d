"""The client's files: served by the server, translated completely, self-contained, and
sorting and judging cards exactly as the engine does."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from card_art import all_cards
from conftest import PageFactory
from web_helpers import LiveServer

from euchre.server.static import REVALIDATE, asset_version, versioned_index

WEB = Path(__file__).resolve().parents[2] / "src" / "euchre" / "web"
LANGS = ("en", "de", "nl")


def _leaves(tree: Any, prefix: str = "") -> dict[str, str]:
    if isinstance(tree, dict):
        out: dict[str, str] = {}
        for key, value in tree.items():
            out.update(_leaves(value, f"{prefix}.{key}" if prefix else key))
        return out
    shape = f"list of {len(tree)}" if isinstance(tree, list) else type(tree).__name__
    return {prefix: shape}


def _translations(lang: str) -> dict[str, Any]:
    """A translation file, read as the browser reads it, but refusing a key given twice in
    one object: JSON.parse would keep the second and lose the first's words unseen."""
    text = (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
    return dict(json.loads(text, object_pairs_hook=_no_repeated_key))


def _no_repeated_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    assert not repeated, f"keys given twice in one object: {repeated}"
    return dict(pairs)


def test_the_server_serves_the_client(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url, timeout=10) as http:
        index = http.get("/")
        assert index.status_code == 200
        found = re.search(r'<script type="module" src="static/(\w+)/app.js">', index.text)
        assert found, index.text
        assert f'href="static/{found[1]}/app.css"' in index.text
        script = http.get(f"/static/{found[1]}/app.js")
        assert script.status_code == 200
        assert "javascript" in script.headers["content-type"]
        card = http.get("/cards/Jh.svg")
        assert card.headers["content-type"].startswith("image/svg+xml")
        assert http.get("/i18n/de.json").json()["lobby"]["quickPlay"] == "Jetzt spielen"
        assert http.get("/no-such-file.js").status_code == 404
        assert http.get(f"/static/{found[1]}/no-such-file.js").status_code == 404
        assert http.get("/static/../app.py").status_code == 404
        assert http.get("/healthz").json()["status"] == "ok"


def test_versioned_files_are_kept_a_year_and_the_page_is_asked_for_again(
    live: LiveServer,
) -> None:
    version = asset_version(WEB)
    with httpx.Client(base_url=live.url, timeout=10) as http:
        assert http.get("/").headers["cache-control"] == REVALIDATE
        assert http.get("/index.html").headers["cache-control"] == REVALIDATE
        for name in ("app.js", "table.js", "app.css", "cards/Jh.svg", "i18n/nl.json"):
            fresh = http.get(f"/static/{version}/{name}")
            assert fresh.status_code == 200, name
            assert fresh.headers["cache-control"] == "public, max-age=31536000, immutable"
            assert fresh.content == (WEB / name).read_bytes()
        old = http.get("/static/0123456789ab/app.js")  # a page from an earlier release
        assert old.status_code == 200
        assert old.headers["cache-control"] == REVALIDATE
        assert http.get("/app.js").headers["cache-control"] == REVALIDATE


def test_files_and_json_are_compressed(live: LiveServer) -> None:
    version = asset_version(WEB)
    with httpx.Client(base_url=live.url, timeout=10) as http:
        # a file past 64 KiB (the German words) comes in chunks, compressed, without a length
        for path in ("/", f"/static/{version}/table.js", f"/static/{version}/i18n/de.json"):
            with http.stream("GET", path, headers={"accept-encoding": "gzip"}) as answer:
                text = answer.read()
                assert answer.headers["content-encoding"] == "gzip", path
                assert answer.num_bytes_downloaded < len(text) / 2, path
        presets = http.get("/api/presets", headers={"accept-encoding": "gzip"})
        assert presets.headers["content-encoding"] == "gzip"
        assert "standard" in presets.text
        plain = http.get("/", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers


def test_the_page_points_at_this_releases_files() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    versioned = versioned_index(html, "abc123")
    assert 'src="static/abc123/app.js"' in versioned
    assert 'href="static/abc123/app.css"' in versioned
    assert 'href="static/abc123/cards/Jh.svg"' in versioned
    assert 'href="#/"' in versioned and 'href="#main"' in versioned  # links stay links


def test_a_changed_file_is_a_new_version(tmp_path: Path) -> None:
    (tmp_path / "app.js").write_text("one", encoding="utf-8")
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "en.json").write_text("{}", encoding="utf-8")
    first = asset_version(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{12}", first)
    assert asset_version(tmp_path) == first
    (tmp_path / "i18n" / "en.json").write_text('{"a": 1}', encoding="utf-8")
    assert asset_version(tmp_path) != first


def test_every_language_has_every_text_and_no_more() -> None:
    english = _leaves(_translations("en"))
    for lang in LANGS[1:]:
        other = _leaves(_translations(lang))
        assert set(other) == set(english), (lang, set(english) ^ set(other))
        differing = [k for k in english if other[k] != english[k]]
        assert not differing, (lang, differing)


def _texts(tree: Any, prefix: str = "") -> dict[str, str]:
    """Every text of a translation by its key (a list's items as key[0], key[1], ...)."""
    if isinstance(tree, dict):
        items = [(f"{prefix}.{k}" if prefix else k, v) for k, v in tree.items()]
    elif isinstance(tree, list):
        items = [(f"{prefix}[{i}]", v) for i, v in enumerate(tree)]
    else:
        return {prefix: str(tree)}
    return {key: text for name, value in items for key, text in _texts(value, name).items()}


def test_dutch_names_a_ranked_game_one_way() -> None:
    """Dutch said "rangspel" and "rangtafel", but also "gewaardeerde spellen" (valued
    games), "een gerangschikt spel" and "ranglijstspellen" for the same thing: each Dutch
    text whose English says ranked or rated says "rang..." ("Ranglijst" is the leaderboard)."""
    english, dutch = _texts(_translations("en")), _texts(_translations("nl"))
    ranked = [k for k, text in english.items() if re.search(r"\b(ranked|rated)\b", text, re.I)]
    assert len(ranked) >= 10, ranked
    for key in ranked:
        assert re.search(r"\brang(spel|tafel)", dutch[key], re.I), (key, dutch[key])
    odd = [k for k, t in dutch.items() if re.search(r"gewaardeerd|gerangschikt|ranglijstspel", t)]
    assert not odd, odd


def test_the_page_without_javascript_says_so_in_every_language() -> None:
    """The one text not in the translations: shown before any script could choose one."""
    said = {
        "en": "This game needs JavaScript.",
        "de": "Dieses Spiel braucht JavaScript.",
        "nl": "Dit spel heeft JavaScript nodig.",
    }
    html = (WEB / "index.html").read_text(encoding="utf-8")
    found = re.search(r"<noscript>(.*?)</noscript>", html, re.S)
    assert found is not None
    assert [lang for lang in LANGS if said[lang] not in found.group(1)] == []


def test_every_text_the_client_asks_for_exists() -> None:
    english = _translations("en")
    keys = _leaves(english)
    code = "\n".join(p.read_text(encoding="utf-8") for p in WEB.glob("*.js"))
    html = (WEB / "index.html").read_text(encoding="utf-8")
    asked = set(re.findall(r"""\bt\(\s*"([a-z][\w]*(?:\.[\w-]+)+)\"""", code))
    asked |= set(re.findall(r'data-i18n(?:-label|-title)?="([\w.-]+)"', html))
    assert len(asked) > 100
    prefixes = {k.rsplit(".", 1)[0] for k in keys} | {k.rsplit(".", 2)[0] for k in keys}
    missing = sorted(k for k in asked if k not in keys and k not in prefixes)
    assert not missing, missing


def test_every_server_error_code_is_translated() -> None:
    server = Path(__file__).resolve().parents[2] / "src" / "euchre" / "server"
    codes = set()
    for source in server.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        codes |= set(re.findall(r'ProtocolError\(\s*"(\w+)"', text))
        codes |= set(re.findall(r'error\(\s*"(\w+)"', text))
    assert {"not_found", "illegal", "account_required"} <= codes
    for lang in LANGS:
        errors = _translations(lang)["errors"]
        assert codes <= set(errors), (lang, sorted(codes - set(errors)))


def test_the_card_pictures_are_the_projects_own_and_current() -> None:
    for name, text in all_cards().items():
        assert (WEB / "cards" / name).read_text(encoding="utf-8") == text, name
    assert len(list((WEB / "cards").glob("*.svg"))) == 34  # 32 cards, the Joker, the back


def test_the_client_loads_nothing_from_elsewhere() -> None:
    namespace = "http://www.w3.org/2000/svg"
    for path in WEB.rglob("*"):
        if path.suffix not in (".js", ".html", ".css", ".svg", ".json"):
            continue
        text = path.read_text(encoding="utf-8").replace(namespace, "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text), path
        assert "@import" not in text and "innerHTML" not in text, path


def test_each_page_loads_its_modules_when_it_opens(new_page: PageFactory, live: LiveServer) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_function("document.body.dataset.booted === 'true'")
    page.wait_for_selector("#guest-name")
    loaded = "() => performance.getEntriesByType('resource').map(e => e.name.split('/').pop())"
    lobby = set(page.evaluate(loaded))
    assert {"app.js", "lobby.js", "dom.js", "en.json"} <= lobby, lobby
    assert not {"table.js", "replay.js", "help.js", "chat.js", "leaderboard.js"} & lobby, lobby
    page.goto("/#/help")
    page.wait_for_selector("#help-title")
    assert {"help.js", "cards.js"} <= set(page.evaluate(loaded))
    assert "table.js" not in set(page.evaluate(loaded))
