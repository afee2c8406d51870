"""Merchant (C-P-MERCHANT-1): +1 VC per Region of the Active race."""

from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_one_per_active_region():
    """C-P-MERCHANT-1: 2 Active Regions +2; the In Decline Region gives only its Region VC."""
    s = make(race="ratmen", power="merchant", p0='decline = "orcs"', regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 0 }\n"C2.20" = { player = 0, decline = true }'))
    assert score_turn(s, 0) == [("Regions", 3), ("Merchant", 2)]
