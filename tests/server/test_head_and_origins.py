"""HEAD on the API answers as GET without a body (it was 404); a request with more than
one Origin header is refused (only the first was checked: a good one then a foreign one
passed), over HTTP and on the websocket."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from server_helpers import TIMEOUT, ThreadServer, fast_settings, guest_token
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("head") / "head.db"
    with ThreadServer(fast_settings(db)) as server:
        yield server


@pytest.mark.parametrize("path", ["/api/session", "/api/tables", "/api/presets", "/healthz"])
@pytest.mark.parametrize("signed_in", [False, True])
def test_head_answers_as_get_without_a_body(live: ThreadServer, path: str, signed_in: bool) -> None:
    cookies = {"euchre_session": guest_token(live.base, "Ann")} if signed_in else {}
    with httpx.Client(base_url=live.base, cookies=cookies, timeout=TIMEOUT) as http:
        got, head = http.get(path), http.head(path)
    assert head.status_code == got.status_code, (path, head.status_code, got.status_code)
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["content-length"] == got.headers["content-length"]


def test_head_elsewhere(live: ThreadServer) -> None:
    with httpx.Client(base_url=live.base, timeout=TIMEOUT) as http:
        post_only = http.head("/api/logout")  # no GET route either: the same 404 as GET
        assert post_only.status_code == http.get("/api/logout").status_code == 404
        assert http.head("/api/no-such-thing").status_code == 404
        page = http.head("/")
        assert page.status_code == 200 and page.content == b""


def test_two_origin_headers_are_refused(live: ThreadServer) -> None:
    good = live.base
    with httpx.Client(base_url=live.base, timeout=TIMEOUT) as http:
        for origins in ([good, "https://evil.example"], [good, good]):
            for method, path in (("POST", "/api/logout"), ("GET", "/api/tables")):
                headers = [("origin", origin) for origin in origins]
                answer = http.request(method, path, headers=headers)
                assert answer.status_code == 403, (method, path, answer.text)
                assert answer.json()["code"] == "cross_origin"
                assert "more than one Origin" in answer.json()["detail"]
        assert http.post("/api/logout", headers={"origin": good}).status_code == 200


def test_a_websocket_with_two_origins_is_refused(live: ThreadServer) -> None:
    token = guest_token(live.base, "Ann")
    url = live.base.replace("http://", "ws://") + f"/ws?session={token}"
    with connect(url, open_timeout=TIMEOUT, additional_headers=[("Origin", live.base)]) as ws:
        assert '"welcome"' in str(ws.recv(timeout=TIMEOUT))
    twice = [("Origin", live.base), ("Origin", "https://evil.example")]
    with pytest.raises(InvalidStatus) as refused:
        connect(url, open_timeout=TIMEOUT, additional_headers=twice)
    # The websocket server refuses it before the app (400); the app would too (403).
    assert refused.value.response.status_code in (400, 403)
