"""Ranger (RULES §10): +1 VC per Forest Region of its Active race at turn end (R-SCORE-2)."""

from __future__ import annotations

from functools import partial

from smallworld.core import engine
from tests.powers import badge_at, lines, play_out_turn

make = partial(badge_at, "ranger", opponent=("orcs", "mining"))


def test_one_coin_per_forest_region():
    """RULES §10 Ranger: Forests L1.2, L1.5, S3.6 score +3."""
    s = make('"L1.2" = { player = 0 }\n"L1.5" = { player = 0 }\n"S3.6" = { player = 0 }\n'
             '"L1.4" = { player = 0 }')
    assert lines(s)["Ranger: Forest Regions"] == 3


def test_night_elves_conquer_a_forest_and_score_it():
    """RULES §9 Night Elves (Forest -1, Wisp Wall) + §10 Ranger: L1.5 costs 2 - 1 = 1, gets a
    Wisp Wall, and scores +1 at turn end."""
    s = make('"L1.4" = { player = 0 }', race="night-elves", phase="conquer", hand=3)
    engine.apply_action(s, "conquer L1.5")
    r = s.region_of("L1.5")
    assert s.hand[0] == 2 and s.piece("wisp-wall", r) == 1
    play_out_turn(s)
    assert lines(s)["Ranger: Forest Regions"] == 1
