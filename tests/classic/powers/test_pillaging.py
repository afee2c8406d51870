"""Pillaging (C-P-PILLAGING-1): +1 VC per non-empty Region conquered this turn; cumulates
with Orcs."""

from smallworld.core import engine
from smallworld.core.scoring import score_turn
from tests.classic.helpers import make


def test_pillaging_and_orcs_cumulate():
    """C-P-PILLAGING-1: a Lost Tribe conquest gives Orcs +1 and Pillaging +1."""
    s = make(race="orcs", power="pillaging", regions='"C2.1" = { player = 0 }\n"C2.2" = { lost_tribes = 1 }')
    engine.apply_action(s, "conquer C2.2")
    lines = dict(score_turn(s, 0))
    assert lines["Pillaging"] == 1 and lines["Orcs: non-empty conquests"] == 1


def test_empty_region_gives_nothing():
    """C-P-PILLAGING-1: empty Regions do not count."""
    s = make(race="ratmen", power="pillaging", regions='"C2.1" = { player = 0 }')
    engine.apply_action(s, "conquer C2.2")
    assert "Pillaging" not in dict(score_turn(s, 0))
