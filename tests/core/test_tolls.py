"""Several tolls owed by one action (RULES §8, revised ruling): the player must be able to pay
their sum, and pays them all; a toll of that action is not offered when the sum is out of reach
(paying one would waste VC on an action that can never be taken)."""

from __future__ import annotations

import pytest

from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from tests.builders import position, seat
from tests.conftest import acts

# Board facts (L1): L1.5 (forest, Magic) is adjacent to L1.0, L1.4, L1.6, L1.9, L1.13; L1.6 is a
# Swamp adjacent to L1.0, L1.1, L1.5, L1.7, L1.10, L1.13.

# Seat 0 holds Harmony; the Pandaren Marshdweller hold the Swamp L1.6: a conquest of L1.6 owes
# Harmony (2 VC) + Marshdweller (1 VC) = 3 VC.
def both(vc, power="mining", hand=8, item="", defenders=1):
    """Seat 0's Orcs hold Harmony and L1.5 (with ``item``); the Pandaren Marshdweller hold the
    Swamp L1.6 with ``defenders`` tokens."""
    regions = f'''
        "L1.5" = {{ player = 0, tokens = 1{item} }}
        "L1.6" = {{ player = 1, tokens = {defenders} }}
    '''
    return position(regions, seat("orcs", power, hand=hand, vc=vc, harmony=True), seat("pandaren", "marshdweller"))


def test_conquest_owing_two_tolls_needs_their_sum():
    """RULES §8: Harmony (2) + Marshdweller (1) on one conquest: with 2 VC neither toll is
    offered (today each was checked alone: paying Harmony left nothing for Marshdweller)."""
    s = both(vc=2)
    a = acts(s)
    assert "pay harmony" not in a and "pay marsh-L1.6" not in a and "conquer L1.6" not in a
    with pytest.raises(IllegalActionError, match=r"= 3 VC, paid together, and Player 1 has 2 VC"):
        engine.apply_action(s, "pay harmony")
    assert s.vc == [2, 5]


def test_conquest_owing_two_tolls_pays_them_all_then_conquers():
    """RULES §8: with the sum (3 VC) both tolls are offered; paid, the conquest is open."""
    s = both(vc=3)
    assert {"pay harmony", "pay marsh-L1.6"} <= acts(s) and "conquer L1.6" not in acts(s)
    engine.apply_action(s, "pay harmony")
    engine.apply_action(s, "pay marsh-L1.6")
    assert s.vc == [0, 8]
    engine.apply_action(s, "conquer L1.6")
    assert s.occ[s.region_of("L1.6")] == 0


def test_doomhammer_payment_counts_with_the_tolls_of_its_target():
    """RULES §8 (Doomhammer is a payment to another player, with Harmony and Marshdweller):
    Doomhammer on L1.6 (3 defenders, out of ordinary reach with 1 token) owes 2 + 1 + 2 = 5 VC;
    with 4 VC no toll of it is offered, with 5 they are."""
    s = both(vc=4, hand=1, item=', item = "doomhammer"', defenders=3)
    a = acts(s)
    assert "pay harmony" not in a and "pay marsh-L1.6" not in a
    s = both(vc=5, hand=1, item=', item = "doomhammer"', defenders=3)
    assert {"pay harmony", "pay marsh-L1.6"} <= acts(s)
    engine.apply_action(s, "pay harmony")
    engine.apply_action(s, "pay marsh-L1.6")
    engine.apply_action(s, "doomhammer L1.6")
    assert s.vc == [0, 10] and s.occ[s.region_of("L1.6")] == 0


def test_frostmourne_target_owing_two_tolls_needs_their_sum():
    """RULES §8 with Frostmourne: only the -2 brings L1.6 (4 defenders, cost 6) within reach of
    1 token + the die; its tolls (3 VC) are offered only with 3 VC."""
    s = both(vc=2, hand=1, item=', item = "frostmourne"', defenders=4)
    assert "pay marsh-L1.6" not in acts(s) and "pay harmony" not in acts(s)
    s = both(vc=3, hand=1, item=', item = "frostmourne"', defenders=4)
    assert {"pay harmony", "pay marsh-L1.6"} <= acts(s)


def test_intimidating_a_region_owing_harmony_and_aegis_needs_their_sum():
    """RULES §8, §10 Intimidating: the Pandaren Region holds the Aegis: Harmony (2) + Aegis (2);
    with 3 VC no toll is offered, with 4 both are."""
    def make(vc):
        return position('''
            "L1.9" = { player = 0, tokens = 1 }
            "L1.5" = { player = 1, tokens = 3, item = "aegis-of-aggramar" }
            "L1.0" = { player = 1, tokens = 1 }
        ''', seat("orcs", "intimidating", hand=1, vc=vc, harmony=True), seat("pandaren", "farmer"))

    s = make(3)
    assert "pay harmony" not in acts(s) and "pay aegis" not in acts(s)
    s = make(4)
    assert {"pay harmony", "pay aegis"} <= acts(s)
    engine.apply_action(s, "pay harmony")
    engine.apply_action(s, "pay aegis")
    assert "intimidate L1.5 L1.0" in acts(s)


def test_portal_swap_owes_the_tolls_of_both_regions():
    """RULES §8, §10 Portal Mage: a swap attacks both Regions, so it owes both Regions' tolls.
    Every Magic Region but S3.4 is the Pandaren's (Harmony, 2 VC); S3.4 holds the Aegis (2 VC):
    any swap with S3.4 owes 4 VC, so with 3 VC ``pay aegis`` is not offered (``pay harmony``
    is: two Pandaren Regions may be swapped for 2 VC)."""
    def make(vc):
        return position('''
            "L1.9" = { player = 0 }
            "L1.1" = { player = 1 }
            "L1.5" = { player = 1 }
            "L1.10" = { player = 1 }
            "M1.1" = { player = 1 }
            "M1.6" = { player = 1 }
            "S3.6" = { player = 1 }
            "S3.4" = { player = 2, item = "aegis-of-aggramar" }
        ''', seat("orcs", "portal-mage", hand=1, vc=vc, harmony=True), seat("pandaren", "farmer"),
            seat("dwarves", "ranger"), boards=("L1", "M1", "S3"))

    s = make(3)
    assert "pay harmony" in acts(s) and "pay aegis" not in acts(s)
    s = make(4)
    assert {"pay harmony", "pay aegis"} <= acts(s)
    engine.apply_action(s, "pay harmony")
    engine.apply_action(s, "pay aegis")
    assert "portal L1.1 S3.4" in acts(s)
