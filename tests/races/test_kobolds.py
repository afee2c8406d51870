"""Kobolds (RULES §9, R-CONQ-1, R-CONQ-2): any Cavern Region may be attacked as if adjacent;
the first conquest may be any Cavern Region, with no travel cost.

Board facts: Caverns are L1.0 Stonewatch Downs (Hills), L1.11 Jasperlode Heights (Mountain),
S3.3 Blackrock Spire (Mountain) and S3.5 Cauldron Rim (Hills); none is an Entry Region.
L1.9 (Entry, Hills) is adjacent to L1.4, L1.5, L1.13; L1.3 is an ordinary Fields Region.
"""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost, targets
from tests.builders import position, seat
from tests.conftest import acts

CAVERNS = {"L1.0", "L1.11", "S3.3", "S3.5"}


def make(race="kobolds", power="ranger", more="", **keys):
    """Seat 0's ``race`` (8 in hand) and ``more`` Regions; seat 1 plays Humans."""
    return position(more, seat(race, power, hand=8, **keys), seat("humans", "farmer"))


def ids(s, regions):
    return {s.spec.region_ids[r] for r in regions}


def test_first_conquest_any_cavern_without_travel_cost():
    """RULES §9 Kobolds, R-CONQ-1: with no Region, every Cavern of every board is a target with
    no travel cost (empty Hills Cavern: 2; Mountain Cavern: 3); Entry Regions stay (+1)."""
    s = make()
    tg = targets(s, 0)
    assert ids(s, tg) >= CAVERNS
    assert all(tg[s.region_of(c)] == 0 for c in CAVERNS)
    assert all(tg[e] == 1 for e in s.spec.entries)
    assert conquest_cost(s, 0, s.region_of("L1.0"), 0) == 2
    assert conquest_cost(s, 0, s.region_of("S3.3"), 0) == 3
    engine.apply_action(s, "conquer S3.5")
    r = s.region_of("S3.5")
    assert s.occ[r] == 0 and s.tokens[r] == 2 and s.hand[0] == 6


def test_first_conquest_still_not_ordinary_regions():
    """R-CONQ-1: a Region that is neither Cavern nor Entry is no first target."""
    s = make()
    assert "conquer L1.3" not in acts(s)


def test_caverns_count_as_adjacent_later():
    """RULES §9 Kobolds, R-CONQ-2: from L1.9, the Caverns of both boards are targets without
    travel cost; a Human-held Cavern costs the usual 2 + defenders (+1 Mountain)."""
    s = make(more='"L1.9" = { player = 0, tokens = 1 }\n"S3.3" = { player = 1, tokens = 2 }')
    tg = targets(s, 0)
    for c in CAVERNS:
        assert tg[s.region_of(c)] == 0
    assert conquest_cost(s, 0, s.region_of("S3.3"), 0) == 5  # 2 + 1 + 2
    assert s.region_of("L1.3") not in tg
    engine.apply_action(s, "conquer S3.3")
    assert s.occ[s.region_of("S3.3")] == 0


def test_own_cavern_is_no_target():
    """R-CONQ-2: a Cavern the Kobolds already hold is not a target."""
    s = make(more='"L1.0" = { player = 0, tokens = 1 }')
    assert s.region_of("L1.0") not in targets(s, 0)
    assert s.region_of("L1.11") in targets(s, 0)


def test_in_decline_kobolds_give_no_reach():
    """RULES §9 (Active race only): the player's new race does not inherit the Caverns' reach."""
    s = make(race="orcs", decline="kobolds",
             more='"L1.9" = { player = 0, tokens = 1 }\n"L1.0" = { player = 0, decline = true, tokens = 1 }')
    tg = targets(s, 0)
    assert s.region_of("S3.3") not in tg and s.region_of("L1.11") not in tg
    assert s.region_of("L1.0") not in tg  # not adjacent to L1.9


def test_tauren_cavern_with_blacksmith():
    """RULES §9 Kobolds with Blacksmith (RULES §10) against Tauren (RULES §9): a faraway Cavern
    held by 2 Tauren costs 2 + 1 Mountain + 2 - 1 = 4, travel-free."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "S3.3" = { player = 1, tokens = 2 }
    ''', seat("kobolds", "blacksmith", hand=8), seat("tauren", "farmer"))
    r = s.region_of("S3.3")
    assert targets(s, 0)[r] == 0 and conquest_cost(s, 0, r, 0) == 4
    engine.apply_action(s, "conquer S3.3")
    assert s.occ[r] == 0 and s.tokens[r] == 4
    assert s.hand[1] == 1 and 1 in s.defenders  # Tauren lose 1, keep 1 in hand (no Region left)
