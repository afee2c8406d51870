"""Portal Mage (RULES §10): twice per turn, in the conquest phase, swap all pieces except
Mountains, Legendary Places and face-down markers between two Magic Regions of any boards
(``portal A B``); a race swapped into a Region with a face-down marker reveals it. Magic Regions
of L1 + S3: L1.1, L1.5, L1.10, S3.4, S3.6."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.state import EMPTY
from tests.builders import position, seat
from tests.conftest import acts

KOBOLDS = seat("kobolds", "farmer")


def make(regions, p1=KOBOLDS, phase="conquer", hand=2, **p0):
    """Seat 0's Orcs (Portal Mage) and seat 1 ``p1``."""
    return position(regions, seat("orcs", "portal-mage", hand=hand, **p0), p1, phase=phase)


def portals(s):
    return {a for a in acts(s) if a.startswith("portal")}


def test_swaps_everything_between_two_magic_regions():
    """RULES §10 Portal Mage: occupants, tokens and pieces (a Fort) trade places across boards."""
    s = make('"L1.1" = { player = 0, tokens = 2 }\n"S3.4" = { player = 1, tokens = 3, pieces = { fort = 1 } }')
    engine.apply_action(s, "portal L1.1 S3.4")
    a, b = s.region_of("L1.1"), s.region_of("S3.4")
    assert (s.occ[a], s.tokens[a], s.piece("fort", a)) == (2, 3, 1)
    assert (s.occ[b], s.tokens[b], s.piece("fort", b)) == (0, 2, 0)
    assert s.conquests == 0 and s.in_box("kobolds") == 11 - 3  # no conquest, no loss


def test_twice_per_turn_and_only_pairs_that_change_something():
    """RULES §10: two swaps per turn; two empty Magic Regions are no swap; none once the
    conquests are over."""
    s = make('"L1.1" = { player = 0 }')
    assert portals(s) == {"portal L1.1 L1.5", "portal L1.1 L1.10", "portal L1.1 S3.4", "portal L1.1 S3.6"}
    engine.apply_action(s, "portal L1.1 L1.5")
    engine.apply_action(s, "portal L1.5 S3.6")
    assert portals(s) == set()
    assert s.occ[s.region_of("S3.6")] == 0
    s = make('"L1.1" = { player = 0 }', phase="redeploy", hand=1)
    assert portals(s) == set()


def test_artifacts_move_legendary_places_and_markers_stay():
    """RULES §10: a face-up Artifact goes with the swap; a Legendary Place stays; a face-down
    marker stays and the race swapped onto it reveals it (R-ITEM-1)."""
    s = make('"L1.1" = { player = 0, item = "frostmourne" }\n'
             '"L1.10" = { player = 1, item = "dark-portal" }\n"S3.6" = { item = "?" }')
    engine.apply_action(s, "portal L1.1 L1.5")
    assert s.items[s.region_of("L1.5")] == ("frostmourne",) and s.items[s.region_of("L1.1")] == ()
    engine.apply_action(s, "portal L1.10 S3.6")
    assert s.items[s.region_of("L1.10")] == ("dark-portal",)
    assert s.occ[s.region_of("S3.6")] == 2 and s.chance == [("item", s.region_of("S3.6"))]


def test_artifact_moves_onto_a_legendary_place():
    """RULES §10 Portal Mage, R-ITEM-2 (revised ruling): a Region may hold any number of items:
    an Artifact swapped toward a Legendary Place moves beside it; the Place stays."""
    s = make('"L1.1" = { player = 0, item = "frostmourne" }\n"L1.10" = { player = 1, item = "dark-portal" }')
    engine.apply_action(s, "portal L1.1 L1.10")
    a, b = s.region_of("L1.1"), s.region_of("L1.10")
    assert (s.items[a], s.items[b]) == ((), ("dark-portal", "frostmourne"))
    assert (s.occ[a], s.occ[b]) == (2, 0)


def test_placed_bombs_move_with_the_swap():
    """RULES §10 Portal Mage (revised ruling): placed Bombs move with the swap."""
    s = make('"L1.1" = { player = 0 }\n"S3.4" = { player = 1, tokens = 2, pieces = { bomb = 1 } }')
    engine.apply_action(s, "portal L1.1 S3.4")
    assert s.piece("bomb", s.region_of("L1.1")) == 1 and s.piece("bomb", s.region_of("S3.4")) == 0
    assert s.occ[s.region_of("L1.1")] == 2


def test_bomb_alone_is_something_to_swap():
    """RULES §10 Portal Mage: a Region holding only a placed Bomb has something to swap."""
    s = make('"L1.1" = { player = 0 }\n"S3.4" = { pieces = { bomb = 1 } }')
    assert "portal L1.10 S3.4" in portals(s)


def test_murlocs_swapped_onto_a_face_down_item_reveal_nothing():
    """RULES §10 Portal Mage (revised ruling, EN/KO): only a player's race entering reveals a
    face-down item; Murlocs swapped onto it reveal nothing."""
    s = make('"L1.1" = { player = 0 }\n"L1.10" = { murlocs = 1 }\n"S3.6" = { item = "?" }')
    engine.apply_action(s, "portal L1.10 S3.6")
    r = s.region_of("S3.6")
    assert s.occ[r] == -2 and s.items[r] == ("?",) and s.chance == []


def test_in_decline_race_swapped_stays_in_decline():
    """R-DEC-2 with Portal Mage: an In Decline race moved by a swap is still In Decline there and
    still scores for its owner."""
    s = make('"L1.1" = { player = 0 }\n"L1.5" = { player = 1, decline = true, tokens = 1 }',
             p1=seat("kobolds", "farmer", decline="trolls"))
    engine.apply_action(s, "portal L1.5 S3.4")
    assert s.occ[s.region_of("S3.4")] == 3 and s.occ[s.region_of("L1.5")] == EMPTY


def test_harmony_toll_before_swapping_the_pandaren():
    """RULES §10 ("swapping a Pandaren token away is an attack"), §9 Pandaren: a Harmony holder
    pays 2 VC first; the Pandaren Region is no swap partner until then."""
    s = make('"L1.1" = { player = 0 }\n"S3.4" = { player = 1 }',
             p1=seat("pandaren", "farmer"), harmony=True)
    assert not any("S3.4" in a.split() for a in portals(s)) and "pay harmony" in acts(s)
    engine.apply_action(s, "pay harmony")
    assert "portal L1.1 S3.4" in portals(s)


def test_aegis_region_only_after_its_toll():
    """RULES §11 Aegis of Aggramar: its Region is immune to powers unless the attacker pays its
    owner 2 VC first (``pay aegis``)."""
    s = make('"L1.1" = { player = 0 }\n"S3.4" = { player = 1, item = "aegis-of-aggramar" }')
    assert not any("S3.4" in a.split() for a in portals(s)) and "pay aegis" in acts(s)
    engine.apply_action(s, "pay aegis")
    engine.apply_action(s, "portal L1.1 S3.4")
    assert s.occ[s.region_of("L1.1")] == 2 and s.items[s.region_of("L1.1")] == ("aegis-of-aggramar",)
