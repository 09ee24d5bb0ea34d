"""A page that comes back on a new connection takes its seat over from its old one.

A phone that lost its network reconnects within seconds, while the server still holds
the old socket open (its keepalive has not noticed yet): the new connection of the same
page (``?page=`` at the handshake) takes the seat, and the old one is closed with 4409.
Another window or device of the person keeps today's refusal (``seat_in_use``), unless
the person asks to play there (``"take_over": true``). A replaced connection's late
requests cannot act for the seat.
"""

from __future__ import annotations

import time
from typing import Any

from server_helpers import Client, ThreadServer, seat_clients, settle
from websockets.exceptions import ConnectionClosed

from euchre.server.protocol import ProtocolError
from euchre.server.table_commands import Act, Command, Join, Sit, Stand, perform

PAGE = "page-one-1234"
OTHER_PAGE = "page-two-5678"
CLOSE_REPLACED = 4409


def closed_with(client: Client, timeout: float = 15.0) -> int | None:
    """Read until the server closes the client's socket; its close code."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            client.recv(timeout=deadline - time.monotonic())
    except ConnectionClosed:
        return client.ws.close_code
    raise AssertionError(f"{client.name}: the socket stayed open")


def seat_of(answer: dict[str, Any]) -> int | None:
    assert answer["type"] == "table", answer
    seat: int | None = answer["you"]["seat"]
    return seat


def seated_on_page(live: ThreadServer, page: str | None) -> tuple[str, Client, Client]:
    """Ann (connected from a page with that id) and Bob at a started two-player game."""
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], preset="two-player", turn_seconds=0)
    ann.send(type="start", table=table)
    bob.until(lambda m: m.get("event", {}).get("kind") == "started")
    settle([ann, bob], table)
    old = Client(live.base, "Ann", token=ann.token, page=page)
    ann.close()  # its seat waits for it: the page's socket takes it back
    assert seat_of(old.request(type="join", table=table)) == 0
    return table, old, bob


def test_the_same_page_on_a_new_connection_takes_its_seat_over(live: ThreadServer) -> None:
    table, old, bob = seated_on_page(live, PAGE)
    version = settle([old, bob], table)
    again = Client(live.base, "Ann", token=old.token, page=PAGE)  # the old socket still open
    answer = again.request(type="join", table=table, since=version)
    assert seat_of(answer) == 0
    assert answer["info"]["seats"][0]["connected"]
    assert closed_with(old) == CLOSE_REPLACED
    # No one was told she went or came back: the seat stayed connected all along.
    assert answer["missed"] == []
    # The new connection plays for the seat.
    settle([again, bob], table)
    player = again if again.my_turn(table) else bob
    action = player.view(table).state["legal"][0]
    played = player.request(type="act", table=table, action=action)
    assert played["type"] == "event", played
    again.close()
    bob.close()


def test_a_reload_takes_the_seat_over_again_and_again(live: ThreadServer) -> None:
    table, old, bob = seated_on_page(live, PAGE)
    for _ in range(3):
        again = Client(live.base, "Ann", token=old.token, page=PAGE)
        assert seat_of(again.request(type="join", table=table)) == 0
        assert closed_with(old) == CLOSE_REPLACED
        old = again
    old.close()
    bob.close()


def test_another_page_or_no_page_is_refused(live: ThreadServer) -> None:
    table, old, bob = seated_on_page(live, PAGE)
    for page in (OTHER_PAGE, None):
        twin = Client(live.base, "Ann", token=old.token, page=page)
        twin.expect_error("seat_in_use", type="join", table=table)
        twin.expect_error("seat_in_use", type="sit", table=table)
        twin.expect_error("seat_in_use", type="act", table=table, action="pass")
        twin.close()
    # Neither an id of someone else's page nor no id takes it: the old one still plays.
    assert old.request(type="resync", table=table)["type"] == "table"
    old.close()
    bob.close()


def test_pages_without_an_id_keep_the_refusal(live: ThreadServer) -> None:
    table, old, bob = seated_on_page(live, None)
    twin = Client(live.base, "Ann", token=old.token)
    twin.expect_error("seat_in_use", type="join", table=table)
    twin.close()
    old.close()
    bob.close()


def test_a_malformed_page_id_counts_as_none(live: ThreadServer) -> None:
    table, old, bob = seated_on_page(live, "short")
    twin = Client(live.base, "Ann", token=old.token, page="short")
    twin.expect_error("seat_in_use", type="join", table=table)
    twin.close()
    old.close()
    bob.close()


def test_play_here_takes_the_seat_from_another_window(live: ThreadServer) -> None:
    table, old, bob = seated_on_page(live, PAGE)
    here = Client(live.base, "Ann", token=old.token, page=OTHER_PAGE)
    here.expect_error("seat_in_use", type="join", table=table)
    assert seat_of(here.request(type="join", table=table, take_over=True)) == 0
    assert closed_with(old) == CLOSE_REPLACED
    # The window that lost it, reconnecting with its own id, is refused, not ping-ponged.
    back = Client(live.base, "Ann", token=old.token, page=PAGE)
    back.expect_error("seat_in_use", type="join", table=table)
    assert here.request(type="resync", table=table)["type"] == "table"
    back.close()
    here.close()
    bob.close()


def test_take_over_is_only_for_ones_own_seat(live: ThreadServer) -> None:
    table, old, bob = seated_on_page(live, PAGE)
    eve = Client(live.base, "Eve", page=PAGE)  # another person, even with the same page id
    answer = eve.request(type="join", table=table, take_over=True)
    assert answer["type"] == "error" and answer["code"] == "not_found", answer  # private
    assert old.request(type="resync", table=table)["type"] == "table"
    eve.close()
    old.close()
    bob.close()


def test_a_replaced_connection_cannot_act_for_the_seat(live: ThreadServer) -> None:
    """Its late requests (still on their way when it was replaced) are refused: taking
    the seat back with the same page id, acting, standing up."""
    table, old, bob = seated_on_page(live, PAGE)
    server = live.server
    stale = next(c for c in server.connections if c.page == PAGE)
    again = Client(live.base, "Ann", token=old.token, page=PAGE)
    assert seat_of(again.request(type="join", table=table)) == 0
    assert stale.closed
    at = server.lobby.tables[table]

    async def late(command: Command) -> str:
        try:
            await at.call(perform, at, stale, command)
        except ProtocolError as exc:
            return exc.code
        return "done"

    for command in (Join(), Sit(), Act("pass"), Stand()):
        assert live.run(late(command)) == "seat_in_use", command
    assert at.seats[0].conn is not stale and at.seats[0].conn is not None
    assert again.request(type="resync", table=table)["type"] == "table"
    again.close()
    bob.close()
