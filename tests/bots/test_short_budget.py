"""``hard`` given too little time to sample enough deals keeps the model's bid and
``medium``'s discard: a few deals that happen to favour another action are no evidence.
(Given one millisecond, it passed on four trumps with the right bower 1 time in 10.)"""

from __future__ import annotations

import random

from euchre.bots.protocol import view_from_observation
from euchre.bots.search import TRUSTED_WORLDS, SearchBot, steady_choice

FOUR_TRUMPS = {
    "variant": {},
    "seat": 1,
    "dealer": 0,
    "score": [0, 0],
    "hand": ["Jc", "Jd", "Ac", "Kc", "Qc"],
    "upcard": "9c",
    "history": [],
    "legal": ["pass", "order"],
}


def test_four_trumps_with_the_right_bower_are_ordered_up_on_few_deals() -> None:
    view = view_from_observation(FOUR_TRUMPS)
    order = view.legal[1]
    short = SearchBot(bid_worlds=4)  # what a budget that ran out leaves it
    choices = [short.decide_id(view, random.Random(seed)) for seed in range(60)]
    assert choices == [order] * 60


def test_a_short_sample_never_overrules_the_default() -> None:
    default, other = 0, 1
    few = {default: [1.0] * (TRUSTED_WORLDS - 1), other: [2.0] * (TRUSTED_WORLDS - 1)}
    assert steady_choice(few, default) == default
    enough = {default: [1.0] * TRUSTED_WORLDS, other: [2.0] * TRUSTED_WORLDS}
    assert steady_choice(enough, default) == other
    noisy = {default: [1.0, 3.0] * (TRUSTED_WORLDS // 2), other: [2.0] * TRUSTED_WORLDS}
    assert steady_choice(noisy, default) == default  # ahead on average, not clearly
