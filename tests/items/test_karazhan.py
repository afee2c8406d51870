"""Karazhan, a Legendary Place (RULES §11)."""

from __future__ import annotations

from tests.items._helpers import scored

# Board facts (L1): Fields are L1.1, L1.3, L1.4, L1.14; L1.9 is Hills.


def test_karazhan_counts_other_regions_of_its_terrain():
    """RULES §11 Karazhan: +1 VC per *other* Region of the race with Karazhan's terrain (L1.3
    Fields: L1.4 and L1.14 count, L1.9 Hills and the opponent's L1.1 Fields do not)."""
    assert scored("karazhan")["Karazhan"] == 2


def test_karazhan_in_decline_gives_nothing():
    """R-ITEM-1, R-SCORE-2: nothing for an In Decline holder."""
    assert "Karazhan" not in scored("karazhan", ", decline = true")
