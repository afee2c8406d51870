"""Swamp (C-P-SWAMP-1): +1 VC per swamp Region of the Active race at turn end."""

from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_bonus_per_region():
    """C-P-SWAMP-1: one swamp Region (C2.3) and one Farmland (C2.1): +1."""
    s = make(race="ratmen", power="swamp", regions='"C2.3" = { player = 0 }\n"C2.1" = { player = 0 }')
    lines = score_turn(s, 0)
    assert lines[0] == ("Regions", 2) and sum(v for _, v in lines[1:]) == 1


def test_nothing_in_decline():
    """C-SCORE-2: the badge is discarded on decline; the In Decline race scores Regions only."""
    s = make(race="ratmen", power="merchant", p0='decline = "orcs"',
             regions='"C2.3" = { player = 0, decline = true }')
    assert dict(score_turn(s, 0)).get("Swamp: Swamp") is None
