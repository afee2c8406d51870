"""Enraged (RULES §10): each conquest of a Region defended by 2 or more race tokens earns that
many VC (paid at scoring, R-SCORE-2)."""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import position, seat
from tests.powers import bonus, lines, play_out_turn


def make(regions="", phase="conquer", hand=10, other="farmer", decline1=None, **keys):
    """Seat 0's Orcs (Enraged) hold L1.9; seat 1 plays Kobolds with ``other``."""
    them = seat("kobolds", other) if decline1 is None else seat("kobolds", other, decline=decline1)
    return position('"L1.9" = { player = 0 }\n' + regions, seat("orcs", "enraged", hand=hand, **keys), them,
                    phase=phase)


def test_defenders_earn_coins():
    """RULES §10 Enraged: 3 defenders earn 3, 2 defenders earn 2: +5."""
    s = make('"L1.4" = { player = 1, tokens = 3 }\n"L1.5" = { player = 1, tokens = 2 }')
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    play_out_turn(s)
    assert lines(s)["Enraged: defenders beaten"] == 5


def test_a_single_defender_earns_nothing():
    """RULES §10 Enraged: fewer than 2 defenders (a lone token, a Murloc, an empty Region) earn
    nothing."""
    s = make('"L1.4" = { player = 1, tokens = 1 }\n"L1.5" = { murlocs = 1 }')
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "conquer L1.13")
    play_out_turn(s)
    assert bonus(s, "Enraged") == 0


def test_in_decline_defenders_count_and_decline_turn_earns_nothing():
    """RULES §10 Enraged: In Decline tokens are race tokens too (2 Trolls In Decline: +2); on
    the turn the race goes In Decline there is no conquest and no bonus."""
    s = make('"L1.4" = { player = 1, decline = true, tokens = 2 }', decline1="trolls")
    engine.apply_action(s, "conquer L1.4")
    play_out_turn(s)
    assert lines(s)["Enraged: defenders beaten"] == 2
    d = make(phase="decide", hand=0)
    engine.apply_action(d, "decline")
    assert bonus(d, "Enraged") == 0


def test_beasts_count_as_defenders():
    """RULES §10 Beast Master: a Beast counts as a race token for defense: 1 Kobold + 1 Beast is
    2 defenders: +2."""
    s = make('"L1.4" = { player = 1, tokens = 1, pieces = { beast = 1 } }', other="beast-master")
    engine.apply_action(s, "conquer L1.4")
    play_out_turn(s)
    assert lines(s)["Enraged: defenders beaten"] == 2
