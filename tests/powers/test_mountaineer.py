"""Mountaineer (RULES §10): +1 VC per Mountain Region of its Active race at turn end
(R-SCORE-2)."""

from __future__ import annotations

from functools import partial

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from tests.powers import badge_at, lines, play_out_turn

make = partial(badge_at, "mountaineer", race="trolls")


def test_one_coin_per_mountain_region():
    """RULES §10 Mountaineer: Mountains L1.11, L1.13, S3.3 score +3."""
    s = make('"L1.11" = { player = 0 }\n"L1.13" = { player = 0 }\n"S3.3" = { player = 0 }\n'
             '"L1.4" = { player = 0 }')
    assert lines(s)["Mountaineer: Mountain Regions"] == 3


def test_dwarves_climb_cheaply_and_score():
    """RULES §9 Dwarves (Mountain -2) + §10 Mountaineer: the empty Mountain L1.13 costs
    3 - 2 = 1 and scores +1."""
    s = make('"L1.9" = { player = 0 }', race="dwarves", phase="conquer", hand=2)
    r = s.region_of("L1.13")
    assert conquest_cost(s, 0, r, targets(s, 0)[r]) == 1
    engine.apply_action(s, "conquer L1.13")
    play_out_turn(s)
    assert lines(s)["Mountaineer: Mountain Regions"] == 1
