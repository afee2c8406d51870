"""Blood Elves (RULES §9): +1 VC per Magic Region at turn end, Active race only (R-SCORE-2).

Board facts (L1): Magic Regions L1.1, L1.5, L1.10; L1.9 and L1.4 are not Magic.
"""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import position, seat


def make(race="blood-elves", power="ranger", dec1="", phase="conquer", **keys):
    """Seat 0's ``race`` holds L1.1 (Magic, 2 tokens ``dec1``), L1.5 (Magic) and L1.9; the Orcs
    hold L1.10 (Magic)."""
    return position(f'''
        "L1.1" = {{ player = 0, tokens = 2 {dec1} }}
        "L1.5" = {{ player = 0, tokens = 1 }}
        "L1.9" = {{ player = 0, tokens = 1 }}
        "L1.10" = {{ player = 1, tokens = 1 }}
    ''', seat(race, power, **keys), seat("orcs", "mining"), phase=phase)


def end_turn(s):
    engine.apply_action(s, "end")
    while s.turn == 0 and s.current_player() == 0:
        engine.apply_action(s, engine.legal_actions(s)[0])


def test_one_coin_per_magic_region():
    """RULES §9 Blood Elves: 2 Magic Regions held (L1.1, L1.5) -> +2 VC; L1.10 is the enemy's."""
    s = make(power="sailing")
    end_turn(s)
    assert ("Blood Elves: Magic Regions", 2) in s.last_score[0]
    assert s.vc[0] == 5 + 3 + 2


def test_no_line_without_magic_region():
    """RULES §9 Blood Elves: nothing (no empty line) when no Magic Region is held."""
    s = position('"L1.9" = { player = 0, tokens = 1 }', seat("blood-elves", "sailing"), seat("orcs", "mining"))
    end_turn(s)
    assert s.last_score[0] == (("Regions", 1),)


def test_in_decline_blood_elves_score_no_magic_bonus():
    """RULES §9 (Active race only, R-SCORE-2): In Decline Blood Elves on a Magic Region give only
    the 1 VC per Region."""
    s = make(race="humans", power="sailing", decline="blood-elves", dec1=", decline = true")
    end_turn(s)
    assert not any(label.startswith("Blood Elves") for label, _ in s.last_score[0])
    assert s.last_score[0] == (("Regions", 3),)  # L1.1 In Decline + L1.5, L1.9 Active


def test_decline_turn_scores_no_magic_bonus():
    """R-DEC-1, R-SCORE-2: the turn the Blood Elves go In Decline they are no longer Active."""
    s = make(power="sailing", phase="decide")
    engine.apply_action(s, "decline")
    assert s.last_score[0] == (("Regions", 3),)


def test_stacks_with_a_power_bonus():
    """RULES §9 Blood Elves with Farmer (RULES §10): both bonuses (L1.1 is Magic Fields)."""
    s = make(power="farmer")
    end_turn(s)
    assert ("Blood Elves: Magic Regions", 2) in s.last_score[0]
    assert ("Farmer: Fields Regions", 1) in s.last_score[0]
