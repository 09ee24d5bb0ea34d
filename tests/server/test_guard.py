"""What every request passes, tried against a real server on loopback: oversized bodies,
schema errors that would echo a password, missing headers, posts and websockets from
other sites, forged forwarding headers, the API docs and /metrics."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest
from server_helpers import TIMEOUT, ThreadServer, guest_token
from social_helpers import PASSWORD, register, social_settings

from euchre.server.app import create_app
from euchre.server.config import Settings


def raw_request(port: int, head: str, body: bytes = b"", read: int = 65536) -> str:
    """Send a request's head (and part of a body) over a socket; the answer's start."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        sock.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
        return sock.recv(read).decode("latin-1")


def test_an_oversized_body_is_refused_before_it_is_read(live: ThreadServer) -> None:
    head = (
        "POST /api/session HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
        "Content-Length: 52428800\n"
    )
    # Only 1 KiB of the announced 50 MB is sent: the answer comes without the rest.
    answer = raw_request(live.port, head, b'{"name": "' + b"A" * 1024)
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert "the request body is too large: at most 16384 bytes here" in answer
    assert "AAAA" not in answer and "set-cookie" not in answer.lower()


def test_a_streamed_body_is_counted_as_it_arrives(live: ThreadServer) -> None:
    head = (
        "POST /api/login HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
        "Transfer-Encoding: chunked\n"
    )
    chunk = b"B" * 8192
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(4))
    answer = raw_request(live.port, head, body)
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert "BBBB" not in answer


def test_a_body_that_is_not_a_json_object_is_told_what_to_send(live: ThreadServer) -> None:
    def refusal(body: bytes, content_type: str | None) -> str:
        headers = {"content-type": content_type} if content_type else {}
        answer = httpx.post(live.base + "/api/session", content=body, headers=headers)
        assert answer.status_code == 422 and answer.json()["code"] == "invalid_request"
        assert "set-cookie" not in answer.headers
        [field] = answer.json()["detail"]
        assert field["loc"] == ["body"]
        return str(field["msg"])

    needs = "the body must be a JSON object sent with Content-Type: application/json"
    assert refusal(b'{"name": "Ann"}', "text/plain") == f"{needs} (it came as 'text/plain')"
    assert refusal(b"name=Ann", "application/x-www-form-urlencoded").startswith(needs)
    assert refusal(b'{"name": "Ann"}', None) == f"{needs} (it came without one)"
    assert refusal(b'["Ann"]', "application/json") == (
        "the body must be a JSON object ({...}), not a list"
    )
    assert refusal(b"null", "application/json; charset=utf-8").endswith("not null")
    assert httpx.get(live.base + "/api/session").status_code == 401  # no session was made


def test_a_schema_error_names_the_field_and_never_echoes_the_body(live: ThreadServer) -> None:
    answer = httpx.post(
        live.base + "/api/login", json={"name": ["Ann"], "password": "hunter2 secret value"}
    )
    assert answer.status_code == 422
    assert "hunter2" not in answer.text
    detail = answer.json()["detail"]
    assert detail[0]["loc"] == ["body", "name"] and detail[0]["msg"]
    assert set(detail[0]) == {"loc", "msg", "type"}
    broken = httpx.post(
        live.base + "/api/login",
        content=b'{"name": "Ann", "password": "hunter2 secret',
        headers={"content-type": "application/json"},
    )
    assert broken.status_code == 422 and "hunter2" not in broken.text


NOT_JSON = {
    b'{"name": "Ann", "password": ': "not valid JSON (Expecting value)",
    b"[" * 7000 + b"]" * 7000: "nests arrays and objects too deeply",
    b'{"name": "\xff\xfe", "password": "x"}': "not UTF-8 text",
    b'{"name": ' + b"9" * 5000 + b"}": "a number of more than 4300 digits",
}


def test_a_body_that_is_not_json_gets_the_reason_and_changes_nothing(tmp_path: Path) -> None:
    """However a body fails to be JSON, the answer is the documented 422 invalid_request
    saying what is wrong (docs/protocol.md section 11), and nothing changes."""
    with ThreadServer(social_settings(tmp_path / "euchre.db")) as server:
        token = register(server.base, "Ann")["session"]
        cookies = {"euchre_session": token}
        with httpx.Client(base_url=server.base, timeout=TIMEOUT, cookies=cookies) as client:
            for path in ("/api/session", "/api/login", "/api/accounts", "/api/account/password"):
                for body, words in NOT_JSON.items():
                    answer = client.post(
                        path,
                        content=body,
                        headers={"content-type": "application/json"},
                    )
                    assert answer.status_code == 422, (path, answer.text)
                    assert answer.json()["code"] == "invalid_request"
                    (field,) = answer.json()["detail"]
                    assert field["loc"][0] == "body" and field["type"] == "json_invalid"
                    assert words in field["msg"], (path, field)
                    assert "set-cookie" not in answer.headers
        login = {"name": "Ann", "password": PASSWORD}
        assert httpx.post(server.base + "/api/login", json=login).status_code == 200


def test_answers_carry_the_security_headers(live: ThreadServer) -> None:
    for path in ("/", "/app.js", "/api/presets", "/api/session"):
        answer = httpx.get(live.base + path)
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy.split("style-src-attr")[0]
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "same-origin"
        assert "server" not in answer.headers
    page = httpx.get(live.base + "/").text
    assert "<script>" not in page and "<style" not in page and " style=" not in page


def test_a_post_from_another_site_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "o.db")) as live:
        token = register(live.base, "Ann")["session"]
        with httpx.Client(base_url=live.base, cookies={"euchre_session": token}) as http:
            for headers in ({"origin": "http://evil.example"}, {"sec-fetch-site": "cross-site"}):
                for method, path, body in (
                    ("POST", "/api/logout", None),
                    ("PUT", "/api/preferences", {"chat": True}),
                    ("DELETE", "/api/account", {"password": PASSWORD}),
                ):
                    answer = http.request(method, path, json=body, headers=headers)
                    assert answer.status_code == 403, (method, path)
                    assert answer.json()["code"] == "cross_origin"
            assert http.get("/api/session").json()["name"] == "Ann"  # still logged in
            assert http.get("/api/preferences").json()["chat"] is False
            own = {"origin": live.base}
            assert http.put("/api/preferences", json={"chat": True}, headers=own).is_success
            assert http.post("/api/logout", headers=own).json() == {"ok": True}


def upgrade_head(port: int, host: str, extra: str) -> str:
    return (
        f"GET /ws HTTP/1.1\nHost: {host}\nUpgrade: websocket\nConnection: Upgrade\n"
        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\nSec-WebSocket-Version: 13\n{extra}"
    )


def test_the_websocket_origin_is_the_public_one_not_the_host(live: ThreadServer) -> None:
    token = guest_token(live.base, "Ann")
    port = live.port
    # A rebound name: the page's origin matches the Host it sent, but is not ours.
    rebound = f"evil.example:{port}"
    cookie = f"Cookie: euchre_session={token}\n"
    head = upgrade_head(port, rebound, f"Origin: http://{rebound}\n" + cookie)
    assert raw_request(port, head, read=200).startswith("HTTP/1.1 403")
    # A cookie without an Origin is refused; a token in the query without one is not.
    no_origin = upgrade_head(port, f"127.0.0.1:{port}", f"Cookie: euchre_session={token}\n")
    assert raw_request(port, no_origin, read=200).startswith("HTTP/1.1 403")
    query = upgrade_head(port, f"127.0.0.1:{port}", "").replace(
        "GET /ws ", f"GET /ws?session={token} "
    )
    assert raw_request(port, query, read=200).startswith("HTTP/1.1 101")


def test_the_api_docs_are_off_unless_enabled(live: ThreadServer, tmp_path: Path) -> None:
    assert httpx.get(live.base + "/api/docs").status_code == 404
    assert httpx.get(live.base + "/api/openapi.json").is_success
    with ThreadServer(social_settings(tmp_path / "d.db", api_docs=True)) as docs:
        page = httpx.get(docs.base + "/api/docs")
        assert page.is_success
        # Its own policy lets FastAPI's page load Swagger UI; the rest keep the strict one.
        assert "cdn.jsdelivr.net" in page.headers["content-security-policy"]
        other = httpx.get(docs.base + "/api/presets").headers["content-security-policy"]
        assert "cdn.jsdelivr.net" not in other and "frame-ancestors 'none'" in other


def test_metrics_need_the_token_or_a_direct_loopback_client(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "m.db")) as live:
        assert httpx.get(live.base + "/metrics").is_success  # the operator, on the machine
        proxied = httpx.get(live.base + "/metrics", headers={"x-forwarded-for": "1.2.3.4"})
        assert proxied.status_code == 403
    with ThreadServer(social_settings(tmp_path / "t.db", metrics_token="s3cret")) as live:
        assert httpx.get(live.base + "/metrics").status_code == 403
        wrong = httpx.get(live.base + "/metrics", headers={"authorization": "Bearer nope"})
        assert wrong.status_code == 403
        good = httpx.get(live.base + "/metrics", headers={"authorization": "Bearer s3cret"})
        assert good.is_success and "euchre_" in good.text


def failed_logins(base: str, forwarded: list[str], source: str = "127.0.0.1") -> list[int]:
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(base_url=base, transport=transport, timeout=TIMEOUT) as http:
        return [
            http.post(
                "/api/login",
                json={"name": f"Nobody {n}", "password": "wrong guess"},
                headers={"x-forwarded-for": address},
            ).status_code
            for n, address in enumerate(forwarded)
        ]


def test_forwarded_addresses_are_ignored_unless_from_a_trusted_proxy(tmp_path: Path) -> None:
    spoofed = [f"10.9.8.{n}" for n in range(5)]
    limits = {"login_address_attempts": 3}
    with ThreadServer(social_settings(tmp_path / "p.db", **limits)) as live:
        assert failed_logins(live.base, spoofed) == [401, 401, 401, 429, 429]
    trusted = social_settings(tmp_path / "q.db", trusted_proxies="127.0.0.1", **limits)
    with ThreadServer(trusted) as live:
        assert failed_logins(live.base, spoofed) == [401] * 5  # the proxy's clients, apart
        # A client that is not the proxy cannot pick its address.
        assert failed_logins(live.base, spoofed, "127.0.0.2") == [401, 401, 401, 429, 429]
        # IPv6 clients are counted by /64.
        block = [f"2001:db8:1:2::{n:x}" for n in range(1, 6)]
        assert failed_logins(live.base, block) == [401, 401, 401, 429, 429]


@pytest.mark.parametrize("value", ["*", "10.0.0.0/8, proxy.example"])
def test_trusted_proxies_must_be_addresses(value: str) -> None:
    with pytest.raises(ValueError, match="EUCHRE_TRUSTED_PROXIES"):
        create_app(Settings(trusted_proxies=value))


def test_session_cookies_are_secure_behind_https(tmp_path: Path) -> None:
    def cookie_flags(base: str, **headers: str) -> str:
        answer = httpx.post(base + "/api/session", json={"name": "Gus"}, headers=headers)
        assert answer.is_success
        return answer.headers["set-cookie"].lower()

    https = {"x-forwarded-proto": "https"}
    with ThreadServer(social_settings(tmp_path / "s.db")) as live:
        assert "secure" not in cookie_flags(live.base)
        assert "secure" not in cookie_flags(live.base, **https)  # not from a trusted proxy
    proxied = social_settings(tmp_path / "p.db", trusted_proxies="127.0.0.1")
    with ThreadServer(proxied) as live:
        flags = cookie_flags(live.base, **https)
        assert "secure" in flags and "httponly" in flags and "samesite=lax" in flags
    with ThreadServer(social_settings(tmp_path / "c.db", cookie_secure=True)) as live:
        assert "secure" in cookie_flags(live.base)


def test_a_server_on_every_interface_without_a_public_origin_says_so(
    caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    with caplog.at_level("WARNING", logger="euchre.server"):
        create_app(social_settings(tmp_path / "w.db", host="0.0.0.0"))
    assert any("EUCHRE_PUBLIC_ORIGIN is not set" in r.getMessage() for r in caplog.records)
    caplog.clear()
    with caplog.at_level("WARNING", logger="euchre.server"):
        create_app(social_settings(tmp_path / "w.db", host="0.0.0.0", public_origin="https://e.x"))
    assert not any("EUCHRE_PUBLIC_ORIGIN" in r.getMessage() for r in caplog.records)


def test_a_public_server_without_a_metrics_token_says_so(
    caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    """Behind a reverse proxy on the same machine that adds no X-Forwarded-For, every
    request reaches /metrics as the machine's own: a server with a public name warns."""
    public = {"public_origin": "https://e.x"}
    with caplog.at_level("WARNING", logger="euchre.server"):
        create_app(social_settings(tmp_path / "m.db", **public))
    assert any("EUCHRE_METRICS_TOKEN is not set" in r.getMessage() for r in caplog.records)
    caplog.clear()
    with caplog.at_level("WARNING", logger="euchre.server"):
        create_app(social_settings(tmp_path / "m.db", metrics_token="t0ken", **public))
        create_app(social_settings(tmp_path / "n.db"))  # on 127.0.0.1 alone: no warning
    assert not any("EUCHRE_METRICS_TOKEN" in r.getMessage() for r in caplog.records)


def test_an_address_no_route_answers_is_refused_with_a_code(live: ThreadServer) -> None:
    """Every refusal carries a code for programs: an unknown address, an empty part of a
    path, a method an address does not take (these said only Starlette's "Not Found")."""
    for path in ("/api/games/", "/api/players//games", "/api/nothing-here"):
        answer = httpx.get(live.base + path, timeout=TIMEOUT)
        assert answer.status_code == 404, path
        body = answer.json()
        assert body["code"] == "not_found" and path in body["detail"], body
    wrong = httpx.delete(live.base + "/api/presets", timeout=TIMEOUT)
    assert wrong.status_code == 405
    assert wrong.json()["code"] == "method_not_allowed"
    assert "GET" in wrong.json()["detail"] and "GET" in wrong.headers["allow"]
    # every method the address takes, from all its routes (it named only the first one's)
    put = httpx.put(live.base + "/api/session", timeout=TIMEOUT)
    assert put.status_code == 405 and put.headers["allow"] == "GET, HEAD, POST, PATCH, DELETE", put
    assert "(allowed: GET, HEAD, POST, PATCH, DELETE)" in put.json()["detail"], put.json()
    # a refusal of the API's own keeps its words
    player = httpx.get(live.base + "/api/players/Nobody", timeout=TIMEOUT).json()
    assert player == {"detail": "no player named 'Nobody'", "code": "not_found"}
