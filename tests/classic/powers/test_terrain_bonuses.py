"""Forest (C-P-FOREST-1), Hill (C-P-HILL-1) and Swamp (C-P-SWAMP-1): +1 VC per Region of their
terrain held by the Active race at turn end."""

import pytest

from smallworld.core.scoring import score_turn
from tests.classic.helpers import make

# power: a Region of its terrain on C2 and its scoring line
TERRAIN = {
    "forest": (2, "Forest: Forest"),
    "hill": (6, "Hill: Hills"),
    "swamp": (3, "Swamp: Swamp"),
}


@pytest.mark.parametrize("power", list(TERRAIN))
def test_bonus_per_region(power):
    """C-P-FOREST-1, C-P-HILL-1, C-P-SWAMP-1: one Region of the power's terrain (forest C2.2,
    hills C2.6, swamp C2.3) and one Farmland (C2.1): +1."""
    n, _ = TERRAIN[power]
    s = make(race="ratmen", power=power, regions=f'"C2.{n}" = {{ player = 0 }}\n"C2.1" = {{ player = 0 }}')
    lines = score_turn(s, 0)
    assert lines[0] == ("Regions", 2) and sum(v for _, v in lines[1:]) == 1


@pytest.mark.parametrize("power", list(TERRAIN))
def test_nothing_in_decline(power):
    """C-SCORE-2: the badge is discarded on decline; the In Decline race scores Regions only."""
    n, line = TERRAIN[power]
    s = make(race="ratmen", power="merchant", p0='decline = "orcs"',
             regions=f'"C2.{n}" = {{ player = 0, decline = true }}')
    assert dict(score_turn(s, 0)).get(line) is None
