"""Seafaring (C-P-SEAFARING-1/2): Seas and Lake conquerable while Active; kept In Decline."""

from smallworld.core import engine
from tests.classic.helpers import cost, make, tg


def test_sea_first_conquest_lake_by_adjacency():
    """C-P-SEAFARING-1, C-EDGE-9: a Sea is a border Region (first target), the Lake is not;
    from C2.2 the Lake C2.7 is a target; each costs 2 when empty."""
    s = make(race="ratmen", power="seafaring")
    assert {0, 22} <= tg(s) and 7 not in tg(s)
    assert cost(s, 0) == 2
    s2 = make(race="ratmen", power="seafaring", regions='"C2.2" = { player = 0 }')
    assert 7 in tg(s2) and cost(s2, 7) == 2


def test_in_decline_keeps_water_and_badge():
    """C-P-SEAFARING-2, C-DEC-2: going In Decline the badge is kept, the Sea stays held and
    scores; other races cannot attack it."""
    s = make(race="ratmen", power="seafaring", regions='"C2.0" = { player = 0 }\n"C2.1" = { player = 0 }')
    s.phase, s.step = "decide", "choose"
    engine.apply_action(s, "decline")
    assert s.kept[0] == "seafaring" and s.last_score[0] == (("Regions", 2),)
    assert s.occ[s.region_of("C2.0")] == 1
    s3 = make(race="humans", power="forest", p1='decline = "ratmen"\nkept = "seafaring"',
              regions='"C2.0" = { player = 1, decline = true }\n"C2.1" = { player = 0 }')
    assert 0 not in tg(s3)
