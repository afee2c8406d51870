"""Diplomat (C-P-DIPLOMAT-1..3): name an opponent not attacked; peace until the next turn."""

from smallworld.core import engine
from tests.builders import seat
from tests.classic.helpers import acts_text, classic_position, make, tg


def test_ally_cannot_attack_until_next_turn():
    """C-P-DIPLOMAT-1/2: seat 0 names seat 1; seat 1's Active race cannot target seat 0's
    Active Regions; the peace ends when seat 0's next turn starts (C-P-DIPLOMAT-3)."""
    s = make(race="ratmen", power="diplomat", hand=0, race1="humans", power1="forest",
             regions='"C2.1" = { player = 0 }\n"C2.2" = { player = 1 }')
    engine.apply_action(s, "end")
    assert acts_text(s) == {"ally 1", "done"}
    engine.apply_action(s, "ally 1")
    assert s.flags["diplomat-ally"] == 1
    assert 1 not in tg(s, 1)
    from smallworld.classic.registry import POWER_ABILITIES

    POWER_ABILITIES["diplomat"].on_turn_start(s, 0)
    assert 1 in tg(s, 1)


def test_attacked_opponent_cannot_be_named():
    """C-P-DIPLOMAT-1, C-EDGE-7: an opponent whose Active race was attacked this turn is not
    offered."""
    s = make(race="ratmen", power="diplomat", race1="humans", power1="forest",
             regions='"C2.1" = { player = 0 }\n"C2.2" = { player = 1 }\n"C2.3" = { player = 1 }')
    engine.apply_action(s, "conquer C2.2")
    engine.apply_action(s, "end")
    while s.phase == "redeploy":
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))
    assert acts_text(s) == {"done"}


def test_only_an_opponent_with_an_active_race_can_be_named():
    """C-P-DIPLOMAT-1 (revised): an opponent with no Active race (just gone In Decline) is not
    offered as ally; naming it is refused."""
    s = classic_position('''
        "C2.1" = { player = 0 }
        "C2.2" = { player = 1, decline = true }
    ''', seat("ratmen", "diplomat"), seat(decline="humans"))
    engine.apply_action(s, "end")
    assert acts_text(s) == {"done"}
    import pytest

    from smallworld.core.errors import IllegalActionError

    with pytest.raises(IllegalActionError):
        engine.apply_action(s, "ally 1")
