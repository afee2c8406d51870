"""Battle Master (RULES §10): +1 VC per non-empty Region conquered this turn (RULES §1: Murlocs or
race tokens, Beasts and the Champion included), paid at scoring (R-SCORE-2)."""

from __future__ import annotations

from smallworld.core import engine
from tests.powers import badge_at, bonus, lines, play_out_turn


def make(regions="", phase="conquer", hand=9, other="farmer", **keys):
    """Seat 0's Dwarves (Battle Master) hold L1.9."""
    return badge_at("battle-master", '"L1.9" = { player = 0 }\n' + regions, phase=phase,
                    opponent=("kobolds", other), hand=hand, **keys)


def test_one_coin_per_non_empty_region_conquered():
    """RULES §10 Battle Master: a Murloc Region and an opponent's Region conquered (+2); an empty
    one adds nothing."""
    s = make('"L1.4" = { murlocs = 1 }\n"L1.5" = { player = 1 }')
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "conquer L1.13")  # empty Mountain
    play_out_turn(s)
    assert lines(s)["Battle Master: non-empty Regions conquered"] == 2


def test_no_conquest_no_bonus():
    """RULES §10 Battle Master: only this turn's conquests count."""
    s = make('"L1.4" = { murlocs = 1 }')
    play_out_turn(s)
    assert bonus(s, "Battle Master") == 0


def test_own_in_decline_region_counts_and_nothing_on_the_decline_turn():
    """R-CONQ-8: conquering its own In Decline Region is a non-empty conquest (+1); the next
    turn the race goes In Decline: no conquest and no bonus (R-DEC-1)."""
    s = make('"L1.4" = { player = 0, decline = true }', decline="trolls")
    engine.apply_action(s, "conquer L1.4")
    play_out_turn(s)
    assert lines(s)["Battle Master: non-empty Regions conquered"] == 1
    d = make('"L1.4" = { player = 0 }', phase="decide", hand=0)
    engine.apply_action(d, "decline")
    assert bonus(d, "Battle Master") == 0


def test_a_lone_champion_makes_a_region_non_empty():
    """RULES §1, §10 Championing: a Region held by the Champion alone (0 tokens) is non-empty:
    conquering it earns +1, and the Champion's owner pays its 1 VC ransom."""
    s = make('"L1.5" = { player = 1, tokens = 0, pieces = { champion = 1 } }', other="championing")
    engine.apply_action(s, "conquer L1.5")
    play_out_turn(s)
    assert lines(s)["Battle Master: non-empty Regions conquered"] == 1
    assert s.vc[1] == 4
