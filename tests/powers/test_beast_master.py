"""Beast Master (RULES §10): at the start of each turn all Beasts are discarded, then one per Hills
Region held is taken (5 at most); Beasts act as race tokens for conquest, redeployment and
defense; when a Region with a Beast is conquered, a Beast is the discarded loss. They leave with
the Active race (R-DEC-2). Hills on L1 + S3: L1.0, L1.9, L1.10, S3.0, S3.4, S3.5."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, lose_region, targets
from smallworld.core.state import EMPTY
from tests.builders import position, seat
from tests.conftest import acts


def make(regions, phase="conquer", turn=0, hand=0, hand1=0, race="orcs", race1="kobolds", beasts=0):
    """Seat 0's ``race`` (Beast Master) with ``beasts`` Beasts in hand; seat 1's ``race1``."""
    flags = {"beasts-hand-0": beasts} if beasts else {}
    s = position(regions, seat(race, "beast-master", hand=hand), seat(race1, "farmer", hand=hand1), phase=phase,
                 turn=turn, flags=flags)
    s.supply[s.spec.piece_index["beast"]] -= beasts  # the Beasts in hand came from the box
    return s


def beasts(s):
    lst = s.pieces.get("beast") or []
    return {s.spec.region_ids[r]: n for r, n in enumerate(lst) if n}


def in_hand(s, p=0):
    return s.flags.get(f"beasts-hand-{p}", 0)


def test_renewed_at_the_start_of_the_turn():
    """RULES §10, R-ORDER-1: on ``expand`` the Beasts on the board go (a Region left with no
    token, L1.5, becomes empty), then one Beast per Hills Region held (L1.0, L1.9: 2)."""
    s = make('"L1.0" = { player = 0 }\n"L1.9" = { player = 0, pieces = { beast = 2 } }\n'
             '"L1.5" = { player = 0, tokens = 0, pieces = { beast = 1 } }', phase="decide")
    engine.apply_action(s, "expand")
    assert beasts(s) == {} and in_hand(s) == 2 and s.in_supply("beast") == 3
    assert s.occ[s.region_of("L1.5")] == EMPTY


def test_five_beasts_at_most():
    """RULES §2.3: 6 Hills Regions, 5 Beasts in the box: 5 taken."""
    s = make("\n".join(f'"{r}" = {{ player = 0 }}' for r in ("L1.0", "L1.9", "L1.10", "S3.0", "S3.4", "S3.5")),
             phase="decide")
    engine.apply_action(s, "expand")
    assert in_hand(s) == 5 and s.in_supply("beast") == 0


def test_beasts_pay_for_a_conquest_beside_a_token():
    """RULES §10: L1.4 with 2 Kobolds costs 4: 1 token and 3 Beasts take it; the Beasts stay
    there."""
    s = make('"L1.9" = { player = 0 }\n"L1.4" = { player = 1, tokens = 2 }', hand=1, beasts=3)
    engine.apply_action(s, "conquer L1.4")
    r = s.region_of("L1.4")
    assert (s.occ[r], s.tokens[r], s.hand[0], in_hand(s)) == (0, 1, 0, 0)
    assert beasts(s) == {"L1.4": 3}


def test_at_least_one_real_token():
    """R-CONQ-4, R-CONQ-10: Beasts never conquer alone: no token in hand, no conquest; a conquest
    costing 1 takes the token and no Beast."""
    s = make('"L1.9" = { player = 0 }', hand=0, beasts=3)
    assert not any(a.startswith("conquer") for a in acts(s))
    s = make('"L1.9" = { player = 0 }', race="trolls", hand=1, beasts=3)
    engine.apply_action(s, "conquer L1.4")  # empty: 2 -> only 1 Beast needed beside the token
    assert beasts(s) == {"L1.4": 1} and in_hand(s) == 2


def test_final_conquest_counts_and_takes_the_beasts():
    """R-CONQ-9 with Beasts: 1 token + 1 Beast, cost 4: 2 short, so the die (2) makes it (1 + 2
    alone would not); the token and the Beast go there, then the Beast is redeployed."""
    s = make('"L1.9" = { player = 0 }\n"L1.4" = { player = 1, tokens = 2 }', hand=1, beasts=1)
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "roll 2")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0 and s.tokens[r] == 1
    assert acts(s) == {"beast L1.9", "beast L1.4"} and in_hand(s) == 1
    s2 = make('"L1.9" = { player = 0 }\n"L1.4" = { player = 1, tokens = 2 }', hand=1)
    engine.apply_action(s2, "conquer L1.4")
    engine.apply_action(s2, "roll 2")
    assert s2.occ[r] == 2


def test_beast_defends_and_is_the_loss():
    """RULES §10: a Beast counts as a defender (2 + 1 token + 2 Beasts = 5); conquered, one Beast
    is discarded, no token; the other Beast and the token go to hand and are redeployed (the
    Beast with ``beast R`` first, R-TROOP-4)."""
    s = make('"L1.9" = { player = 0, pieces = { beast = 2 } }\n"L1.4" = { player = 0 }\n'
             '"L1.5" = { player = 1 }', turn=1, hand1=6)
    r = s.region_of("L1.9")
    assert conquest_cost(s, 1, r, targets(s, 1)[r]) == 5
    engine.apply_action(s, "conquer L1.9")
    assert s.in_box("orcs") == 11 - 2 and s.hand[0] == 1
    assert in_hand(s) == 1 and s.in_supply("beast") == 4 and beasts(s) == {}
    engine.apply_action(s, "end")
    while s.turn == 1 and s.current_player() != 0:
        engine.apply_action(s, engine.legal_actions(s)[0])
    assert acts(s) == {"beast L1.4"}
    engine.apply_action(s, "beast L1.4")
    assert beasts(s) == {"L1.4": 1} and s.tokens[s.region_of("L1.4")] == 2


def test_beasts_only_region_loses_a_beast():
    """RULES §10: a Region held by Beasts alone (after Intimidating) loses a Beast when
    conquered and becomes the conqueror's."""
    s = make('"L1.9" = { player = 0, tokens = 0, pieces = { beast = 2 } }\n"L1.4" = { player = 0 }')
    lose_region(s, s.region_of("L1.9"), attacker=1, cause="conquest")
    assert in_hand(s) == 1 and s.in_supply("beast") == 4 and s.in_box("orcs") == 11 - 1


def test_redeployed_at_the_owners_turn_end():
    """RULES §10 ("act as race tokens for redeployment"): after the conquests every Beast goes
    back to hand and is placed again, one at a time."""
    s = make('"L1.9" = { player = 0, pieces = { beast = 1 } }', hand=2, beasts=1)
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "end")
    while not s.decisions:
        engine.apply_action(s, engine.legal_actions(s)[0])
    assert acts(s) == {"beast L1.9", "beast L1.4"} and in_hand(s) == 2
    engine.apply_action(s, "beast L1.4")
    engine.apply_action(s, "beast L1.4")
    assert beasts(s) == {"L1.4": 2} and not s.decisions


def test_beasts_leave_at_decline():
    """R-DEC-2: Beasts are tied to the Active race: they leave the board and the hand."""
    s = make('"L1.9" = { player = 0, pieces = { beast = 2 } }\n'
             '"L1.5" = { player = 0, tokens = 0, pieces = { beast = 1 } }', phase="decide", beasts=1)
    engine.apply_action(s, "decline")
    assert beasts(s) == {} and in_hand(s) == 0 and s.in_supply("beast") == 5
    assert s.occ[s.region_of("L1.5")] == EMPTY and s.occ[s.region_of("L1.9")] == 1


def test_tauren_place_two_tokens_beside_the_beasts():
    """RULES §9 Tauren (KO: Beasts do not count toward the 2): cost 4 with 2 Beasts still places
    2 Tauren tokens."""
    s = make('"L1.9" = { player = 0, tokens = 2 }\n"L1.4" = { player = 1, tokens = 2 }',
             race="tauren", hand=2, beasts=3)
    engine.apply_action(s, "conquer L1.4")
    r = s.region_of("L1.4")
    assert s.tokens[r] == 2 and beasts(s) == {"L1.4": 2} and in_hand(s) == 1


def test_draenei_holy_light_not_for_beasts():
    """RULES §9 Draenei (KO): the Beast taken as the loss is no Draenei token: the Holy Light is
    not spent."""
    s = make('"L1.9" = { player = 0, tokens = 2, pieces = { beast = 1 } }\n"L1.4" = { player = 0 }\n'
             '"L1.5" = { player = 1 }', race="draenei", turn=1, hand1=8)
    engine.apply_action(s, "conquer L1.9")
    assert s.in_box("draenei") == 12 - 3 and s.hand[0] == 2
    assert s.in_supply("beast") == 5 and not s.tflags.get("draenei-saved")


def test_abandoning_a_region_takes_its_beasts_to_hand():
    """R-TROOP-2: abandoning a Region empties it entirely: its Beasts go back to hand and fight
    in the next conquest."""
    s = make('"L1.9" = { player = 0, pieces = { beast = 2 } }\n"L1.0" = { player = 0 }', hand=1)
    engine.apply_action(s, "abandon L1.9")
    assert beasts(s) == {} and in_hand(s) == 2 and s.hand[0] == 2


def test_lights_hope_chapel_saves_the_beast_too():
    """RULES §11 Light's Hope Chapel ("discards no token for any loss an opponent causes"), RULES
    §10 Beast Master (Beasts act as race tokens for defense; a Beast is the discarded loss): the
    Chapel holder's conquered Region loses nothing, Beast included: the Beast and the token go
    back to hand."""
    s = make('"L1.9" = { player = 0, pieces = { beast = 1 } }\n'
             '"L1.4" = { player = 0, item = "lights-hope-chapel" }\n'
             '"L1.5" = { player = 1 }', turn=1, hand1=6)
    engine.apply_action(s, "conquer L1.9")
    assert s.in_supply("beast") == 5 - 1 and in_hand(s) == 1
    assert s.hand[0] == 1 and s.in_box("orcs") == 11 - 2


def test_lights_hope_chapel_saves_the_beast_of_a_beasts_only_region():
    """RULES §11 Light's Hope Chapel, RULES §10 Beast Master: a Region held by Beasts alone,
    conquered while its race holds the Chapel, loses no Beast."""
    s = make('"L1.9" = { player = 0, tokens = 0, pieces = { beast = 2 } }\n'
             '"L1.4" = { player = 0, item = "lights-hope-chapel" }')
    lose_region(s, s.region_of("L1.9"), attacker=1, cause="conquest")
    assert in_hand(s) == 2 and s.in_supply("beast") == 3
