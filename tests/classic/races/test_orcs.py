"""Orcs (C-R-ORCS-1): +1 VC per non-empty Region conquered this turn."""

from smallworld.core import engine
from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_non_empty_conquests_score():
    """C-R-ORCS-1, C-EDGE-5: a Lost Tribe (C2.2), an opponent's Active race (C2.6) and the
    owner's own In Decline race (C2.3) all count: 3 + 3 + 3 tokens, +3 VC."""
    s = make(race="orcs", power="hill", hand=9, p0='decline = "wizards"', regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { lost_tribes = 1 }\n"C2.6" = { player = 1 }\n'
        '"C2.3" = { player = 0, decline = true }'))
    for rid in ("C2.2", "C2.6", "C2.3"):
        engine.apply_action(s, f"conquer {rid}")
    assert s.hand[0] == 0
    assert dict(score_turn(s, 0))["Orcs: non-empty conquests"] == 3


def test_empty_conquest_gives_nothing():
    """C-R-ORCS-1: an empty Region is not counted."""
    s = make(race="orcs", power="hill", regions='"C2.1" = { player = 0 }')
    engine.apply_action(s, "conquer C2.2")
    assert score_turn(s, 0) == [("Regions", 2)]
