"""Spirit Healer, a Legendary Place (RULES §11)."""

from __future__ import annotations

from tests.conftest import scenario

HEALER = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "mining"
decline = "trolls"
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.9" = {{ player = 0, tokens = {t9}{dec}, item = "spirit-healer" }}
"L1.4" = {{ player = 0, tokens = {t4} }}
"L1.5" = {{ player = 0, tokens = 1 }}
"""


def test_spirit_healer_adds_a_token_from_the_box_at_redeployment():
    """RULES §11 Spirit Healer, R-ORDER-2: +1 token from the box, redeployed."""
    s = scenario(HEALER.format(t9=1, t4=1, dec=""))
    box = s.box["orcs"]
    s.apply("end")
    assert s.phase == "redeploy" and s.hand[0] == 1 and s.box["orcs"] == box - 1
    s.apply("redeploy L1.5 1")
    assert s.tokens[s.region_of("L1.5")] == 2


def test_spirit_healer_with_an_empty_box_gives_nothing():
    """RULES §2.1 box cap, §11 Spirit Healer: if none is left, nothing."""
    s = scenario(HEALER.format(t9=5, t4=5, dec=""))  # 11 Orcs: 5 + 5 + 1 on the board
    assert s.box["orcs"] == 0
    s.apply("end")
    assert s.phase == "redeploy" and s.hand[0] == 8  # the surplus beyond 1 per Region, no more
    assert s.box["orcs"] == 0


def test_spirit_healer_in_decline_gives_nothing():
    """R-ITEM-1: nothing for an In Decline holder."""
    s = scenario(HEALER.format(t9=1, t4=1, dec=", decline = true"))
    box = s.box["orcs"]
    s.apply("end")
    assert s.turn == 1 and s.box["orcs"] == box
