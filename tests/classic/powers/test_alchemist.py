"""Alchemist (C-P-ALCHEMIST-1): +2 VC each turn while Active."""

from smallworld.core import engine
from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_two_coins_while_active():
    """C-P-ALCHEMIST-1: +2 at turn end."""
    s = make(race="ratmen", power="alchemist", regions='"C2.1" = { player = 0 }')
    assert score_turn(s, 0) == [("Regions", 1), ("Alchemist", 2)]


def test_not_on_decline_turn():
    """C-P-ALCHEMIST-1, C-SCORE-2: the turn the race goes In Decline it scores no Alchemist."""
    s = make(race="ratmen", power="alchemist", regions='"C2.1" = { player = 0 }')
    s.phase, s.step = "decide", "choose"
    engine.apply_action(s, "decline")
    assert s.last_score[0] == (("Regions", 1),)
