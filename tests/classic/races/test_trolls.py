"""Trolls (C-R-TROLLS-1..3): a Troll Lair (+1 defense) in each Region they conquer."""

from smallworld.core import engine
from tests.classic.helpers import cost, make, rid


def test_lair_placed_and_defends():
    """C-R-TROLLS-1: conquering C2.2 puts a Lair there; it then costs an opponent 2 + 1 token +
    1 Lair = 4 (C-EDGE-3 without the Fortress)."""
    s = make(race="trolls", power="hill", regions='"C2.1" = { player = 0 }')
    engine.apply_action(s, "conquer C2.2")
    r = rid(s, 2)
    assert s.piece("troll-lair", r) == 1 and s.in_supply("troll-lair") == 9
    s.tokens[r] = 1
    assert cost(s, 2, p=1) == 4


def test_lair_stays_in_decline_and_goes_when_conquered():
    """C-R-TROLLS-2/3: an In Decline Troll Region keeps its Lair (cost 2 + 1 + 1 = 4); when it
    is conquered the Lair goes back to the supply."""
    s2 = make(race="ratmen", power="hill", p1='decline = "trolls"', regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, decline = true, pieces = { troll-lair = 1 } }'))
    assert cost(s2, 2) == 4
    engine.apply_action(s2, "conquer C2.2")
    assert s2.piece("troll-lair", rid(s2, 2)) == 0 and s2.in_supply("troll-lair") == 10


def test_lair_removed_on_abandon():
    """C-R-TROLLS-3, R-TROOP-2: abandoning a Lair Region removes the Lair."""
    s = make(race="trolls", power="hill", regions=(
        '"C2.1" = { player = 0, pieces = { troll-lair = 1 } }\n"C2.2" = { player = 0 }'))
    engine.apply_action(s, "abandon C2.1")
    assert s.piece("troll-lair", rid(s, 1)) == 0 and s.in_supply("troll-lair") == 10
