"""Aegis of Aggramar, an Artifact (RULES §11)."""

from __future__ import annotations

import pytest

from smallworld.core import engine, hooks
from smallworld.core.errors import IllegalActionError
from tests.builders import seat
from tests.conftest import acts
from tests.items._helpers import DWARVES, finish_turn, item_table

# Board facts (L1): L1.9 (hills, Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 (forest) to L1.0,
# L1.4, L1.6, L1.9, L1.13.


def aegis(vc=5, decline=False):
    """Seat 0's Orcs (8 in hand, ``vc`` VC) hold L1.9 next to the Dwarves' Aegis Region L1.5 (2
    tokens) and L1.0; ``decline``: the Dwarves are seat 1's In Decline race."""
    dec = ", decline = true" if decline else ""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1 }}
        "L1.5" = {{ player = 1, tokens = 2{dec}, item = "aegis-of-aggramar" }}
        "L1.0" = {{ player = 1, tokens = 1{dec} }}
    ''', hand=8, vc=vc, opponent=seat(decline="dwarves") if decline else DWARVES)


def test_aegis_region_is_immune_until_the_attacker_pays_2_vc():
    """RULES §11 Aegis, RULES §8: immune to conquest and powers unless the attacker first pays the
    owner 2 VC; the payment is the toll ``pay aegis`` and is offered instead of the conquest."""
    s = aegis()
    r = s.region_of("L1.5")
    assert hooks.immune(s, 0, r)
    assert "pay aegis" in acts(s) and "conquer L1.5" not in acts(s)
    with pytest.raises(IllegalActionError, match="Aegis of Aggramar"):
        engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "pay aegis")
    assert (s.vc[0], s.vc[1]) == (3, 7)
    assert not hooks.immune(s, 0, r)
    assert "conquer L1.5" in acts(s) and "pay aegis" not in acts(s)
    engine.apply_action(s, "conquer L1.5")
    assert s.occ[r] == 0 and s.items[r] == ("aegis-of-aggramar",)  # it changes hands with its Region


def test_aegis_unpaid_attacker_without_2_vc_cannot_attack():
    """RULES §8: a player who cannot pay the Aegis toll cannot take the action."""
    s = aegis(vc=1)
    assert "pay aegis" not in acts(s) and "conquer L1.5" not in acts(s)
    assert "conquer L1.4" in acts(s)  # other Regions are unaffected


def test_aegis_payment_lasts_only_this_turn():
    """RULES §11 Aegis: once paid, immune to nothing for that attacker *this turn*."""
    s = aegis()
    engine.apply_action(s, "pay aegis")
    engine.apply_action(s, "conquer L1.4")
    finish_turn(s)
    assert s.turn == 1
    assert "aegis" not in s.paid
    assert hooks.immune(s, 0, s.region_of("L1.5"))


def test_aegis_in_decline_protects_nothing():
    """R-ITEM-1: In Decline races get nothing from items: no immunity, no toll."""
    s = aegis(decline=True)
    r = s.region_of("L1.5")
    assert not hooks.immune(s, 0, r)
    assert "conquer L1.5" in acts(s) and "pay aegis" not in acts(s)


def test_aegis_owner_moves_it_at_turn_end():
    """RULES §11 Aegis, R-ORDER-2: at turn end the owner moves it to one of its Regions (a
    placement decision), onto any of them, even one holding another item (R-ITEM-2, revised
    ruling: a Region may hold any number of items)."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1, item = "aegis-of-aggramar" }
        "L1.4" = { player = 0, tokens = 1 }
        "L1.5" = { player = 0, tokens = 1, item = "dark-portal" }
        "L1.12" = { player = 1, tokens = 1 }
    ''')
    engine.apply_action(s, "end")
    assert s.decisions == [(0, "item:aegis-of-aggramar")]
    assert acts(s) == {"aegis L1.9", "aegis L1.4", "aegis L1.5"}  # R-ITEM-2: any own Region
    engine.apply_action(s, "aegis L1.4")
    assert s.items[s.region_of("L1.4")] == ("aegis-of-aggramar",)
    assert s.items[s.region_of("L1.9")] == ()
    assert s.turn == 1
    assert hooks.immune(s, 1, s.region_of("L1.4")) and not hooks.immune(s, 1, s.region_of("L1.9"))


def test_aegis_with_a_single_region_asks_nothing():
    """R-ORDER-2: with one Region there is nothing to choose: the Aegis stays."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1, item = "aegis-of-aggramar" }
    ''')
    engine.apply_action(s, "end")
    assert s.turn == 1 and s.items[s.region_of("L1.9")] == ("aegis-of-aggramar",)


def test_aegis_blocks_intimidating_until_paid():
    """RULES §11 Aegis ("immune to ... powers"), RULES §10 Intimidating: an unpaid Aegis Region
    cannot be intimidated; once the toll is paid it can."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 3, item = "aegis-of-aggramar" }
        "L1.0" = { player = 1, tokens = 1 }
    ''', "orcs", "intimidating", hand=1)
    assert not any(a.startswith("intimidate L1.5") for a in acts(s))
    engine.apply_action(s, "pay aegis")
    assert "intimidate L1.5 L1.0" in acts(s)


def test_ethereals_cannot_steal_the_aegis_until_paid():
    """RULES §9 Ethereals, §11 Aegis: the theft is a power; the unpaid Aegis Region is immune."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 1, item = "aegis-of-aggramar" }
    ''', "ethereals", hand=4)
    assert "steal L1.5 L1.9" not in acts(s)
    engine.apply_action(s, "pay aegis")
    engine.apply_action(s, "steal L1.5 L1.9")
    assert s.items[s.region_of("L1.9")] == ("aegis-of-aggramar",)
    assert not hooks.immune(s, 1, s.region_of("L1.9"))  # the thief owns it now: its own turn
