"""Hand reviews at the server: after a deal, the player's own decisions rated by the
coach, stored and served again without computing; every hand of a finished game over HTTP."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from act_helpers import act_problems
from server_helpers import (
    REVIEW_SECONDS,
    TIMEOUT,
    Client,
    ThreadServer,
    ask_hint,
    fast_settings,
    play_random,
    seat_clients,
)
from social_helpers import account_clients, ranked_table, social_settings

from euchre.engine import actions as A
from euchre.server import reviews as reviews_module
from euchre.server.auth import Identity
from euchre.server.botplay import BotPool
from euchre.server.connection import Endpoint
from euchre.server.reviews import SOON_BACKLOG, Reviews, answer_review
from euchre.store import Repository
from euchre.store.repo import GameRow
from euchre.store.reviews import load_review, update_review


def ask_review(client: Client, table: str, deal: int) -> dict[str, Any]:
    """A review request's answer; the coach's low-priority worker may take a while on a
    busy machine, so this waits longer than other requests."""
    ref = uuid.uuid4().hex[:12]
    client.send(type="review", table=table, deal=deal, ref=ref)
    return client.until(lambda m: m.get("ref") == ref, timeout=TIMEOUT * 8)


def play_first_deal(client: Client, table: str, *others: Client) -> list[str]:
    """Random play until deal 0 is over; returns the first client's own actions in it."""
    play_random([client, *others], table, random.Random(2), stop=lambda s: s["deal"] >= 1)
    return actions_in_deal(client, table, 0)


def no_wait(_deal: int) -> None:
    """Go straight on to the next deal."""


def actions_in_deal(client: Client, table: str, deal: int) -> list[str]:
    """The client's own actions in ``deal`` (which is over)."""
    view = client.view(table)
    overs = [e["version"] for e in view.events if "deal_over" in e]
    after = overs[deal - 1] if deal else 0
    return [
        e["action"]
        for e in view.events
        if e.get("seat") == view.seat and e.get("action") and after < e["version"] <= overs[deal]
    ]


def play_to_a_deal_with_moves(
    client: Client, table: str, *others: Client, after_each: Callable[[int], None] = no_wait
) -> tuple[int, list[str]]:
    """Random play, deal by deal, until a deal is over in which the first client acted
    (a bot partner's loner called before the client's turn to bid leaves it nothing to
    do); returns that deal and the client's actions in it. ``after_each`` is called with
    each deal as it ends, before the next is played."""
    rng = random.Random(2)
    for deal in range(8):
        play_random([client, *others], table, rng, stop=lambda s, d=deal: s["deal"] > d)
        after_each(deal)
        mine = actions_in_deal(client, table, deal)
        if mine:
            return deal, mine
    raise AssertionError("the client had no move in eight deals")


def check_position(decision: dict[str, Any]) -> None:
    """Where the decision was made: the hand held (the card played among it), the trick so
    far (the others' cards, never the player's own) and the turn-up while it lay face up."""
    where = decision["position"]
    act = decision["acts"][decision["chosen"]]
    assert len(where["hand"]) in range(1, 7), where
    assert all(c["seat"] != 0 for c in where["trick"]) and len(where["trick"]) < 4, where
    if act["kind"] == "play":
        assert act["card"] in where["hand"] and where["upcard"] is None, where
        assert where["phase"] == "play", where
    if act["kind"] == "order":
        assert where["upcard"] is not None and where["trick"] == [], where
        assert where["phase"] == "bid_r1", where


def test_a_player_gets_their_review_once_the_deal_is_over(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "euchre.db", reviews_after_hand=True)
    with ThreadServer(settings) as live:
        check_reviews_at_the_table(live)


def check_reviews_at_the_table(live: ThreadServer) -> None:
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
    ann.send(type="start", table=table)
    ann.until(lambda m: m.get("event", {}).get("kind") == "started")
    early = ann.expect_error("bad_state", type="review", table=table, deal=0)
    assert "deal 0 is not over" in early["message"]
    reviews = live.server.reviews

    def reviewed(deal: int) -> None:
        """Ann's and Bob's reviews of each deal are computed once it ends, unasked; waiting
        for them keeps a person's queue short (a third queued review would be left to be
        computed when asked, and the count would depend on the machine's speed: CI)."""
        deadline = time.monotonic() + 4 * TIMEOUT  # seconds of search each on a busy machine
        while reviews.computed < 2 * (deal + 1) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert reviews.computed == 2 * (deal + 1)

    deal, mine = play_to_a_deal_with_moves(ann, table, bob, after_each=reviewed)
    answer = ask_review(ann, table, deal)
    assert answer["type"] == "review", answer
    assert (answer["deal"], answer["seat"]) == (deal, 0)
    chosen = [d["chosen"] for d in answer["decisions"]]
    assert chosen and set(chosen) <= {A.action_text(A.parse_action(a)) for a in mine}
    for decision in answer["decisions"]:
        # "best" is the recommendation: among choices about equal, the conventional one,
        # which may be worth a little less than the one chosen (then nothing was lost)
        lost = max(0.0, decision["best_value"] - decision["chosen_value"])
        assert decision["loss"] == pytest.approx(lost, abs=2e-3)
        assert decision["mark"] in (None, "inaccuracy", "mistake", "blunder")
        assert decision["mark"] is None or decision["loss"] >= 0.2
        check_acts(decision)
        check_position(decision)
    assert reviews.computed == 2 * (deal + 1)  # Ann's was computed before she asked
    again = ask_review(ann, table, deal)
    assert again["decisions"] == answer["decisions"]
    assert reviews.computed == 2 * (deal + 1)  # read from the store, not computed again
    bob_review = ask_review(bob, table, deal)
    assert bob_review["seat"] == 1  # each player gets their own seat's review
    for client in (ann, bob):
        client.close()


def test_following_the_hints_is_never_marked_down_in_the_review(live: ThreadServer) -> None:
    """The hint at a decision and its review sample the same deals: a player who takes
    every recommended move gets a review that rates each one the best."""
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0)
    ann.send(type="start", table=table)
    rng, deal, taken = random.Random(5), 0, dict[str, float]()
    while not taken:  # a bot's loner may leave Ann no choice in a deal: then the next one
        deal = ann.view(table).state["deal"] if ann.view(table).state else 0  # type: ignore[index]
        taken = follow_the_hints(ann, table, rng, deal)
    review = ask_review(ann, table, deal)
    assert review["type"] == "review", review
    rated = {d["chosen"]: d for d in review["decisions"]}
    assert set(rated) == set(taken)
    for action, value in taken.items():
        decision = rated[action]
        assert (decision["best"], decision["mark"], decision["loss"]) == (action, None, 0)
        assert decision["chosen_value"] == pytest.approx(value, abs=1e-6)
    ann.close()


def follow_the_hints(ann: Client, table: str, rng: random.Random, deal: int) -> dict[str, float]:
    """Seat 0 plays the hint's move at each choice until ``deal`` is over; returns each
    move taken on a hint with the value the hint gave it."""
    taken: dict[str, float] = {}
    while True:
        play_random([ann], table, rng, stop=lambda s: s["to_act"] == 0 or s["deal"] > deal)
        view = ann.view(table)
        state = view.state
        assert state is not None and state["winner"] is None
        if state["deal"] > deal:
            return taken
        action = state["legal"][0]
        if len(state["legal"]) > 1:
            hint = ask_hint(ann, table)
            assert hint["type"] == "hint", hint
            action = hint["recommended"]
            taken[action] = hint["values"][0]["value"]
        before = view.version
        ann.send(type="act", table=table, action=action, version=before)
        ann.until(lambda m, b=before, v=view: m["type"] == "error" or v.version > b)


def check_acts(decision: dict[str, Any]) -> None:
    """A decision carries the object of each action it names, and only of those."""
    named = {decision["chosen"], decision["best"]}
    # the two a "margin" or "close" fact compares, the call a "call_risk" passes up
    named |= {f[k] for f in decision["facts"] for k in ("best", "next") if k in f}
    assert set(decision["acts"]) == named
    assert [p for text, act in decision["acts"].items() for p in act_problems(text, act)] == []


def test_a_spectator_gets_no_review(live: ThreadServer) -> None:
    table, ann, eve, _ = _ann_and_bots_started_with_eve_watching(live)
    play_first_deal(ann, table)
    eve.expect_error("not_seated", type="review", table=table, deal=0)
    ann.close()
    eve.close()


def _ann_and_bots_started_with_eve_watching(live: ThreadServer) -> tuple[str, Client, Client, int]:
    """Ann's private game with three bots, started, and Eve watching it by the invite since
    the version returned."""
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0)
    eve = Client(live.base, "Eve")
    eve.send(type="join", invite=ann.view(table).invite)
    watched = int(eve.until(lambda m: m["type"] == "table")["version"])
    ann.send(type="start", table=table)
    return table, ann, eve, watched


def test_a_bots_seat_taken_over_gets_no_review_of_the_deals_the_bot_began(
    live: ThreadServer,
) -> None:
    table, ann, eve, _ = _ann_and_bots_started_with_eve_watching(live)
    play_first_deal(ann, table)  # the bots at seats 1 to 3 played deal 0 (a bot's discard)
    seated = eve.request(type="sit", table=table, seat=1)
    assert (seated["type"], seated["you"]["seat"]) == ("table", 1), seated
    now = seated["state"]  # the deal in progress when Eve sat down
    first = now["deal"] + (1 if now["history"] else 0)  # the first Eve plays from its start
    assert first >= 1
    for deal in range(now["deal"]):  # over, and the bot began them: its cards stay hidden
        refused = eve.expect_error("forbidden", type="review", table=table, deal=deal)
        assert f"deal {first} on" in refused["message"], refused
    assert ask_review(ann, table, 0)["type"] == "review"  # Ann played hers from the start
    play_random([ann, eve], table, random.Random(4), stop=lambda s: s["deal"] > first)
    own = ask_review(eve, table, first)
    assert (own["type"], own["seat"]) == ("review", 1), own
    ann.close()
    eve.close()


def _bot_discarded(state: dict[str, Any]) -> bool:
    """A bot (seats 1 to 3) has discarded in the deal in progress, and seat 0 is to act
    (so nothing moves on until it does)."""
    bots = (h for h in state["history"] if h["seat"] != 0)
    return state["to_act"] == 0 and any(h["act"]["kind"] == "discard" for h in bots)


def test_a_bots_seat_taken_over_mid_deal_does_not_show_the_bots_discard(
    live: ThreadServer,
) -> None:
    table, ann, eve, watched = _ann_and_bots_started_with_eve_watching(live)
    play_random([ann], table, random.Random(5), stop=_bot_discarded)
    state = ann.view(table).state
    assert state is not None
    dealer = state["dealer"]
    seated = eve.request(type="sit", table=table, seat=dealer)
    assert seated["you"]["seat"] == dealer and seated["state"]["deal"] == state["deal"], seated
    assert len(seated["state"]["hand"]) == 5  # the bot's hand is Eve's now, its discard not
    discards = [h for h in seated["state"]["history"] if h["act"]["kind"] == "discard"]
    logged = [e for e in seated["log"] if e.get("act", {}).get("kind") == "discard"]
    caught_up = eve.request(type="resync", table=table, since=watched)["missed"]
    missed = [e for e in caught_up if e.get("act", {}).get("kind") == "discard"]
    assert discards and logged and missed
    for entry in discards + logged + missed:
        assert entry["act"].get("hidden") and entry["action"] == "discard", entry


def test_a_seat_remembers_the_first_deal_its_person_played_whole() -> None:
    from euchre.server.table.parts import Seat, restored_seat

    taken = Seat(user="u1", name="Eve", since_deal=3, since_version=41, since_step=6)
    restored = restored_seat(taken.stored())  # after a restart too
    assert (restored.since_deal, restored.since_version, restored.since_step) == (3, 41, 6)
    assert "since_deal" not in Seat(user="u2", name="Ann").stored()  # seated from the start


def test_every_hand_of_a_finished_game_is_reviewed_for_its_player(live: ThreadServer) -> None:
    table, (ann,) = seat_clients(live.base, ["Ann"], turn_seconds=0, options={"target": 1})
    ann.send(type="start", table=table)
    play_random([ann], table, random.Random(3))
    cookies = {"euchre_session": ann.token}
    url = f"{live.base}/api/games/{table}/review"
    found = httpx.get(url, cookies=cookies, timeout=TIMEOUT * 8)
    assert found.status_code == 200, found.text
    body = found.json()
    assert body["seat"] == 0 and body["deals"]
    assert [d["deal"] for d in body["deals"]] == list(range(len(body["deals"])))
    for deal in body["deals"]:
        for decision in deal["decisions"]:
            check_acts(decision)
    computed = live.server.reviews.computed
    assert httpx.get(url, cookies=cookies, timeout=TIMEOUT).json() == body
    assert live.server.reviews.computed == computed
    other = Client(live.base, "Eve")
    refused = httpx.get(url, cookies={"euchre_session": other.token}, timeout=TIMEOUT)
    # A private game (no clock): to a stranger it does not exist, as its summary says.
    assert (refused.status_code, refused.json()["code"]) == (404, "not_found")
    ann.close()
    other.close()


@pytest.mark.anyio
async def test_one_persons_many_reviews_do_not_hold_up_anothers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def nothing_stored(*_args: Any) -> None:
        return None

    monkeypatch.setattr(reviews_module, "load_review", nothing_stored)
    reviews = Reviews(cast(Repository, None), cast(Any, None), cast(BotPool, None))
    started: list[tuple[str, int]] = []
    gate = asyncio.Event()

    async def compute(game_id: str, deal: int, seat: int) -> list[Any]:
        started.append((game_id, deal))
        await gate.wait()
        return []

    monkeypatch.setattr(reviews, "_compute", compute)
    flood = [asyncio.create_task(reviews.get("long", d, 0, "mallory")) for d in range(5)]
    await asyncio.sleep(0.01)
    other = asyncio.create_task(reviews.get("short", 0, 1, "ann"))
    await asyncio.sleep(0.01)
    assert started == [("long", 0), ("short", 0)]  # Mallory's others wait for her first
    gate.set()
    await asyncio.gather(*flood, other)
    assert sorted(started) == [("long", d) for d in range(5)] + [("short", 0)]
    assert len(reviews._turns) == 0  # nobody's place is kept once their reviews are done


class Inbox:
    """A connection's stand-in: what the server sends it."""

    def __init__(self, person: str) -> None:
        self.identity = Identity(person, person.title())
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


async def turns(count: int = 10) -> None:
    """Let the event loop run everything ready, ``count`` rounds (no clock involved)."""
    for _ in range(count):
        await asyncio.sleep(0)


@pytest.mark.anyio
async def test_a_person_has_one_review_request_in_flight_however_many_connections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reviews = Reviews(cast(Repository, None), cast(Any, None), cast(BotPool, None))
    answering: list[str] = []
    gate = asyncio.Event()

    async def slow_get(game_id: str, deal: int, seat: int, person: str) -> list[Any]:
        answering.append(person)
        await gate.wait()
        return []

    monkeypatch.setattr(reviews, "get", slow_get)
    mallory = [Inbox("mallory"), Inbox("mallory")]  # two connections, one person
    flood = [
        asyncio.create_task(answer_review(reviews, "t", cast(Endpoint, c), 0, 0, i))
        for i, c in enumerate(mallory * 10)
    ]
    await turns()
    refused = [m for c in mallory for m in c.sent]
    assert len(refused) == 19 and {m["code"] for m in refused} == {"busy"}, refused
    assert "one review request at a time" in refused[0]["message"]
    ann = Inbox("ann")
    other = asyncio.create_task(answer_review(reviews, "t", cast(Endpoint, ann), 0, 1, "a"))
    await turns()
    assert answering == ["mallory", "ann"]  # Mallory's flood did not hold Ann up
    gate.set()
    await asyncio.gather(*flood, other)
    assert [m["type"] for c in mallory for m in c.sent].count("review") == 1
    assert ann.sent[0]["type"] == "review"
    again = Inbox("mallory")  # answered: she may ask again
    await answer_review(reviews, "t", cast(Endpoint, again), 1, 0, "b")
    assert again.sent[0]["type"] == "review"


@pytest.mark.anyio
async def test_reviews_after_hand_queue_a_few_per_person_however_fast_deals_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def nothing_stored(*_args: Any) -> None:
        return None

    monkeypatch.setattr(reviews_module, "load_review", nothing_stored)
    reviews = Reviews(cast(Repository, None), cast(Any, None), cast(BotPool, None))
    started: list[int] = []
    gate = asyncio.Event()

    async def compute(game_id: str, deal: int, seat: int) -> list[Any]:
        started.append(deal)
        await gate.wait()
        return []

    monkeypatch.setattr(reviews, "_compute", compute)
    for deal in range(50):  # a long game played as fast as the table goes
        reviews.soon("long", deal, {0: "ann"})
        await turns()
    assert reviews._turns.waiting("ann") == SOON_BACKLOG  # not 50 computations queued
    assert started == [0]
    gate.set()
    await turns(50)
    assert started == list(range(SOON_BACKLOG))


def test_the_review_of_a_ranked_game_in_play_is_asked_for_after_it(tmp_path: Path) -> None:
    """A ranked table reviews no hand while the game goes on: the answer over HTTP said to
    look at the table hand by hand, which a ranked table refuses."""
    with ThreadServer(social_settings(tmp_path / "ranked.db")) as live:
        clients = account_clients(live.base, ["Ann", "Bob", "Cat", "Dan"])
        table = ranked_table(clients)
        clients[0].until(lambda m: m.get("event", {}).get("kind") == "started")
        mine = {"euchre_session": clients[0].token}
        answer = httpx.get(
            f"{live.base}/api/games/{table}/review", cookies=mine, timeout=REVIEW_SECONDS
        )
        assert (answer.status_code, answer.json()["code"]) == (409, "not_finished")
        assert answer.json()["detail"] == (
            "a ranked game is reviewed once it is over: ask again after its last hand"
        )
        for client in clients:
            client.close()


def test_a_stored_review_is_answered_again_without_loading_the_game(
    live: ThreadServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = live.server.store
    load_game = store.load_game
    loads: list[str] = []

    async def counted(game_id: str) -> GameRow | None:
        loads.append(game_id)
        return await load_game(game_id)

    monkeypatch.setattr(store, "load_game", counted)
    table, (ann, bob) = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=0)
    ann.send(type="start", table=table)
    deal, _ = play_to_a_deal_with_moves(ann, table, bob)
    first = ask_review(ann, table, deal)
    assert first["type"] == "review" and first["decisions"], first
    loaded = loads.count(table)
    for _ in range(5):  # each used to load and replay the whole game for the positions
        assert ask_review(ann, table, deal)["decisions"] == first["decisions"]
    assert loads.count(table) == loaded
    # A review stored before reviews kept their positions: worked out once, then stored.
    old = [
        {k: v for k, v in d.items() if k not in ("position", "acts")} for d in first["decisions"]
    ]
    assert live.loop is not None
    stripped = update_review(live.server.engine, table, deal, 0, old)
    asyncio.run_coroutine_threadsafe(stripped, live.loop).result(TIMEOUT)
    for _ in range(3):
        again = ask_review(ann, table, deal)
        assert again["decisions"] == first["decisions"]
        for decision in again["decisions"]:
            check_position(decision)
    assert loads.count(table) <= loaded + 1
    stored = load_review(live.server.engine, table, deal, 0)
    kept = asyncio.run_coroutine_threadsafe(stored, live.loop).result(TIMEOUT)
    assert kept is not None and all("position" in d for d in kept)
    assert live.server.reviews.computed == 1  # Ann's review, computed once
    for client in (ann, bob):
        client.close()


def test_the_review_of_a_whole_game_counts_against_the_replay_rate(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path / "euchre.db", replay_per_session=2)
    with ThreadServer(settings) as live:
        ann = Client(live.base, "Ann")
        url = f"{live.base}/api/games/nosuchgame/review"
        cookies = {"euchre_session": ann.token}
        codes = [httpx.get(url, cookies=cookies, timeout=TIMEOUT).status_code for _ in range(3)]
        assert codes == [404, 404, 429]
        ann.close()


def test_a_move_the_turn_clock_made_is_not_in_the_review(tmp_path: Path) -> None:
    """The review credited the player with the pass the server made when their time ran out
    ("Best — You: Pass"): a move made for the seat is not its person's decision."""
    with ThreadServer(fast_settings(tmp_path / "clock.db")) as live:
        table, clients = seat_clients(live.base, ["Ann", "Bob"], turn_seconds=1)
        clients[0].send(type="start", table=table)
        timed = clients[0].until(
            lambda m: m["type"] == "event" and m["event"].get("by") == "timer", timeout=TIMEOUT
        )["event"]
        play_random(clients, table, random.Random(4), stop=lambda s: s["deal"] >= 1)
        view = clients[0].view(table)
        in_deal = [e for e in view.events if e.get("action") and e["version"] <= timed["version"]]
        index = len(in_deal) - 1  # the timed-out move's place in the first deal
        person = clients[timed["seat"]]
        answer = ask_review(person, table, 0)
        assert answer["type"] == "review", answer
        indexes = [d["index"] for d in answer["decisions"]]
        assert index not in indexes, (index, indexes)


def test_a_decision_is_sent_with_the_object_of_every_action_its_facts_name() -> None:
    """A pass told how often the call it passed up is euchred names that call (``next``):
    without its object the replay's reason failed ("reading 'kind'") and showed nothing."""
    from euchre.server.reviews import with_acts

    decision = {
        "chosen": "play 9h",
        "best": "pass",
        "facts": [
            {"kind": "close", "best": "pass", "next": "order alone"},
            {"kind": "call_risk", "next": "call h", "euchred_percent": 58},
        ],
    }
    assert set(with_acts(decision)["acts"]) == {"play 9h", "pass", "order alone", "call h"}
