"""Reading the play: a seat that let an opponent win as the last to play."""

from __future__ import annotations

import random

from bot_helpers import deal, hearts_led

from euchre.bots.inference import DOUBT, PlayEvidence
from euchre.bots.knowledge import knowledge_of
from euchre.bots.resample import Sampler
from euchre.engine.cards import parse_card


def test_last_seat_that_did_not_win_probably_could_not() -> None:
    state = hearts_led("Kh", "9h", "Th", "Qh")  # the dealer keeps Ah back: seat 1 wins
    know = knowledge_of(state.view(2))
    evidence = PlayEvidence(know)
    assert [m.seat for m in evidence.missed] == [0]
    ace = parse_card("Ah")
    assert evidence.missed[0].winners >> ace & 1
    sampler = Sampler(know)
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        world = sampler.sample(rng)
        holds = bool(world.hands[0] >> ace & 1)
        assert evidence.weight(world) == (DOUBT if holds else 1.0)
        seen.add(holds)
    assert seen == {True, False}


def test_no_evidence_when_the_partner_was_winning() -> None:
    state = deal(
        {1: "Kh Js Qs Ts 9d", 2: "Ah Jd Qd Ad Kc", 3: "Th 9c Tc Qc Ac", 0: "Qh 9h Kd Td 9s"},
        "Ks",
    )
    state.apply("order")
    state.apply("discard 9s")
    for card in ("Kh", "Ah", "Th", "9h"):  # seat 2 (the dealer's partner) wins
        state.apply(f"play {card}")
    assert PlayEvidence(knowledge_of(state.view(1))).missed == []
