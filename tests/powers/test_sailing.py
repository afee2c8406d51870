"""Sailing (RULES §10): the travel cost is never paid (R-CONQ-1: a first conquest of an empty
Entry Region costs 2; R-CONQ-2: no +1 for a non-adjacent Entry Region)."""

from __future__ import annotations

from functools import partial

from smallworld.core import engine
from smallworld.core.conquest import targets
from tests.builders import cost
from tests.powers import badge_at

make = partial(badge_at, "sailing", race="orcs", phase="conquer", opponent=("kobolds", "farmer"), hand=8)


def test_first_conquest_costs_two():
    """R-CONQ-1 (Sailing: 2): every Entry Region of any board is a first target at no travel
    cost."""
    s = make()
    tg = targets(s, 0)
    assert set(tg) == set(s.spec.entries) and set(tg.values()) == {0}
    assert cost(s, "L1.1") == 2
    engine.apply_action(s, "conquer L1.1")
    assert s.hand[0] == 6


def test_far_entry_region_without_travel_cost():
    """R-CONQ-2: a non-adjacent Entry Region (S3.7, 1 Murloc) costs 2 + 1 with no +1 travel; the
    rest of the rules stay (a non-Entry far Region is no target)."""
    s = make('"L1.9" = { player = 0 }\n"S3.7" = { murlocs = 1 }')
    assert cost(s, "S3.7") == 3
    assert s.region_of("S3.2") not in targets(s, 0)


def test_in_decline_race_gives_no_sailing():
    """R-DEC-2: after the decline the badge is discarded (Sailing does not last)."""
    s = make('"L1.9" = { player = 0 }', phase="decide")
    engine.apply_action(s, "decline")
    assert s.kept[0] is None and "sailing" in s.badge_discard


def test_stacks_with_trolls_reduction():
    """RULES §9 Trolls + §10 Sailing: a far Entry Region with a Murloc costs 2 + 1 - 1 = 2."""
    s = make('"L1.9" = { player = 0 }\n"S3.7" = { murlocs = 1 }', race="trolls")
    assert cost(s, "S3.7") == 2
