"""Mining (RULES §10): +1 VC per Cavern Region (Cavern symbol) of its Active race at turn end
(R-SCORE-2)."""

from __future__ import annotations

from functools import partial

from smallworld.core import engine
from tests.powers import badge_at, lines, play_out_turn

make = partial(badge_at, "mining")


def test_one_coin_per_cavern_region():
    """RULES §10 Mining: Caverns L1.0 (Hills), L1.11 (Mountain), S3.5 score +3; L1.4 nothing."""
    s = make('"L1.0" = { player = 0 }\n"L1.11" = { player = 0 }\n"S3.5" = { player = 0 }\n'
             '"L1.4" = { player = 0 }')
    assert lines(s)["Mining: Cavern Regions"] == 3


def test_kobolds_reach_a_far_cavern_and_mine_it():
    """RULES §9 Kobolds (any Cavern as if adjacent) + §10 Mining: from the Cavern L1.11 the
    Kobolds take the Cavern S3.5 on the other board; both score."""
    s = make('"L1.11" = { player = 0 }', race="kobolds", phase="conquer", hand=4)
    engine.apply_action(s, "conquer S3.5")
    play_out_turn(s)
    assert lines(s)["Mining: Cavern Regions"] == 2
