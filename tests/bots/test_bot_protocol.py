"""The bot protocol: ``euchre bot --level LEVEL`` over a real subprocess, and rebuilding a
view from an observation alone."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from bot_helpers import VARIANTS

from euchre.bots import make_bot
from euchre.bots.medium import MediumBot
from euchre.bots.protocol import (
    OnlyAction,
    ProcessBot,
    ProtocolError,
    answer,
    serve,
    view_from_observation,
)
from euchre.bots.random import RandomBot
from euchre.engine import GameState, GoUnder, Variant, preset
from euchre.engine import actions as A
from euchre.engine.observations import observation
from euchre.engine.steps import seen_history
from euchre.engine.views import View

BOT = [sys.executable, "-m", "euchre", "bot"]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_observation_rebuilds_the_view(name: str) -> None:
    variant = VARIANTS[name]
    state = GameState(variant, seed=2)
    bot = RandomBot()
    rng = random.Random(2)
    for _ in range(150):
        if state.game_over:
            break
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        obs = json.loads(json.dumps(observation(view)))
        back = view_from_observation(obs)
        # Every rule comes back, dealer_may_discard_upcard too (docs/bot-protocol.md).
        assert back.variant.options() == variant.options()
        # Nor does the observation carry the hand sizes (a table's own key).
        assert dataclasses.replace(back, variant=view.variant) == dataclasses.replace(
            view, deal_number=0, hand_sizes=()
        )
        state.apply(bot.decide(back, rng), seat=seat)


CONTRACT_KEYS = ("variant", "seat", "dealer", "score", "hand", "upcard", "history", "legal")
EXTRA_KEYS = ("phase", "trump", "maker", "alone", "active", "trick", "tricks_won")


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_contracts_keys_alone_rebuild_the_same_view(name: str) -> None:
    """The extra keys are worked out from the history when an observation leaves them out."""
    variant = VARIANTS[name]
    for seed in (3, 4):
        state = GameState(variant, seed=seed)
        rng = random.Random(seed)
        while not state.game_over:
            seat = state.current_player
            assert seat is not None
            full = json.loads(json.dumps(observation(state.view(seat))))
            bare = {key: full[key] for key in CONTRACT_KEYS}
            if _needs_phase(variant, full):  # (tested on its own below)
                with pytest.raises(OnlyAction):  # no view: the one action answers
                    view_from_observation(bare)
            else:
                assert view_from_observation(bare) == view_from_observation(full)
            state.apply(rng.choice(state.legal_actions()))


def test_a_pass_whose_phase_the_history_cannot_tell_is_answered_and_still_checked() -> None:
    """With go-under offers, a lone "pass" before the bidding and one in it look alike: an
    observation of the contract's keys alone was refused ("needs its 'phase'") though pass
    is the only answer. It is answered; one that is wrong in every phase is still refused."""
    variant = preset("standard", go_under="mixed", minimum_trump=True)
    seen = 0
    for seed in range(40):
        state = GameState(variant, seed=seed)
        rng = random.Random(seed)
        while not state.game_over and len(state.deals) < 2:
            seat = state.current_player
            assert seat is not None
            full = json.loads(json.dumps(observation(state.view(seat))))
            bare = {key: full[key] for key in CONTRACT_KEYS}
            if _needs_phase(variant, full):
                seen += 1
                with pytest.raises(OnlyAction):
                    view_from_observation(bare)
                assert _answer_to(bare) == {"action": "pass"}
                twice = dict(bare, hand=[bare["hand"][0]] * len(bare["hand"]))
                assert "is seen twice" in _answer_to(twice)["error"]
                contradicted = dict(bare, trump="h", maker=(seat + 1) % 4)
                assert "observation's 'trump' is 'h'" in _answer_to(contradicted)["error"]
            state.apply(rng.choice(state.legal_actions()))
    assert seen >= 3, seen


def _answer_to(obs: dict[str, object]) -> dict[str, str]:
    reply = answer(RandomBot(), json.dumps({"observation": obs}), random.Random(0))
    assert reply is not None
    return reply


@pytest.mark.parametrize(
    "variant",
    [preset("british", go_under="mixed"), preset("two-player", joker=True, go_under="mixed")],
    ids=["british", "two-player"],
)
def test_a_joker_named_after_an_offer_declined_reads_as_the_naming(variant: Variant) -> None:
    """A turned-up Joker is named by the dealer, with no bidding: a pass before it declined
    the offer to go under. Read as a round-1 bid, the naming was taken for round 2 (and its
    full observation, with phase joker_name, was refused)."""
    seen = 0
    for seed in range(400):
        state = GameState(variant, seed=seed)
        while not state.game_over and len(state.deals) < 3:
            seat = state.current_player
            assert seat is not None
            full = json.loads(json.dumps(observation(state.view(seat))))
            if full["phase"] == "joker_name" and full["history"]:
                seen += 1
                bare = {key: full[key] for key in CONTRACT_KEYS}
                assert view_from_observation(bare) == view_from_observation(full)
            state.apply(random.Random(seed).choice(state.legal_actions()))
        if seen >= 3:
            break
    assert seen >= 3, seen


def _needs_phase(variant: Variant, obs: dict[str, object]) -> bool:
    """Only "pass" legal with go-under or throw-in offers: the one case the history cannot
    tell round 1, round 2 and an offer apart."""
    offers = variant.go_under != GoUnder.OFF or bool(variant.throw_in_hands)
    return offers and obs["legal"] == ["pass"] and obs["phase"] in ("bid_r1", "bid_r2")


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_level_answers_an_observation_with_only_the_contracts_keys(level: str) -> None:
    state = GameState(preset("standard"), seed=11)
    rng = random.Random(11)
    for _ in range(40):
        seat = state.current_player
        assert seat is not None
        full = observation(state.view(seat))
        bare = {key: full[key] for key in CONTRACT_KEYS}
        reply = answer(make_bot(level), json.dumps({"observation": bare, "time_ms": 50}), rng)
        assert reply is not None and reply.get("action") in full["legal"], reply
        state.apply(reply["action"])


@pytest.mark.parametrize("key", EXTRA_KEYS)
def test_an_extra_key_the_history_contradicts_is_refused(key: str) -> None:
    state = GameState(preset("standard"), seed=5)
    rng = random.Random(5)
    while state.phase.name != "PLAY" or state.tricks_played < 1 or len(state.trick) < 1:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    obs = json.loads(json.dumps(observation(state.view(seat))))
    wrong = {
        "phase": "bid_r2",
        "trump": "n" if obs["trump"] != "n" else "c",
        "maker": (obs["maker"] + 1) % 4,
        "alone": not obs["alone"],
        "active": [0],
        "trick": [],
        "tricks_won": [5, 0, 0, 0],
    }
    obs[key] = wrong[key]
    with pytest.raises(ProtocolError, match=f"observation's '{key}' is .* legal actions show"):
        view_from_observation(obs)


def test_malformed_observation_is_an_error() -> None:
    with pytest.raises(ProtocolError, match="observation"):
        view_from_observation({"seat": 0})
    bot = RandomBot()
    rng = random.Random(0)
    assert "error" in answer(bot, "not json", rng)  # type: ignore[operator]
    assert "error" in answer(bot, "[1, 2]", rng)  # type: ignore[operator]
    assert "error" in answer(bot, '{"observation": 3}', rng)  # type: ignore[operator]
    assert answer(bot, '{"quit": true}', rng) is None


def _drive(proc: subprocess.Popen[str], request: dict[str, object]) -> dict[str, object]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    reply = json.loads(proc.stdout.readline())
    assert isinstance(reply, dict)
    return reply


def test_subprocess_plays_a_whole_deal() -> None:
    """Seat 0 is a ``medium`` bot in another process; every answer is legal."""
    proc = subprocess.Popen(
        [*BOT, "--level", "medium", "--seed", "4"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    state = GameState(preset("standard"), seed=12)
    local = MediumBot()
    rng = random.Random(1)
    asked = 0
    try:
        while len(state.deals) <= 2:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if seat == 0:
                reply = _drive(proc, {"observation": observation(view), "time_ms": 1000})
                action = reply["action"]
                asked += 1
            else:
                action = local.decide(view, rng)
            assert action in view.legal_texts()
            state.apply(str(action), seat=seat)
        error = _drive(proc, {"observation": {"seat": 0}})
        assert "error" in error
        bad = _drive(proc, {"hello": 1})
        assert "error" in bad
        assert proc.stdin is not None
        proc.stdin.write('{"quit": true}\n')
        proc.stdin.flush()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
    assert asked >= 3


def test_unknown_level_exits_with_a_message() -> None:
    done = subprocess.run(
        [*BOT, "--level", "wizard"], input="", capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "unknown bot level" in done.stderr and "hard" in done.stderr


def test_hard_answers_with_a_time_budget() -> None:
    state = GameState(preset("standard"), seed=5)
    obs = observation(state.view(state.current_player))
    request = json.dumps({"observation": obs, "time_ms": 50})
    done = subprocess.run(
        [*BOT, "--level", "hard"],
        input=request + "\n" + '{"quit": true}\n',
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["action"] in state.legal_actions()


MY_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("quit"):
        break
    legal = message["observation"]["legal"]
    print(json.dumps({"action": legal[-1]}), flush=True)
"""


def test_process_bot_speaks_to_a_program(tmp_path: Path) -> None:
    script = tmp_path / "mybot.py"
    script.write_text(MY_BOT)
    bot = ProcessBot(f"{sys.executable} {script}")
    state = GameState(preset("standard"), seed=6)
    try:
        for _ in range(12):
            view = state.view(state.current_player)
            action = bot.decide(view, random.Random(0))
            assert action == view.legal_texts()[-1]
            state.apply(action)
    finally:
        bot.close()


def _first_decision_is_refused(tmp_path: Path, program: str, reason: str) -> None:
    """The bot ``program`` (Python source), asked its first Standard decision, is refused
    with an error matching ``reason``."""
    script = tmp_path / "bot.py"
    script.write_text(program)
    bot = ProcessBot(f"{sys.executable} {script}")
    state = GameState(preset("standard"), seed=6)
    try:
        with pytest.raises(ProtocolError, match=reason):
            bot.decide(state.view(state.current_player), random.Random(0))
    finally:
        bot.close()


def test_process_bot_rejects_illegal_answers(tmp_path: Path) -> None:
    cheat = MY_BOT.replace("legal[-1]", '"order alone now"')
    _first_decision_is_refused(tmp_path, cheat, "legal: pass")


def test_a_program_silent_past_its_budget_is_stopped_with_an_error(tmp_path: Path) -> None:
    script = tmp_path / "stuck.py"
    script.write_text("import sys, time\nsys.stdin.readline()\ntime.sleep(600)\n")
    bot = ProcessBot(f"{sys.executable} {script}", time_ms=200)
    state = GameState(preset("standard"), seed=6)
    try:
        with pytest.raises(ProtocolError, match=r"gave no answer within 1.2 s .*legal: pass"):
            bot.decide(state.view(state.current_player), random.Random(0))
    finally:
        bot.close()


def test_a_program_within_its_budget_plays_on(tmp_path: Path) -> None:
    script = tmp_path / "mybot.py"
    script.write_text(MY_BOT)
    bot = ProcessBot(f"{sys.executable} {script}", time_ms=200)
    state = GameState(preset("standard"), seed=6)
    try:
        for _ in range(6):
            state.apply(bot.decide(state.view(state.current_player), random.Random(0)))
    finally:
        bot.close()


# ---------------------------------------------------------------------- unhappy paths

STD = {"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER"}
BID = {
    "variant": STD,
    "seat": 0,
    "dealer": 3,
    "score": [0, 0],
    "hand": ["Jc", "Ad", "Ks", "Qh", "Jh"],
    "upcard": "Qd",
    "history": [],
    "legal": ["pass", "order", "order alone"],
}
PLAYED = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "order"), (3, "discard")]
PLAY = BID | {
    "history": [{"seat": s, "action": a} for s, a in PLAYED],
    "legal": ["play Jc", "play Ad", "play Ks", "play Qh", "play Jh"],
    "phase": "play",
    "trump": "d",
    "maker": 3,
    "alone": False,
    "active": [0, 1, 2, 3],
    "trick": [],
    "tricks_won": [0, 0, 0, 0],
}


def _error(obs: object, **request: object) -> str:
    """The error ``euchre bot`` answers to one request (it must answer one)."""
    line = json.dumps({"observation": obs, **request})
    reply = answer(RandomBot(), line, random.Random(0))
    assert reply is not None and "error" in reply and "action" not in reply, reply
    message = reply["error"]
    assert isinstance(message, str)
    for internal in ("KeyError", "TypeError", "Phase.", "ActionError", "<", "(0, 1"):
        assert internal not in message, message
    return message


def _without(obs: dict[str, object], key: str) -> dict[str, object]:
    return {k: v for k, v in obs.items() if k != key}


def _history(*entries: tuple[int, str]) -> list[dict[str, object]]:
    return [{"seat": s, "action": a} for s, a in entries]


def test_the_valid_examples_get_an_answer() -> None:
    for obs in (BID, PLAY, {key: PLAY[key] for key in CONTRACT_KEYS}):
        reply = answer(RandomBot(), json.dumps({"observation": obs}), random.Random(0))
        assert reply is not None and reply.get("action") in obs["legal"], reply  # type: ignore[operator]


def test_whole_numbers_written_as_floats_are_read_as_the_numbers_they_are() -> None:
    """Many JSON writers write 4 as 4.0: the contract says "a number", so 4.0 is 4."""
    floats = {
        "seat": 0.0,
        "dealer": 3.0,
        "score": [0.0, 0.0],
        "variant": STD | {"winning_score": 10.0},
        "deal": 4.0,
        "tricks_won": [0.0, 0.0, 0.0, 0.0],
    }
    for bot in (RandomBot(), MediumBot()):
        reply = answer(bot, json.dumps({"observation": PLAY | floats}), random.Random(0))
        assert reply is not None and reply.get("action") in PLAY["legal"], reply  # type: ignore[operator]


@pytest.mark.parametrize("key", CONTRACT_KEYS)
def test_a_missing_contract_key_is_named_with_the_whole_contract(key: str) -> None:
    message = _error(_without(BID, key))
    assert f"missing key '{key}'" in message
    assert "variant, seat, dealer, score, hand, upcard, history, legal" in message


@pytest.mark.parametrize(
    ("change", "wanted"),
    [
        ({"seat": 7}, ["'seat'", "0 to 3", "got 7"]),
        ({"seat": "0"}, ["'seat'", "0 to 3", "got '0'"]),
        ({"seat": True}, ["'seat'", "0 to 3", "got true"]),
        ({"seat": 1.5}, ["'seat'", "0 to 3", "got 1.5"]),
        ({"dealer": -1}, ["'dealer'", "0 to 3", "got -1"]),
        ({"score": [0]}, ["'score'", "2 whole numbers", "team"]),
        ({"score": "0-0"}, ["'score'", "list"]),
        ({"score": [-2, 3]}, ["'score'", "none below 0", "got [-2, 3]"]),
        ({"score": [0.5, 3]}, ["'score'", "2 whole numbers", "got [0.5, 3]"]),
        ({"variant": "standard"}, ["'variant'", "EGN ruleset object"]),
        ({"variant": STD | {"num_players": 5}}, ["'variant'", "players must be 2, 3 or 4"]),
        ({"hand": "Jc Ad"}, ["'hand'", "list of cards"]),
        ({"hand": ["10h", "Ad", "Ks", "Qh", "Jh"]}, ["'hand[0]'", "'10h' is not a card", "'Th'"]),
        ({"hand": ["jc", "Ad", "Ks", "Qh", "Jh"]}, ["'hand[0]'", "'jc' is not a card", "'Jc'"]),
        ({"hand": ["7c", "Ad", "Ks", "Qh", "Jh"]}, ["'hand[0]'", "'7c'", "24-card deck", "9 to A"]),
        ({"hand": ["B", "Ad", "Ks", "Qh", "Jh"]}, ["'hand[0]'", "'B'", "24-card deck"]),
        ({"upcard": "QD"}, ["'upcard'", "'QD' is not a card", "'Qd'"]),
        ({"legal": "pass"}, ["'legal'", "list of actions", "got 'pass'"]),
        ({"legal": ["pass", "fly"]}, ["'legal[1]'", "'fly' is not an action", "order alone"]),
        ({"legal": ["pass", "Order", "order alone"]}, ["'legal[1]'", "'Order'", "'order'"]),
        ({"legal": ["pass", "pass"]}, ["'legal'", "twice"]),
        ({"legal": ["discard"]}, ["'legal[0]'", "'discard' is not an action"]),
        ({"history": {"seat": 1}}, ["'history'", "list"]),
        ({"history": [{"action": "pass"}], "seat": 1}, ["'history[0]'", '"seat": k']),
        ({"history": [{"seat": 0, "action": "PASS"}], "seat": 1}, ["'history[0]'", "'pass'"]),
        ({"history": [{"seat": 9, "action": "pass"}], "seat": 1}, ["'history[0].seat'", "0 to 3"]),
    ],
)
def test_a_malformed_contract_key_says_what_is_allowed(
    change: dict[str, object], wanted: list[str]
) -> None:
    message = _error(BID | change)
    for words in wanted:
        assert words in message, (words, message)


@pytest.mark.parametrize(
    ("change", "wanted"),
    [
        ({"phase": None}, ["'phase' must be one of", "bid_r1", "play", "got null"]),
        ({"phase": "PLAY"}, ["'phase' must be one of", "got 'PLAY'"]),
        ({"phase": "bid_r2"}, ["'phase' is 'bid_r2'", "legal actions show 'play'"]),
        ({"trump": "h"}, ["'trump' is 'h'", "legal actions show 'd'"]),
        ({"trump": "hearts"}, ["'trump' must be c, d, h, s, n", "null"]),
        ({"maker": 2}, ["'maker' is 2", "legal actions show 3"]),
        ({"maker": "3"}, ["'maker'", "0 to 3", "got '3'"]),
        ({"alone": "no"}, ["'alone' must be true or false", "got 'no'"]),
        ({"alone": True}, ["'alone' is true", "legal actions show false"]),
        ({"active": [0, 2]}, ["'active' is [0, 2]", "legal actions show [0, 1, 2, 3]"]),
        ({"tricks_won": [1, 0, 0, 0]}, ["'tricks_won' is [1, 0, 0, 0]", "show [0, 0, 0, 0]"]),
        ({"tricks_won": [0, 0]}, ["'tricks_won' must be a list of 4 whole numbers"]),
        ({"trick": [{"seat": 1, "card": "9c"}]}, ["'trick' is", "legal actions show []"]),
        ({"trick": ["9c"]}, ["'trick[0]' must be", '"card"']),
    ],
)
def test_a_derived_key_is_checked_in_protocol_terms(
    change: dict[str, object], wanted: list[str]
) -> None:
    message = _error(PLAY | change)
    for words in wanted:
        assert words in message, (words, message)


@pytest.mark.parametrize(
    ("change", "wanted"),
    [
        # Every card is in one place.
        (
            {"hand": ["Ad", "Ad", "Ks", "Qh", "Jh"]},
            ["'Ad' is seen twice", "'hand[0]'", "'hand[1]'"],
        ),
        (
            {"history": _history(*PLAYED, (0, "play Jc")), "seat": 1, "hand": ["Jc", "9h"]},
            ["'Jc' is seen twice"],
        ),
        # The turn-up is not in a hand before it is ordered up.
        ({"hand": ["Qd", "Ad", "Ks", "Qh", "Jh"]}, ["turn-up 'Qd'", "no one has ordered it up"]),
        # The hand has the size the deal gives it now.
        ({"hand": ["Ad", "Ks", "Qh", "Jh"]}, ["'hand' has 4 cards", "holds 5"]),
        ({"hand": ["Jc", "Ad", "Ks", "Qh", "Jh", "9c"]}, ["'hand' has 6 cards", "holds 5"]),
        # Bids go round from the dealer's left.
        (
            {"history": _history((1, "pass"), (0, "pass"))},
            ["'history[0]'", "seat 1 bids out of turn", "seat 0's turn"],
        ),
        ({"history": _history((0, "pass"))}, ["'seat' is 0", "seat 1's turn"]),
        # What legal names must be possible.
        ({"legal": ["play 9c"]}, ["'legal[0]' is 'play 9c'", "'9c' is not in 'hand'"]),
        ({"legal": ["play Jc"]}, ["no one has made trump"]),
    ],
)
def test_an_observation_that_contradicts_itself_is_refused(
    change: dict[str, object], wanted: list[str]
) -> None:
    message = _error(BID | change)
    for words in wanted:
        assert words in message, (words, message)


def test_cards_are_played_in_turn() -> None:
    out_of_turn = _history(*PLAYED, (1, "play 9c"))
    message = _error(
        PLAY | {"history": out_of_turn, "seat": 2, "hand": ["Tc", "Ac", "Kc", "Ah", "9h"]}
    )
    assert "'history[5]'" in message and "seat 1 plays out of turn" in message
    assert "seat 0's turn" in message
    before_trump = _history((0, "play Jc"))
    message = _error(
        BID | {"history": before_trump, "seat": 1, "hand": ["9c", "Tc", "Ac", "Kc", "Ah"]}
    )
    assert "before anyone made trump" in message
    message = _error(PLAY | {"seat": 1, "hand": ["9c", "Tc", "Ac", "Kc", "Ah"]})
    assert "'seat' is 1" in message and "seat 0's turn to play" in message


def _taken_over_positions(variant: Variant, seed: int) -> list[View]:
    """Decisions of seats that discarded or gave a card earlier in the deal, as a person
    who sat down in that seat after it sees them: their own discard or gift bare, as a
    spectator sees it (the server's ``seat_view`` for a seat taken over from a bot)."""
    state = GameState(variant, seed=seed)
    rng = random.Random(seed)
    found: list[View] = []
    while not state.game_over and len(found) < 6:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        own_hidden = any(s == seat and (A.is_discard(a) or A.is_give(a)) for s, a in view.history)
        if own_hidden:
            found.append(dataclasses.replace(view, history=seen_history(view.history, None)))
        state.apply(RandomBot().decide(view, rng), seat=seat)
    return found


@pytest.mark.parametrize("name", ["standard", "defend-best", "best-pickup"])
def test_a_seat_taken_over_with_its_own_discard_bare_gets_an_answer(name: str) -> None:
    """docs/protocol.md: a person who sits in a bot's seat part way through a deal sees
    the bot's discard as a spectator does; that state is still an observation every level
    of ``euchre bot`` answers."""
    views = [v for seed in (1, 2, 3) for v in _taken_over_positions(VARIANTS[name], seed)]
    assert views
    for view in views:
        obs = json.loads(json.dumps(observation(view)))
        assert any(
            e["action"] in ("discard", "give") and e["seat"] == view.seat for e in obs["history"]
        )
        for level in ("random", "medium", "hard"):
            line = json.dumps({"observation": obs, "time_ms": 20})
            reply = answer(make_bot(level), line, random.Random(0))
            assert reply is not None and reply.get("action") in obs["legal"], (level, reply)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_long_game_gets_an_answer(level: str) -> None:
    # The engine takes any target; the bots' match values must too.
    obs = {**BID, "variant": {"winning_score": 1000}, "score": [3, 990]}
    line = json.dumps({"observation": obs, "time_ms": 50})
    reply = answer(make_bot(level), line, random.Random(0))
    assert reply is not None and reply.get("action") in BID["legal"], reply  # type: ignore[operator]


@pytest.mark.parametrize("time_ms", ["fast", -5, True, [100]])
def test_time_ms_must_be_milliseconds(time_ms: object) -> None:
    message = _error(BID, time_ms=time_ms)
    assert "'time_ms'" in message and "milliseconds" in message


def test_a_time_ms_too_large_for_a_float_is_no_limit_and_reading_goes_on() -> None:
    # JSON has no limit on a number's size; Python reads 1e999 as infinity.
    request = '{"observation": ' + json.dumps(BID) + ', "time_ms": 1e999}'
    stdin = io.StringIO(request + "\n" + json.dumps({"observation": BID}) + "\n")
    stdout = io.StringIO()
    assert serve(RandomBot(), stdin, stdout) == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [r.get("action") in BID["legal"] for r in replies] == [True, True], replies  # type: ignore[operator]


@pytest.mark.parametrize("level", ["random", "medium", "hard"])
def test_a_whole_number_time_ms_past_any_float_is_no_limit_at_every_level(level: str) -> None:
    """``hard`` turned a budget of 1 and 400 zeros into a float and stopped with an
    OverflowError: such a number is a budget without a limit, as 1e999 is."""
    request = '{"observation": ' + json.dumps(BID) + ', "time_ms": 1' + "0" * 400 + "}"
    reply = answer(make_bot(level), request, random.Random(0))
    assert reply is not None and reply.get("action") in BID["legal"], reply  # type: ignore[operator]


def test_a_number_too_long_to_read_is_answered_and_reading_goes_on() -> None:
    """A number of 5,000 digits anywhere in a line stopped ``euchre bot`` with a traceback
    (Python reads at most 4,300): the line is answered with the reason, as one nested
    too deeply is."""
    long = '{"observation": {}, "time_ms": ' + "9" * 5000 + "}"
    stdin = io.StringIO(long + "\n" + json.dumps({"observation": BID}) + "\n")
    stdout = io.StringIO()
    assert serve(RandomBot(), stdin, stdout) == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert len(replies) == 2
    assert "a number of more than 4300 digits" in replies[0]["error"], replies[0]
    assert replies[1]["action"] in BID["legal"]


def test_time_ms_may_be_absent_or_null() -> None:
    for request in ({"observation": BID}, {"observation": BID, "time_ms": None}):
        reply = answer(RandomBot(), json.dumps(request), random.Random(0))
        assert reply is not None and reply.get("action") in BID["legal"]  # type: ignore[operator]


@pytest.mark.parametrize(
    ("line", "wanted"),
    [
        ("hello", "not JSON"),
        ("[1, 2]", "JSON object"),
        ("{}", "no 'observation'"),
        ('{"quit": false}', "no 'observation'"),
        ('{"observation": null}', "an observation is a JSON object with the keys variant"),
        ('{"observation": "x"}', "an observation is a JSON object with the keys variant"),
    ],
)
def test_a_line_that_is_no_request_says_what_is_expected(line: str, wanted: str) -> None:
    reply = answer(RandomBot(), line, random.Random(0))
    assert reply is not None and wanted in reply["error"], reply


@pytest.mark.parametrize("value", ["1", '"yes"', "[true]", '{"now": true}', "false", "null"])
def test_only_quit_true_ends_the_session(value: str) -> None:
    stdin = io.StringIO(f'{{"quit": {value}}}\n' + json.dumps({"observation": BID}) + "\n")
    stdout = io.StringIO()
    assert serve(RandomBot(), stdin, stdout) == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert len(replies) == 2, replies
    refused = replies[0]["error"]
    assert '{"quit": true}' in refused and f"'quit': {value}" in refused, refused
    assert replies[1]["action"] in BID["legal"]


def test_every_line_gets_an_answer_even_a_blank_one() -> None:
    stdin = io.StringIO("\n   \n" + json.dumps({"observation": BID}) + "\n")
    stdout = io.StringIO()
    assert serve(RandomBot(), stdin, stdout) == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert len(replies) == 3
    for blank in replies[:2]:
        assert "observation" in blank["error"] and "JSON object" in blank["error"]
    assert replies[2]["action"] in BID["legal"]


def test_a_blank_line_gets_an_answer_over_the_process() -> None:
    request = json.dumps({"observation": BID})
    done = subprocess.run(
        [*BOT, "--level", "random"],
        input="\n" + request + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    assert "observation" in json.loads(lines[0])["error"]
    assert json.loads(lines[1])["action"] in BID["legal"]


def test_a_too_deeply_nested_line_is_answered_and_reading_goes_on() -> None:
    nested = "[" * 100_000 + "]" * 100_000
    stdin = io.StringIO(nested + "\n" + json.dumps({"observation": BID}) + "\n")
    stdout = io.StringIO()
    assert serve(RandomBot(), stdin, stdout) == 0
    replies = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert len(replies) == 2
    assert "nests arrays and objects too deeply" in replies[0]["error"]
    assert replies[1]["action"] in BID["legal"]


def test_a_too_deeply_nested_answer_is_an_error_naming_the_bot(tmp_path: Path) -> None:
    deep = MY_BOT.replace('json.dumps({"action": legal[-1]})', '"[" * 100000 + "]" * 100000')
    _first_decision_is_refused(tmp_path, deep, "nests arrays and objects too deeply")


def test_an_unknown_rule_in_the_variant_lists_the_egn_keys_too() -> None:
    """A bot writer sends EGN's keys (the observation's own): a misspelt one is answered
    with those keys, not only with the engine's option names."""
    message = _error(BID | {"variant": {"std": True, "farmer": True}})
    assert "'variant': unknown option farmer" in message
    for key in ("farmers", "partners_best", "winning_score", "num_players", "allow_no_trump"):
        assert key in message, (key, message)
    assert "dealer_may_discard_upcard" in message and "joker_upcard_rule" in message


ROUND_2 = BID | {  # the Qd turned down; seat 0 to name a suit
    "history": [{"seat": s, "action": "pass"} for s in (0, 1, 2, 3)],
    "legal": ["pass", "call c", "call c alone", "call s", "call s alone", "call h", "call h alone"],
}
STUCK = ROUND_2 | {  # every other seat passed twice: the dealer, seat 3, is stuck
    "seat": 3,
    "hand": ["9c", "Tc", "9s", "Ts", "9h"],
    "history": [{"seat": s, "action": "pass"} for s in (0, 1, 2, 3, 0, 1, 2)],
    "legal": ["call c", "call c alone", "call s", "call s alone", "call h", "call h alone"],
}
# Seat 0 leads the Ks (trump diamonds: the dealer ordered), seat 1 trumps with the Jd; seat
# 2's hand holds spades, which it must follow with.
FOLLOW = PLAY | {
    "seat": 2,
    "hand": ["Td", "9s", "Ts", "Kc", "Ac"],
    "history": [
        *PLAY["history"],
        {"seat": 0, "action": "play Ks"},
        {"seat": 1, "action": "play Jd"},
    ],
    "legal": ["play 9s", "play Ts"],
}
del FOLLOW["trick"], FOLLOW["tricks_won"], FOLLOW["phase"]


@pytest.mark.parametrize(
    ("obs", "words"),
    [
        (BID | {"legal": [*BID["legal"], "call h"]}, "an order up and a suit to name"),
        (BID | {"legal": ["discard Jc"]}, "seat 0 is not the dealer (3)"),
        (ROUND_2 | {"legal": [*ROUND_2["legal"], "call d"]}, "that suit was turned down"),
        (STUCK | {"legal": ["pass", *STUCK["legal"]]}, "the dealer is stuck"),
        (FOLLOW | {"legal": ["play Td", "play 9s", "play Ts"]}, "is a revoke"),
        (PLAY | {"legal": ["play Jc", "pass"]}, "the moves of one decision are all of one kind"),
    ],
)
def test_a_legal_list_the_rules_refuse_is_an_error_not_a_move(obs: object, words: str) -> None:
    """A host that lists a move the rules refuse (a discard in the bidding, the turned-down
    suit, a stuck dealer's pass, a revoke) got one of them back as the bot's choice."""
    assert words in _error(obs)


@pytest.mark.parametrize("obs", [ROUND_2, STUCK, FOLLOW])
def test_the_same_observations_with_the_rules_legal_list_are_answered(obs: object) -> None:
    reply = answer(RandomBot(), json.dumps({"observation": obs}), random.Random(0))
    assert reply is not None and reply.get("action") in obs["legal"], reply  # type: ignore[index,operator]
