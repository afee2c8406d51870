"""Draenei, Holy Light (RULES §9): during each opponent's turn, the first Draenei token that
would be discarded goes to hand instead and is redeployed normally (R-CONQ-7, R-TROOP-4).

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 is adjacent to L1.4, L1.6.
"""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.state import CHANCE
from tests.builders import position, seat


def make(attacker="orcs", power="mining", more="", item="", **draenei):
    """Seat 1's ``attacker`` (9 in hand, L1.9) plays against seat 0's Draenei in L1.4 (3 tokens),
    L1.5 (2) and L1.6 (1); ``item`` lies in L1.4."""
    item = f', item = "{item}"' if item else ""
    return position(f'''
        "L1.9" = {{ player = 1, tokens = 1 }}
        "L1.4" = {{ player = 0, tokens = 3{item} }}
        "L1.5" = {{ player = 0, tokens = 2 }}
        "L1.6" = {{ player = 0, tokens = 1 }}
    ''' + more, seat("draenei", "farmer", **draenei), seat(attacker, power, hand=9), turn=1)


def test_first_loss_of_the_opponent_turn_is_saved():
    """RULES §9 Draenei: the first token that would be discarded goes to hand instead."""
    s = make()
    box = s.in_box("draenei")
    engine.apply_action(s, "conquer L1.4")
    assert s.hand[0] == 3 and s.in_box("draenei") == box


def test_only_the_first_loss_per_opponent_turn():
    """RULES §9 Draenei: a second loss in the same opponent turn discards a token as usual."""
    s = make()
    box = s.in_box("draenei")
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    assert s.hand[0] == 3 + 1 and s.in_box("draenei") == box + 1


def test_saved_again_in_the_next_opponent_turn():
    """RULES §9 Draenei: 'each opponent's turn': the save is renewed every turn (3 players: the
    two opponents each lose their first hit to Holy Light)."""
    s = position('''
        "L1.9" = { player = 1, tokens = 1 }
        "L1.13" = { player = 2, tokens = 1 }
        "L1.4" = { player = 0, tokens = 1 }
        "L1.5" = { player = 0, tokens = 1 }
        "L1.6" = { player = 0, tokens = 1 }
    ''', seat("draenei", "farmer"), seat("orcs", "mining", hand=4), seat("trolls", "herbalist", hand=4), turn=1)
    box = s.in_box("draenei")
    engine.apply_action(s, "conquer L1.4")  # 2 + 1 = 3
    assert s.in_box("draenei") == box and s.hand[0] == 1
    engine.apply_action(s, "end")
    while s.turn == 1:
        engine.apply_action(s, engine.legal_actions(s)[0])
    # seat 0 redeployed its saved token; now the Trolls' turn
    assert s.turn == 2 and s.phase == "decide"
    engine.apply_action(s, "expand")
    engine.apply_action(s, "conquer L1.5")  # Trolls: 2 + 1 - 1 = 2
    assert s.in_box("draenei") == box, "the Trolls' turn has its own Holy Light"


def test_in_decline_draenei_are_all_discarded():
    """RULES §9 (Active race only), R-CONQ-7: In Decline Draenei get no Holy Light."""
    s = position('''
        "L1.9" = { player = 1, tokens = 1 }
        "L1.4" = { player = 0, decline = true, tokens = 2 }
    ''', seat("trolls", "farmer", decline="draenei"), seat("orcs", "mining", hand=8), turn=1)
    box = s.in_box("draenei")
    engine.apply_action(s, "conquer L1.4")
    assert s.in_box("draenei") == box + 2 and s.hand[0] == 0


def test_no_save_on_the_draenei_own_turn():
    """RULES §9 Draenei: 'during each opponent's turn' only. On their own turn, conquering their own
    region is impossible, so check the hook answer directly: a loss on the Draenei's turn keeps
    its discarded token."""
    from smallworld.content.registry import RACE_ABILITIES

    s = make()
    s.turn = 0
    assert RACE_ABILITIES["draenei"].losses(s, 0, s.region_of("L1.4"), 1, 1, "conquest") == 1


def test_final_conquest_loss_is_saved():
    """RULES §9 Draenei, R-CONQ-9: a final conquest's loss is saved like any other."""
    s = make(more="")
    s.hand[1] = 3
    engine.apply_action(s, "conquer L1.4")  # cost 5, 2 short: the die
    assert s.current_player() == CHANCE
    box = s.in_box("draenei")
    engine.apply_action(s, "roll 2")
    assert s.occ[s.region_of("L1.4")] == 2 and s.in_box("draenei") == box and s.hand[0] == 3


def test_goblin_bomb_loss_is_saved():
    """RULES §9 Draenei + Goblins: a live Bomb is a loss an opponent causes: Holy Light saves one
    token, the rest go to hand; the Region becomes empty."""
    s = position('''
        "L1.9" = { player = 1, tokens = 2 }
        "L1.4" = { player = 0, tokens = 3, pieces = { bomb = 1 } }
        "L1.6" = { player = 0, tokens = 1 }
    ''', seat("draenei", "farmer"), seat("goblins", "mining"), phase="start", turn=1)
    assert s.current_player() == CHANCE
    box = s.in_box("draenei")
    engine.apply_action(s, "bomb L1.4 live")
    r = s.region_of("L1.4")
    assert s.occ[r] == -1 and s.hand[0] == 3 and s.in_box("draenei") == box


def test_forsaken_earn_nothing_from_a_saved_token():
    """RULES §9 Draenei + Forsaken: no Draenei token was discarded, so no purchase is earned."""
    s = make(attacker="forsaken", power="mining")
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "end")
    assert not any(a.kind == "buy" for a in engine.legal_actions(s))


def test_lights_hope_chapel_first_then_holy_light_kept():
    """RULES §9 Draenei + Light's Hope Chapel (RULES §11): the Chapel already saves the loss, so
    no Draenei token 'would be discarded' and Holy Light is still there for the next loss."""
    s = make(attacker="trolls", item="lights-hope-chapel")
    box = s.in_box("draenei")
    engine.apply_action(s, "conquer L1.4")  # the Chapel: nothing discarded
    assert s.in_box("draenei") == box and s.hand[0] == 3
    engine.apply_action(s, "conquer L1.5")  # the Chapel is now the Trolls': Holy Light saves this one
    assert s.in_box("draenei") == box and s.hand[0] == 5
    engine.apply_action(s, "conquer L1.6")  # and the third loss is discarded
    assert s.in_box("draenei") == box + 1
