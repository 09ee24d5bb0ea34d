"""Names that pose as the server's staff or its bots are refused when chosen (guests and
registration), whatever their case, spacing or look-alike letters; a name must start with
a letter or digit, as the rule says ("_" alone was accepted). Accounts stored under such
names before the rule keep them and still log in."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from server_helpers import TIMEOUT, ThreadServer
from social_helpers import PASSWORD, login, social_settings

from euchre.server.accounts import name_key

STAFF = ["System", "Server", "Admin", "Moderator", "ADMIN", "Ad min", "sys-tem", "\uff2dod"]
BOTS = ["Bot", "bot", "Hard Bot", "Easy bot", "Bot 3", "B0t", "b o t"]
# a number after the name, a level run together with the word (each was taken as a guest's)
STAFF += ["Admin1", "Mod 2", "Staff2", "System32"]
BOTS += ["Bot3", "Bot42", "Hard Bot2", "HARDBOT", "Easybot"]
# Read loosely, as the reserved words only are: accents, small capitals, digits for letters
# (each was taken as a guest's name)
LOOSE = ["ᴀdmin", "ᴀᴅᴍɪɴ", "ᴍod", "ʙot", "Bᴏt", "Bót", "Hard Bòt", "Admín", "Sýstem", "Stáff"]
LOOSE += ["Moderatör", "Syst3m", "5ystem", "St4ff", "Bo7"]
# o with a stroke or a bar, Cherokee and Georgian o's, b look-alikes; "bot" as a word of a
# name run together (each was taken as a guest's name)
LOOSE += ["Bøt", "Hard Bøt", "Bɵt", "Bөt", "ᏴᎾᎢ", "ƀot", "HardBot", "IamBotHere"]
# People share the bots' own names (Olga, Leo): a bot's seat says it is a bot.
FINE = ["Ann", "Abbot", "Botany", "Robot", "Host", "Modest", "9 Lives", "Ann_Lee", "Olga", "Leo"]
FINE += ["José", "Zoë", "Björn", "Li 4", "Hans8"]  # a person's own name keeps its accents
FINE += ["Talbot", "Søren", "Bjørn", "McBride", "Robot 2", "R2D2", "123"]


def guest(base: str, name: str) -> httpx.Response:
    return httpx.post(base + "/api/session", json={"name": name}, timeout=TIMEOUT)


def registration(base: str, name: str) -> httpx.Response:
    body = {"name": name, "password": PASSWORD}
    return httpx.post(base + "/api/accounts", json=body, timeout=TIMEOUT)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("names") / "names.db"
    with ThreadServer(social_settings(db, guests_per_address=1000)) as server:
        yield server


@pytest.mark.parametrize("name", STAFF + BOTS + LOOSE)
def test_staff_and_bot_names_are_refused_with_the_rule(live: ThreadServer, name: str) -> None:
    for answer in (guest(live.base, name), registration(live.base, name)):
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == "reserved_name", answer.text
        detail = answer.json()["detail"]
        assert "staff" in detail or "bot" in detail, detail
        assert "choose another name" in detail


@pytest.mark.parametrize("name", ["_", "_x", "__"])
def test_a_name_starts_with_a_letter_or_digit(live: ThreadServer, name: str) -> None:
    for answer in (guest(live.base, name), registration(live.base, name)):
        assert answer.status_code == 422 and answer.json()["code"] == "bad_name", answer.text
        assert "starts with a letter or digit" in answer.json()["detail"]


# Letters with combining marks (vowel signs, tone marks, decomposed accents), which \w
# leaves out: Hindi, Thai, Tamil, Burmese, decomposed Vietnamese (shown composed).
COMPOSED = [
    "\u0930\u093e\u092e",  # Hindi
    "\u0e2a\u0e21\u0e28\u0e31\u0e01\u0e14\u0e34\u0e4c",  # Thai
    "\u0b95\u0bbe\u0bb0\u0bcd\u0ba4\u0bcd\u0ba4\u0bbf",  # Tamil
    "\u1000\u103b\u1031\u102c\u103a",  # Burmese (Kyaw: four marks on its first letter)
    "\u0938\u0941\u0928\u0940\u0924\u093e \u0930\u093e\u0935",  # Hindi, two words
]
MARKED = {name: name for name in COMPOSED} | {"Tie\u0302\u0301n": "Ti\u1ebfn"}  # NFD in
# Marks on nothing, on a space or stacked past four on a letter; still 24 letters at most.
BAD_MARKS = ["\u0301Ann", "Ann \u0301", "Ann'\u0301", "Ha" + "\u0336" * 5, "a" * 20 + "\u0301b" * 5]


@pytest.mark.parametrize("name", list(MARKED))
def test_letters_with_their_marks_are_names(live: ThreadServer, name: str) -> None:
    answer = guest(live.base, name)
    assert answer.status_code == 200 and answer.json()["name"] == MARKED[name], answer.text


@pytest.mark.parametrize("name", BAD_MARKS)
def test_marks_on_nothing_or_in_towers_are_refused(live: ThreadServer, name: str) -> None:
    for answer in (guest(live.base, name), registration(live.base, name)):
        assert answer.status_code == 422 and answer.json()["code"] == "bad_name", answer.text
        assert "accents or vowel signs" in answer.json()["detail"]


ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"


def test_a_flag_in_a_name_is_refused_by_the_name_rule_not_as_invisible(live: ThreadServer) -> None:
    """England's flag was refused as "invisible characters (found U+E0067, ...)": its tags
    draw the flag. Names hold no emoji, so the rule of names answers; a stray tag is still
    named as invisible."""
    answer = guest(live.base, f"Ann {ENGLAND}")
    assert answer.status_code == 422 and answer.json()["code"] == "bad_name", answer.text
    assert "letters, digits" in answer.json()["detail"], answer.text
    answer = guest(live.base, "Ann\U000e0067")
    assert answer.status_code == 422 and "U+E0067" in answer.json()["detail"], answer.text


@pytest.mark.parametrize("name", FINE)
def test_ordinary_names_still_pass(live: ThreadServer, name: str) -> None:
    answer = guest(live.base, name)
    assert answer.status_code == 200 and answer.json()["name"] == name, answer.text


def test_accounts_stored_before_the_rule_keep_their_names(live: ThreadServer) -> None:
    accounts = live.server.accounts

    async def store(name: str) -> None:
        hashed = await accounts.passwords.hash(PASSWORD, "127.0.0.1")
        await accounts.store.create_user(name, name_key(name), hashed)

    for name in ("Moderator", "_old"):
        live.run(store(name))
        answer = login(live.base, name, PASSWORD)
        assert answer.status_code == 200 and answer.json()["name"] == name, answer.text
