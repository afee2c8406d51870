"""Ethereals (RULES §9): once per turn, either steal a face-up Artifact from a Region adjacent to
one of theirs into that Region, or conquer an adjacent Region holding a Legendary Place at -2;
only one of the two per turn (KO).

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 is adjacent to L1.0, L1.4,
L1.6, L1.9, L1.13; L1.13 is a Mountain; L1.3 is far from both.
"""

from __future__ import annotations

import pytest

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.errors import IllegalActionError
from smallworld.core.state import CHANCE
from tests.builders import position, seat
from tests.conftest import acts


def make(race="ethereals", power="farmer", hand=6, dec="", more="", **keys):
    """Seat 0's ``race`` holds L1.9 (``dec``) and L1.5; the Orcs hold Frostmourne in L1.4 and the
    Dark Portal in L1.13; the Doomhammer lies in the empty L1.3."""
    return position(f'''
        "L1.9" = {{ player = 0, tokens = 1 {dec} }}
        "L1.5" = {{ player = 0, tokens = 1 }}
        "L1.4" = {{ player = 1, tokens = 1, item = "frostmourne" }}
        "L1.13" = {{ player = 1, tokens = 1, item = "dark-portal" }}
        "L1.3" = {{ item = "doomhammer" }}
    ''' + more, seat(race, power, hand=hand, **keys), seat("orcs", "mining"))


def ether(s):
    return {a for a in acts(s) if a.split()[0] in ("steal", "conquer-legend")}


def test_both_options_offered():
    """RULES §9 Ethereals: the adjacent Artifact (to either adjacent Region of theirs) and the
    adjacent Legendary Place; not the far Artifact on L1.3."""
    s = make()
    assert ether(s) == {"steal L1.4 L1.9", "steal L1.4 L1.5", "conquer-legend L1.13"}


def test_steal_moves_the_artifact_and_gives_control():
    """RULES §9 Ethereals, R-ITEM-1: the Artifact moves into their Region; they control it at
    once (it is among their abilities)."""
    from smallworld.core import hooks

    s = make()
    engine.apply_action(s, "steal L1.4 L1.5")
    assert s.items[s.region_of("L1.4")] == ()
    assert s.items[s.region_of("L1.5")] == ("frostmourne",)
    assert "frostmourne" in {ab.id for ab in hooks.own_abilities(s, 0)}


def test_only_one_of_the_two_per_turn():
    """RULES §9 Ethereals (KO): after a theft, no Legendary Place conquest, and vice versa."""
    s = make()
    engine.apply_action(s, "steal L1.4 L1.9")
    assert ether(s) == set()
    assert "conquer L1.13" in acts(s)  # the ordinary conquest stays
    s = make()
    engine.apply_action(s, "conquer-legend L1.13")
    assert ether(s) == set()


def test_legend_conquest_costs_two_fewer():
    """RULES §9 Ethereals: L1.13 (Mountain, 1 Orc): 2 + 1 + 1 = 4, -2 = 2 tokens placed."""
    s = make()
    r = s.region_of("L1.13")
    assert conquest_cost(s, 0, r, targets(s, 0)[r]) == 4
    engine.apply_action(s, "conquer-legend L1.13")
    assert s.occ[r] == 0 and s.tokens[r] == 2 and s.hand[0] == 4
    assert s.items[r] == ("dark-portal",)


def test_legend_conquest_never_below_one():
    """R-CONQ-4: an empty Legendary Place Region (2) at -2 and Blacksmith -1 still costs 1."""
    s = make(power="blacksmith", more='"L1.6" = { item = "karazhan" }')
    engine.apply_action(s, "conquer-legend L1.6")
    assert s.tokens[s.region_of("L1.6")] == 1


def test_legend_conquest_as_final_conquest():
    """R-CONQ-9 with RULES §9 Ethereals: 1 token for a cost of 2: the die decides, then conquests
    end."""
    s = make(hand=1)
    engine.apply_action(s, "conquer-legend L1.13")
    assert s.current_player() == CHANCE
    engine.apply_action(s, "roll 1")
    assert s.occ[s.region_of("L1.13")] == 0 and s.phase != "conquer"


def test_theft_only_face_up_artifacts_into_any_region():
    """RULES §9 Ethereals, R-ITEM-2 (revised ruling): a face-down item cannot be stolen; a
    Legendary Place never moves; the Artifact may go into any Region of theirs, even one holding
    an item (Karazhan on L1.9)."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1, item = "karazhan" }
        "L1.5" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 1, item = "frostmourne" }
        "L1.0" = { item = "?" }
    ''', seat("ethereals", "farmer", hand=3), seat("orcs", "mining"))
    assert {a for a in acts(s) if a.startswith("steal")} == {"steal L1.4 L1.5", "steal L1.4 L1.9"}
    engine.apply_action(s, "steal L1.4 L1.9")
    assert s.items[s.region_of("L1.9")] == ("karazhan", "frostmourne")
    assert s.items[s.region_of("L1.4")] == ()


def test_theft_names_the_artifact_when_several_lie_there():
    """RULES §9 Ethereals, R-ITEM-2: a Region may hold several Artifacts; the theft names the one
    taken (``steal FROM TO ARTIFACT``)."""
    s = position('''
        "L1.5" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 1, items = ["frostmourne", "doomhammer"] }
    ''', seat("ethereals", "farmer", hand=3), seat("orcs", "mining"))
    assert {a for a in acts(s) if a.startswith("steal")} == {
        "steal L1.4 L1.5 frostmourne", "steal L1.4 L1.5 doomhammer"}
    engine.apply_action(s, "steal L1.4 L1.5 doomhammer")
    assert s.items[s.region_of("L1.4")] == ("frostmourne",)
    assert s.items[s.region_of("L1.5")] == ("doomhammer",)


def test_in_decline_ethereals_do_nothing():
    """RULES §9 (Active race only): a player whose Ethereals are In Decline gets neither option."""
    s = make(race="trolls", decline="ethereals", dec=", decline = true")
    assert ether(s) == set()
    with pytest.raises(IllegalActionError):
        engine.apply_action(s, "steal L1.4 L1.5")


def test_not_outside_the_conquest_phase():
    """RULES §9 Ethereals: an action of their conquests (not at redeployment)."""
    s = make()
    engine.apply_action(s, "end")
    assert s.phase in ("redeploy", "")
    assert ether(s) == set()


def test_theft_not_from_an_immune_region():
    """RULES §10 ('Ethereals' theft cannot target' an immune Region) with Aegis of Aggramar
    (RULES §11): the Aegis Region's Artifact cannot be stolen until the toll is paid."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 1, item = "aegis-of-aggramar" }
    ''', seat("ethereals", "farmer", hand=6), seat("orcs", "mining"))
    assert "steal L1.4 L1.9" not in acts(s)
    engine.apply_action(s, "pay aegis")
    assert "steal L1.4 L1.9" in acts(s)
    engine.apply_action(s, "steal L1.4 L1.9")
    assert s.items[s.region_of("L1.9")] == ("aegis-of-aggramar",)


def test_stolen_artifact_usable_at_once():
    """RULES §9 Ethereals ('its power usable at once') with Frostmourne (RULES §11): right after
    the theft the Ethereals may make their Frostmourne conquest."""
    s = make()
    assert not any(a.startswith("frostmourne") for a in acts(s))
    engine.apply_action(s, "steal L1.4 L1.5")
    assert "frostmourne L1.4" in acts(s)
    engine.apply_action(s, "frostmourne L1.4")  # 2 + 1 Orc = 3, -2 = 1
    assert s.occ[s.region_of("L1.4")] == 0 and s.tokens[s.region_of("L1.4")] == 1
