"""Fishing (RULES §10): +1 VC per Region of its Active race adjacent to a Sea or Lake, at turn
end (R-SCORE-2). The Lake of L1 is L1.7 (adjacent to 1, 2, 3, 6, 8, 10, 11); S3 has no water."""

from __future__ import annotations

from functools import partial

from tests.powers import badge_at, lines

make = partial(badge_at, "fishing")


def test_one_coin_per_region_by_the_lake():
    """RULES §10 Fishing: L1.1 and L1.3 border the Lake, L1.4 does not: +2."""
    s = make('"L1.1" = { player = 0 }\n"L1.3" = { player = 0 }\n"L1.4" = { player = 0 }')
    assert lines(s)["Fishing: Regions by the water"] == 2


def test_naga_in_the_lake():
    """RULES §9 Naga + §10 Fishing, ruling: the Lake L1.7 held by the Naga is not adjacent to
    itself (no other water on L1), so only L1.1 beside it scores: +1."""
    s = make('"L1.7" = { player = 0 }\n"L1.1" = { player = 0 }', race="naga")
    assert lines(s)["Fishing: Regions by the water"] == 1
    assert lines(s)["Regions"] == 2
