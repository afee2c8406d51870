"""Pandaren (RULES §9, R-ORDER-1, R-ORDER-2, RULES §8 payments): Harmony tokens.

At the start of their turn the Pandaren take back every Harmony token; at the end of each of
their turns they give one to each opponent whose Active race they did not attack. A holder pays
the Pandaren 2 VC before its first attack on them, then attacks freely that turn.

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 is adjacent to L1.0,
L1.4, L1.6, L1.9, L1.13; L1.1 (Entry) is adjacent to L1.0, L1.2, L1.6.
"""

from __future__ import annotations

import pytest

from smallworld.content.data import PIECE_SUPPLY
from smallworld.content.races import pandaren
from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from smallworld.core.state import CHANCE
from tests.builders import position, seat
from tests.conftest import acts

HARMONY = "harmony"


def settle(s):
    while s.current_player() == CHANCE:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))


def finish_turn(s):
    """Play the current player's remaining turn with the first legal action each time."""
    p = s.turn
    if s.phase == "conquer":
        engine.apply_action(s, "end")
    while s.turn == p and not s.is_over():
        engine.apply_action(s, str(engine.legal_actions(s)[0]))


def pandaren_turn():
    """Seat 0's Pandaren (6 in hand, L1.9) next to seat 1's Humans (L1.4) and seat 2's Orcs
    (L1.13), L1 + M1 + S3."""
    return position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.4" = { player = 1, tokens = 1 }
        "L1.13" = { player = 2, tokens = 1 }
    ''', seat("pandaren", "farmer", hand=6), seat("humans", "mining"), seat("orcs", "ranger"),
                    boards=("L1", "M1", "S3"))


def test_gift_to_opponents_not_attacked():
    """RULES §9 Pandaren, R-ORDER-2: the Pandaren attacked the Humans (seat 1), not the Orcs:
    only seat 2 gets a Harmony token, taken from the box."""
    s = pandaren_turn()
    engine.apply_action(s, "conquer L1.4")
    finish_turn(s)
    assert pandaren.holders(s) == (2,)
    assert s.in_supply(HARMONY) == PIECE_SUPPLY[HARMONY] - 1


def test_gift_on_the_pick_turn_to_everyone_even_without_a_race():
    """RULES §9 Pandaren (round 1 included; players without a race too): picked and no attack,
    both opponents get Harmony."""
    s = position('', seat(), seat(), seat("orcs", "ranger"), phase="pick", boards=("L1", "M1", "S3"),
        column={"combos": [["pandaren", "farmer", 0], ["trolls", "mining", 0]]})
    engine.apply_action(s, "pick 0")
    settle(s)
    finish_turn(s)
    assert s.active[1] is None
    assert pandaren.holders(s) == (1, 2)


def test_attacking_only_the_in_decline_race_still_earns_harmony():
    """RULES §9 Pandaren ("whose Active race they did not attack"): conquering seat 1's In
    Decline Region is no attack on its Active race."""
    s = position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.4" = { player = 1, decline = true, tokens = 1 }
        "L1.0" = { player = 1, tokens = 1 }
    ''', seat("pandaren", "farmer", hand=6), seat("humans", "mining", decline="orcs"))
    engine.apply_action(s, "conquer L1.4")
    finish_turn(s)
    assert pandaren.holders(s) == (1,)


def holder_turn(vc, holder):
    """Seat 1's Orcs (8 in hand, ``vc`` VC, L1.9; ``holder``: a Harmony token) play next to seat
    0's Pandaren in L1.4 and L1.5; a Murloc in L1.13."""
    return position('''
        "L1.4" = { player = 0, tokens = 1 }
        "L1.5" = { player = 0, tokens = 1 }
        "L1.13" = { murlocs = 1 }
        "L1.9" = { player = 1, tokens = 1 }
    ''', seat("pandaren", "farmer"), seat("orcs", "ranger", hand=8, vc=vc, harmony=holder), turn=1)


def test_holder_pays_once_then_attacks_freely():
    """RULES §9 Pandaren, RULES §8: the holder must pay 2 VC before its first attack on a
    Pandaren Region (``pay harmony`` instead of ``conquer``); after paying it conquers both
    Pandaren Regions without paying again. Other Regions never need the toll."""
    s = holder_turn(5, True)
    a = acts(s)
    assert "pay harmony" in a and "conquer L1.4" not in a and "conquer L1.5" not in a
    assert "conquer L1.13" in a
    with pytest.raises(IllegalActionError, match="Harmony"):
        engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "pay harmony")
    assert (s.vc[0], s.vc[1]) == (7, 3)
    engine.apply_action(s, "conquer L1.4")
    assert "pay harmony" not in acts(s)
    engine.apply_action(s, "conquer L1.5")
    assert (s.vc[0], s.vc[1]) == (7, 3)
    assert s.occ[s.region_of("L1.5")] == 2


def test_holder_who_cannot_pay_cannot_attack():
    """RULES §8: with fewer than 2 VC the holder can neither pay nor attack the Pandaren."""
    s = holder_turn(1, True)
    a = acts(s)
    assert "pay harmony" not in a and "conquer L1.4" not in a and "conquer L1.13" in a


def test_non_holder_attacks_freely():
    """RULES §9 Pandaren: a player without Harmony owes nothing."""
    s = holder_turn(5, False)
    assert "conquer L1.4" in acts(s) and "pay harmony" not in acts(s)


def test_taken_back_at_the_start_of_the_pandaren_turn():
    """R-ORDER-1: the Pandaren take back all Harmony tokens first thing in their turn; then the
    former holders would attack freely."""
    s = position('''
        "L1.9" = { player = 0, tokens = 2 }
    ''', seat("pandaren", "farmer"), seat("humans", "mining", harmony=True), seat("orcs", "ranger", harmony=True),
        phase="start", boards=("L1", "M1", "S3"))
    assert pandaren.holders(s) == ()
    assert s.in_supply(HARMONY) == PIECE_SUPPLY[HARMONY]
    assert not pandaren.harmony_toll_due(s, 1, 0)


def test_box_cap_limits_the_gift():
    """RULES §2.3: 4 Harmony tokens; with 1 left only the next opponent in seat order gets one."""
    s = pandaren_turn()
    s.supply[s.spec.piece_index[HARMONY]] = 1
    finish_turn(s)
    assert pandaren.holders(s) == (1,) and s.in_supply(HARMONY) == 0


def test_decline_turn_gives_nothing_and_in_decline_pandaren_are_free():
    """RULES §9 Pandaren, R-DEC-1: the decline turn starts by taking Harmony back and ends with
    no gift (no Active Pandaren); the In Decline Pandaren exact no toll."""
    s = position('''
        "L1.4" = { player = 0, tokens = 2 }
        "L1.9" = { player = 1, tokens = 1 }
    ''', seat("pandaren", "farmer"), seat("orcs", "ranger", harmony=True, hand=6), phase="start")
    engine.apply_action(s, "decline")
    assert s.turn == 1 and pandaren.holders(s) == ()
    if s.phase == "decide":
        engine.apply_action(s, "expand")
    assert "conquer L1.4" in acts(s) and "pay harmony" not in acts(s)


def test_helpers_for_other_attacks():
    """RULES §9 Pandaren ("removing a Pandaren token by any means"): the helpers other effects
    use: ``harmony_due`` per Region, ``pay_harmony``, and ``note_attack`` for the gift."""
    s = holder_turn(5, True)
    r4, r13 = s.region_of("L1.4"), s.region_of("L1.13")
    assert pandaren.harmony_due(s, 1, r4) == 2 and pandaren.harmony_due(s, 1, r13) == 0
    assert pandaren.harmony_toll_due(s, 1, 0) and not pandaren.harmony_toll_due(s, 0, 0)
    pandaren.pay_harmony(s, 1)
    assert (s.vc[0], s.vc[1]) == (7, 3) and pandaren.harmony_due(s, 1, r4) == 0
    pandaren.pay_harmony(s, 1)  # nothing due any more
    assert s.vc[1] == 3
    poor = holder_turn(1, True)
    with pytest.raises(IllegalActionError):
        pandaren.pay_harmony(poor, 1)
    s2 = pandaren_turn()
    pandaren.note_attack(s2, 0, 2)
    finish_turn(s2)
    assert pandaren.holders(s2) == (1,)


def test_goblin_bomb_on_pandaren_is_an_attack():
    """RULES §9 Goblins + Pandaren: revealing a Bomb on a Pandaren Region is an attack: the
    Goblins holding Harmony pay 2 VC first (``bomb-pay``) or send the Bomb back unrevealed
    (``bomb-return``)."""
    def fresh():
        return position('''
            "L1.4" = { player = 0, tokens = 2, pieces = { bomb = 1 } }
            "L1.9" = { player = 1, tokens = 2 }
        ''', seat("pandaren", "farmer"), seat("goblins", "ranger", harmony=True), phase="start", turn=1)

    s = fresh()
    assert s.current_player() == 1
    assert acts(s) == {"bomb-pay L1.4", "bomb-return L1.4"}
    engine.apply_action(s, "bomb-pay L1.4")
    assert (s.vc[0], s.vc[1]) == (7, 3)
    assert s.current_player() == CHANCE  # the Bomb is revealed
    s = fresh()
    engine.apply_action(s, "bomb-return L1.4")
    assert s.vc[1] == 5 and s.piece("bomb", s.region_of("L1.4")) == 0
