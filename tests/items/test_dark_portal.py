"""Dark Portal, a Legendary Place (RULES §11)."""

from __future__ import annotations

from tests.items._helpers import finish_turn, score_lines, score_table


def test_dark_portal_gives_2_vc():
    """RULES §11 Dark Portal: +2 VC at turn end."""
    s = score_table("dark-portal")
    finish_turn(s)
    assert score_lines(s, 0)["Dark Portal"] == 2


def test_dark_portal_in_decline_gives_nothing():
    """R-ITEM-1, R-SCORE-2: nothing for an In Decline holder."""
    s = score_table("dark-portal", ", decline = true")
    finish_turn(s)
    assert "Dark Portal" not in score_lines(s, 0)
