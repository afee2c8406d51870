"""Spirit Healer, a Legendary Place (RULES §11)."""

from __future__ import annotations

from smallworld.core import engine
from tests.items._helpers import item_table


def healer(t9, t4, dec=""):
    """Seat 0's Orcs (In Decline Trolls) hold the Spirit Healer in L1.9 (``t9`` tokens, ``dec``),
    L1.4 (``t4``) and L1.5 (1)."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = {t9}{dec}, item = "spirit-healer" }}
        "L1.4" = {{ player = 0, tokens = {t4} }}
        "L1.5" = {{ player = 0, tokens = 1 }}
    ''', decline="trolls")


def test_spirit_healer_adds_a_token_from_the_box_at_redeployment():
    """RULES §11 Spirit Healer, R-ORDER-2: +1 token from the box, redeployed."""
    s = healer(1, 1)
    box = s.in_box("orcs")
    engine.apply_action(s, "end")
    assert s.phase == "redeploy" and s.hand[0] == 1 and s.in_box("orcs") == box - 1
    engine.apply_action(s, "redeploy L1.5 1")
    assert s.tokens[s.region_of("L1.5")] == 2


def test_spirit_healer_with_an_empty_box_gives_nothing():
    """RULES §2.1 box cap, §11 Spirit Healer: if none is left, nothing."""
    s = healer(5, 5)  # 11 Orcs: 5 + 5 + 1 on the board
    assert s.in_box("orcs") == 0
    engine.apply_action(s, "end")
    assert s.phase == "redeploy" and s.hand[0] == 8  # the surplus beyond 1 per Region, no more
    assert s.in_box("orcs") == 0


def test_spirit_healer_in_decline_gives_nothing():
    """R-ITEM-1: nothing for an In Decline holder."""
    s = healer(1, 1, ", decline = true")
    box = s.in_box("orcs")
    engine.apply_action(s, "end")
    assert s.turn == 1 and s.in_box("orcs") == box
