"""Humans (C-R-HUMANS-1): +1 VC per Farmland Region at turn end, Active only (C-SCORE-2)."""

from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_farmland_bonus():
    """C-R-HUMANS-1: two Farmlands (C2.1, C2.9) and a Forest (C2.2): +2."""
    s = make(race="humans", power="forest", race1="ratmen", power1="hill", regions=(
        '"C2.1" = { player = 0 }\n"C2.9" = { player = 0 }\n"C2.2" = { player = 0 }'))
    lines = dict(score_turn(s, 0))
    assert lines["Humans: Farmland"] == 2 and lines["Regions"] == 3


def test_no_bonus_in_decline():
    """C-SCORE-2: In Decline Humans score their Regions only."""
    s = make(race="ratmen", power="hill", race1="orcs", power1="merchant", p0='decline = "humans"',
             regions='"C2.1" = { player = 0, decline = true }')
    assert score_turn(s, 0) == [("Regions", 1)]
