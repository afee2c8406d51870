"""Trolls (RULES §9): non-empty Regions cost 1 fewer token (R-CONQ-3, R-CONQ-4).

Board facts (L1): L1.9 Redridge Foothills (Entry, Hills) is adjacent to L1.4 (Fields), L1.5
(Forest) and L1.13 (Mountain).
"""

from __future__ import annotations

import pytest

from smallworld.content import registry
from smallworld.core import engine, hooks
from smallworld.core.ability import Ability
from smallworld.core.conquest import conquest_cost, targets
from tests.builders import cost, position, seat


def make(race="trolls", power="farmer", more="", **keys):
    """Seat 0's ``race`` (8 in hand) holds L1.9; seat 1 plays Humans."""
    return position('"L1.9" = { player = 0, tokens = 1 }\n' + more, seat(race, power, hand=8, **keys),
                    seat("humans", "mining"))


def test_non_empty_region_costs_one_fewer():
    """RULES §9 Trolls: 2 Humans on L1.4 cost 2 + 2 - 1 = 3; a Murloc Region 2 + 1 - 1 = 2;
    the conquest places that many tokens."""
    s = make(more='"L1.4" = { player = 1, tokens = 2 }\n"L1.5" = { murlocs = 1 }')
    assert cost(s, "L1.4") == 3
    assert cost(s, "L1.5") == 2
    engine.apply_action(s, "conquer L1.4")
    assert s.tokens[s.region_of("L1.4")] == 3 and s.hand[0] == 5


def test_empty_region_no_reduction():
    """RULES §9 Trolls: an empty Region keeps its cost (L1.13 empty Mountain: 2 + 1 = 3)."""
    s = make()
    assert cost(s, "L1.13") == 3
    assert cost(s, "L1.4") == 2


def test_own_in_decline_region_is_non_empty():
    """RULES §1 non-empty, R-CONQ-8: the player's own In Decline tokens make a Region non-empty."""
    s = make(decline="orcs", more='"L1.4" = { player = 0, decline = true, tokens = 1 }')
    assert cost(s, "L1.4") == 2  # 2 + 1 - 1


def test_stacks_with_blacksmith_never_below_one():
    """R-CONQ-4: Trolls -1 and Blacksmith -1 stack (2 Humans: 4 - 2 = 2); on a lone Murloc
    3 - 2 = 1; on an empty Region Blacksmith alone gives 2 - 1 = 1."""
    s = make(power="blacksmith", more='"L1.4" = { player = 1, tokens = 2 }\n"L1.5" = { murlocs = 1 }')
    assert cost(s, "L1.4") == 2
    assert cost(s, "L1.5") == 1
    assert cost(s, "L1.13") == 2  # 3 - 1 (empty: no Trolls reduction)


@pytest.fixture
def cheap_power():
    """A test double for a bigger Blacksmith-style power (-3 on every conquest)."""
    saved = registry.POWER_ABILITIES["farmer"]

    class Cheap(Ability):
        id = "farmer"
        kind = "power"

        def conquest_reduction(self, s, owner, r, mode):
            return 3

    registry.POWER_ABILITIES["farmer"] = Cheap()
    hooks.refresh()
    yield
    registry.POWER_ABILITIES["farmer"] = saved
    hooks.refresh()


def test_stacked_reductions_clamp_at_one(cheap_power):
    """R-CONQ-3, R-CONQ-4: Trolls -1 and a -3 power on a 1-Murloc Region: 3 - 4 -> clamped to 1;
    the conquest places 1 token."""
    s = make(more='"L1.5" = { murlocs = 1 }')
    parts: dict[str, int] = {}
    r = s.region_of("L1.5")
    assert conquest_cost(s, 0, r, 0, parts=parts) == 1
    assert parts["reductions"] == 4
    engine.apply_action(s, "conquer L1.5")
    assert s.tokens[r] == 1 and s.hand[0] == 7


def test_in_decline_trolls_give_no_reduction():
    """R-SCORE-2 / RULES §9 (Active race only): Trolls In Decline do not reduce the new race's
    conquests."""
    s = make(race="orcs", decline="trolls", more='"L1.4" = { player = 1, tokens = 2 }')
    assert cost(s, "L1.4") == 4


def test_trolls_against_tauren_minimum():
    """RULES §9 Trolls + Tauren: attacking 2 Tauren costs 2 + 2 - 1 = 3 (Trolls attack);
    Tauren attacking the Trolls' 1-token Region with Blacksmith still place 2 (their minimum)."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 2 }
    ''', seat("trolls", "farmer", hand=6), seat("tauren", "blacksmith", hand=6))
    assert cost(s, "L1.4") == 3
    r = s.region_of("L1.9")
    assert conquest_cost(s, 1, r, targets(s, 1)[r]) == 2  # 2 + 1 - 1 = 2 (min 2 anyway)
