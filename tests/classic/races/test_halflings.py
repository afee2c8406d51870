"""Halflings (C-R-HALFLINGS-1..4): enter anywhere; Holes in the first two Regions."""

from smallworld.core import engine
from tests.classic.helpers import make, rid, tg


def test_first_conquest_anywhere_on_land():
    """C-R-HALFLINGS-1, C-EDGE-9: inland C2.13 is a first target; water is not."""
    s = make(race="halflings", power="hill")
    assert 13 in tg(s) and not tg(s) & {0, 7, 22}


def test_seafaring_halflings_may_enter_on_the_lake():
    """C-R-HALFLINGS-1 (revised), C-P-SEAFARING-1: with Seafaring the first conquest may be the
    Lake (C2.7) as well as the Seas (C2.0, C2.22), and the conquest goes through."""
    s = make(race="halflings", power="seafaring", hand=8)
    assert {0, 7, 22} <= tg(s) and 13 in tg(s)
    engine.apply_action(s, "conquer C2.7")
    assert s.occ[rid(s, 7)] == 0 and s.tokens[rid(s, 7)] == 2


def test_holes_in_first_two_regions_make_them_immune():
    """C-R-HALFLINGS-2, C-CONQ-12: Holes go into the first two conquered Regions only; an
    opponent cannot target them."""
    s = make(race="halflings", power="hill", hand=8, p0="turns_with_race = 0")
    s.flags["halflings-holes-placed"] = 0
    for n in (13, 12, 11):
        engine.apply_action(s, f"conquer C2.{n}")
    assert [s.piece("hole", rid(s, n)) for n in (13, 12, 11)] == [1, 1, 0]
    s.hand[1] = 5
    s.occ[rid(s, 1)] = 2
    s.tokens[rid(s, 1)] = 1
    assert 6 in tg(s, 1) and 11 not in tg(s, 1)  # 11 not adjacent to C2.1
    s.occ[rid(s, 18)] = 2
    s.tokens[rid(s, 18)] = 1
    assert 12 not in tg(s, 1) and 13 not in tg(s, 1) and 17 in tg(s, 1)


def test_abandoned_hole_is_lost_and_decline_removes_holes():
    """C-R-HALFLINGS-3/4: abandoning a Hole's Region loses it for good; declining removes them."""
    s = make(race="halflings", power="hill", regions=(
        '"C2.13" = { player = 0, pieces = { hole = 1 } }\n"C2.12" = { player = 0, pieces = { hole = 1 } }'))
    s.flags["halflings-holes-placed"] = 2
    engine.apply_action(s, "abandon C2.13")
    assert s.piece("hole", rid(s, 13)) == 0 and s.in_supply("hole") == 0
    engine.apply_action(s, "conquer C2.11")
    assert s.piece("hole", rid(s, 11)) == 0  # not replaced
    from smallworld.core.decline import go_into_decline

    go_into_decline(s, 0)
    assert s.piece("hole", rid(s, 12)) == 0


def test_a_scenario_s_holes_count_as_placed():
    """C-R-HALFLINGS-2 from a scenario file: two Holes in [regions] count as placed with no
    hand-set flag, so a further conquest gets no third Hole."""
    s = make(race="halflings", power="hill", hand=8, regions=(
        '"C2.13" = { player = 0, pieces = { hole = 1 } }\n"C2.12" = { player = 0, pieces = { hole = 1 } }'))
    assert s.flags["halflings-holes-placed"] == 2
    engine.apply_action(s, "conquer C2.11")
    assert s.piece("hole", rid(s, 11)) == 0
