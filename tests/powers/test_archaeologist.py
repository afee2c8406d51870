"""Archaeologist (RULES §10): +1 VC per item (Artifact or Legendary Place) in the Regions of its
Active race at turn end (R-SCORE-2)."""

from __future__ import annotations

from functools import partial

from tests.powers import badge_at, bonus, lines

make = partial(badge_at, "archaeologist")


def test_one_coin_per_item_held():
    """RULES §10 Archaeologist: an Artifact (Frostmourne) and a Legendary Place (Meeting Stone)
    in its Regions: +2."""
    s = make('"L1.3" = { player = 0, item = "frostmourne" }\n'
             '"S3.2" = { player = 0, item = "meeting-stone" }\n"L1.4" = { player = 0 }')
    assert lines(s)["Archaeologist: items"] == 2


def test_items_elsewhere_do_not_count():
    """R-SCORE-2, R-ITEM-1: items in an opponent's, an In Decline or an empty Region give
    nothing."""
    s = make('"L1.3" = { player = 1, item = "frostmourne" }\n'
             '"S3.2" = { player = 0, decline = true, item = "meeting-stone" }\n'
             '"L1.2" = { item = "doomhammer" }\n"L1.4" = { player = 0 }',
             decline="trolls")
    assert bonus(s, "Archaeologist") == 0


def test_dark_portal_pays_twice():
    """RULES §11 Dark Portal (+2 VC) + §10 Archaeologist (+1 for the item): +3 in all."""
    s = make('"L1.3" = { player = 0, item = "dark-portal" }')
    assert lines(s)["Archaeologist: items"] == 1
    assert s.vc[0] == 5 + 1 + 1 + 2
