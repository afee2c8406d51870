"""Orcs (RULES §9): +1 VC per conquest of a Region occupied by an Alliance race, on top of the
faction bonus (R-SCORE-3).

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 is adjacent to L1.0,
L1.4, L1.6.
"""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import position, seat


def make(race="orcs", power="ranger", more="", p1decline="night-elves", **keys):
    """Seat 0's ``race`` (10 in hand) holds L1.9; seat 1 plays Humans with ``p1decline`` In
    Decline, seat 2 Kobolds (L1 + M1 + S3)."""
    return position('"L1.9" = { player = 0, tokens = 1 }\n' + more, seat(race, power, hand=10, **keys),
                    seat("humans", "mining", decline=p1decline), seat("kobolds", "farmer"), boards=("L1", "M1", "S3"))


def score_of(s, p=0):
    """End seat p's turn (first legal choice for each remaining decision); its scoring lines."""
    if s.phase == "conquer":
        engine.apply_action(s, "end")
    while s.turn == p and not s.is_over():
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    return dict(s.last_score[p])


def test_one_vc_per_alliance_region_conquered():
    """RULES §9 Orcs: two Human Regions conquered: +2 VC (Orcs), and the faction bonus counts
    the Humans once (R-SCORE-3)."""
    s = make(more='"L1.4" = { player = 1, tokens = 1 }\n"L1.5" = { player = 1, tokens = 1 }')
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    lines = score_of(s)
    assert lines["Orcs"] == 2
    assert lines["Faction bonus"] == 1


def test_in_decline_alliance_race_counts():
    """RULES §9 Orcs: an In Decline Alliance race (Night Elves) occupies its Region too: +1;
    the faction bonus counts it as a different race from the Active Humans (R-SCORE-3)."""
    s = make(more='"L1.4" = { player = 1, tokens = 1 }\n"L1.5" = { player = 1, decline = true, tokens = 1 }')
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    lines = score_of(s)
    assert lines["Orcs"] == 2 and lines["Faction bonus"] == 2


def test_neutral_horde_murlocs_and_empty_give_nothing():
    """RULES §9 Orcs: only Alliance-held Regions count (Kobolds are Neutral, Murlocs nobody's)."""
    s = make(p1decline="trolls",
             more='"L1.4" = { player = 2, tokens = 1 }\n"L1.5" = { murlocs = 1 }\n'
                  '"L1.13" = { player = 1, decline = true, tokens = 1 }')
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "conquer L1.13")
    lines = score_of(s)
    assert "Orcs" not in lines and "Faction bonus" not in lines


def test_final_conquest_counts():
    """RULES §9 Orcs, R-CONQ-9: a final conquest of an Alliance Region counts."""
    s = make(more='"L1.4" = { player = 1, tokens = 3 }')
    s.hand[0] = 3
    s.box[s.spec.race_index["orcs"]] += 7
    engine.apply_action(s, "conquer L1.4")  # cost 5, 2 short
    engine.apply_action(s, "roll 2")
    assert s.occ[s.region_of("L1.4")] == 0
    assert score_of(s)["Orcs"] == 1


def test_bonus_is_per_turn():
    """RULES §9 Orcs: the count is for this turn's conquests only."""
    s = make(more='"L1.4" = { player = 1, tokens = 1 }')
    engine.apply_action(s, "conquer L1.4")
    assert score_of(s)["Orcs"] == 1
    assert s.tflags.get("orcs-alliance") is None


def test_in_decline_orcs_give_nothing():
    """R-SCORE-2: race bonuses are for the Active race only: Trolls with Orcs In Decline get no
    Orcs bonus."""
    s = make(race="trolls", decline="orcs", more='"L1.4" = { player = 1, tokens = 1 }')
    engine.apply_action(s, "conquer L1.4")
    lines = score_of(s)
    assert "Orcs" not in lines and lines["Faction bonus"] == 1


def test_orcs_with_battle_master():
    """RULES §9 Orcs + Battle Master (RULES §10): a Human Region earns +1 Orcs and +1 Battle
    Master, and the faction bonus."""
    s = make(power="battle-master", more='"L1.4" = { player = 1, tokens = 1 }')
    engine.apply_action(s, "conquer L1.4")
    lines = score_of(s)
    assert lines["Orcs"] == 1 and lines["Faction bonus"] == 1
    assert lines["Battle Master: non-empty Regions conquered"] == 1
