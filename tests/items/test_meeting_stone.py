"""Meeting Stone, a Legendary Place (RULES §11)."""

from __future__ import annotations

from smallworld.core.conquest import conquest_cost, targets
from tests.items._helpers import item_table


def stone(dec=""):
    """Seat 0's Orcs (6 in hand; In Decline Trolls) hold the Meeting Stone in L1.9 (``dec``) and
    L1.4."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1{dec}, item = "meeting-stone" }}
        "L1.4" = {{ player = 0, tokens = 1 }}
    ''', hand=6, decline="trolls")


def test_meeting_stone_no_travel_cost():
    """RULES §11 Meeting Stone: a far Entry Region costs 2, not 3 (R-CONQ-2)."""
    s = stone()
    r = s.region_of("L1.12")
    assert targets(s, 0)[r] == 0 and conquest_cost(s, 0, r, 0) == 2
    assert targets(s, 0)[s.region_of("S3.0")] == 0


def test_meeting_stone_in_decline_does_nothing():
    """R-ITEM-1: travel is paid again when the Stone's Region is In Decline."""
    s = stone(", decline = true")
    assert targets(s, 0)[s.region_of("L1.12")] == 1
