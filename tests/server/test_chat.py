"""Chat at a real table: opt-in, mutes, limits with clear errors, a spectators' channel that
never reaches the players, lines kept with the game, preferences kept with the account."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Client, ThreadServer, seat_clients
from social_helpers import database_url, register, social_settings

from euchre.server.chat import ADDRESS_PEOPLE, PREF_CHANGES
from euchre.server.config import Settings
from euchre.store.accounts import AccountStore


def chat_on(client: Client, enabled: bool = True) -> dict[str, Any]:
    answer = client.request(type="chat_settings", enabled=enabled)
    assert answer["type"] == "chat_settings" and answer["enabled"] is enabled
    return answer


def say(client: Client, table: str, text: str) -> dict[str, Any]:
    answer = client.request(type="chat", table=table, text=text)
    assert answer["type"] == "chat", answer
    return answer


def chat_seen(client: Client) -> list[str]:
    """Chat texts this client received up to now (a ping flushes what is queued for it)."""
    assert client.request(type="ping")["type"] == "pong"
    return [m["text"] for m in client.received if m["type"] == "chat"]


def unread_seen(client: Client) -> list[dict[str, Any]]:
    """The notices of lines written while this client's chat was off."""
    assert client.request(type="ping")["type"] == "pong"
    return [m for m in client.received if m["type"] == "chat_unread"]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_chat_is_opt_in_with_mutes_limits_and_separate_channels(kind: str, tmp_path: Path) -> None:
    with (
        database_url(kind, tmp_path) as url,
        # A long window, so a slow machine still sends its five lines inside it.
        ThreadServer(
            social_settings(tmp_path / "c.db", database_url=url, chat_seconds=120)
        ) as live,
    ):
        table, players = seat_clients(live.base, ["Ann", "Bob", "Cat"], turn_seconds=0)
        ann, bob, cat = players
        sue, tom = Client(live.base, "Sue"), Client(live.base, "Tom")
        invite = ann.view(table).invite
        for spectator in (sue, tom):
            assert spectator.request(type="join", invite=invite)["you"]["seat"] is None
        assert ann.welcome["chat"]["enabled"] is False  # off until turned on
        assert "good_luck" in ann.welcome["chat"]["presets"]

        off = ann.expect_error("chat_off", type="chat", table=table, text="hi")
        assert "turn it on" in off["message"]
        for client in (bob, cat, sue, tom):
            chat_on(client)
        line = say(bob, table, "<b>hello</b> & welcome")
        assert line["text"] == "<b>hello</b> & welcome"  # plain text, never escaped or rendered
        assert line["channel"] == "players" and line["from"]["seat"] == 1
        assert chat_seen(cat) == ["<b>hello</b> & welcome"]
        assert chat_seen(ann) == []  # chat off: receives nothing of the line
        # but is told one was written in their channel, not who wrote it or what
        assert unread_seen(ann) == [
            {"type": "chat_unread", "table": table, "channel": "players", "id": line["id"]}
        ]
        assert unread_seen(cat) == [] and unread_seen(sue) == []

        muted = cat.request(type="mute", user=bob.welcome["you"]["id"])
        assert muted["muted"] == [bob.welcome["you"]["id"]]
        chat_on(ann)
        say(bob, table, "second")
        assert chat_seen(cat) == ["<b>hello</b> & welcome"]  # Bob is muted for Cat only
        assert chat_seen(ann) == ["second"]
        cat.request(type="unmute", user=bob.welcome["you"]["id"])
        preset = bob.request(type="chat", table=table, preset="good_luck")
        assert preset["text"] == "Good luck" and preset["preset"] == "good_luck"
        assert chat_seen(cat)[-1] == "Good luck"
        bob.expect_error("bad_preset", type="chat", table=table, preset="insult")
        bob.expect_error("bad_message", type="chat", table=table)

        whisper = say(sue, table, "spectators only")
        assert whisper["channel"] == "spectators" and whisper["from"]["seat"] is None
        assert chat_seen(tom)[-1] == "spectators only"
        say(ann, table, "players only")
        for player in (ann, bob, cat):
            assert "spectators only" not in chat_seen(player)
        assert "players only" not in chat_seen(tom) and "players only" not in chat_seen(sue)

        too_long = ann.expect_error("chat_too_long", type="chat", table=table, text="x" * 201)
        assert "at most 200 characters" in too_long["message"]
        ann.expect_error("chat_empty", type="chat", table=table, text="   ")
        say(ann, table, "y" * 200)
        for i in range(3):  # with "players only" and the 200 y's: 5 in the window
            say(ann, table, f"line {i}")
        limited = ann.expect_error("chat_rate_limited", type="chat", table=table, text="more")
        assert "at most 5 messages in 120 s" in limited["message"]
        assert "more" not in chat_seen(bob)

        log = bob.request(type="chat_log", table=table)
        assert log["channel"] == "players"
        assert "spectators only" not in [m["text"] for m in log["messages"]]
        assert [m["text"] for m in log["messages"]][-1] == "line 2"

        async def stored() -> list[dict[str, Any]]:
            return await AccountStore(live.server.engine).chat_lines(table)

        lines = live.run(stored())
        assert [(m["channel"], m["text"]) for m in lines if m["text"] == "spectators only"] == [
            ("spectators", "spectators only")
        ]
        assert len(lines) == 9 and {m["name"] for m in lines} == {"Ann", "Bob", "Sue"}

        chat_on(ann, False)
        cat.request(type="mute", user=bob.welcome["you"]["id"])
        chat_on(cat, False)
        told = len(unread_seen(ann))
        say(bob, table, "after")
        assert "after" not in chat_seen(ann)
        assert len(unread_seen(ann)) == told + 1
        assert unread_seen(cat) == []  # a muted author's line is no news at all
        stranger = Client(live.base, "Max")
        chat_on(stranger)
        stranger.expect_error("not_found", type="chat", table=table, text="hi")  # private
        public = tom.request(type="create", kind="casual", turn_seconds=30, sit=False)["table"]
        stranger.expect_error("not_watching", type="chat", table=public, text="hi")
        for client in (*players, sue, tom, stranger):
            client.close()


def test_a_line_cannot_break_itself_hide_or_tower_over_the_others(tmp_path: Path) -> None:
    """A line separator showed a second line that read as another player's; letters that
    show nothing made a blank line; a tower of combining marks ("Zalgo") was drawn over
    the lines around it. What is stored is what was delivered."""
    with ThreadServer(social_settings(tmp_path / "z.db", chat_messages=100)) as live:
        table, players = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
        ann, bob = players
        chat_on(ann)
        chat_on(bob)
        faked = "gg\u2028Olga: I hold both bowers\u2029"
        assert say(ann, table, faked)["text"] == "gg Olga: I hold both bowers"
        for blank in ("\u3164\u3164", "\u2800", "\u115f \u1160", "\uffa0\u200b"):
            ann.expect_error("chat_empty", type="chat", table=table, text=blank)
        tower = "Ha" + "\u0336\u0334\u0337" * 60 + "!"  # marks that compose with nothing
        assert say(ann, table, tower)["text"] == "Ha\u0336\u0334\u0337\u0336!"
        accents = "Tie\u0302\u0301t, ca\u0300 phe\u0302, \u2764\ufe0f"  # NFD Vietnamese
        assert say(ann, table, accents)["text"] == "Tiết, cà phê, \u2764\ufe0f"
        assert chat_seen(bob) == [
            "gg Olga: I hold both bowers",
            "Ha\u0336\u0334\u0337\u0336!",
            "Tiết, cà phê, \u2764\ufe0f",
        ]

        async def stored() -> list[str]:
            return [m["text"] for m in await AccountStore(live.server.engine).chat_lines(table)]

        assert live.run(stored()) == chat_seen(bob)
        for client in players:
            client.close()


def test_joiners_stay_where_they_join_and_hide_nothing_elsewhere(tmp_path: Path) -> None:
    """The zero-width non-joiner and joiner became spaces, breaking Persian words, Indic
    conjuncts and joined emoji; between two characters that show they stay, anywhere else
    (alone, at an end, doubled, before marks) they are still spaces."""
    with ThreadServer(social_settings(tmp_path / "j.db", chat_messages=100)) as live:
        table, players = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
        ann, bob = players
        chat_on(ann)
        chat_on(bob)
        joined = [
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian "I want"
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # a family
            "\u2764\ufe0f\u200d\U0001f525",  # a heart on fire (after its selector)
            "\u0915\u094d\u200d\u0937",  # Devanagari half form
        ]
        for text in joined:
            assert say(ann, table, text)["text"] == text
        for blank in ("\u200d", "\u200c\u200d", "\u3164\u200d\u3164", "\u200b\u200c"):
            ann.expect_error("chat_empty", type="chat", table=table, text=blank)
        loose = "\u200dgg\u200c \u200cwp\u200d\u200dok"
        assert say(ann, table, loose)["text"] == "gg   wp  ok"
        tower = "a\u200d" + "\u0336" * 9  # a joiner does not restart the count of marks
        assert say(ann, table, tower)["text"] == "a " + "\u0336" * 4
        assert chat_seen(bob) == [*joined, "gg   wp  ok", "a " + "\u0336" * 4]
        for client in players:
            client.close()


def tags(code: str) -> str:
    """``code`` in tag characters (what follows the black flag in a subdivision flag)."""
    return "".join(chr(0xE0000 + ord(c)) for c in code)


ENGLAND = "\U0001f3f4" + tags("gbeng") + "\U000e007f"
SCOTLAND = "\U0001f3f4" + tags("gbsct") + "\U000e007f"


def test_subdivision_flags_keep_their_tags_and_stray_tags_hide_nothing(tmp_path: Path) -> None:
    """The tag characters of England's flag became spaces, leaving a black flag and a gap;
    after the black flag, closed by a cancel tag, they stay, anywhere else they are spaces
    (a flag's code hides no message: it is a few letters and digits)."""
    with ThreadServer(social_settings(tmp_path / "f.db", chat_messages=100)) as live:
        table, players = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
        ann, bob = players
        chat_on(ann)
        chat_on(bob)
        flags = [ENGLAND, f"gg {SCOTLAND}{ENGLAND} wp"]
        for text in flags:
            assert say(ann, table, text)["text"] == text
        ann.expect_error("chat_empty", type="chat", table=table, text=tags("gbeng") + "\U000e007f")
        unclosed = "\U0001f3f4" + tags("gbeng") + " hi"
        hidden = "\U0001f3f4" + tags("meetmeat9") + "\U000e007f"
        stray = "hi" + tags("x") + "\U000e007f"
        assert say(ann, table, unclosed)["text"] == "\U0001f3f4      hi"
        assert say(ann, table, hidden)["text"] == "\U0001f3f4"
        assert say(ann, table, stray)["text"] == "hi"
        assert chat_seen(bob) == [*flags, "\U0001f3f4      hi", "\U0001f3f4", "hi"]
        for client in players:
            client.close()


def test_guests_of_one_address_share_its_chat_rate(tmp_path: Path) -> None:
    """Each guest had a rate of its own, and an address may make 30 guests an hour: a
    script's guests watching a table flooded its spectators' channel faster than anyone
    could mute them. An address sends as many lines as ADDRESS_PEOPLE people may."""
    settings = social_settings(tmp_path / "a.db", chat_seconds=300, address_limit_exempt="")
    with ThreadServer(settings) as live:
        host = Client(live.base, "Ann")
        table = host.request(type="create", kind="casual", turn_seconds=30)["table"]
        reader = Client(live.base, "Sue")
        puppets = [Client(live.base, f"Puppet {i}") for i in range(ADDRESS_PEOPLE + 1)]
        for client in (reader, *puppets):
            chat_on(client)
            assert client.request(type="join", table=table)["you"]["seat"] is None
        sent = [
            say(puppet, table, f"{i} spam {n}")["text"]
            for i, puppet in enumerate(puppets[:ADDRESS_PEOPLE])
            for n in range(5)
        ]
        refused = puppets[-1].expect_error("chat_rate_limited", type="chat", table=table, text="x")
        assert (
            f"at most {5 * ADDRESS_PEOPLE} messages in 300 s from one address" in refused["message"]
        )
        assert chat_seen(reader) == sent  # the refused line reached no one
        for client in (host, reader, *puppets):
            client.close()


def test_chat_setting_is_kept_with_the_account_and_with_a_guests_session(tmp_path: Path) -> None:
    with ThreadServer(social_settings(tmp_path / "p.db")) as live:
        token = register(live.base, "Ann")["session"]
        ann = Client(live.base, "Ann", token)
        chat_on(ann)
        ann.request(type="mute", user="g_0123456789abcdef")
        ann.close()
        again = Client(live.base, "Ann", token)
        assert again.welcome["chat"]["enabled"] is True
        assert again.welcome["chat"]["muted"] == ["g_0123456789abcdef"]
        for junk in ("nobody at all", "\u0000", "g_zz", "u_0", "😀"):  # not a person's id
            refused = again.expect_error("bad_message", type="mute", user=junk)
            assert "u_" in refused["message"] and "g_" in refused["message"], refused
        again.close()
        with httpx.Client(base_url=live.base) as http:
            http.cookies.set("euchre_session", token)
            assert http.get("/api/preferences").json()["chat"] is True
            assert http.put("/api/preferences", json={"chat": False}).json()["chat"] is False
            for loose in ("yes", "true", 1):  # a yes-or-no setting takes true or false only
                refused = http.put("/api/preferences", json={"chat": loose})
                assert refused.status_code == 422 and "chat" in refused.text
            misspelt = http.put("/api/preferences", json={"chat_enabled": True})
            assert misspelt.status_code == 422, misspelt.text  # was 200, and nothing done
            assert misspelt.json()["detail"] == [
                {
                    "loc": ["body", "chat_enabled"],
                    "msg": "no field 'chat_enabled' here: docs/protocol.md lists the fields"
                    " this body takes",
                    "type": "extra_forbidden",
                }
            ]
            junk = http.put("/api/preferences", json={"muted": ["g_0123456789abcdef", "😀"]})
            assert junk.status_code == 422 and "muted" in junk.text, junk.text
            assert http.get("/api/account").json()["chat"] is False  # unchanged
            assert http.get("/api/preferences").json()["muted"] == ["g_0123456789abcdef"]
        guest = Client(live.base, "Gus")
        chat_on(guest)
        guest.close()
        same = Client(live.base, "Gus", guest.token)
        assert same.welcome["chat"]["enabled"] is True
        same.close()
        other_guest = Client(live.base, "Gus")  # another session: its own setting
        assert other_guest.welcome["chat"]["enabled"] is False
        other_guest.close()
        muting = Client(live.base, "Gus", guest.token)
        muting.request(type="mute", user="g_0123456789abcdef")
        muting.close()
    # A restart (or another instance) finds the guest's setting in the database.
    with ThreadServer(social_settings(tmp_path / "p.db")) as live:
        back = Client(live.base, "Gus", guest.token)
        assert back.welcome["chat"]["enabled"] is True
        assert back.welcome["chat"]["muted"] == ["g_0123456789abcdef"]
        back.close()
        stranger = Client(live.base, "Gus")
        assert stranger.welcome["chat"]["enabled"] is False
        stranger.close()


def test_chat_settings_change_at_most_so_often_and_a_non_change_is_free(tmp_path: Path) -> None:
    """Each change is a database write every table shares: one person toggling a mute in a
    loop is refused past PREF_CHANGES a minute (on the socket and over HTTP alike), while
    repeating a setting already in force changes nothing and costs nothing."""
    other = "g_0123456789abcdef"
    with ThreadServer(social_settings(tmp_path / "p.db")) as live:
        gus = Client(live.base, "Gus")
        for _ in range(3 * PREF_CHANGES):  # the same mute again and again: one change
            assert gus.request(type="mute", user=other)["muted"] == [other]
        for change in range(PREF_CHANGES - 1):
            kind = "unmute" if change % 2 == 0 else "mute"
            assert gus.request(type=kind, user=other)["type"] == "chat_settings"
        refused = gus.expect_error("rate_limited", type="chat_settings", enabled=True)
        assert f"at most {PREF_CHANGES} times a minute" in refused["message"]
        assert "wait" in refused["message"]
        assert 0 < refused["retry_after"] <= 60  # a client may try again after this long
        unchanged = gus.request(type="chat_settings", enabled=False)  # as it is: answered
        assert unchanged["enabled"] is False and unchanged["muted"] == []
        with httpx.Client(base_url=live.base) as http:
            http.cookies.set("euchre_session", gus.token)
            over = http.put("/api/preferences", json={"chat": True})
            assert over.status_code == 429 and over.json()["code"] == "rate_limited"
            assert 1 <= int(over.headers["retry-after"]) <= 60
            assert http.get("/api/preferences").json()["chat"] is False  # nothing changed
        gus.close()


def test_the_default_limits_are_the_documented_ones() -> None:
    defaults = Settings()
    assert (defaults.chat_max_chars, defaults.chat_messages, defaults.chat_seconds) == (200, 5, 10)
    assert defaults.provisional_games == 10
    assert (defaults.login_name_failures, defaults.login_address_attempts) == (5, 30)


def test_the_chat_log_comes_back_after_a_restart(tmp_path: Path) -> None:
    """The recent lines a table's chat log shows were kept in memory only: after a restart
    (or a takeover) it was empty, though every line was stored. They are read back."""
    settings = social_settings(tmp_path / "log.db")
    with ThreadServer(settings) as live:
        table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
        sue = Client(live.base, "Sue")
        assert sue.request(type="join", invite=ann.view(table).invite)["you"]["seat"] is None
        for client in (ann, bob, sue):
            chat_on(client)
        said = [say(ann, table, "hello"), say(bob, table, "hi Ann")]
        say(sue, table, "watching")
        before = bob.request(type="chat_log", table=table)["messages"]
        tokens = [c.token for c in (ann, bob)]
        for client in (ann, bob, sue):
            client.close()
    with ThreadServer(settings) as live:
        ann, bob = (Client(live.base, name, tokens[i]) for i, name in enumerate(["Ann", "Bob"]))
        for client in (ann, bob):
            assert client.request(type="join", table=table)["type"] == "table"
        after = bob.request(type="chat_log", table=table)["messages"]
        assert after == before
        assert [(m["id"], m["text"], m["from"]["seat"]) for m in after] == [
            (said[0]["id"], "hello", 0),
            (said[1]["id"], "hi Ann", 1),
        ]
        say(ann, table, "back again")  # once, though the log was just read from the store
        texts = [m["text"] for m in ann.request(type="chat_log", table=table)["messages"]]
        assert texts == ["hello", "hi Ann", "back again"]
        ann.close()
        bob.close()
