"""Night Elves (RULES §9): Forest −1; each Forest they conquer gets a Wisp Wall (+1 defense,
stays In Decline, removed when its Region is conquered or emptied; 9 in the box, RULES §2.3).

Board facts (L1): L1.9 (Entry, Hills) is adjacent to L1.4 (Fields), L1.5 Eastvale Timberland
(Forest) and L1.13 (Mountain); L1.2 Brightwood Thicket (Forest) is adjacent to L1.1 (Entry).
"""

from __future__ import annotations

from smallworld.content.data import PIECE_SUPPLY
from smallworld.core import engine
from smallworld.core.conquest import conquest_cost
from tests.builders import cost, position, seat

WALL = "wisp-wall"


def make(race="night-elves", power="farmer", more="", phase="conquer", hand=5, **keys):
    """Seat 0's ``race`` holds L1.9; seat 1's Trolls have 8 in hand."""
    return position('"L1.9" = { player = 0, tokens = 1 }\n' + more, seat(race, power, hand=hand, **keys),
                    seat("trolls", "mining", hand=8), phase=phase)


def finish_turn(s, p=0):
    """End seat p's conquests and play its remaining choices with the first legal action."""
    engine.apply_action(s, "end")
    while s.turn == p and not s.is_over():
        engine.apply_action(s, str(engine.legal_actions(s)[0]))


def test_forest_costs_one_fewer_and_gets_a_wall():
    """RULES §9 Night Elves: an empty Forest costs 2 - 1 = 1; conquering it places a Wisp Wall
    taken from the box."""
    s = make()
    assert cost(s, "L1.5") == 1
    assert cost(s, "L1.4") == 2  # Fields: no reduction
    engine.apply_action(s, "conquer L1.5")
    r = s.region_of("L1.5")
    assert s.tokens[r] == 1 and s.piece(WALL, r) == 1
    assert s.in_supply(WALL) == PIECE_SUPPLY[WALL] - 1


def test_no_wall_outside_forests():
    """RULES §9 Night Elves: only a conquered Forest gets a Wisp Wall."""
    s = make()
    engine.apply_action(s, "conquer L1.4")
    assert s.piece(WALL, s.region_of("L1.4")) == 0
    assert s.in_supply(WALL) == PIECE_SUPPLY[WALL]


def test_wall_adds_one_defense():
    """R-CONQ-3: a Wisp Wall is +1 defense: 1 Night Elf + Wall on L1.5 costs the Trolls
    2 + 1 + 1 - 1 (Trolls) = 3."""
    s = make(more='"L1.5" = { player = 0, tokens = 1, pieces = { wisp-wall = 1 } }\n'
                  '"L1.6" = { player = 1, tokens = 1 }', )
    s.turn = s.actor = 1
    assert cost(s, "L1.5", p=1) == 3


def test_box_cap_of_nine_walls():
    """RULES §2.3: 9 Wisp Walls; when none is left a conquered Forest gets none."""
    s = make()
    s.supply[s.spec.piece_index[WALL]] = 0
    engine.apply_action(s, "conquer L1.5")
    assert s.piece(WALL, s.region_of("L1.5")) == 0 and s.in_supply(WALL) == 0


def test_final_conquest_of_a_forest_also_gets_a_wall():
    """RULES §9 Night Elves, R-CONQ-9: a Forest taken by the final conquest gets its Wall."""
    s = make(more='"L1.5" = { murlocs = 3 }', hand=2)  # cost 2 + 3 - 1 = 4
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "roll 2")
    r = s.region_of("L1.5")
    assert s.occ[r] == 0 and s.piece(WALL, r) == 1


def test_wall_discarded_when_region_conquered():
    """R-CONQ-7: a Wisp Wall in a conquered Region is discarded to the box."""
    s = make(more='"L1.5" = { player = 0, tokens = 1, pieces = { wisp-wall = 1 } }\n'
                  '"L1.6" = { player = 1, tokens = 1 }')
    s.turn = s.actor = 1
    engine.apply_action(s, "conquer L1.5")
    r = s.region_of("L1.5")
    assert s.occ[r] == 2 and s.piece(WALL, r) == 0 and s.in_supply(WALL) == PIECE_SUPPLY[WALL]


def test_wall_removed_when_region_abandoned():
    """R-TROOP-2: abandoning the Region removes its Wisp Wall."""
    s = make(more='"L1.5" = { player = 0, tokens = 1, pieces = { wisp-wall = 1 } }')
    engine.apply_action(s, "abandon L1.5")
    assert s.piece(WALL, s.region_of("L1.5")) == 0 and s.in_supply(WALL) == PIECE_SUPPLY[WALL]


def test_walls_stay_in_decline_then_fall_with_the_region():
    """R-DEC-2: Wisp Walls stay In Decline (still +1 defense); conquering the In Decline Region
    discards the Wall (R-CONQ-7)."""
    s = make(phase="decide", more='"L1.5" = { player = 0, tokens = 3, pieces = { wisp-wall = 1 } }\n'
                                  '"L1.6" = { player = 1, tokens = 1 }')
    engine.apply_action(s, "decline")
    r = s.region_of("L1.5")
    assert s.occ[r] == 1 and s.tokens[r] == 1 and s.piece(WALL, r) == 1
    while s.turn == 0:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    # Trolls' turn: 2 + 1 In Decline token + 1 Wall - 1 (Trolls) = 3
    assert s.turn == 1
    if s.phase == "decide":
        engine.apply_action(s, "expand")
    assert cost(s, "L1.5", p=1) == 3
    engine.apply_action(s, "conquer L1.5")
    assert s.occ[r] == 2 and s.piece(WALL, r) == 0 and s.in_supply(WALL) == PIECE_SUPPLY[WALL]


def test_walls_removed_with_the_old_in_decline_race():
    """R-DEC-3, RULES §9: when the In Decline Night Elves are removed (a second decline) their
    Regions are emptied and the Wisp Walls leave with them."""
    s = make(race="orcs", phase="decide", decline="night-elves",
             more='"L1.5" = { player = 0, decline = true, tokens = 1, pieces = { wisp-wall = 1 } }')
    engine.apply_action(s, "decline")
    r = s.region_of("L1.5")
    assert s.occ[r] == -1 and s.piece(WALL, r) == 0 and s.in_supply(WALL) == PIECE_SUPPLY[WALL]


def test_in_decline_night_elves_give_no_forest_reduction():
    """RULES §9 (Active race only): the new Active race pays full price for Forests and places
    no Wall."""
    s = make(race="orcs", decline="night-elves")
    assert cost(s, "L1.5") == 2
    engine.apply_action(s, "conquer L1.5")
    assert s.piece(WALL, s.region_of("L1.5")) == 0


def test_forest_reduction_stacks_with_blacksmith():
    """R-CONQ-4 with Blacksmith: a Forest with 2 Trolls costs 4 - 1 - 1 = 2; an empty one
    2 - 2 -> clamped to 1."""
    s = make(power="blacksmith", more='"L1.5" = { player = 1, tokens = 2 }')
    assert cost(s, "L1.5") == 2
    engine.apply_action(s, "conquer L1.5")
    assert s.piece(WALL, s.region_of("L1.5")) == 1
    parts: dict[str, int] = {}
    s = make(power="blacksmith")
    assert conquest_cost(s, 0, s.region_of("L1.5"), 0, parts=parts) == 1
    assert parts["reductions"] == 2
