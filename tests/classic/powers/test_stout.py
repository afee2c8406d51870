"""Stout (C-P-STOUT-1/2): decline at the end of a turn of conquests, after scoring."""

from smallworld.core import engine
from tests.classic.helpers import acts_text, make


def test_decline_after_scoring():
    """C-P-STOUT-1/2: after a turn of conquests (even the turn of the pick) the turn scores as
    an expansion turn, then the race goes In Decline; the next turn starts with a pick."""
    s = make(race="ratmen", power="stout", hand=3, p0="turns_with_race = 0")
    engine.apply_action(s, "conquer C2.1")
    engine.apply_action(s, "end")
    assert acts_text(s) == {"decline", "done"}
    assert s.last_score[0] == (("Regions", 1),)
    engine.apply_action(s, "decline")
    assert s.active[0] is None and s.decline[0] == "ratmen" and s.vc[0] == 6


def test_keep_the_race():
    """C-P-STOUT-1: the decline is optional."""
    s = make(race="ratmen", power="stout", hand=3)
    engine.apply_action(s, "conquer C2.1")
    engine.apply_action(s, "end")
    engine.apply_action(s, "done")
    assert s.active[0] == "ratmen"
