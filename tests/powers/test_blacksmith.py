"""Blacksmith (RULES §10): every conquest costs 1 fewer token (R-CONQ-3; never below 1 nor the
race minimum, R-CONQ-4)."""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import cost
from tests.powers import badge_at


def make(regions="", race="orcs", phase="conquer", hand=8, own=1, **keys):
    """Seat 0's ``race`` (Blacksmith) holds L1.9 with ``own`` tokens."""
    regions = f'"L1.9" = {{ player = 0, tokens = {own} }}\n' + regions
    return badge_at("blacksmith", regions, race, phase=phase, opponent=("kobolds", "farmer"), hand=hand, **keys)


def test_every_conquest_costs_one_less():
    """RULES §10 Blacksmith: 2 defenders (2 + 2 - 1 = 3), a Mountain (3 - 1 = 2), a
    non-adjacent Entry Region (2 + 1 travel - 1 = 2); the conquest places that many."""
    s = make('"L1.4" = { player = 1, tokens = 2 }')
    assert cost(s, "L1.4") == 3
    assert cost(s, "L1.13") == 2
    assert cost(s, "L1.12") == 2
    engine.apply_action(s, "conquer L1.4")
    assert s.tokens[s.region_of("L1.4")] == 3 and s.hand[0] == 5


def test_never_below_one():
    """R-CONQ-4: an empty Region costs 2 - 1 = 1; with Trolls' -1 too it stays 1 on a lone
    Murloc (3 - 2) and on an empty Region (2 - 1, no Trolls reduction)."""
    s = make('"L1.4" = { murlocs = 1 }', race="trolls")
    assert cost(s, "L1.4") == 1
    assert cost(s, "L1.5") == 1


def test_own_in_decline_region():
    """R-CONQ-8 with Blacksmith: the player's own In Decline token counts as a defender:
    2 + 1 - 1 = 2."""
    s = make('"L1.4" = { player = 0, decline = true }', decline="trolls")
    assert cost(s, "L1.4") == 2


def test_no_reduction_after_decline():
    """R-DEC-2: the badge is discarded at decline; the next race picked without it pays full
    price."""
    s = make(phase="decide")
    engine.apply_action(s, "decline")
    assert s.power[0] is None and "blacksmith" in s.badge_discard


def test_tauren_still_place_two():
    """RULES §9 Tauren (R-CONQ-4): whatever the reductions, a Tauren conquest places 2: an empty
    Region costs 2 - 1 -> 2."""
    s = make(race="tauren", own=2)
    assert cost(s, "L1.5") == 2
    engine.apply_action(s, "conquer L1.5")
    assert s.tokens[s.region_of("L1.5")] == 2
