"""The bot protocol: ``euchre bot --level LEVEL`` over a real subprocess, and rebuilding a
view from an observation alone."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from bot_helpers import VARIANTS

from euchre.bots import make_bot
from euchre.bots.medium import MediumBot
from euchre.bots.protocol import ProcessBot, ProtocolError, answer, view_from_observation
from euchre.bots.random import RandomBot
from euchre.engine import GameState, GoUnder, Variant, preset
from euchre.engine.observations import observation

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
        # The EGN ruleset does not carry dealer_may_discard_upcard (see docs/bot-protocol.md).
        same_rules = dataclasses.replace(
            back.variant, dealer_may_discard_upcard=variant.dealer_may_discard_upcard
        )
        assert same_rules.options() == variant.options()
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
            if _needs_phase(variant, full):
                with pytest.raises(ProtocolError, match="needs its 'phase'"):
                    view_from_observation(bare)
            else:
                assert view_from_observation(bare) == view_from_observation(full)
            state.apply(rng.choice(state.legal_actions()))


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
    with pytest.raises(ProtocolError, match=f"observation's '{key}' is .* history shows"):
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


def test_process_bot_rejects_illegal_answers(tmp_path: Path) -> None:
    script = tmp_path / "cheat.py"
    script.write_text(MY_BOT.replace("legal[-1]", '"order alone now"'))
    bot = ProcessBot(f"{sys.executable} {script}")
    state = GameState(preset("standard"), seed=6)
    try:
        with pytest.raises(ProtocolError, match="legal: pass"):
            bot.decide(state.view(state.current_player), random.Random(0))
    finally:
        bot.close()
