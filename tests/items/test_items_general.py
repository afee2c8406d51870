"""Items in general, Artifacts and Legendary Places alike (RULES §11, R-ITEM-1, R-ITEM-2)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.state import CHANCE
from tests.builders import position, seat
from tests.items._helpers import item_table

# Board facts (L1): L1.12 (forest, Entry) is adjacent to L1.8, L1.11 only. S3 has no water; its
# marker Region is S3.2.


def test_ashes_onto_a_face_down_item_reveal_it_and_move_there_too():
    """R-ITEM-1 (reveal on entering), R-ITEM-2 (revised ruling): a Region may hold any number of
    items, so the Ashes move into the Region they conquered, beside the revealed item."""
    s = item_table('''
        "L1.12" = { player = 0, tokens = 1, item = "ashes-of-alar" }
        "S3.2" = { item = "?" }
    ''', hand=6)
    engine.apply_action(s, "ashes S3.2")
    assert s.current_player() == CHANCE
    engine.apply_action(s, "item dark-portal")
    assert s.items[s.region_of("S3.2")] == ("dark-portal", "ashes-of-alar")
    assert s.items[s.region_of("L1.12")] == ()


# R-ITEM-2 (revised ruling): a Region may hold any number of items; an Artifact always moves into
# the Region where it was used, whatever lies there.
def several(artifact, power="mining", hand=8):
    """Seat 0's Orcs hold ``artifact`` in L1.9, next to the Dwarves' L1.5 (3 tokens, the Dark
    Portal) and L1.4 (2 tokens, a face-down item)."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1, item = "{artifact}" }}
        "L1.5" = {{ player = 1, tokens = 3, item = "dark-portal" }}
        "L1.4" = {{ player = 1, tokens = 2, item = "?" }}
    ''', power=power, hand=hand)


def test_doomhammer_moves_onto_a_legendary_place_and_onto_a_face_down_item():
    """R-ITEM-2: the Doomhammer moves into the Region it conquered though an item lies there."""
    s = several("doomhammer")
    engine.apply_action(s, "doomhammer L1.5")
    assert s.items[s.region_of("L1.5")] == ("dark-portal", "doomhammer")
    assert s.items[s.region_of("L1.9")] == ()
    s = several("doomhammer")
    engine.apply_action(s, "doomhammer L1.4")
    engine.apply_action(s, "item karazhan")  # the face-down item is revealed where it lay
    assert s.items[s.region_of("L1.4")] == ("karazhan", "doomhammer")


def test_frostmourne_moves_onto_a_legendary_place_and_both_are_controlled():
    """R-ITEM-2, R-ITEM-1: Frostmourne moves in beside the Dark Portal; the Active race holding
    the Region controls both."""
    from smallworld.core import hooks

    s = several("frostmourne")
    engine.apply_action(s, "frostmourne L1.5")
    assert s.items[s.region_of("L1.5")] == ("dark-portal", "frostmourne")
    mine = {ab.id for ab in hooks.own_abilities(s, 0)}
    assert {"dark-portal", "frostmourne"} <= mine


def test_archaeologist_counts_every_item_of_a_region():
    """RULES §10 Archaeologist: +1 VC per item in its Regions, two in one Region count 2."""
    from tests.items._helpers import finish_turn, score_lines

    s = several("frostmourne", power="archaeologist")
    engine.apply_action(s, "frostmourne L1.5")
    finish_turn(s)
    assert score_lines(s, 0)["Archaeologist: items"] == 2


def test_heart_may_be_placed_on_a_region_holding_an_item():
    """R-ITEM-2 (Aegis and Heart can be placed on any own Region): the Heart goes beside the
    Dark Portal."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1, item = "heart-of-azeroth" }
        "L1.5" = { player = 0, tokens = 1, item = "dark-portal" }
    ''')
    engine.apply_action(s, "end")
    assert {str(a) for a in engine.legal_actions(s)} == {"heart L1.9", "heart L1.5"}
    engine.apply_action(s, "heart L1.5")
    assert s.items[s.region_of("L1.5")] == ("dark-portal", "heart-of-azeroth")


def test_well_moves_onto_a_lake_holding_an_item():
    """R-ITEM-2, RULES §11 Well of Eternity: revealed, it moves onto its board's Lake even though
    an Artifact lies there (carried by Naga)."""
    s = position('''
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { item = "?" }
        "L1.7" = { player = 1, tokens = 1, item = "frostmourne" }
    ''', seat("orcs", "mining", hand=5), seat("naga", "ranger"))
    engine.apply_action(s, "conquer L1.3")
    engine.apply_action(s, "item well-of-eternity")
    assert s.items[s.region_of("L1.7")] == ("frostmourne", "well-of-eternity")
    assert s.items[s.region_of("L1.3")] == ()


def test_view_and_scenario_list_every_item_of_a_region():
    """R-ITEM-2 in the scenario format (``items = [...]``) and in views (``items``; ``item`` is
    the first, for drivers showing one)."""
    from smallworld.core.view import view

    s = position('"L1.4" = { items = ["?", "doomhammer"] }', seat(), seat(), phase="start")
    r = s.region_of("L1.4")
    assert s.items[r] == ("?", "doomhammer") and "doomhammer" not in s.item_pool
    region = view(s, 0)["regions"][r]
    assert region["items"] == ["?", "doomhammer"] and region["item"] == "?"
