"""Amazons (C-R-AMAZONS-1..3): +4 conquest tokens, held off the map after redeployment."""

from smallworld.core.combos import take_combo
from tests.classic.helpers import make, rid


def test_pick_takes_four_more():
    """C-R-AMAZONS-1: Amazons Hill take 6 + 4 + 4 = 14 tokens."""
    s = make(race="ratmen", power="merchant", hand=0)
    s.active[0] = s.power[0] = None
    take_combo(s, 0, "amazons", "hill")
    assert s.hand[0] == 14 and s.box["amazons"] == 1


def test_four_off_after_redeployment_and_back_next_turn():
    """C-R-AMAZONS-2: after redeploying, 4 tokens leave the map (1 kept per Region); they do
    not score; they come back to hand when the owner next expands."""
    s = make(race="amazons", power="hill", hand=6, regions='"C2.1" = { player = 0 }')
    s.apply("conquer C2.2")
    s.apply("end")
    while s.phase == "redeploy":
        s.apply(str(s.legal_actions()[-1]))
    own = [r for r, c in enumerate(s.occ) if c == 0]
    assert sum(s.tokens[r] for r in own) == 7 - 4 and all(s.tokens[r] >= 1 for r in own)
    assert s.flags["off-map:amazons"] == 4
    from smallworld.classic.registry import RACE_ABILITIES

    RACE_ABILITIES["amazons"].on_expand(s, 0)
    assert s.hand[0] == 4 and "off-map:amazons" not in s.flags


def test_abandons_when_every_region_has_one():
    """C-R-AMAZONS-2 (F3): with 3 Regions of 1 token and 5 tokens in all, Regions are abandoned
    to take 4 off (the engine's choice: highest-numbered first, a Ruling)."""
    s = make(race="amazons", power="hill", hand=0, regions=(
        '"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0 }\n"C2.3" = { player = 0 }'))
    from smallworld.classic.registry import RACE_ABILITIES

    RACE_ABILITIES["amazons"].at_turn_end(s, 0, "placement")
    assert s.flags["off-map:amazons"] == 4
    assert s.occ[rid(s, 1)] == 0 and s.tokens[rid(s, 1)] == 1 and s.occ[rid(s, 3)] == -1


def test_decline_returns_held_tokens():
    """C-R-AMAZONS-3: going In Decline, the 4 held tokens go back to the box."""
    s = make(race="amazons", power="hill", hand=0, regions='"C2.1" = { player = 0 }')
    s.flags["off-map:amazons"] = 4
    s.box["amazons"] -= 4
    from smallworld.core.decline import go_into_decline

    box = s.box["amazons"]
    go_into_decline(s, 0)
    assert s.box["amazons"] == box + 4 and "off-map:amazons" not in s.flags
