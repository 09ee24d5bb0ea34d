"""Attacks on logins and registration against a real server on loopback: concurrent
guesses racing a limit, an address trying to lock an account out, weak passwords and
registrations in bulk. Each is refused, and what the attacker tried changed nothing."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import REDIS_URL, TIMEOUT, ThreadServer, redis_available
from social_helpers import PASSWORD, login, register, social_settings

needs_redis = pytest.mark.skipif(
    not redis_available(), reason="Redis is not running on 127.0.0.1:6379 (needed for this test)"
)
KINDS = ["memory", pytest.param("redis", marks=needs_redis)]


def from_address(address: str) -> httpx.Client:
    """A client whose connections come from another loopback address."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=TIMEOUT)


def login_from(address: str, base: str, name: str, password: str) -> httpx.Response:
    with from_address(address) as http:
        return http.post(base + "/api/login", json={"name": name, "password": password})


async def concurrent_guesses(base: str, name: str, count: int) -> list[int]:
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT * 4) as http:

        async def guess(n: int) -> int:
            answer = await http.post("/api/login", json={"name": name, "password": f"guess {n}"})
            return answer.status_code

        return list(await asyncio.gather(*(guess(n) for n in range(count))))


def settings_for(kind: str, tmp_path: Path, **changes: Any) -> Any:
    redis = {"redis_url": REDIS_URL} if kind == "redis" else {}
    return social_settings(tmp_path / "l.db", **redis, **changes)


@pytest.mark.parametrize("kind", KINDS)
def test_concurrent_guesses_cannot_race_past_the_limit(kind: str, tmp_path: Path) -> None:
    settings = settings_for(kind, tmp_path, login_name_failures=5, login_address_attempts=100)
    with ThreadServer(settings) as live:
        register(live.base, "Ann")
        statuses = asyncio.run(concurrent_guesses(live.base, "Ann", 25))
        assert sorted(statuses) == [401] * 5 + [429] * 20, statuses
        assert login(live.base, "Ann").status_code == 429  # this address waits now
        assert login_from("127.0.0.2", live.base, "Ann", PASSWORD).status_code == 200


@pytest.mark.parametrize("kind", KINDS)
def test_an_address_cannot_lock_an_account_out(kind: str, tmp_path: Path) -> None:
    settings = settings_for(
        kind, tmp_path, login_name_failures=5, login_name_slow_after=8, login_name_delay_seconds=0.2
    )
    with ThreadServer(settings) as live:
        register(live.base, "Ann")
        # One attacker address, then a second one: each hits its own limit of 5.
        for address in ("127.0.0.3", "127.0.0.4"):
            answers = [login_from(address, live.base, "Ann", "wrong guess") for _ in range(6)]
            assert [a.status_code for a in answers] == [401] * 5 + [429]
        # Ann, from her own address: past the per-name attempts, slowed but let in.
        assert login_from("127.0.0.2", live.base, "Ann", PASSWORD).status_code == 200
        assert login_from("127.0.0.2", live.base, "Ann", PASSWORD).status_code == 200
        assert login_from("127.0.0.3", live.base, "Ann", PASSWORD).status_code == 429


def test_guesses_from_many_addresses_do_not_hold_up_the_owner(tmp_path: Path) -> None:
    delay = 6.0  # well beyond a loaded machine's own login time, so only a queue reaches it
    settings = settings_for(
        "memory", tmp_path, login_name_slow_after=1, login_name_delay_seconds=delay
    )
    with ThreadServer(settings) as live:
        register(live.base, "Ann")
        assert login_from("127.0.0.2", live.base, "Ann", PASSWORD).status_code == 200
        guessers = [f"127.0.1.{n}" for n in range(1, 13)]  # each within its own limits
        with ThreadPoolExecutor(len(guessers)) as pool:
            guesses = [
                pool.submit(login_from, a, live.base, "Ann", "wrong guess") for a in guessers
            ]
            time.sleep(0.3)  # the guesses are in the name's slow lane, or refused
            started = time.monotonic()
            own = login_from("127.0.0.2", live.base, "Ann", PASSWORD)  # the owner's address
            assert own.status_code == 200 and time.monotonic() - started < delay
            started = time.monotonic()
            fresh = login_from("127.0.0.3", live.base, "Ann", PASSWORD)  # a new address
            waited = time.monotonic() - started
            statuses = sorted(g.result().status_code for g in guesses)
        assert fresh.status_code in (200, 429) and waited < delay * 6, (fresh, waited)
        assert statuses.count(429) >= len(guessers) - 4, statuses  # no long queue formed
        assert set(statuses) <= {401, 429}


def test_weak_passwords_are_refused_with_the_reason(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "w.db")) as live:
        weak = {
            "password": "common password",
            "12345678": "common password",
            " " * 8: "spaces",
            "annika2": "8 to 128 characters",
            "annika99": "name",
            "Annika Annika": "name",
        }
        for password, why in weak.items():
            answer = httpx.post(
                live.base + "/api/accounts", json={"name": "Annika", "password": password}
            )
            assert answer.status_code == 422, password
            body = answer.json()
            assert body["code"] == ("bad_password" if "128" in why else "weak_password")
            assert why in body["detail"] and "unrelated words" in body["detail"], body
            assert f'"{password}"' not in answer.text  # never echoed
        assert login(live.base, "Annika", "password").status_code == 401  # nothing was made
        assert register(live.base, "Annika", "staple battery horse")["name"] == "Annika"
        with httpx.Client(base_url=live.base) as http:
            http.cookies.set(
                "euchre_session",
                login(live.base, "Annika", "staple battery horse").json()["session"],
            )
            changed = http.post(
                "/api/account/password",
                json={"password": "staple battery horse", "new_password": "12345678"},
            )
            assert changed.status_code == 422 and changed.json()["code"] == "weak_password"
        assert login(live.base, "Annika", "staple battery horse").status_code == 200


def test_password_changes_count_against_the_address_like_logins(tmp_path: Path) -> None:
    """Each check of a password costs the same hashing, the right one too: an account
    changing its password back and forth in a loop slowed everyone's logins."""
    settings = social_settings(tmp_path / "pw.db", login_address_attempts=4)
    with ThreadServer(settings) as live, httpx.Client(base_url=live.base) as http:
        http.cookies.set("euchre_session", register(live.base, "Annika")["session"])  # 1
        passwords = [PASSWORD, "staple battery horse"]
        for n in range(3):  # attempts 2 to 4
            changed = http.post(
                "/api/account/password",
                json={"password": passwords[n % 2], "new_password": passwords[(n + 1) % 2]},
            )
            assert changed.status_code == 200, changed.text
        refused = http.post(
            "/api/account/password",
            json={"password": passwords[1], "new_password": passwords[0]},
        )
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_attempts"
        assert 0 < int(refused.headers["retry-after"]) <= 300
        gone = http.request("DELETE", "/api/account", json={"password": passwords[1]})
        assert gone.status_code == 429
        assert http.get("/api/session").json()["name"] == "Annika"  # still logged in
        # the password is still the last one changed to (logging in from another address)
        assert login_from("127.0.0.2", live.base, "Annika", passwords[1]).status_code == 200


def test_registrations_are_limited_per_address(tmp_path: Path) -> None:
    settings = social_settings(tmp_path / "reg.db", register_per_address=3)
    with ThreadServer(settings) as live:
        for name in ("Puppet One", "Puppet Two", "Puppet Three"):
            register(live.base, name)
        refused = httpx.post(
            live.base + "/api/accounts", json={"name": "Puppet Four", "password": PASSWORD}
        )
        assert refused.status_code == 429 and "too many registrations" in refused.json()["detail"]
        assert httpx.get(live.base + "/api/players/Puppet Four").status_code == 404
        with from_address("127.0.0.2") as http:
            made = http.post(
                live.base + "/api/accounts", json={"name": "Someone Else", "password": PASSWORD}
            )
        assert made.status_code == 201


def test_many_guesses_from_a_few_addresses_queue_behind_each_other_not_the_owner() -> None:
    """Password hashes are taken in turns per asker: thirty guesses from each of three
    addresses, sent at once, do not stand in front of the owner's login."""
    from euchre.server.accounts import Passwords
    from euchre.server.config import Settings

    passwords = Passwords(Settings(argon2_time_cost=1, argon2_memory_kib=1024))
    finished: list[str] = []

    async def attempt(asker: str) -> None:
        await passwords.verify(None, "guess", asker)
        finished.append(asker)

    async def main() -> None:
        guesses = [attempt(f"10.0.0.{i}") for i in range(3) for _ in range(30)]
        flood = asyncio.gather(*guesses)
        await asyncio.sleep(0.05)  # the guesses are queued first
        await attempt("owner")
        await flood

    asyncio.run(main())
    assert len(finished) == 91
    assert finished.index("owner") <= 6, finished.index("owner")  # not behind the 90


def test_new_guest_sessions_are_limited_per_address(tmp_path: Path) -> None:
    """Each guest may keep chat preferences stored for 30 days: one address made
    guests without end (and filled the disk with their mute lists)."""
    settings = social_settings(tmp_path / "guests.db", guests_per_address=3)
    with ThreadServer(settings) as live:
        with from_address("127.0.0.2") as http:
            for n in range(3):
                made = http.post(live.base + "/api/session", json={"name": f"Guest {n}"})
                assert made.status_code == 200, made.text
            refused = http.post(live.base + "/api/session", json={"name": "Guest 3"})
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_attempts"
        assert "too many guest sessions" in refused.json()["detail"]
        assert int(refused.headers["Retry-After"]) > 0
        with from_address("127.0.0.3") as http:  # another address
            assert http.post(live.base + "/api/session", json={"name": "Other"}).status_code == 200
        for n in range(5):  # 127.0.0.1 is exempt (address_limit_exempt)
            local = httpx.post(live.base + "/api/session", json={"name": f"Local {n}"})
            assert local.status_code == 200


def test_a_mute_list_is_capped(tmp_path: Path) -> None:
    from euchre.server.chat import MAX_MUTED

    with ThreadServer(social_settings(tmp_path / "mutes.db")) as live:
        token = httpx.post(live.base + "/api/session", json={"name": "Muter"}).json()["session"]
        cookies = {"euchre_session": token}
        many = [f"g_{n:016x}" for n in range(MAX_MUTED + 1)]
        refused = httpx.put(live.base + "/api/preferences", json={"muted": many}, cookies=cookies)
        assert refused.status_code == 422 and refused.json()["code"] == "invalid_request"
        assert f"at most {MAX_MUTED} items" in refused.json()["detail"][0]["msg"]
        assert httpx.get(live.base + "/api/preferences", cookies=cookies).json()["muted"] == []
        kept = httpx.put(
            live.base + "/api/preferences", json={"muted": many[:MAX_MUTED]}, cookies=cookies
        )
        assert kept.status_code == 200 and len(kept.json()["muted"]) == MAX_MUTED
        assert MAX_MUTED <= 100  # about 6.5 KB a person at most (ids of up to 64 characters)
