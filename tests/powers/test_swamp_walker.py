"""Swamp Walker (RULES §10): +1 VC per Swamp Region of its Active race at turn end
(R-SCORE-2)."""

from __future__ import annotations

from smallworld.core import engine
from tests.conftest import acts
from tests.powers import badge_at, lines, play_out_turn


def make(regions, other="mining", **keys):
    return badge_at("swamp-walker", regions, opponent=("orcs", other), **keys)


def test_one_coin_per_swamp_region():
    """RULES §10 Swamp Walker: Swamps L1.6, L1.8, S3.1 score +3."""
    s = make('"L1.6" = { player = 0 }\n"L1.8" = { player = 0 }\n"S3.1" = { player = 0 }')
    assert lines(s)["Swamp Walker: Swamp Regions"] == 3


def test_pays_the_marshdweller_toll_for_a_swamp():
    """RULES §10 Marshdweller + Swamp Walker: conquering the Marshdweller's Swamp L1.6 needs
    ``pay marsh-L1.6`` first (1 VC to its owner); then the Swamp scores +1."""
    s = make('"L1.0" = { player = 0 }\n"L1.6" = { player = 1 }', phase="conquer", hand=5,
             other="marshdweller")
    assert "conquer L1.6" not in acts(s) and "pay marsh-L1.6" in acts(s)
    engine.apply_action(s, "pay marsh-L1.6")
    engine.apply_action(s, "conquer L1.6")
    play_out_turn(s)
    assert lines(s)["Swamp Walker: Swamp Regions"] == 1
    assert s.vc[1] == 6
