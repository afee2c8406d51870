"""Defensive (RULES §10): at turn end a Watch Tower on each Fields Region of the Active race where
it controls more of the adjacent Regions than any other race (Murlocs count as a race); towers
removed where that no longer holds; a Watch Tower Region is immune to every conquest and power.
Towers leave with the Active race (R-DEC-2). 6 towers (RULES §2.3).

L1.4 (Fields) is adjacent to L1.0, L1.5, L1.9; L1.1 (Fields) to L1.0, L1.2, L1.6, L1.7 (Lake)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.conquest import targets
from tests.builders import position, seat
from tests.conftest import acts
from tests.powers import play_out_turn


def make(regions, phase="conquer", turn=0, hand=0, hand1=0, power1="farmer", race="forsaken",
         boards=("L1", "S3")):
    """Seat 0's ``race`` (Defensive) against seat 1's Kobolds with ``power1``."""
    return position(regions, seat(race, "defensive", hand=hand), seat("kobolds", power1, hand=hand1), phase=phase,
                    turn=turn, boards=boards)


def towers(s):
    return {s.spec.region_ids[r] for r in range(s.spec.n_regions) if s.piece("watch-tower", r)}


def test_tower_where_the_race_holds_most_neighbours():
    """RULES §10 Defensive: L1.4 has 2 of its 3 neighbours (L1.5, L1.9) against 1 Kobold
    Region: a tower. L1.1 (neighbours: 1 own, 1 Kobold) is a tie: none. L1.9 is Hills: none."""
    s = make('"L1.4" = { player = 0 }\n"L1.5" = { player = 0 }\n"L1.9" = { player = 0 }\n'
             '"L1.0" = { player = 1 }\n"L1.1" = { player = 0 }\n"L1.2" = { player = 0 }\n'
             '"L1.6" = { player = 1 }')
    play_out_turn(s)
    assert towers(s) == {"L1.4"} and s.in_supply("watch-tower") == 5


def test_murlocs_count_as_a_race():
    """RULES §10: Murlocs are a race: 1 own neighbour against 1 Murloc Region is no majority."""
    s = make('"L1.4" = { player = 0 }\n"L1.9" = { player = 0 }\n"L1.0" = { murlocs = 1 }')
    play_out_turn(s)
    assert towers(s) == set()


def test_tower_region_is_immune_to_conquest():
    """RULES §10: a Watch Tower Region is no conquest target (not even with enough tokens)."""
    s = make('"L1.4" = { player = 0, pieces = { watch-tower = 1 } }\n"L1.5" = { player = 0 }\n'
             '"L1.9" = { player = 0 }\n"L1.0" = { player = 1 }', turn=1, hand1=8)
    assert s.region_of("L1.4") not in targets(s, 1)
    assert "conquer L1.4" not in acts(s) and "conquer L1.5" in acts(s)


def test_tower_removed_when_the_majority_is_lost():
    """RULES §10: the tower of L1.4 goes when its neighbours are no longer mostly the race's
    (L1.5 lost to the Kobolds: 1 own vs 2)."""
    s = make('"L1.4" = { player = 0, pieces = { watch-tower = 1 } }\n"L1.9" = { player = 0 }\n'
             '"L1.5" = { player = 1 }\n"L1.0" = { player = 1 }')
    play_out_turn(s)
    assert towers(s) == set() and s.in_supply("watch-tower") == 6


def test_six_towers_at_most():
    """RULES §2.3: 7 qualifying Fields Regions, 6 towers: the first 6 in Region order get one."""
    s = make('"L1.14" = { player = 0 }\n"L1.10" = { player = 0 }\n'
             '"S3.2" = { player = 0 }\n"S3.7" = { player = 0 }\n"S3.3" = { player = 0 }\n'
             '"S2.1" = { player = 0 }\n"S2.3" = { player = 0 }\n"S2.5" = { player = 0 }\n'
             '"S2.7" = { player = 0 }\n"S2.6" = { player = 0 }\n"S2.2" = { player = 0 }',
             boards=("L1", "S3", "S2"))
    play_out_turn(s)
    assert len(towers(s)) == 6 and s.in_supply("watch-tower") == 0
    assert towers(s) == {"L1.14", "S3.2", "S3.7", "S2.1", "S2.3", "S2.5"}


def test_towers_leave_at_decline():
    """R-DEC-2: Watch Towers are tied to the Active race: they leave the board at decline."""
    s = make('"L1.4" = { player = 0, pieces = { watch-tower = 1 } }\n"L1.9" = { player = 0 }',
             phase="decide")
    engine.apply_action(s, "decline")
    assert towers(s) == set() and s.in_supply("watch-tower") == 6
    assert s.occ[s.region_of("L1.4")] == 1


def test_immune_to_intimidating_and_portal_mage():
    """RULES §10 "immune to every power": Intimidating cannot take from a tower Region and a
    Portal Mage cannot swap it (L1.1 is a Magic Fields Region)."""
    base = ('"L1.1" = { player = 0, pieces = { watch-tower = 1 } }\n"L1.2" = { player = 0 }\n'
            '"L1.6" = { player = 0, tokens = 2 }\n"L1.0" = { player = 1 }\n"L1.5" = { player = 1 }')
    s = make(base, turn=1, power1="intimidating")
    assert not any(a.split()[:2] == ["intimidate", "L1.1"] for a in acts(s))
    assert any(a.startswith("intimidate") for a in acts(s))
    s = make(base, turn=1, power1="portal-mage")
    assert not any("L1.1" in a.split() for a in acts(s) if a.startswith("portal"))
    assert any(a.startswith("portal") for a in acts(s))


def test_immune_to_ashes_of_alar():
    """RULES §10 "any conquest (item-powered ones included)": Ashes of Al'ar cannot target a
    tower Region."""
    s = make('"L1.4" = { player = 0, pieces = { watch-tower = 1 } }\n"L1.9" = { player = 0 }\n'
             '"S3.0" = { player = 1, item = "ashes-of-alar" }', turn=1, hand1=8)
    assert not any("L1.4" in a.split() for a in acts(s))
    assert any(a.startswith("ashes") for a in acts(s))
