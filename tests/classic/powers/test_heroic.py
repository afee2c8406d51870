"""Heroic (C-P-HEROIC-1/2): 2 Heroes make 2 Regions immune; they leave on decline."""

from smallworld.core import engine
from tests.classic.helpers import acts_text, make, rid, tg


def test_place_two_heroes_then_immune():
    """C-P-HEROIC-1, C-CONQ-12: at turn end the player places both Heroes in 2 different
    Regions; an opponent cannot target them."""
    s = make(race="ratmen", power="heroic", hand=0, regions=(
        '"C2.1" = { player = 0 }\n"C2.2" = { player = 0 }\n"C2.6" = { player = 0 }'))
    engine.apply_action(s, "end")
    assert acts_text(s) == {"hero C2.1", "hero C2.2", "hero C2.6"}
    engine.apply_action(s, "hero C2.1")
    assert acts_text(s) == {"hero C2.2", "hero C2.6"}
    engine.apply_action(s, "hero C2.2")
    assert s.piece("hero", rid(s, 1)) == 1 and s.piece("hero", rid(s, 2)) == 1
    s.occ[rid(s, 5)] = 2  # an opponent next to all three
    s.tokens[rid(s, 5)] = 1
    assert 6 in tg(s, 1) and not {1, 2} & tg(s, 1)


def test_one_region_one_hero_and_decline_removes():
    """C-P-HEROIC-1 (Ruling: one Hero with one Region), C-P-HEROIC-2."""
    s = make(race="ratmen", power="heroic", hand=0, regions='"C2.1" = { player = 0 }')
    engine.apply_action(s, "end")
    engine.apply_action(s, "hero C2.1")
    assert s.piece("hero", rid(s, 1)) == 1 and s.phase != "choice"
    from smallworld.core.decline import go_into_decline

    go_into_decline(s, 0)
    assert s.piece("hero", rid(s, 1)) == 0 and s.in_supply("hero") == 2
