"""A table's ``info.ruleset`` is the bot protocol's ``variant``: it tells every rule a bot
reading it needs, the dealer's burying of the turn-up too (docs/bot-protocol.md)."""

from __future__ import annotations

from server_helpers import Client, ThreadServer

from euchre.engine.observation_keys import read_contract


def _ruleset(client: Client, options: dict[str, object]) -> dict[str, object]:
    made = client.request(type="create", kind="private", options=options, turn_seconds=0)
    assert made["type"] == "created", made
    snapshot = client.until(lambda m: m["type"] == "table")
    ruleset = snapshot["info"]["ruleset"]
    assert isinstance(ruleset, dict)
    return ruleset


def test_the_ruleset_says_when_the_dealer_may_bury_the_turn_up(live: ThreadServer) -> None:
    ann = Client(live.base, "Ann")
    burying = _ruleset(ann, {"dealer_may_discard_upcard": True})
    keeping = _ruleset(ann, {})
    ann.close()
    assert burying["dealer_may_discard_upcard"] is True
    assert "dealer_may_discard_upcard" not in keeping
    # What a bot reads from each, as `variant` of an observation.
    bid = {"seat": 0, "dealer": 3, "score": [0, 0], "hand": ["Jc", "Ad", "Ks", "Qh", "Jh"],
           "upcard": "Qd", "history": [], "legal": ["pass", "order"]}  # fmt: skip
    assert read_contract(bid | {"variant": burying}).variant.dealer_may_discard_upcard
    assert not read_contract(bid | {"variant": keeping}).variant.dealer_may_discard_upcard
