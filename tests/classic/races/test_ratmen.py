"""Ratmen (C-R-RATMEN-1): no benefit; 8 + power tokens (RULES-classic §2.1)."""

from smallworld.core.combos import take_combo
from smallworld.core.conquest import conquest_cost
from smallworld.core.scoring import score_turn
from tests.classic.helpers import make, rid


def test_tokens_and_no_bonus():
    """§2.1 / C-R-RATMEN-1: Ratmen Hill take 8 + 4 = 12 tokens; no reduction, no race line."""
    s2 = make(race="ratmen", power="hill", hand=0)
    s2.active[0] = None
    s2.power[0] = None
    s2.box[s2.spec.race_index["ratmen"]] = 13
    take_combo(s2, 0, "ratmen", "hill")
    assert s2.hand[0] == 12 and s2.in_box("ratmen") == 1
    s3 = make(race="ratmen", power="hill", regions='"C2.1" = { player = 0 }')
    assert conquest_cost(s3, 0, rid(s3, 2), 0) == 2
    assert score_turn(s3, 0) == [("Regions", 1)]
