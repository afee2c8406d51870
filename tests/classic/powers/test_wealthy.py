"""Wealthy (C-P-WEALTHY-1): +7 VC once, the turn the combo is picked."""

from smallworld.core import engine
from tests.builders import seat
from tests.classic.helpers import classic_position


def test_seven_coins_the_turn_picked_only():
    """C-P-WEALTHY-1: pick Ratmen Wealthy, conquer, end: +7; the next turn nothing."""
    s = classic_position('', seat(), seat("humans", "forest"), phase="pick",
                         column={"combos": [["ratmen", "wealthy", 0]]})
    engine.apply_action(s, "pick 0")
    while s.current_player() < 0:  # reveal the column's new bottom combo
        engine.apply_action(s, engine.legal_actions(s)[0])
    engine.apply_action(s, "conquer C2.1")
    engine.apply_action(s, "end")
    assert ("Wealthy", 7) in s.last_score[0]
    # next own turn: seat 1 plays first
    while s.turn != 0 or s.phase != "decide":
        acts = engine.legal_actions(s)
        engine.apply_action(s, "end" if any(str(a) == "end" for a in acts) and s.actor == 1 else acts[0])
    engine.apply_action(s, "expand")
    engine.apply_action(s, "end")
    assert ("Wealthy", 7) not in s.last_score[0]
