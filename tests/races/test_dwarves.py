"""Dwarves (RULES §9): Mountain Regions cost 2 fewer tokens (R-CONQ-3, R-CONQ-4).

Board facts (L1): L1.13 Ironcrest Peak is a Mountain adjacent to L1.9 (Entry) and L1.10;
L1.11 Jasperlode Heights is a Mountain; L1.4 is Fields next to L1.9.
"""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import cost, position, seat


def make(race="dwarves", power="farmer", more="", **keys):
    """Seat 0's ``race`` (8 in hand) holds L1.9; seat 1 plays Orcs."""
    return position('"L1.9" = { player = 0, tokens = 1 }\n' + more, seat(race, power, hand=8, **keys),
                    seat("orcs", "mining"))


def test_mountain_costs_two_fewer():
    """RULES §9 Dwarves: L1.13 with 2 Orcs: 2 + 1 mountain + 2 = 5, minus 2 = 3; the conquest
    places 3 tokens."""
    s = make(more='"L1.13" = { player = 1, tokens = 2 }')
    assert cost(s, "L1.13") == 3
    engine.apply_action(s, "conquer L1.13")
    assert s.tokens[s.region_of("L1.13")] == 3 and s.hand[0] == 5


def test_other_terrain_unchanged():
    """RULES §9 Dwarves: only Mountains are cheaper (L1.4 Fields: 2)."""
    s = make()
    assert cost(s, "L1.4") == 2


def test_never_below_one():
    """R-CONQ-4: an empty Mountain costs 3 - 2 = 1; with Blacksmith (-1 more) still 1."""
    assert cost(make(), "L1.13") == 1
    assert cost(make(power="blacksmith"), "L1.13") == 1


def test_stacks_with_blacksmith():
    """R-CONQ-4 (reductions stack): Dwarves -2 and Blacksmith -1 on a 5-cost Mountain -> 2."""
    s = make(power="blacksmith", more='"L1.13" = { player = 1, tokens = 2 }')
    assert cost(s, "L1.13") == 2


def test_in_decline_dwarves_give_no_reduction():
    """RULES §9 (Active race only): a player whose Dwarves are In Decline pays full price on a
    Mountain with its new race."""
    s = make(race="trolls", power="farmer", decline="dwarves",
             more='"L1.13" = { player = 1, tokens = 2 }\n"L1.14" = { player = 0, decline = true }')
    assert cost(s, "L1.13") == 5 - 1  # Trolls -1 on a non-empty Region, nothing from the Dwarves


def test_own_in_decline_mountain_conquered_cheaper():
    """R-CONQ-8 with RULES §9 Dwarves: conquering a Mountain held by the player's own In Decline
    race: 2 + 1 + 1 token = 4, minus 2 = 2."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 0, decline = true, tokens = 1 }
    ''', seat("dwarves", "farmer", hand=8, decline="trolls"), seat("orcs", "mining"))
    assert cost(s, "L1.13") == 2
    engine.apply_action(s, "conquer L1.13")
    assert s.occ[s.region_of("L1.13")] == 0
