"""Championing (RULES §10): once per turn, ``champion R`` conquers an adjacent Region for free by
placing the Champion there (no token placed: the exception to R-CONQ-4); it is lifted from
wherever it stood; it counts as 1 race token for defense and occupation; captured by an
opponent's conquest: no token discarded, 1 VC ransom to the conqueror, back to hand and
redeployed (``champion-to R``). It leaves with the Active race (R-DEC-2)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.state import EMPTY
from tests.builders import position, seat
from tests.conftest import acts


def make(regions, phase="conquer", turn=0, hand=3, hand1=0, race="orcs", vc0=5):
    """Seat 0's ``race`` (Championing) against seat 1's Kobolds."""
    return position(regions, seat(race, "championing", hand=hand, vc=vc0), seat("kobolds", "farmer", hand=hand1),
                    phase=phase, turn=turn)


def champ(s):
    lst = s.pieces.get("champion") or []
    return [s.spec.region_ids[r] for r, n in enumerate(lst) if n]


def test_free_conquest_places_no_token():
    """RULES §10 Championing: L1.4 (2 Kobolds) is taken with the Champion alone: the hand keeps
    its 3 tokens; the Kobolds lose 1 token and take 1 back (R-CONQ-7); the Region is held with
    0 tokens."""
    s = make('"L1.9" = { player = 0 }\n"L1.4" = { player = 1, tokens = 2 }\n"L1.0" = { player = 1 }')
    engine.apply_action(s, "champion L1.4")
    r = s.region_of("L1.4")
    assert (s.occ[r], s.tokens[r], s.hand[0]) == (0, 0, 3)
    assert champ(s) == ["L1.4"] and s.in_supply("champion") == 0
    assert s.hand[1] == 1 and s.in_box("kobolds") == 11 - 1 - 1
    assert s.conquests == 1


def test_once_per_turn_adjacent_only_and_a_token_in_hand():
    """RULES §10 (once per turn, adjacent), R-CONQ-10 (a token in hand whatever the power): the
    far Entry Region L1.12 is no Champion target; after one use no more; with an empty hand
    none at all."""
    s = make('"L1.9" = { player = 0 }')
    a = acts(s)
    assert "champion L1.4" in a and "champion L1.13" in a and "champion L1.12" not in a
    engine.apply_action(s, "champion L1.13")
    assert not any(x.startswith("champion ") for x in acts(s))
    s = make('"L1.9" = { player = 0 }', hand=0)
    assert not any(x.startswith("champion ") for x in acts(s))


def test_lifted_from_where_it_stood():
    """RULES §10: the Champion is lifted from its Region; a Region it leaves with no token is
    abandoned (L1.5), one with tokens stays held."""
    s = make('"L1.9" = { player = 0 }\n"L1.5" = { player = 0, tokens = 0, pieces = { champion = 1 } }')
    engine.apply_action(s, "champion L1.13")
    assert s.occ[s.region_of("L1.5")] == EMPTY and champ(s) == ["L1.13"]
    s = make('"L1.9" = { player = 0 }\n"L1.5" = { player = 0, tokens = 1, pieces = { champion = 1 } }')
    engine.apply_action(s, "champion L1.13")
    assert s.occ[s.region_of("L1.5")] == 0 and champ(s) == ["L1.13"]


def test_defends_as_a_token_and_is_captured_for_a_ransom():
    """RULES §10: Champion + 1 token defend like 2 tokens (2 + 2 = 4); when the Kobolds conquer
    it, no token is discarded (it goes to hand), the owner pays 1 VC ransom to the conqueror,
    and redeploys the Champion (before its tokens, R-TROOP-4)."""
    s = make('"L1.9" = { player = 0, pieces = { champion = 1 } }\n"L1.4" = { player = 0 }\n'
             '"L1.5" = { player = 1 }', turn=1, hand=0, hand1=6)
    r = s.region_of("L1.9")
    assert conquest_cost(s, 1, r, targets(s, 1)[r]) == 4
    engine.apply_action(s, "conquer L1.9")
    assert (s.vc[0], s.vc[1]) == (4, 6)
    assert s.hand[0] == 1 and s.in_box("orcs") == 11 - 2  # nothing discarded: 2 still out
    assert s.flags.get("champion-hand") == 0 and champ(s) == []
    engine.apply_action(s, "end")
    while s.turn == 1 and "champion-to L1.4" not in acts(s):
        engine.apply_action(s, engine.legal_actions(s)[0])
    assert s.current_player() == 0 and acts(s) == {"champion-to L1.4"}
    engine.apply_action(s, "champion-to L1.4")
    assert champ(s) == ["L1.4"]
    assert s.tokens[s.region_of("L1.4")] == 2  # then its token (R-TROOP-4, one Region: at once)
    assert s.turn == 0 and s.flags.get("champion-hand") is None
    engine.apply_action(s, "expand")  # it can act again on its owner's next turn
    assert "champion L1.0" in acts(s)


def test_ransom_down_to_zero():
    """RULES §8 forced payments: an owner with 0 VC pays nothing."""
    s = make('"L1.9" = { player = 0, tokens = 0, pieces = { champion = 1 } }\n"L1.5" = { player = 1 }',
             turn=1, hand=0, hand1=4, vc0=0)
    engine.apply_action(s, "conquer L1.9")
    assert (s.vc[0], s.vc[1]) == (0, 5)
    assert s.flags.get("champion-hand") == 0


def test_redeployed_with_the_tokens_at_turn_end():
    """RULES §10 ("moves like a token at redeployment"): after the conquests the owner chooses
    where the Champion stands among its Regions."""
    s = make('"L1.9" = { player = 0, tokens = 2, pieces = { champion = 1 } }', hand=3)
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "end")
    while not s.decisions:
        engine.apply_action(s, engine.legal_actions(s)[0])
    assert acts(s) == {"champion-to L1.9", "champion-to L1.4"}
    engine.apply_action(s, "champion-to L1.4")
    assert champ(s) == ["L1.4"]


def test_leaves_the_board_at_decline():
    """R-DEC-2: the Champion leaves with the Active race; its Region held by it alone becomes
    empty."""
    s = make('"L1.9" = { player = 0 }\n"L1.4" = { player = 0, tokens = 0, pieces = { champion = 1 } }',
             phase="decide", hand=0)
    engine.apply_action(s, "decline")
    assert champ(s) == [] and s.in_supply("champion") == 1
    assert s.occ[s.region_of("L1.4")] == EMPTY and s.occ[s.region_of("L1.9")] == 1


def test_tauren_champion_places_two_tokens():
    """RULES §9 Tauren: a Champion conquest still places 2 Tauren tokens."""
    s = make('"L1.9" = { player = 0, tokens = 2 }', race="tauren", hand=3)
    engine.apply_action(s, "champion L1.4")
    r = s.region_of("L1.4")
    assert s.tokens[r] == 2 and s.hand[0] == 1 and champ(s) == ["L1.4"]
    s = make('"L1.9" = { player = 0, tokens = 2 }', race="tauren", hand=1)
    assert not any(x.startswith("champion ") for x in acts(s))


def test_live_bomb_on_its_region_is_a_capture_with_ransom_to_the_goblins():
    """RULES §10 Championing (revised ruling), §9 Goblins: a live Bomb on a Region held by the
    Champion is treated as a successful conquest: a capture, no token discarded, 1 VC ransom to
    the Goblins' player; the Champion and the tokens go back to hand."""
    s = position('''
        "L1.9" = { player = 0, tokens = 2, pieces = { champion = 1, bomb = 1 } }
        "L1.4" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 2 }
    ''', seat("orcs", "championing"), seat("goblins", "farmer"), phase="start", turn=1)
    assert s.chance == [("bomb", s.region_of("L1.9"), 1)]
    engine.apply_action(s, "bomb L1.9 live")
    r = s.region_of("L1.9")
    assert s.occ[r] == EMPTY and s.flags.get("champion-hand") == 0
    assert s.vc == [4, 6]  # the ransom
    assert s.hand[0] == 2 and s.in_box("orcs") == 11 - 3  # no token discarded


def test_abandoning_its_region_takes_it_to_hand():
    """R-TROOP-2: abandoning a Region empties it entirely: the Champion there goes back to hand
    (and can still conquer from there)."""
    s = make('"L1.9" = { player = 0, pieces = { champion = 1 } }\n"L1.4" = { player = 0 }')
    engine.apply_action(s, "abandon L1.9")
    assert champ(s) == [] and s.flags.get("champion-hand") == 0 and s.hand[0] == 4
    engine.apply_action(s, "champion L1.0")
    assert champ(s) == ["L1.0"] and "champion-hand" not in s.flags


def test_champion_may_pay_the_aegis_of_an_expensive_region():
    """RULES §11 Aegis ("immune to conquest and powers unless the attacker first pays the owner
    2 VC"), RULES §10 Championing (a free conquest): L1.4 holds the Aegis and 6 Kobolds, far
    beyond an ordinary conquest with 1 token in hand, but free for the Champion: ``pay aegis``
    must be offered, then ``champion L1.4``."""
    s = make('"L1.9" = { player = 0 }\n"L1.4" = { player = 1, tokens = 6, item = "aegis-of-aggramar" }',
             hand=1)
    assert "pay aegis" in acts(s)
    engine.apply_action(s, "pay aegis")
    assert "champion L1.4" in acts(s)
    engine.apply_action(s, "champion L1.4")
    assert s.occ[s.region_of("L1.4")] == 0 and champ(s) == ["L1.4"]
