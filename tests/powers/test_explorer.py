"""Explorer (RULES §10): +1 VC per board where its Active race holds a Region, at turn end
(R-SCORE-2)."""

from __future__ import annotations

from functools import partial

from smallworld.core import engine
from tests.powers import badge_at, lines, play_out_turn

make = partial(badge_at, "explorer")


def test_one_coin_per_board():
    """RULES §10 Explorer: Regions on L1 (two) and S3 (one): +2 (boards, not Regions)."""
    s = make('"L1.4" = { player = 0 }\n"L1.9" = { player = 0 }\n"S3.0" = { player = 0 }')
    assert lines(s)["Explorer: boards"] == 2


def test_one_board_one_coin_and_decline_race_ignored():
    """R-SCORE-2: the In Decline race's Region on S3 does not add its board."""
    s = make('"L1.4" = { player = 0 }\n"S3.0" = { player = 0, decline = true }',
             decline="trolls")
    assert lines(s)["Explorer: boards"] == 1


def test_kobolds_open_a_second_board():
    """RULES §9 Kobolds + §10 Explorer: from the Cavern L1.0, the Cavern S3.3 of the other board
    is a target; holding it adds a board."""
    s = make('"L1.0" = { player = 0 }', race="kobolds", phase="conquer", hand=5)
    engine.apply_action(s, "conquer S3.3")
    play_out_turn(s)
    assert lines(s)["Explorer: boards"] == 2
