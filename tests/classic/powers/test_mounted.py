"""Mounted (C-P-MOUNTED-1): -1 on Hills and Farmland."""

from tests.classic.helpers import cost, make


def test_hills_and_farmland():
    """C-P-MOUNTED-1: Hills C2.6 (Lost Tribe) 3 - 1 = 2; Farmland C2.1 1; Forest C2.2 2."""
    s = make(race="ratmen", power="mounted", regions='"C2.5" = { player = 0 }\n"C2.6" = { lost_tribes = 1 }')
    assert cost(s, 6) == 2 and cost(s, 1) == 1
    s2 = make(race="ratmen", power="mounted", regions='"C2.1" = { player = 0 }')
    assert cost(s2, 2) == 2


def test_mounted_giants_stack():
    """C-EDGE-1: Mounted Giants pay max(1, cost - 2) on Hills next to their Mountain."""
    s = make(race="giants", power="mounted", regions='"C2.5" = { player = 0 }\n"C2.6" = { lost_tribes = 1 }')
    assert cost(s, 6) == 1
