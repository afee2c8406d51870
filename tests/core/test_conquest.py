"""Conquest (RULES §5): targets, cost, losses, the final conquest.

Board facts used (L1): L1.1 Goldshire Fields is an Entry Region (fields) adjacent to L1.0, L1.2,
L1.6, L1.7 (lake); L1.9 Redridge Foothills is an Entry Region adjacent to L1.4, L1.5, L1.13;
L1.13 Ironcrest Peak is a Mountain adjacent to L1.5, L1.6, L1.9, L1.10, L1.14; L1.12 is an Entry
Region far from L1.1.
"""

from __future__ import annotations

import pytest

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.errors import IllegalActionError
from smallworld.core.state import CHANCE, EMPTY, MURLOC
from tests.builders import position, seat
from tests.conftest import acts

HUMANS = seat("humans", "mining")


def attack(regions: str, hand: int = 8, defender: dict = HUMANS, **orcs):
    """Seat 0's Orcs (Farmer) with ``hand`` tokens in their conquest phase against seat 1."""
    return position(regions, seat("orcs", "farmer", hand=hand, **orcs), defender)


def first(hand: int):
    """No Region yet; a Murloc on the Entry Region L1.9."""
    return attack('"L1.9" = { murlocs = 1 }', hand)


def test_first_conquest_only_entry_regions_with_travel_cost():
    """R-CONQ-1: with no Region, only Entry Regions of any board; an empty one costs 3."""
    s = first(10)
    tg = targets(s, 0)
    assert set(tg) == set(s.spec.entries)
    assert all(t == 1 for t in tg.values())
    r = s.region_of("L1.1")
    assert conquest_cost(s, 0, r, tg[r]) == 3


def test_entry_region_with_a_murloc_costs_4():
    """R-CONQ-1, R-CONQ-3: an Entry Region holding a Murloc costs 2 + 1 + travel 1 = 4."""
    s = first(10)
    r = s.region_of("L1.9")
    assert conquest_cost(s, 0, r, targets(s, 0)[r]) == 4


def test_non_entry_region_is_not_a_first_target():
    """R-CONQ-1: a first conquest must target an Entry Region."""
    s = first(10)
    with pytest.raises(IllegalActionError, match="Entry Region"):
        engine.apply_action(s, "conquer L1.0")


def test_conquest_places_cost_tokens_and_murloc_is_discarded():
    """R-CONQ-6, R-CONQ-7: the conquering tokens stay; Murlocs are all discarded."""
    s = first(10)
    engine.apply_action(s, "conquer L1.9")
    r = s.region_of("L1.9")
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 4, 6)


def test_mountain_and_two_defenders_cost_5():
    """R-CONQ-3: an adjacent Region with 2 enemy tokens and a Mountain costs 2 + 1 + 2 = 5."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 1, tokens = 2 }
    ''', 6)
    r = s.region_of("L1.13")
    parts: dict[str, int] = {}
    assert targets(s, 0)[r] == 0
    assert conquest_cost(s, 0, r, 0, parts=parts) == 5
    assert parts == {"base": 2, "mountain": 1, "pieces": 0, "defenders": 2, "travel": 0,
                     "reductions": 0, "cost": 5}


def test_later_conquest_of_far_entry_region_pays_travel():
    """R-CONQ-2: any Entry Region stays a target, +1 when not adjacent to the race."""
    s = attack('"L1.1" = { player = 0, tokens = 2 }')
    tg = targets(s, 0)
    assert tg[s.region_of("L1.12")] == 1
    assert tg[s.region_of("L1.0")] == 0
    assert s.region_of("L1.3") not in tg  # not adjacent, not an Entry Region
    assert conquest_cost(s, 0, s.region_of("L1.12"), 1) == 3


def test_lake_cannot_be_conquered():
    """R-CONQ-5: Sea and Lake cannot be conquered (L1.7 is a Lake next to L1.1)."""
    s = attack('"L1.1" = { player = 0, tokens = 2 }')
    assert s.region_of("L1.7") not in targets(s, 0)
    with pytest.raises(IllegalActionError, match="Seas and Lakes"):
        engine.apply_action(s, "conquer L1.7")


def test_defender_of_three_loses_one_and_redeploys_two_at_end_of_turn():
    """R-CONQ-7, R-TROOP-4: 3 defenders: 1 discarded, 2 to hand, redeployed after scoring."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 3 }
        "L1.0" = { player = 1, tokens = 1 }
        "L1.6" = { player = 1, tokens = 1 }
    ''')
    box_before = s.in_box("humans")
    engine.apply_action(s, "conquer L1.5")  # 2 + 3 = 5
    assert s.hand[1] == 2 and s.in_box("humans") == box_before + 1
    assert s.tokens[s.region_of("L1.5")] == 5
    engine.apply_action(s, "end")
    # the attacker redeploys first (3 left in hand + 4 surplus over its 2 Regions)
    while s.phase == "redeploy":
        engine.apply_action(s, sorted(acts(s))[0])
    assert s.phase == "defend" and s.current_player() == 1
    assert acts(s) >= {"redeploy L1.0 1", "redeploy L1.0 2", "redeploy L1.6 2"}
    engine.apply_action(s, "redeploy L1.0 2")
    assert s.tokens[s.region_of("L1.0")] == 3 and s.hand[1] == 0
    assert s.turn == 1  # the next turn has started


def test_in_decline_defenders_all_discarded():
    """R-CONQ-7: In Decline tokens are never redeployed: all discarded."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, decline = true, tokens = 2 }
        "L1.0" = { player = 1, decline = true, tokens = 1 }
    ''', defender=seat("humans", "mining", decline="trolls"))
    box = s.in_box("trolls")
    engine.apply_action(s, "conquer L1.5")
    assert s.hand[1] == 0 and s.in_box("trolls") == box + 2
    assert 1 not in s.defenders


def test_last_in_decline_region_lost_returns_the_banner():
    """R-DEC-4, R-PICK-5: the race leaves the game; its banner goes to the bottom of the stack."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, decline = true, tokens = 1 }
    ''', defender=seat(decline="trolls"))
    engine.apply_action(s, "conquer L1.5")
    assert s.decline[1] is None
    assert s.banner_bottom == ["trolls"]


def test_own_in_decline_region_is_a_target():
    """R-CONQ-8: a player may conquer its own In Decline race's Region, losing those tokens."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 0, decline = true, tokens = 1 }
        "L1.4" = { player = 0, decline = true, tokens = 1 }
    ''', defender=seat(), decline="trolls")
    assert "conquer L1.5" in acts(s)
    engine.apply_action(s, "conquer L1.5")  # 2 + 1 defender
    assert s.occ[s.region_of("L1.5")] == 0 and s.hand[0] == 5
    assert s.defeated == {"trolls": 1}


def test_final_conquest_die_only_when_at_most_three_short():
    """R-CONQ-9: with 1 token, a 4-cost target may be declared (3 short), a 5-cost one not."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 2 }
        "L1.5" = { player = 1, tokens = 3 }
    ''', 1)
    a = acts(s)
    assert "conquer L1.4" in a  # cost 4, 3 short
    assert "conquer L1.5" not in a  # cost 5, 4 short
    with pytest.raises(IllegalActionError, match="at most 3 short"):
        engine.apply_action(s, "conquer L1.5")


def _final_declared():
    """A final conquest declared (R-CONQ-9): cost 4 with 2 in hand, the die is pending."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 2 }
    ''', 2)
    engine.apply_action(s, "conquer L1.4")  # cost 4 with 2 in hand: the die decides
    return s


def _final(roll: int):
    s = _final_declared()
    assert s.current_player() == CHANCE
    assert {str(a) for a in engine.legal_actions(s)} == {"roll 0", "roll 1", "roll 2", "roll 3"}
    engine.apply_action(s, f"roll {roll}")
    return s


def test_final_conquest_succeeds_with_enough_roll():
    """R-CONQ-9: tokens in hand + roll >= cost: all tokens in hand go there; conquests end."""
    s = _final(2)
    r = s.region_of("L1.4")
    assert s.occ[r] == 0
    # conquests are over: redeployment has lifted the surplus of its two Regions into hand
    assert s.phase == "redeploy" and s.tokens[r] + s.hand[0] == 2
    assert "conquer L1.5" not in acts(s)


def test_final_conquest_fails_with_low_roll():
    """R-CONQ-9: otherwise the tokens stay in hand for redeployment; conquests end."""
    s = _final(1)
    r = s.region_of("L1.4")
    assert s.occ[r] == 2  # still seat 1's Active race
    assert s.tokens[s.region_of("L1.9")] == 3  # redeployed to its only Region
    assert s.turn == 1


def test_no_conquest_without_a_token_in_hand():
    """R-CONQ-10: at least one token in hand to start any conquest."""
    s = first(0)
    assert not any(a.startswith("conquer") for a in acts(s))
    with pytest.raises(IllegalActionError, match="no token in hand"):
        engine.apply_action(s, "conquer L1.1")


def test_empty_region_after_conquest_loses_forts_and_wisp_walls():
    """R-CONQ-7: Forts and Wisp Walls in a conquered Region are discarded; Mountains stay."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 1, decline = true, tokens = 1, pieces = { fort = 1, wisp-wall = 1 } }
    ''', 9, defender=seat(decline="night-elves", kept="garrisoned"))
    r = s.region_of("L1.13")
    assert conquest_cost(s, 0, r, 0) == 2 + 1 + 2 + 1
    engine.apply_action(s, "conquer L1.13")
    assert s.piece("fort", r) == 0 and s.piece("wisp-wall", r) == 0
    assert s.in_supply("fort") == 10 and s.in_supply("wisp-wall") == 9
    assert s.spec.mountain[r]


def test_conquered_murloc_region_is_no_longer_murloc():
    """R-CONQ-7: the Region changes hands."""
    s = first(10)
    r = s.region_of("L1.9")
    assert s.occ[r] == MURLOC
    engine.apply_action(s, "conquer L1.9")
    assert s.occ[r] != MURLOC and s.occ[r] != EMPTY


def test_die_faces_are_0_0_0_1_2_3():
    """R-CONQ-9, RULES §2.3: the reinforcement die has faces 0, 0, 0, 1, 2, 3: a roll of 0 is
    three times as likely as each of 1, 2 and 3."""
    from smallworld.core import chance

    s = _final_declared()
    probs = {str(a): pr for a, pr in chance.outcomes(s)}
    assert probs == pytest.approx({"roll 0": 3 / 6, "roll 1": 1 / 6, "roll 2": 1 / 6, "roll 3": 1 / 6})


def test_defender_with_no_region_left_keeps_tokens_and_reenters_by_first_conquest():
    """R-CONQ-7, R-TROOP-4: a defender that lost its last Region keeps the survivors in hand
    (no redeployment); on its next turn it re-enters by a first conquest (Entry Regions only,
    R-CONQ-1)."""
    s = attack('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 3 }
    ''', defender=seat("trolls", "mining"))
    engine.apply_action(s, "conquer L1.5")
    assert s.hand[1] == 2 and s.defenders == [1]
    engine.apply_action(s, "end")
    while s.current_player() == 0:
        engine.apply_action(s, sorted(acts(s))[0])
    assert s.turn == 1 and s.hand[1] == 2  # never redeployed: nowhere to go
    engine.apply_action(s, "expand")
    targets = {a.split()[1] for a in acts(s) if a.startswith("conquer")}
    assert targets and all(s.spec.entry[s.region_of(r)] for r in targets)
