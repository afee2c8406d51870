"""Tauren (RULES §9, R-CONQ-4): never fewer than 2 race tokens in a Region — ready troops,
redeployment, decline, conquest, final conquest, and a token left alone by a removal moves.

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13; L1.4 is adjacent to L1.0,
L1.5, L1.9; L1.0 is adjacent to L1.1, L1.4, L1.5, L1.6; L1.14 is adjacent to L1.10, L1.11, L1.13.
"""

from __future__ import annotations

from smallworld.core import engine, troops
from smallworld.core.conquest import conquest_cost
from smallworld.core.state import CHANCE, EMPTY
from tests.builders import position, seat
from tests.conftest import acts


def settle(s):
    while s.current_player() == CHANCE:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))


def make(regions, phase="conquer", power="farmer", hand=0):
    """Seat 0's Tauren with ``power`` against seat 1's Humans."""
    return position(regions, seat("tauren", power, hand=hand), seat("humans", "mining"), phase=phase)


def test_ready_troops_keep_two():
    """R-TROOP-1 (Tauren: beyond 2): 5 and 2 tokens -> 3 in hand, 2 left in each Region."""
    s = make('"L1.9" = { player = 0, tokens = 5 }\n"L1.4" = { player = 0, tokens = 2 }', phase="decide")
    engine.apply_action(s, "expand")
    assert s.hand[0] == 3
    assert s.tokens[s.region_of("L1.9")] == 2 and s.tokens[s.region_of("L1.4")] == 2


def test_conquest_places_at_least_two_whatever_the_reductions():
    """R-CONQ-4: with Blacksmith an empty Region costs 2 - 1 = 1, but Tauren place 2."""
    s = make('"L1.9" = { player = 0, tokens = 2 }', power="blacksmith", hand=5)
    r = s.region_of("L1.5")
    parts: dict[str, int] = {}
    assert conquest_cost(s, 0, r, 0, parts=parts) == 2 and parts["reductions"] == 1
    engine.apply_action(s, "conquer L1.5")
    assert s.tokens[r] == 2 and s.hand[0] == 3


def test_one_token_in_hand_cannot_conquer():
    """R-CONQ-9, RULES §9 Tauren: a final conquest needs 2 in hand; with 1 there is no
    conquest at all (not even an empty Region)."""
    s = make('"L1.9" = { player = 0, tokens = 2 }', hand=1)
    assert not any(a.startswith("conquer") for a in acts(s))


def test_final_conquest_with_two_in_hand():
    """R-CONQ-9: 2 in hand against a 5-cost Region (3 short) is a final conquest; on success
    both tokens go there."""
    s = make('"L1.9" = { player = 0, tokens = 2 }\n"L1.4" = { player = 1, tokens = 3 }', hand=2)
    assert "conquer L1.4" in acts(s)
    engine.apply_action(s, "conquer L1.4")
    assert s.current_player() == CHANCE
    engine.apply_action(s, "roll 3")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0 and s.tokens[r] == 2


def test_redeployment_keeps_two_per_region():
    """R-TROOP-3 (Tauren ≥ 2): at redeployment every Region keeps 2; the rest is placed freely."""
    s = make('"L1.9" = { player = 0, tokens = 5 }\n"L1.4" = { player = 0, tokens = 2 }')
    engine.apply_action(s, "end")
    assert s.phase == "redeploy" and s.hand[0] == 3
    assert s.tokens[s.region_of("L1.9")] == 2
    assert acts(s) >= {"redeploy L1.4 3", "redeploy L1.9 1"}


def test_decline_keeps_two_per_region():
    """R-DEC-2, RULES §9 Tauren: In Decline they leave 2 tokens per Region."""
    s = make('"L1.9" = { player = 0, tokens = 5 }\n"L1.4" = { player = 0, tokens = 2 }', phase="decide")
    engine.apply_action(s, "decline")
    for rid in ("L1.9", "L1.4"):
        r = s.region_of(rid)
        assert s.occ[r] == 1 and s.tokens[r] == 2
    assert s.in_box("tauren") == 16 - 4


def test_conquered_region_loses_one():
    """R-CONQ-7, RULES §9 Tauren (they still lose 1): 3 Tauren conquered -> 1 discarded, 2 in
    hand redeployed to their other Region after the attacker's turn."""
    s = position('''
        "L1.4" = { player = 0, tokens = 3 }
        "L1.14" = { player = 0, tokens = 2 }
        "L1.9" = { player = 1, tokens = 1 }
    ''', seat("tauren", "farmer"), seat("humans", "mining", hand=9), turn=1)
    engine.apply_action(s, "conquer L1.4")
    assert s.hand[0] == 2 and s.in_box("tauren") == 16 - 5 + 1
    engine.apply_action(s, "end")
    while s.turn == 1 and s.current_player() == 1:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    assert s.tokens[s.region_of("L1.14")] == 4  # the only Region left: placed there


def intimidated(regions):
    """Seat 1's Humans (Intimidating, 5 in hand, L1.9) play against seat 0's Tauren."""
    return position('"L1.9" = { player = 1, tokens = 1 }\n' + regions, seat("tauren", "farmer"),
                    seat("humans", "intimidating", hand=5), turn=1)


def test_intimidating_a_two_token_region_empties_it():
    """RULES §9 Tauren, RULES §10 Intimidating: one token is moved to the other Tauren Region by
    the Intimidating player; the token left alone must follow (only one choice: at once)."""
    s = intimidated('"L1.4" = { player = 0, tokens = 2 }\n"L1.14" = { player = 0, tokens = 2 }')
    engine.apply_action(s, "intimidate L1.4 L1.14")
    r4, r14 = s.region_of("L1.4"), s.region_of("L1.14")
    assert s.occ[r4] == EMPTY and s.tokens[r4] == 0
    assert s.tokens[r14] == 4 and s.current_player() == 1
    assert "conquer L1.4" in acts(s)
    engine.apply_action(s, "conquer L1.4")
    assert s.tokens[r4] == 2  # empty now: 2, not 2 + 2 Tauren


def test_lone_token_owner_chooses_among_several_regions():
    """RULES §9 Tauren: with several other Tauren Regions, the Tauren player chooses where the
    lone token goes (``rejoin R``), even during the Intimidating player's turn."""
    s = intimidated('"L1.4" = { player = 0, tokens = 2 }\n"L1.14" = { player = 0, tokens = 2 }\n'
                    '"S3.0" = { player = 0, tokens = 2 }')
    engine.apply_action(s, "intimidate L1.4 L1.14")
    assert s.current_player() == 0
    assert acts(s) == {"rejoin L1.14", "rejoin S3.0"}
    engine.apply_action(s, "rejoin S3.0")
    assert s.occ[s.region_of("L1.4")] == EMPTY
    assert s.tokens[s.region_of("S3.0")] == 3 and s.tokens[s.region_of("L1.14")] == 3
    assert s.current_player() == 1 and s.phase == "conquer" and not s.decisions


def test_lone_token_with_no_other_region_goes_to_hand():
    """RULES §9 Tauren ("or to hand if none"): the discarded token is lost, the lone one goes to
    hand (R-TROOP-4 keeps it there with no Region: it re-enters by a first conquest)."""
    s = intimidated('"L1.4" = { player = 0, tokens = 2 }')
    engine.apply_action(s, "intimidate L1.4")
    r = s.region_of("L1.4")
    assert s.occ[r] == EMPTY and s.hand[0] == 1 and s.in_box("tauren") == 16 - 1
    assert 0 in s.defenders


def test_three_tokens_lose_one_and_stay():
    """RULES §9 Tauren: Intimidating a 3-token Region leaves 2: nothing moves."""
    s = intimidated('"L1.4" = { player = 0, tokens = 3 }')
    engine.apply_action(s, "intimidate L1.4")
    assert s.tokens[s.region_of("L1.4")] == 2 and s.hand[0] == 0


def test_in_decline_lone_token_goes_back_to_the_box():
    """RULES §9 Tauren In Decline (ruling): with no other In Decline Tauren Region the lone token
    returns to the box (In Decline tokens are never redeployed, R-CONQ-7); the race leaves the
    boards (R-DEC-4)."""
    s = position('''
        "L1.9" = { player = 1, tokens = 1 }
        "L1.4" = { player = 0, decline = true, tokens = 2 }
    ''', seat(decline="tauren"), seat("humans", "intimidating", hand=5), turn=1)
    engine.apply_action(s, "intimidate L1.4")
    assert s.occ[s.region_of("L1.4")] == EMPTY
    assert s.in_box("tauren") == 16 and s.decline[0] is None


def test_in_decline_lone_token_rejoins_its_race():
    """RULES §9 Tauren In Decline: the lone token moves to another In Decline Tauren Region,
    chosen by the Tauren player when there are several."""
    s = position('''
        "L1.9" = { player = 1, tokens = 1 }
        "L1.4" = { player = 0, decline = true, tokens = 2 }
        "L1.14" = { player = 0, decline = true, tokens = 2 }
        "S3.0" = { player = 0, decline = true, tokens = 2 }
    ''', seat(decline="tauren"), seat("humans", "intimidating", hand=5), turn=1)
    engine.apply_action(s, "intimidate L1.4 S3.0")
    assert s.current_player() == 0 and acts(s) == {"rejoin L1.14", "rejoin S3.0"}
    engine.apply_action(s, "rejoin L1.14")
    assert s.occ[s.region_of("L1.4")] == EMPTY
    assert s.tokens[s.region_of("L1.14")] == 3 and s.tokens[s.region_of("S3.0")] == 3
    assert s.in_box("tauren") == 16 - 6


def test_tokens_removed_mechanism_direct():
    """RULES §9 Tauren through ``core.troops.tokens_removed`` (any removal path): a Region left
    with 1 Active token sends it to the only other Tauren Region; other races are untouched."""
    s = make('"L1.9" = { player = 0, tokens = 2 }\n"L1.4" = { player = 0, tokens = 2 }\n'
             '"L1.5" = { player = 1, tokens = 1 }')
    r9, r4, r5 = (s.region_of(x) for x in ("L1.9", "L1.4", "L1.5"))
    s.tokens[r9] -= 1
    s.box[s.spec.race_index["tauren"]] += 1
    troops.tokens_removed(s, r9)
    assert s.occ[r9] == EMPTY and s.tokens[r4] == 3
    troops.tokens_removed(s, r5)  # a lone Human is fine
    assert s.tokens[r5] == 1 and s.occ[r5] == 2


def test_lone_region_loses_its_fort():
    """R-TROOP-2 (ruling): the Region the lone token leaves is emptied: its Fort goes back."""
    s = intimidated('"L1.4" = { player = 0, tokens = 2, pieces = { fort = 1 } }\n'
                    '"L1.14" = { player = 0, tokens = 2 }')
    engine.apply_action(s, "intimidate L1.4")  # the Fort is discarded first: that uses the action
    assert s.tokens[s.region_of("L1.4")] == 2 and s.piece("fort", s.region_of("L1.4")) == 0
    engine.apply_action(s, "intimidate L1.4 L1.14")
    assert s.occ[s.region_of("L1.4")] == EMPTY


def test_doomhammer_places_two():
    """RULES §9 Tauren, RULES §11 Doomhammer: the Doomhammer conquest places 2 Tauren tokens."""
    s = make('"L1.9" = { player = 0, tokens = 2, item = "doomhammer" }\n"L1.4" = { player = 1, tokens = 3 }',
             hand=4)
    assert "doomhammer L1.4" in acts(s)
    engine.apply_action(s, "doomhammer L1.4")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0 and s.tokens[r] == 2 and s.hand[0] == 2
    assert (s.vc[0], s.vc[1]) == (3, 7)


def test_champion_conquest_places_two():
    """RULES §9 Tauren, RULES §10 Championing: a Champion conquest also places 2 Tauren tokens."""
    s = make('"L1.9" = { player = 0, tokens = 2 }\n"L1.4" = { player = 1, tokens = 3 }',
             power="championing", hand=4)
    assert "champion L1.4" in acts(s)
    engine.apply_action(s, "champion L1.4")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0 and s.tokens[r] == 2 and s.piece("champion", r) == 1 and s.hand[0] == 2
