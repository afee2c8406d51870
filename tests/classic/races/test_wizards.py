"""Wizards (C-R-WIZARDS-1): +1 VC per Magic Source Region at turn end."""

from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_magic_bonus():
    """C-R-WIZARDS-1: C2.1 (Magic) and C2.13 (Magic) score +2; C2.2 (Mine) nothing."""
    s = make(race="wizards", power="forest", regions=(
        '"C2.1" = { player = 0 }\n"C2.13" = { player = 0 }\n"C2.2" = { player = 0 }'))
    assert dict(score_turn(s, 0))["Wizards: Magic Sources"] == 2


def test_no_bonus_in_decline():
    """C-SCORE-2: nothing In Decline."""
    s = make(race="ratmen", power="hill", p0='decline = "wizards"',
             regions='"C2.1" = { player = 0, decline = true }')
    assert score_turn(s, 0) == [("Regions", 1)]
