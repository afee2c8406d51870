"""Items in general, Artifacts and Legendary Places alike (RULES §11, R-ITEM-1, R-ITEM-2)."""

from __future__ import annotations

from smallworld.core.state import CHANCE
from tests.conftest import scenario

# Board facts (L1): L1.12 (forest, Entry) is adjacent to L1.8, L1.11 only. S3 has no water; its
# marker Region is S3.2.

def test_ashes_onto_a_face_down_item_reveal_it_and_stay():
    """R-ITEM-1 (reveal on entering), ruling: a Region holds one item, so the Ashes stay."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "mining"
        hand = 6
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.12" = { player = 0, tokens = 1, item = "ashes-of-alar" }
        "S3.2" = { item = "?" }
    """)
    s.apply("ashes S3.2")
    assert s.current_player() == CHANCE
    s.apply("item dark-portal")
    assert s.items[s.region_of("S3.2")] == "dark-portal"
    assert s.items[s.region_of("L1.12")] == "ashes-of-alar"
