"""Light's Hope Chapel, a Legendary Place (RULES §11)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.roster import changed
from smallworld.core.state import replaced
from tests.builders import seat
from tests.items._helpers import item_table

# Board facts (L1): L1.9 (hills, Entry) is adjacent to L1.4, L1.5, L1.13; L1.5 (forest) to L1.0,
# L1.4, L1.6, L1.9, L1.13.


def chapel(race="dwarves", dec=False, power="mining"):
    """Seat 0's Orcs (``power``, 9 in hand) hold L1.9 next to seat 1's ``race`` in L1.5 (3 tokens,
    the Chapel), L1.4 (2) and L1.0; ``dec``: that race is In Decline (the Humans Active)."""
    d = ", decline = true" if dec else ""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1 }}
        "L1.5" = {{ player = 1, tokens = 3{d}, item = "lights-hope-chapel" }}
        "L1.4" = {{ player = 1, tokens = 2{d} }}
        "L1.0" = {{ player = 1, tokens = 1{d} }}
    ''', power=power, hand=9, opponent=seat("humans", "ranger", decline=race) if dec else seat(race, "ranger"))


def test_chapel_holder_loses_no_token_when_another_region_falls():
    """RULES §11 Light's Hope Chapel: no token discarded for a loss an opponent causes."""
    s = chapel()
    box = s.in_box("dwarves")
    engine.apply_action(s, "conquer L1.4")
    assert s.hand[1] == 2 and s.in_box("dwarves") == box


def test_chapel_protects_its_own_region_that_one_last_time():
    """RULES §11 Light's Hope Chapel: including the conquest of the Chapel's own Region; then it
    belongs to the conqueror and protects the old holder no more."""
    s = chapel()
    box = s.in_box("dwarves")
    engine.apply_action(s, "conquer L1.5")
    assert s.hand[1] == 3 and s.in_box("dwarves") == box
    assert s.occ[s.region_of("L1.5")] == 0 and s.items[s.region_of("L1.5")] == ("lights-hope-chapel",)
    engine.apply_action(s, "conquer L1.4")
    assert s.hand[1] == 4 and s.in_box("dwarves") == box + 1


def test_without_chapel_the_defender_loses_one_token():
    """R-CONQ-7 (control case): one token discarded."""
    s = chapel()
    s.items = replaced(s.items, s.region_of("L1.5"), ())
    changed(s)
    box = s.in_box("dwarves")
    engine.apply_action(s, "conquer L1.4")
    assert s.hand[1] == 1 and s.in_box("dwarves") == box + 1


def test_chapel_in_decline_saves_nothing():
    """R-ITEM-1, R-CONQ-7: In Decline tokens are all discarded, Chapel or not."""
    s = chapel(dec=True)
    box = s.in_box("dwarves")
    engine.apply_action(s, "conquer L1.5")
    assert s.hand[1] == 0 and s.in_box("dwarves") == box + 3


def test_chapel_leaves_draenei_holy_light_unspent():
    """RULES §9 Draenei, §11 Chapel: the Chapel saves the token, so Holy Light (first token that
    *would* be discarded) is not spent."""
    s = chapel(race="draenei")
    box = s.in_box("draenei")
    engine.apply_action(s, "conquer L1.5")
    assert s.hand[1] == 3 and s.in_box("draenei") == box
    assert not s.tflags.get("draenei-saved")


def test_chapel_saves_an_intimidated_token():
    """RULES §10 Intimidating, §11 Chapel: a token Intimidating would discard (no other Region
    of that race to move it to) is not discarded."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 2, item = "lights-hope-chapel" }
    ''', "orcs", "intimidating", hand=2)
    box = s.in_box("dwarves")
    engine.apply_action(s, "intimidate L1.5")
    assert s.in_box("dwarves") == box
    assert s.tokens[s.region_of("L1.5")] + s.hand[1] == 2
