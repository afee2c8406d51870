"""Tritons (C-R-TRITONS-1): -1 to conquer a coastal Region (land next to a Sea or the Lake)."""

from tests.classic.helpers import cost, make


def test_coastal_regions_cost_one_fewer():
    """C-R-TRITONS-1: C2.1 (next to Sea C2.0) costs 2 - 1 = 1; C2.6 (next to the Lake C2.7)
    with a Lost Tribe 3 - 1 = 2; C2.3 (inland of water) stays 2."""
    s = make(race="tritons", power="hill", regions='"C2.2" = { player = 0 }\n"C2.6" = { lost_tribes = 1 }')
    assert cost(s, 1) == 1
    assert cost(s, 6) == 2
    assert cost(s, 3) == 2


def test_stacks_with_commando_minimum_one():
    """C-EDGE-1: Commando Tritons pay max(1, cost - 2) for a coastal Region."""
    s = make(race="tritons", power="commando", regions='"C2.2" = { player = 0 }\n"C2.6" = { lost_tribes = 1 }')
    assert cost(s, 6) == 1
    assert cost(s, 1) == 1
