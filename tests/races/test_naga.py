"""Naga (RULES §9, R-CONQ-1, R-CONQ-5): they may conquer Seas and Lakes; their first conquest may
be a Sea or Lake (cost 2, no travel cost); In Decline their tokens stay in Seas and Lakes.

Board facts: L1.7 Crystal Mere is the Lake of L1, adjacent to L1.1 (Entry), L1.2, L1.3, L1.6,
L1.8, L1.10, L1.11; S3 has no water; L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13.
"""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from tests.builders import position, seat
from tests.conftest import acts

LAKE = "L1.7"


def make(race="naga", power="farmer", more="", phase="conquer", hand=8, **keys):
    """Seat 0's ``race`` and ``more`` Regions; seat 1's Humans have 6 in hand."""
    return position(more, seat(race, power, hand=hand, **keys), seat("humans", "mining", hand=6), phase=phase)


def test_first_conquest_may_be_the_lake_for_two():
    """RULES §9 Naga, R-CONQ-1: the Lake is a first target with no travel cost: cost 2."""
    s = make()
    r = s.region_of(LAKE)
    tg = targets(s, 0)
    assert tg[r] == 0 and conquest_cost(s, 0, r, 0) == 2
    assert all(tg[e] == 1 for e in s.spec.entries)  # Entry Regions remain, with travel
    engine.apply_action(s, f"conquer {LAKE}")
    assert s.occ[r] == 0 and s.tokens[r] == 2 and s.hand[0] == 6


def test_conquests_from_the_lake():
    """R-CONQ-2: from the Lake, its neighbours are adjacent (L1.3: 2, no travel)."""
    s = make(more=f'"{LAKE}" = {{ player = 0, tokens = 2 }}')
    tg = targets(s, 0)
    assert tg[s.region_of("L1.3")] == 0 and tg[s.region_of("L1.11")] == 0
    engine.apply_action(s, "conquer L1.3")
    assert s.occ[s.region_of("L1.3")] == 0


def test_lake_adjacent_later_and_never_for_others():
    """R-CONQ-5: the Naga may conquer the Lake next to their Region (2 + defenders); another
    race may not, even next to it."""
    s = make(more='"L1.1" = { player = 0, tokens = 1 }\n"L1.6" = { player = 1, tokens = 1 }')
    r = s.region_of(LAKE)
    assert targets(s, 0)[r] == 0 and conquest_cost(s, 0, r, 0) == 2
    assert r not in targets(s, 1)


def test_redeployment_into_the_lake():
    """R-TROOP-3, R-CONQ-5: the Naga's Lake is one of their Regions: redeployment may put
    tokens there."""
    s = make(hand=3, more=f'"{LAKE}" = {{ player = 0, tokens = 3 }}\n"L1.1" = {{ player = 0, tokens = 1 }}')
    engine.apply_action(s, "end")
    assert s.phase == "redeploy"
    assert f"redeploy {LAKE} 1" in acts(s)


def test_in_decline_tokens_stay_in_the_lake():
    """RULES §9 Naga, R-DEC-2: going In Decline, the Naga keep 1 token in the Lake; it scores
    (R-SCORE-1) and no other race may take it (R-CONQ-5), not even the same player's next race
    (R-CONQ-8 does not open water)."""
    s = make(phase="decide", hand=0,
             more=f'"{LAKE}" = {{ player = 0, tokens = 3 }}\n"L1.1" = {{ player = 0, tokens = 2 }}')
    engine.apply_action(s, "decline")
    r = s.region_of(LAKE)
    assert s.occ[r] == 1 and s.tokens[r] == 1
    assert ("Regions", 2) in s.last_score[0]
    assert r not in targets(s, 1)
    s2 = make(race="orcs", power="sailing", decline="naga",
              more=f'"{LAKE}" = {{ player = 0, decline = true, tokens = 1 }}\n'
                   '"L1.1" = { player = 0, tokens = 1 }')
    assert s2.region_of(LAKE) not in targets(s2, 0)


def test_in_decline_naga_do_not_swim():
    """RULES §9 (Active race only): with Naga In Decline, the player's new race has no water
    first target and no Lake conquest."""
    s = make(race="orcs", decline="naga", hand=5)
    assert s.region_of(LAKE) not in targets(s, 0)


def test_naga_with_blacksmith_take_the_lake_with_one():
    """RULES §9 Naga + Blacksmith (RULES §10): the empty Lake costs 2 - 1 = 1."""
    s = make(power="blacksmith")
    r = s.region_of(LAKE)
    assert conquest_cost(s, 0, r, 0) == 1
    engine.apply_action(s, f"conquer {LAKE}")
    assert s.tokens[r] == 1


def test_naga_fishing_scores_the_shore():
    """RULES §9 Naga with Fishing (RULES §10): +1 VC per Region next to a Sea or Lake; the Naga
    on L1.3 counts; the Lake itself touches no other water (the Fishing ruling)."""
    s = make(power="fishing",
             more=f'"{LAKE}" = {{ player = 0, tokens = 2 }}\n"L1.3" = {{ player = 0, tokens = 1 }}')
    engine.apply_action(s, "end")
    while s.turn == 0:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    lines = dict(s.last_score[0])
    assert lines["Regions"] == 2
    assert lines["Fishing: Regions by the water"] == 1
