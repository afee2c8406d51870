"""Dark Portal, a Legendary Place (RULES §11)."""

from __future__ import annotations

from tests.items._helpers import scored


def test_dark_portal_gives_2_vc():
    """RULES §11 Dark Portal: +2 VC at turn end."""
    assert scored("dark-portal")["Dark Portal"] == 2


def test_dark_portal_in_decline_gives_nothing():
    """R-ITEM-1, R-SCORE-2: nothing for an In Decline holder."""
    assert "Dark Portal" not in scored("dark-portal", ", decline = true")
