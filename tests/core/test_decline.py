"""Decline (RULES §7)."""

from __future__ import annotations

import pytest

from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from tests.builders import position, seat
from tests.conftest import acts


def make(power="farmer", turns=1, more="", **orcs):
    """Seat 0's Orcs at the start of their turn: 3 tokens on L1.9, 1 on L1.5, 2 in hand."""
    regions = '"L1.9" = { player = 0, tokens = 3 }\n"L1.5" = { player = 0, tokens = 1 }\n' + more
    return position(regions, seat("orcs", power, turns_with_race=turns, hand=2, **orcs), seat("humans", "mining"),
                    phase="start")


def test_no_decline_on_the_turn_a_race_was_picked():
    """R-DEC-1: from its second turn with a race."""
    s = make(turns=0)
    assert s.phase == "conquer" and "decline" not in acts(s)
    with pytest.raises(IllegalActionError, match="R-DEC-1"):
        engine.apply_action(s, "decline")


def test_decline_keeps_one_token_per_region_and_scores():
    """R-DEC-1, R-DEC-2: one token per Region flipped; the rest and the hand back to the box;
    the badge is discarded; the player scores 1 VC per Region and its turn ends."""
    s = make()
    assert s.phase == "decide" and acts(s) == {"expand", "decline"}
    box = s.in_box("orcs")
    engine.apply_action(s, "decline")
    assert s.decline[0] == "orcs" and s.active[0] is None and s.power[0] is None
    assert [s.tokens[s.region_of(r)] for r in ("L1.9", "L1.5")] == [1, 1]
    assert all(s.occ[s.region_of(r)] == 1 for r in ("L1.9", "L1.5"))
    assert s.in_box("orcs") == box + 2 + 2
    assert s.badge_discard == ["farmer"]
    assert s.vc[0] == 5 + 2
    assert s.turn == 1


def test_lasting_badge_is_kept_in_decline():
    """R-DEC-2: Garrisoned and Marshdweller are kept with the In Decline race."""
    s = make(power="garrisoned")
    engine.apply_action(s, "decline")
    assert s.kept[0] == "garrisoned" and s.badge_discard == []


def test_one_decline_at_a_time_older_race_removed():
    """R-DEC-3: the older In Decline race is removed entirely before the new one flips; its
    banner returns (R-PICK-5) and its kept badge is discarded."""
    s = make(decline="trolls", kept="marshdweller",
             more='"L1.12" = { player = 0, decline = true, tokens = 1 }')
    engine.apply_action(s, "decline")
    assert s.decline[0] == "orcs"
    assert s.occ[s.region_of("L1.12")] == -1
    assert s.banner_bottom == ["trolls"]
    assert "marshdweller" in s.badge_discard


def test_next_turn_after_decline_picks_a_new_combo():
    """R-DEC-1, R-PICK-1: the turn after going In Decline starts by picking."""
    s = make()
    engine.apply_action(s, "decline")
    # seat 1 (Humans with no token left) may only decline (R-CONQ-11)
    while s.current_player() == 1:
        engine.apply_action(s, sorted(acts(s))[0])
    assert s.turn == 0 and s.phase == "pick"
    assert all(a.startswith("pick") for a in acts(s))


def test_race_with_no_token_may_only_decline():
    """R-CONQ-11: an Active race with no token left (boards and hand) may only go In Decline."""
    s = position('', seat("orcs", "farmer"), seat("humans", "mining"), phase="start")
    assert acts(s) == {"decline"}
    with pytest.raises(IllegalActionError, match="R-CONQ-11"):
        engine.apply_action(s, "expand")
