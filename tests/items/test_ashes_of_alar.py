"""Ashes of Al'ar, an Artifact (RULES §11)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.state import CHANCE
from tests.conftest import acts
from tests.items._helpers import item_table

# Board facts (L1): L1.12 (forest, Entry) is adjacent to L1.8, L1.11 only; L1.9 (hills) is an
# Entry; L1.7 is the lake. S3 has no water.


def ashes(hand=6, race="orcs", decline=""):
    """Seat 0's ``race`` holds the Ashes in L1.12 (``decline``); a Murloc in L1.4; the Dwarves
    hold L1.14."""
    return item_table(f'''
        "L1.12" = {{ player = 0, tokens = 1, item = "ashes-of-alar"{decline} }}
        "L1.4" = {{ murlocs = 1 }}
        "L1.14" = {{ player = 1, tokens = 1 }}
    ''', race, hand=hand)


def test_ashes_conquer_a_far_region_as_if_adjacent():
    """RULES §11 Ashes of Al'ar: once per turn, any Region of any board as if adjacent, normal
    cost; R-ITEM-2: the Ashes move into the Region conquered."""
    s = ashes()
    a = acts(s)
    assert "conquer L1.4" not in a and "ashes L1.4" in a
    assert "ashes S3.2" in a  # another board
    assert "ashes L1.8" not in a and "ashes L1.11" not in a  # adjacent: nothing gained
    assert "ashes L1.7" not in a and "ashes L1.12" not in a  # the lake, its own Region
    engine.apply_action(s, "ashes L1.4")  # 2 + 1 Murloc
    r = s.region_of("L1.4")
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 3, 3)
    assert s.items[r] == ("ashes-of-alar",) and s.items[s.region_of("L1.12")] == ()
    assert not any(x.startswith("ashes") for x in acts(s))  # once per turn


def test_ashes_remove_the_travel_cost_of_a_far_entry_region():
    """RULES §11 Ashes (no travel cost), R-CONQ-2: a far Entry Region costs 3 normally, 2 here."""
    s = ashes(hand=3)
    r = s.region_of("L1.9")
    assert targets(s, 0)[r] == 1 and conquest_cost(s, 0, r, 1) == 3
    assert "conquer L1.9" in acts(s) and "ashes L1.9" in acts(s)
    engine.apply_action(s, "ashes L1.9")
    assert s.tokens[r] == 2 and s.hand[0] == 1


def test_ashes_final_conquest_with_the_die():
    """R-CONQ-9 with Ashes: too few tokens makes it the final conquest; on success the Ashes
    follow, on failure they stay and the tokens stay in hand."""
    for roll, won in ((3, True), (0, False)):
        s = ashes(hand=1)
        engine.apply_action(s, "ashes L1.14")  # 2 + 1 defender = 3, one token in hand: 2 short
        assert s.current_player() == CHANCE
        engine.apply_action(s, f"roll {roll}")
        r = s.region_of("L1.14")
        if won:
            assert s.occ[r] == 0 and s.items[r] == ("ashes-of-alar",)
        else:
            assert s.occ[r] == 2 and s.items[s.region_of("L1.12")] == ("ashes-of-alar",)


def test_ashes_in_decline_do_nothing():
    """R-ITEM-1: the Ashes in a Region of the owner's In Decline race give it nothing."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.12" = { player = 0, tokens = 1, decline = true, item = "ashes-of-alar" }
    ''', decline="trolls", hand=5)
    assert not any(a.startswith("ashes") for a in acts(s))


def test_ashes_pay_a_toll_on_a_far_target_first():
    """RULES §8 with Ashes: an Aegis Region out of ordinary reach is offered as ``pay aegis``
    first, then as an Ashes conquest."""
    s = item_table('''
        "L1.12" = { player = 0, tokens = 1, item = "ashes-of-alar" }
        "L1.4" = { player = 1, tokens = 1, item = "aegis-of-aggramar" }
    ''', hand=6)
    assert "pay aegis" in acts(s) and "ashes L1.4" not in acts(s)
    engine.apply_action(s, "pay aegis")
    assert "ashes L1.4" in acts(s)
    engine.apply_action(s, "ashes L1.4")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0
    # R-ITEM-2 (revised ruling): the Ashes move in beside the Aegis
    assert s.items[r] == ("aegis-of-aggramar", "ashes-of-alar")
    assert s.items[s.region_of("L1.12")] == ()


def test_naga_with_ashes_may_reach_water():
    """R-CONQ-5, RULES §9 Naga, §11 Ashes: water only for a race that may enter it."""
    s = ashes(race="naga")
    assert "ashes L1.7" in acts(s) and "conquer L1.7" not in acts(s)  # the lake is far
    engine.apply_action(s, "ashes L1.7")
    assert s.occ[s.region_of("L1.7")] == 0
    s = ashes(race="orcs")
    assert "ashes L1.7" not in acts(s)
