"""Scoring (RULES §8) and the end of the game (R-END-1)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.scoring import final_result
from tests.builders import position, seat

FACTION = '''
    "L1.9" = { player = 0, tokens = 1 }
    "L1.4" = { player = 1, tokens = 1 }
    "L1.5" = { player = 1, tokens = 1 }
    "L1.6" = { player = 1, decline = true, tokens = 1 }
    "L1.0" = { player = 2, decline = true, tokens = 1 }
'''


def faction(race, hand=12, more=""):
    """Seat 0's ``race`` (Sailing) holds L1.9 next to the Orcs (Active) and Trolls (In Decline) of
    seat 1; seat 2's Humans are In Decline in L1.0."""
    return position(FACTION + more, seat(race, "sailing", hand=hand), seat("orcs", "mining", decline="trolls"),
                    seat("blood-elves", "ranger", decline="humans"), boards=("L1", "M1", "S3"))


def _conquer_all_and_score(race, regions=("L1.4", "L1.5", "L1.6", "L1.0"), hand=12):
    s = faction(race, hand)
    for r in regions:
        engine.apply_action(s, f"conquer {r}")
    engine.apply_action(s, "end")
    while s.current_player() == 0:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    return s


def test_regions_score_one_each():
    """R-SCORE-1: 1 VC per Region held by the Active and the In Decline race."""
    s = faction("draenei", 11, '"L1.12" = { player = 1, decline = true, tokens = 1 }')
    s.turn = s.actor = 1
    from smallworld.core.scoring import score_turn

    lines = score_turn(s, 1)
    assert lines == [("Regions", 4)]


def test_alliance_scores_once_per_distinct_horde_race_defeated():
    """R-SCORE-3: Active and In Decline are different races; Orcs twice still count once."""
    s = _conquer_all_and_score("draenei", ("L1.4", "L1.5", "L1.6"), hand=11)
    assert dict(s.last_score[0]) == {"Regions": 4, "Faction bonus": 2}  # Orcs + Trolls


def test_neutral_race_gets_no_faction_bonus():
    """R-SCORE-3: a Neutral race gets nothing."""
    s = _conquer_all_and_score("pandaren", ("L1.4", "L1.5", "L1.6"), hand=9)
    assert dict(s.last_score[0]) == {"Regions": 4}


def test_horde_scores_for_alliance_in_decline_race():
    """R-SCORE-3: an In Decline race of the opposite faction counts; Orcs and Trolls (same
    faction) give nothing."""
    s = _conquer_all_and_score("tauren")
    assert dict(s.last_score[0]) == {"Regions": 5, "Faction bonus": 1}  # Humans


def test_murlocs_give_no_faction_bonus():
    """R-SCORE-3: Murlocs give nothing."""
    s = position('"L1.9" = { murlocs = 1 }', seat("dwarves", "farmer", hand=5), seat())
    engine.apply_action(s, "conquer L1.9")
    engine.apply_action(s, "end")
    assert s.last_score[0] == (("Regions", 1),)


def test_tie_break_by_tokens_then_shared():
    """R-END-1: highest VC; ties to the most race tokens on the boards; still tied: shared."""
    s = position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.4" = { player = 1, decline = true, tokens = 1 }
    ''', seat("orcs", "farmer", vc=30), seat(vc=30, decline="trolls"), seat(vc=12), phase="start",
        boards=("L1", "M1", "S3"))
    assert final_result(s)["winners"] == [0]
    s.tokens[s.region_of("L1.4")] = 2
    assert final_result(s) == {"scores": [30, 30, 12], "tokens": [2, 2, 0], "winners": [0, 1]}


def test_own_in_decline_race_of_the_opposite_faction_gives_the_faction_bonus():
    """R-SCORE-3 (KO): conquering your own In Decline race of the opposite faction counts."""
    s = position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.5" = { player = 0, decline = true, tokens = 1 }
    ''', seat("tauren", "farmer", decline="humans", hand=8), seat())
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "end")
    while s.current_player() == 0:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    assert dict(s.last_score[0]) == {"Regions": 2, "Faction bonus": 1}
