"""Giants (C-R-GIANTS-1): -1 next to a Mountain Region held by the Active Giants."""

from tests.classic.helpers import cost, make


def test_reduction_next_to_held_mountain():
    """C-R-GIANTS-1: Giants on Mountain C2.5; C2.6 (Lost Tribe) costs 3 - 1 = 2; empty C2.1
    costs 2 - 1 = 1."""
    s = make(race="giants", power="hill", regions='"C2.5" = { player = 0 }\n"C2.6" = { lost_tribes = 1 }')
    assert cost(s, 6) == 2
    assert cost(s, 1) == 1


def test_mountain_must_be_held_by_giants():
    """C-R-GIANTS-1, F10: a Mountain held by another race gives nothing."""
    s = make(race="giants", power="hill", regions='"C2.1" = { player = 0 }\n"C2.5" = { player = 1 }')
    assert cost(s, 2) == 2
    assert cost(s, 5) == 4  # 2 + Mountain + 1 token


def test_target_mountain_keeps_its_plus_one():
    """C-R-GIANTS-1: the target may be a Mountain itself: Giants on C2.2 and Mountain C2.5;
    Mountain C2.8 (not next to C2.5) costs 3; Farmland C2.1 (next to C2.5) costs 1."""
    s = make(race="giants", power="hill", regions='"C2.5" = { player = 0 }\n"C2.2" = { player = 0 }')
    assert cost(s, 8) == 3
    assert cost(s, 1) == 1
