"""Marshdweller (RULES §10): an opponent must pay this player 1 VC before conquering a Swamp Region
of the Marshdweller race (core toll, RULES §8: ``pay marsh-R``). Lasts In Decline (R-DEC-2)."""

from __future__ import annotations

import pytest

from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from tests.builders import position, seat
from tests.conftest import acts

MARSH = seat("kobolds", "marshdweller")


def make(regions, p0=MARSH, vc1=5, power1="farmer"):
    """Seat 0 is ``p0`` (the Kobolds Marshdweller); seat 1's Orcs (8 in hand, ``vc1`` VC) hold
    L1.0 and play this turn."""
    return position('"L1.0" = { player = 1 }\n' + regions, p0, seat("orcs", power1, hand=8, vc=vc1), turn=1)


def test_toll_before_conquering_a_swamp():
    """RULES §10 Marshdweller: ``conquer L1.6`` is refused until ``pay marsh-L1.6`` (1 VC to the
    Marshdweller player); then the conquest goes through."""
    s = make('"L1.6" = { player = 0 }')
    assert "conquer L1.6" not in acts(s) and "pay marsh-L1.6" in acts(s)
    with pytest.raises(IllegalActionError, match="pay first"):
        engine.apply_action(s, "conquer L1.6")
    engine.apply_action(s, "pay marsh-L1.6")
    assert (s.vc[0], s.vc[1]) == (6, 4)
    engine.apply_action(s, "conquer L1.6")
    assert s.occ[s.region_of("L1.6")] == 2


def test_only_swamps_and_only_if_affordable():
    """RULES §8, §10: a non-Swamp Region of the race owes nothing; a player with 0 VC cannot pay,
    so it cannot conquer the Swamp."""
    s = make('"L1.6" = { player = 0 }\n"L1.5" = { player = 0 }', vc1=0)
    a = acts(s)
    assert "conquer L1.5" in a
    assert "conquer L1.6" not in a and "pay marsh-L1.6" not in a


def test_in_decline_swamps_still_protected():
    """R-DEC-2: the kept Marshdweller badge protects the In Decline race's Swamps."""
    s = make('"L1.6" = { player = 0, decline = true }',
             p0=seat("dwarves", "mining", decline="kobolds", kept="marshdweller"))
    assert "pay marsh-L1.6" in acts(s) and "conquer L1.6" not in acts(s)


def test_the_new_active_race_of_the_same_player_owes_nothing():
    """RULES §10 ("an opponent must pay"), R-CONQ-8: the Marshdweller player's own Active race
    conquers its In Decline Swamp without a toll; the Swamps of its Active race (another power)
    are not protected for opponents."""
    s = position('''
        "L1.0" = { player = 0 }
        "L1.6" = { player = 0, decline = true }
        "S3.1" = { player = 1 }
    ''', seat("dwarves", "mining", hand=5, decline="kobolds", kept="marshdweller"), seat("orcs", "farmer"))
    assert "conquer L1.6" in acts(s)


def test_champion_pays_before_its_free_conquest():
    """RULES §10 Championing + Marshdweller: even the Champion's free conquest waits for the
    toll."""
    s = make('"L1.6" = { player = 0 }', power1="championing")
    assert "champion L1.6" not in acts(s)
    engine.apply_action(s, "pay marsh-L1.6")
    assert "champion L1.6" in acts(s)
    engine.apply_action(s, "champion L1.6")
    assert s.occ[s.region_of("L1.6")] == 2 and s.vc[0] == 6


def test_no_toll_for_intimidating():
    """RULES §10 Marshdweller ("before conquering"): Intimidating the Swamp is no conquest."""
    s = make('"L1.6" = { player = 0, tokens = 2 }\n"L1.8" = { player = 0 }', power1="intimidating")
    assert "intimidate L1.6 L1.8" in acts(s)
