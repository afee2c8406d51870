"""Fortified (C-P-FORTIFIED-1..4): one Fortress per turn; +1 defense; +1 VC while Active."""

from smallworld.core import engine
from tests.classic.helpers import acts_text, cost, make, rid


def test_place_score_and_defend():
    """C-P-FORTIFIED-1/2/3: place a Fortress at turn end; it scores +1 that turn and adds +1
    defense (C-EDGE-3: one token + Fortress on a Mountain = 2 + 1 + 1 + 1)."""
    s = make(race="ratmen", power="fortified", hand=0, regions='"C2.5" = { player = 0 }\n"C2.1" = { player = 0 }')
    engine.apply_action(s, "end")
    assert acts_text(s) == {"fortress C2.5", "fortress C2.1", "done"}
    engine.apply_action(s, "fortress C2.5")
    assert ("Fortified", 1) in s.last_score[0]
    assert cost(s, 5, p=1) == 5


def test_fortress_stays_in_decline_without_score_and_goes_when_conquered():
    """C-P-FORTIFIED-2/3/4: In Decline the Fortress defends but scores nothing; conquered, it is
    removed to the supply."""
    s = make(race="humans", power="forest", p1='decline = "ratmen"\nkept = "fortified"', regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 1, decline = true, pieces = { fortress = 1 } }'))
    assert cost(s, 2) == 4
    from smallworld.core.scoring import score_turn

    assert score_turn(s, 1) == [("Regions", 1)]
    engine.apply_action(s, "conquer C2.2")
    assert s.piece("fortress", rid(s, 2)) == 0 and s.in_supply("fortress") == 6


def test_at_most_six():
    """C-P-FORTIFIED-1: no placement when the 6 Fortresses are on the map."""
    s = make(race="ratmen", power="fortified", hand=0, regions='"C2.1" = { player = 0 }')
    s.supply[s.spec.piece_index["fortress"]] = 0
    engine.apply_action(s, "end")
    assert "done" not in acts_text(s)
