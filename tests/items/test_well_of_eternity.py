"""Well of Eternity, a Legendary Place (RULES §11)."""

from __future__ import annotations

import textwrap

from smallworld.content.data import ITEMS
from smallworld.core import engine
from smallworld.core.state import CHANCE
from tests.builders import position, seat
from tests.conftest import acts
from tests.items._helpers import finish_turn, item_table, score_lines

# Board facts (L1): the lake L1.7 is adjacent to L1.1, L1.2, L1.3, L1.6, L1.8, L1.10, L1.11; L1.3
# is Fields. S3 has no water; its marker Region is S3.2.


def reveal(race):
    """Seat 0's ``race`` (9 in hand) holds L1.2 and S3.0, next to face-down items in L1.3 and
    S3.2."""
    return item_table('''
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { item = "?" }
        "S3.0" = { player = 0, tokens = 1 }
        "S3.2" = { item = "?" }
    ''', race, hand=9)


def test_well_moves_to_its_boards_lake_when_revealed():
    """RULES §11 Well of Eternity: when revealed it moves to the Sea/Lake of the same board."""
    s = reveal("orcs")
    engine.apply_action(s, "conquer L1.3")
    engine.apply_action(s, "item well-of-eternity")
    assert s.items[s.region_of("L1.7")] == ("well-of-eternity",)
    assert s.items[s.region_of("L1.3")] == ()
    assert s.phase == "conquer" and s.current_player() == 0


def test_well_on_a_board_without_water_is_replaced_by_a_legendary_place():
    """RULES §11 Well: on a board with no Sea/Lake the Well leaves the game and a random unused
    Legendary Place (a chance draw among those left) takes its Region, face up."""
    s = reveal("orcs")
    engine.apply_action(s, "conquer S3.2")
    engine.apply_action(s, "item well-of-eternity")
    assert s.current_player() == CHANCE
    places = {a for a in acts(s)}
    assert places == {f"item {i}" for i, d in ITEMS.items()
                      if d.kind == "place" and i != "well-of-eternity"}
    engine.apply_action(s, "item dark-portal")
    r = s.region_of("S3.2")
    assert s.items[r] == ("dark-portal",)
    assert not any("well-of-eternity" in here for here in s.items)
    assert "well-of-eternity" not in s.item_pool
    assert "dark-portal" not in s.item_pool
    finish_turn(s)
    assert score_lines(s, 0)["Dark Portal"] == 2  # usable at once


def test_well_replacement_battleground_asks_a_neutral_conqueror():
    """RULES §11 Well (replacement usable at once) with Battleground: a Neutral race chooses."""
    s = reveal("kobolds")
    engine.apply_action(s, "conquer S3.2")
    engine.apply_action(s, "item well-of-eternity")
    engine.apply_action(s, "item battleground")
    assert acts(s) == {"battleground alliance", "battleground horde"}


def well(regions: str, turn: int = 0):
    """The Well in the Lake L1.7; seat 0's Orcs (In Decline Trolls) and seat 1's Dwarves (In
    Decline Humans) hold ``regions``; seat ``turn`` plays."""
    return position('"L1.7" = { item = "well-of-eternity" }\n' + textwrap.dedent(regions),
                    seat("orcs", "mining", decline="trolls"), seat("dwarves", "ranger", decline="humans"), turn=turn)


def test_well_gives_2_vc_to_the_race_holding_most_regions_around_it():
    """RULES §11 Well: strictly more adjacent Regions than any other race: +2 VC at the end of
    that player's turn."""
    s = well("""
        "L1.1" = { player = 0, tokens = 1 }
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { player = 1, tokens = 1 }
    """)
    finish_turn(s)
    assert score_lines(s, 0).get("Well of Eternity") == 2


def test_well_only_at_the_end_of_the_leaders_own_turn():
    """RULES §11 Well: "at the end of each player's turn ... that player": not on others' turns."""
    s = well("""
        "L1.1" = { player = 0, tokens = 1 }
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { player = 1, tokens = 1 }
    """, turn=1)
    vc0 = s.vc[0]
    finish_turn(s)
    assert s.vc[0] == vc0 and "Well of Eternity" not in score_lines(s, 1)


def test_well_tie_gives_nothing():
    """RULES §11 Well: strictly more: a tie gives nothing."""
    s = well("""
        "L1.1" = { player = 0, tokens = 1 }
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { player = 1, tokens = 1 }
        "L1.6" = { player = 1, tokens = 1 }
    """)
    finish_turn(s)
    assert "Well of Eternity" not in score_lines(s, 0)


def test_well_counts_in_decline_races_and_murlocs():
    """RULES §11 Well: Active or In Decline races count (each as a race of its own); Murlocs
    count as a race."""
    s = well("""
        "L1.1" = { player = 0, tokens = 1, decline = true }
        "L1.2" = { player = 0, tokens = 1, decline = true }
        "L1.3" = { player = 0, tokens = 1 }
        "L1.6" = { player = 0, tokens = 1 }
        "L1.8" = { player = 1, tokens = 1 }
    """)
    finish_turn(s)
    assert "Well of Eternity" not in score_lines(s, 0)  # 2 and 2: one player, two races
    s = well("""
        "L1.1" = { player = 0, tokens = 1, decline = true }
        "L1.2" = { player = 0, tokens = 1, decline = true }
        "L1.3" = { player = 1, tokens = 1 }
    """)
    finish_turn(s)
    assert score_lines(s, 0).get("Well of Eternity") == 2  # the In Decline race leads
    s = well("""
        "L1.1" = { murlocs = 1 }
        "L1.2" = { murlocs = 1 }
        "L1.8" = { murlocs = 1 }
        "L1.3" = { player = 0, tokens = 1 }
        "L1.6" = { player = 0, tokens = 1 }
    """)
    finish_turn(s)
    assert "Well of Eternity" not in score_lines(s, 0)  # the Murlocs lead
