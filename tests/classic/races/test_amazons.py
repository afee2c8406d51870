"""Amazons (C-R-AMAZONS-1..3): +4 conquest tokens, held off the map after redeployment."""

import pytest

from smallworld.core import engine
from smallworld.core.combos import take_combo
from smallworld.core.errors import IllegalActionError
from tests.classic.helpers import acts_text, make, rid


def test_pick_takes_four_more():
    """C-R-AMAZONS-1: Amazons Hill take 6 + 4 + 4 = 14 tokens."""
    s = make(race="ratmen", power="merchant", hand=0)
    s.active[0] = s.power[0] = None
    take_combo(s, 0, "amazons", "hill")
    assert s.hand[0] == 14 and s.in_box("amazons") == 1


def test_four_off_after_redeployment_and_back_next_turn():
    """C-R-AMAZONS-2: after redeploying, 4 tokens leave the map (1 kept per Region); they do
    not score; they come back to hand when the owner next expands."""
    s = make(race="amazons", power="hill", hand=6, regions='"C2.1" = { player = 0 }')
    engine.apply_action(s, "conquer C2.2")
    engine.apply_action(s, "end")
    while s.phase == "redeploy":
        engine.apply_action(s, str(engine.legal_actions(s)[-1]))
    own = [r for r, c in enumerate(s.occ) if c == 0]
    assert sum(s.tokens[r] for r in own) == 7 - 4 and all(s.tokens[r] >= 1 for r in own)
    assert s.flags["off-map:amazons"] == 4
    from smallworld.classic.registry import RACE_ABILITIES

    RACE_ABILITIES["amazons"].on_expand(s, 0)
    assert s.hand[0] == 4 and "off-map:amazons" not in s.flags


THREE = ('"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0, tokens = 3 }\n'
         '"C2.6" = { player = 0, tokens = 2 }')


def _redeployed(regions: str, plan: tuple[str, ...], power: str = "hill"):
    """Seat 0's Amazons end their conquests and redeploy by ``plan``."""
    s = make(race="amazons", power=power, hand=0, regions=regions)
    engine.apply_action(s, "end")
    for a in plan:
        engine.apply_action(s, a)
    return s


def _left(s, *ns: int) -> list[int]:
    return [s.tokens[rid(s, n)] if s.occ[rid(s, n)] == 0 else 0 for n in ns]


def test_the_player_chooses_which_four_leave():
    """C-R-AMAZONS-2 (revised): after redeployment the player takes the 4 tokens off the map one
    at a time from Regions of its choice; a Region's last token is not offered while every
    Region can keep one; a step with one Region left to give is taken without asking."""
    s = _redeployed(THREE, ("redeploy C2.1 2", "redeploy C2.2 2", "redeploy C2.6 1"))
    assert s.decisions == [(0, "race:amazons")]
    assert acts_text(s) == {"offmap C2.1", "offmap C2.2", "offmap C2.6"}
    engine.apply_action(s, "offmap C2.6")
    assert acts_text(s) == {"offmap C2.1", "offmap C2.2"}  # C2.6 is down to its last token
    with pytest.raises(IllegalActionError):
        engine.apply_action(s, "offmap C2.6")
    engine.apply_action(s, "offmap C2.1")
    engine.apply_action(s, "offmap C2.1")  # C2.1 at 1: only C2.2 may give the last one, taken at once
    assert not s.decisions and s.flags["off-map:amazons"] == 4
    assert _left(s, 1, 2, 6) == [1, 2, 1]
    assert s.current_player() == 1  # the turn went on: scored, next seat


def test_the_player_chooses_which_regions_to_abandon():
    """C-R-AMAZONS-2 (revised), F3: with 5 tokens on 3 Regions one Region only can be kept, and
    the player chooses which: here the lone token of C2.3, giving up the 3 tokens of C2.1 (the
    engine used to keep the biggest stack and abandon the highest-numbered Regions)."""
    regions = ('"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0 }\n'
               '"C2.3" = { player = 0 }')
    s = _redeployed(regions, ("redeploy C2.1 2",))
    assert acts_text(s) == {"offmap C2.1", "offmap C2.2", "offmap C2.3"}
    engine.apply_action(s, "offmap C2.2")
    assert s.occ[rid(s, 2)] == -1
    for _ in range(3):
        engine.apply_action(s, "offmap C2.1")
    assert not s.decisions and s.flags["off-map:amazons"] == 4
    assert _left(s, 1, 2, 3) == [0, 0, 1] and s.hand[0] == 0


def test_one_region_is_taken_without_asking():
    """C-R-AMAZONS-2: a single Region to take from asks nothing (7 tokens on C2.1 -> 3)."""
    s = _redeployed('"C2.1" = { player = 0, tokens = 7 }', ())
    assert not s.decisions and _left(s, 1) == [3] and s.flags["off-map:amazons"] == 4


def test_tokens_leave_before_heroes_are_placed():
    """C-EDGE-6, C-ORDER-2: with Heroic the 4 tokens leave first (the Amazons' choice), then the
    Heroes go to Regions still held: the abandoned C2.2 is not offered to a Hero."""
    regions = ('"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0 }\n'
               '"C2.3" = { player = 0 }\n"C2.6" = { player = 0 }')
    s = _redeployed(regions, ("redeploy C2.1 2",), power="heroic")
    assert s.decisions[-1] == (0, "race:amazons")
    engine.apply_action(s, "offmap C2.2")
    engine.apply_action(s, "offmap C2.3")  # 4 tokens on 2 Regions: the last 2 can only come from C2.1
    assert s.flags["off-map:amazons"] == 4 and _left(s, 1, 2, 3, 6) == [1, 0, 0, 1]
    assert s.decisions[-1] == (0, "power:heroic")
    assert acts_text(s) == {"hero C2.1", "hero C2.6"}


def test_decline_returns_held_tokens():
    """C-R-AMAZONS-3: going In Decline, the 4 held tokens go back to the box."""
    s = make(race="amazons", power="hill", hand=0, regions='"C2.1" = { player = 0 }')
    s.flags["off-map:amazons"] = 4
    s.box[s.spec.race_index["amazons"]] -= 4
    from smallworld.core.decline import go_into_decline

    box = s.in_box("amazons")
    go_into_decline(s, 0)
    assert s.in_box("amazons") == box + 4 and "off-map:amazons" not in s.flags


def test_the_choice_says_how_many_are_left():
    """C-R-AMAZONS-2: the decision's words (shown to the player) count down and say when a
    Region must be abandoned."""
    from smallworld.classic.registry import RACE_ABILITIES

    amazons = RACE_ABILITIES["amazons"]
    s = _redeployed(THREE, ("redeploy C2.1 2", "redeploy C2.2 2", "redeploy C2.6 1"))
    assert amazons.decision_words(s, 0).startswith("Take 4 more Amazon tokens off the map")
    assert "keeps at least one token" in amazons.decision_words(s, 0)
    engine.apply_action(s, "offmap C2.6")
    engine.apply_action(s, "offmap C2.1")
    assert amazons.decision_words(s, 0).startswith("Take 2 more Amazon tokens")
    regions = ('"C2.1" = { player = 0, tokens = 3 }\n"C2.2" = { player = 0 }\n'
               '"C2.3" = { player = 0 }')
    s2 = _redeployed(regions, ("redeploy C2.1 2",))
    assert "abandons it" in amazons.decision_words(s2, 0)
