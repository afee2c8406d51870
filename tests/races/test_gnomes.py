"""Gnomes (RULES §9): once per turn an airborne assault on any Region of any board, treated as
adjacent (no travel cost); a free die roll reduces the cost (min 1); too few tokens: the final
conquest if at most 3 short (a second, normal roll, R-CONQ-9), else the assault is spent.

Board facts: L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13; L1.3 (Fields) is far from it; L1.7
is a Lake; Entry Regions L1.1, L1.9, L1.12, S3.0, S3.7.
"""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.state import CHANCE
from tests.builders import position, seat
from tests.conftest import acts


def make(race="gnomes", power="farmer", hand=5, far=2, dec="", more="", **keys):
    """Seat 0's ``race`` holds L1.9 (``dec``); the Orcs hold L1.3 with ``far`` tokens."""
    return position(f'''
        "L1.9" = {{ player = 0, tokens = 1 {dec} }}
        "L1.3" = {{ player = 1, tokens = {far} }}
    ''' + more, seat(race, power, hand=hand, **keys), seat("orcs", "mining"))


def airborne(s):
    return {a.split()[1] for a in acts(s) if a.startswith("airborne ")}


def test_any_region_of_any_board_but_water_and_own():
    """RULES §9 Gnomes: any Region of any board (far L1.3, the other board), never a Lake
    (R-CONQ-5) or their own Region."""
    s = make()
    targets = airborne(s)
    assert {"L1.3", "S3.4", "L1.4"} <= targets
    assert "L1.7" not in targets and "L1.9" not in targets


def test_free_roll_reduces_cost_then_conquers():
    """RULES §9 Gnomes: L1.3 with 2 Orcs costs 4 (no travel); roll 2 -> 2 tokens conquer it."""
    s = make()
    engine.apply_action(s, "airborne L1.3")
    assert s.current_player() == CHANCE
    assert {str(a) for a in engine.legal_actions(s)} == {"roll 0", "roll 1", "roll 2", "roll 3"}
    engine.apply_action(s, "roll 2")
    r = s.region_of("L1.3")
    assert s.occ[r] == 0 and s.tokens[r] == 2 and s.hand[0] == 3
    assert s.phase == "conquer"  # conquests go on


def test_reduced_cost_never_below_one():
    """R-CONQ-4: an empty Region (2) with a roll of 3 still takes 1 token."""
    s = make(more='"L1.12" = { }')
    engine.apply_action(s, "airborne L1.12")
    engine.apply_action(s, "roll 3")
    assert s.tokens[s.region_of("L1.12")] == 1 and s.hand[0] == 4


def test_once_per_turn():
    """RULES §9 Gnomes: once per turn."""
    s = make()
    engine.apply_action(s, "airborne L1.3")
    engine.apply_action(s, "roll 0")  # 4 <= 5: conquered
    assert airborne(s) == set()


def test_more_than_three_short_spends_the_assault():
    """RULES §9 Gnomes: 2 tokens against 6 with roll 0: 4 short: spent, conquests go on."""
    s = make(hand=2, far=4)
    engine.apply_action(s, "airborne L1.3")
    engine.apply_action(s, "roll 0")
    assert s.occ[s.region_of("L1.3")] == 2 and s.hand[0] == 2
    assert s.phase == "conquer" and airborne(s) == set()
    assert "conquer L1.4" in acts(s)


def test_short_then_final_conquest_with_a_second_roll():
    """RULES §9 Gnomes, R-CONQ-9: 2 tokens against 6, free roll 1 -> 5, 3 short: the Gnomes may
    make it the final conquest; the second roll of 3 takes it with both tokens."""
    s = make(hand=2, far=4)
    engine.apply_action(s, "airborne L1.3")
    engine.apply_action(s, "roll 1")
    assert acts(s) == {"airborne-final", "airborne-stop"}
    engine.apply_action(s, "airborne-final")
    assert s.current_player() == CHANCE
    engine.apply_action(s, "roll 3")
    r = s.region_of("L1.3")
    assert s.occ[r] == 0
    assert s.phase == "redeploy"  # conquests are over; both tokens went there (1 back to hand)
    assert s.tokens[r] + s.hand[0] == 2


def test_short_and_final_roll_fails():
    """R-CONQ-9: the second roll too low: the tokens stay in hand, conquests end."""
    s = make(hand=2, far=4)
    engine.apply_action(s, "airborne L1.3")
    engine.apply_action(s, "roll 1")
    engine.apply_action(s, "airborne-final")
    engine.apply_action(s, "roll 2")
    assert s.occ[s.region_of("L1.3")] == 2 and s.phase != "conquer"


def test_short_and_stop_lets_conquests_go_on():
    """RULES §9 Gnomes: declining the final conquest spends the assault only."""
    s = make(hand=2, far=4)
    engine.apply_action(s, "airborne L1.3")
    engine.apply_action(s, "roll 1")
    engine.apply_action(s, "airborne-stop")
    assert s.phase == "conquer" and "conquer L1.4" in acts(s) and airborne(s) == set()


def test_hopeless_targets_not_offered():
    """Ruling (RULES §9 Gnomes): a target the assault cannot take even with two rolls of 3 is not
    offered (1 token against 2 + 6 = 8)."""
    s = make(hand=1, far=6)
    assert "L1.3" not in airborne(s)


def test_first_conquest_entry_regions_without_travel_cost():
    """RULES §9 Gnomes, R-CONQ-1: a first conquest must target an Entry Region, but airborne:
    no travel cost (empty Entry Region: 2, roll 0 -> 2 tokens)."""
    s = position('', seat("gnomes", "farmer", hand=5), seat("orcs", "mining"))
    assert airborne(s) == {"L1.1", "L1.9", "L1.12", "S3.0", "S3.7"}
    engine.apply_action(s, "airborne S3.0")
    engine.apply_action(s, "roll 0")
    assert s.tokens[s.region_of("S3.0")] == 2


def test_in_decline_gnomes_have_no_assault():
    """RULES §9 (Active race only): In Decline Gnomes give their player's new race nothing."""
    s = make(race="trolls", decline="gnomes",
             more='"L1.4" = { player = 0, decline = true }')
    assert airborne(s) == set()


def test_stacks_with_blacksmith():
    """R-CONQ-4 with Blacksmith (RULES §10): 4 - 1 = 3, roll 2 -> 1 token."""
    s = make(power="blacksmith")
    engine.apply_action(s, "airborne L1.3")
    engine.apply_action(s, "roll 2")
    assert s.tokens[s.region_of("L1.3")] == 1


def test_military_objective_taken_by_airborne_assault():
    """RULES §9 Gnomes + Humans: the Gnomes (Alliance, non-Horde) take a Military Objective by
    airborne assault: +2 VC to them, +2 VC to the Humans' owner."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.3" = { pieces = { military-objective = 1 } }
    ''', seat("gnomes", "farmer", hand=5), seat("humans", "mining"))
    engine.apply_action(s, "airborne L1.3")
    engine.apply_action(s, "roll 0")
    assert (s.vc[0], s.vc[1]) == (7, 7)
    assert s.piece("military-objective", s.region_of("L1.3")) == 0


def test_toll_paid_before_declaring():
    """RULES §8 with Aegis of Aggramar: the Aegis Region far away is offered only after `pay aegis`."""
    s = make(more='"S3.4" = { player = 1, tokens = 1, item = "aegis-of-aggramar" }')
    assert "S3.4" not in airborne(s) and "pay aegis" in acts(s)
    engine.apply_action(s, "pay aegis")
    assert "S3.4" in airborne(s)
    engine.apply_action(s, "airborne S3.4")
    engine.apply_action(s, "roll 0")
    assert s.occ[s.region_of("S3.4")] == 0
