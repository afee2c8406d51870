"""Dwarves (C-R-DWARVES-1): +1 VC per Mine Region, also In Decline."""

from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_mine_bonus_active():
    """C-R-DWARVES-1: C2.2 and C2.5 are Mines: +2."""
    s = make(race="dwarves", power="hill", hand=3, regions=(
        '"C2.2" = { player = 0 }\n"C2.5" = { player = 0 }\n"C2.1" = { player = 0 }'))
    assert dict(score_turn(s, 0))["Dwarves: Mines"] == 2


def test_mine_bonus_in_decline():
    """C-R-DWARVES-1, C-SCORE-2: In Decline Dwarves still score their Mines (not the new
    race's Mines)."""
    s = make(race="ratmen", power="hill", p0='decline = "dwarves"', regions=(
        '"C2.2" = { player = 0, decline = true }\n"C2.5" = { player = 0 }'))
    assert dict(score_turn(s, 0))["Dwarves: Mines"] == 1
