"""Underworld (C-P-UNDERWORLD-1/2): -1 on Caverns; Caverns adjacent to each other."""

from tests.classic.helpers import cost, make, tg


def test_caverns_adjacent_and_cheaper():
    """C-P-UNDERWORLD-1: holding Cavern C2.5, the far Caverns C2.14 and C2.17 are targets;
    C2.14 costs 2 - 1 = 1."""
    s = make(race="ratmen", power="underworld", regions='"C2.5" = { player = 0 }')
    assert {3, 14, 17} <= tg(s)
    assert cost(s, 14) == 1


def test_no_reach_without_a_cavern_nor_for_first_conquest():
    """C-P-UNDERWORLD-2 (Ruling): the first conquest still needs a border Region (inland
    Cavern C2.14 is no first target), and without a Cavern held there is no extra reach."""
    s = make(race="ratmen", power="underworld")
    assert 14 not in tg(s) and 3 in tg(s)
    s2 = make(race="ratmen", power="underworld", regions='"C2.1" = { player = 0 }')
    assert 14 not in tg(s2)
