"""Legendary Places (RULES §11, R-ITEM-1): Battleground, Dark Portal, Karazhan, Light's Hope
Chapel, Meeting Stone, Spirit Healer, Well of Eternity.

Board facts (L1): the lake L1.7 is adjacent to L1.1, L1.2, L1.3, L1.6, L1.8, L1.10, L1.11;
L1.9 (hills, Entry) to L1.4, L1.5, L1.13; L1.5 to L1.0, L1.4, L1.6, L1.9, L1.13; Fields are
L1.1, L1.3, L1.4, L1.14. S3 has no water; its marker Region is S3.2.
"""

from __future__ import annotations

from smallworld.content.data import ITEMS
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.state import CHANCE
from tests.conftest import acts, scenario
from tests.items._helpers import finish_turn, score_lines

# ---------------------------------------------------------------------------------------------
# Battleground

BATTLE = """
boards = ["L1", "S3"]
phase = "{phase}"
[[players]]
race = "{race}"
power = "mining"
hand = 8
{decline}
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.9" = {{ player = 0, tokens = 1{item} }}
"L1.5" = {{ player = 1, tokens = 1 }}
"L1.4" = {{ player = 1, tokens = 1 }}
"L1.13" = {{ player = {holder}, tokens = 1{dec13}, item = "battleground" }}
"""


def battle(race="orcs", phase="conquer", holder=0, dec13="", decline="", item=""):
    return scenario(BATTLE.format(race=race, phase=phase, holder=holder, dec13=dec13,
                                  decline=decline, item=item))


def test_battleground_counts_each_defeated_race_up_to_twice():
    """RULES §11 Battleground, R-SCORE-3: 2 VC for a race that lost 2 Regions this turn."""
    s = battle()
    s.apply("conquer L1.5")
    s.apply("conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 2


def test_without_battleground_a_race_counts_once():
    """R-SCORE-3: the faction bonus counts each defeated race once (control case)."""
    s = battle(holder=1)
    s.apply("conquer L1.5")
    s.apply("conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 1


def test_battleground_held_in_decline_does_nothing():
    """R-ITEM-1: an In Decline holder gets nothing; the Active race counts each race once."""
    s = battle(dec13=", decline = true", decline='decline = "trolls"')
    s.apply("conquer L1.5")
    s.apply("conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 1


def test_neutral_race_on_the_battleground_chooses_a_side_at_turn_start():
    """RULES §11 Battleground, R-ORDER-1: a Neutral race holding it chooses Alliance or Horde at
    the start of its expansion and scores the faction bonus as that side."""
    s = battle(race="kobolds", phase="start")
    assert acts(s) == {"expand", "decline"}
    s.apply("expand")
    assert acts(s) == {"battleground alliance", "battleground horde"}
    s.apply("battleground horde")
    assert s.phase == "conquer"
    s.apply("conquer L1.5")
    s.apply("conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 2  # Horde against the Alliance Dwarves, x2


def test_neutral_race_choosing_its_own_victims_side_gets_nothing():
    """R-SCORE-3: as Alliance, conquering the Alliance Dwarves gives no faction bonus."""
    s = battle(race="kobolds", phase="start")
    s.apply("expand")
    s.apply("battleground alliance")
    s.apply("conquer L1.5")
    finish_turn(s)
    assert "Faction bonus" not in score_lines(s, 0)


def test_neutral_race_without_the_battleground_gets_no_faction_bonus():
    """R-SCORE-3: a Neutral race gets nothing (control case)."""
    s = battle(race="kobolds", phase="start", holder=1)
    s.apply("expand")
    assert s.phase == "conquer" and not s.decisions
    s.apply("conquer L1.5")
    finish_turn(s)
    assert "Faction bonus" not in score_lines(s, 0)


def test_neutral_race_chooses_a_side_when_it_takes_the_battleground():
    """RULES §11 Battleground: the choice is also made when it takes the Region, once per turn."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "naga"
        power = "mining"
        hand = 9
        [[players]]
        race = "orcs"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 1, tokens = 1, item = "battleground" }
        "L1.5" = { player = 1, tokens = 1 }
        "L1.4" = { player = 1, tokens = 1 }
    """)
    s.apply("conquer L1.13")
    assert acts(s) == {"battleground alliance", "battleground horde"}
    s.apply("battleground alliance")
    s.apply("conquer L1.5")
    assert not s.decisions
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 2  # the Horde Orcs lost 2 Regions


def test_neutral_race_revealing_the_battleground_chooses_a_side():
    """R-ITEM-1 (usable at once), RULES §11 Battleground: revealed face-down by a Neutral race."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "kobolds"
        power = "mining"
        hand = 9
        [[players]]
        race = "orcs"
        power = "ranger"
        [regions]
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { item = "?" }
    """)
    s.apply("conquer L1.3")
    assert s.current_player() == CHANCE
    s.apply("item battleground")
    assert acts(s) == {"battleground alliance", "battleground horde"}


# ---------------------------------------------------------------------------------------------
# Dark Portal, Karazhan

SCORE = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "mining"
decline = "trolls"
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.3" = {{ player = 0, tokens = 1{dec}, item = "{item}" }}
"L1.4" = {{ player = 0, tokens = 1 }}
"L1.14" = {{ player = 0, tokens = 1 }}
"L1.9" = {{ player = 0, tokens = 1 }}
"L1.1" = {{ player = 1, tokens = 1 }}
"""


def test_dark_portal_gives_2_vc():
    """RULES §11 Dark Portal: +2 VC at turn end."""
    s = scenario(SCORE.format(item="dark-portal", dec=""))
    finish_turn(s)
    assert score_lines(s, 0)["Dark Portal"] == 2


def test_dark_portal_in_decline_gives_nothing():
    """R-ITEM-1, R-SCORE-2: nothing for an In Decline holder."""
    s = scenario(SCORE.format(item="dark-portal", dec=", decline = true"))
    finish_turn(s)
    assert "Dark Portal" not in score_lines(s, 0)


def test_karazhan_counts_other_regions_of_its_terrain():
    """RULES §11 Karazhan: +1 VC per *other* Region of the race with Karazhan's terrain (L1.3
    Fields: L1.4 and L1.14 count, L1.9 Hills and the opponent's L1.1 Fields do not)."""
    s = scenario(SCORE.format(item="karazhan", dec=""))
    finish_turn(s)
    assert score_lines(s, 0)["Karazhan"] == 2


def test_karazhan_in_decline_gives_nothing():
    """R-ITEM-1, R-SCORE-2: nothing for an In Decline holder."""
    s = scenario(SCORE.format(item="karazhan", dec=", decline = true"))
    finish_turn(s)
    assert "Karazhan" not in score_lines(s, 0)


# ---------------------------------------------------------------------------------------------
# Light's Hope Chapel

CHAPEL = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "{power}"
hand = 9
[[players]]
race = "{race}"
power = "ranger"
{decline}
[regions]
"L1.9" = {{ player = 0, tokens = 1 }}
"L1.5" = {{ player = 1, tokens = 3{dec}, item = "lights-hope-chapel" }}
"L1.4" = {{ player = 1, tokens = 2{dec} }}
"L1.0" = {{ player = 1, tokens = 1{dec} }}
"""


def chapel(race="dwarves", dec=False, power="mining"):
    if dec:
        return scenario(CHAPEL.format(race="humans", decline=f'decline = "{race}"',
                                      dec=", decline = true", power=power))
    return scenario(CHAPEL.format(race=race, decline="", dec="", power=power))


def test_chapel_holder_loses_no_token_when_another_region_falls():
    """RULES §11 Light's Hope Chapel: no token discarded for a loss an opponent causes."""
    s = chapel()
    box = s.box["dwarves"]
    s.apply("conquer L1.4")
    assert s.hand[1] == 2 and s.box["dwarves"] == box


def test_chapel_protects_its_own_region_that_one_last_time():
    """RULES §11 Light's Hope Chapel: including the conquest of the Chapel's own Region; then it
    belongs to the conqueror and protects the old holder no more."""
    s = chapel()
    box = s.box["dwarves"]
    s.apply("conquer L1.5")
    assert s.hand[1] == 3 and s.box["dwarves"] == box
    assert s.occ[s.region_of("L1.5")] == 0 and s.items[s.region_of("L1.5")] == "lights-hope-chapel"
    s.apply("conquer L1.4")
    assert s.hand[1] == 4 and s.box["dwarves"] == box + 1


def test_without_chapel_the_defender_loses_one_token():
    """R-CONQ-7 (control case): one token discarded."""
    s = chapel()
    s.items[s.region_of("L1.5")] = None
    box = s.box["dwarves"]
    s.apply("conquer L1.4")
    assert s.hand[1] == 1 and s.box["dwarves"] == box + 1


def test_chapel_in_decline_saves_nothing():
    """R-ITEM-1, R-CONQ-7: In Decline tokens are all discarded, Chapel or not."""
    s = chapel(dec=True)
    box = s.box["dwarves"]
    s.apply("conquer L1.5")
    assert s.hand[1] == 0 and s.box["dwarves"] == box + 3


def test_chapel_leaves_draenei_holy_light_unspent():
    """RULES §9 Draenei, §11 Chapel: the Chapel saves the token, so Holy Light (first token that
    *would* be discarded) is not spent."""
    s = chapel(race="draenei")
    box = s.box["draenei"]
    s.apply("conquer L1.5")
    assert s.hand[1] == 3 and s.box["draenei"] == box
    assert not s.tflags.get("draenei-saved")


def test_chapel_saves_an_intimidated_token():
    """RULES §10 Intimidating, §11 Chapel: a token Intimidating would discard (no other Region
    of that race to move it to) is not discarded."""
    s = scenario("""
        boards = ["L1", "S3"]
        phase = "conquer"
        [[players]]
        race = "orcs"
        power = "intimidating"
        hand = 2
        [[players]]
        race = "dwarves"
        power = "ranger"
        [regions]
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 1, tokens = 2, item = "lights-hope-chapel" }
    """)
    box = s.box["dwarves"]
    s.apply("intimidate L1.5")
    assert s.box["dwarves"] == box
    assert s.tokens[s.region_of("L1.5")] + s.hand[1] == 2


# ---------------------------------------------------------------------------------------------
# Meeting Stone, Spirit Healer

STONE = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "mining"
hand = 6
decline = "trolls"
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.9" = {{ player = 0, tokens = 1{dec}, item = "meeting-stone" }}
"L1.4" = {{ player = 0, tokens = 1 }}
"""


def test_meeting_stone_no_travel_cost():
    """RULES §11 Meeting Stone: a far Entry Region costs 2, not 3 (R-CONQ-2)."""
    s = scenario(STONE.format(dec=""))
    r = s.region_of("L1.12")
    assert targets(s, 0)[r] == 0 and conquest_cost(s, 0, r, 0) == 2
    assert targets(s, 0)[s.region_of("S3.0")] == 0


def test_meeting_stone_in_decline_does_nothing():
    """R-ITEM-1: travel is paid again when the Stone's Region is In Decline."""
    s = scenario(STONE.format(dec=", decline = true"))
    assert targets(s, 0)[s.region_of("L1.12")] == 1


HEALER = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "orcs"
power = "mining"
decline = "trolls"
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.9" = {{ player = 0, tokens = {t9}{dec}, item = "spirit-healer" }}
"L1.4" = {{ player = 0, tokens = {t4} }}
"L1.5" = {{ player = 0, tokens = 1 }}
"""


def test_spirit_healer_adds_a_token_from_the_box_at_redeployment():
    """RULES §11 Spirit Healer, R-ORDER-2: +1 token from the box, redeployed."""
    s = scenario(HEALER.format(t9=1, t4=1, dec=""))
    box = s.box["orcs"]
    s.apply("end")
    assert s.phase == "redeploy" and s.hand[0] == 1 and s.box["orcs"] == box - 1
    s.apply("redeploy L1.5 1")
    assert s.tokens[s.region_of("L1.5")] == 2


def test_spirit_healer_with_an_empty_box_gives_nothing():
    """RULES §2.1 box cap, §11 Spirit Healer: if none is left, nothing."""
    s = scenario(HEALER.format(t9=5, t4=5, dec=""))  # 11 Orcs: 5 + 5 + 1 on the board
    assert s.box["orcs"] == 0
    s.apply("end")
    assert s.phase == "redeploy" and s.hand[0] == 8  # the surplus beyond 1 per Region, no more
    assert s.box["orcs"] == 0


def test_spirit_healer_in_decline_gives_nothing():
    """R-ITEM-1: nothing for an In Decline holder."""
    s = scenario(HEALER.format(t9=1, t4=1, dec=", decline = true"))
    box = s.box["orcs"]
    s.apply("end")
    assert s.turn == 1 and s.box["orcs"] == box


# ---------------------------------------------------------------------------------------------
# Well of Eternity

REVEAL = """
boards = ["L1", "S3"]
phase = "conquer"
[[players]]
race = "{race}"
power = "mining"
hand = 9
[[players]]
race = "dwarves"
power = "ranger"
[regions]
"L1.2" = {{ player = 0, tokens = 1 }}
"L1.3" = {{ item = "?" }}
"S3.0" = {{ player = 0, tokens = 1 }}
"S3.2" = {{ item = "?" }}
"""


def test_well_moves_to_its_boards_lake_when_revealed():
    """RULES §11 Well of Eternity: when revealed it moves to the Sea/Lake of the same board."""
    s = scenario(REVEAL.format(race="orcs"))
    s.apply("conquer L1.3")
    s.apply("item well-of-eternity")
    assert s.items[s.region_of("L1.7")] == "well-of-eternity"
    assert s.items[s.region_of("L1.3")] is None
    assert s.phase == "conquer" and s.current_player() == 0


def test_well_on_a_board_without_water_is_replaced_by_a_legendary_place():
    """RULES §11 Well: on a board with no Sea/Lake the Well leaves the game and a random unused
    Legendary Place (a chance draw among those left) takes its Region, face up."""
    s = scenario(REVEAL.format(race="orcs"))
    s.apply("conquer S3.2")
    s.apply("item well-of-eternity")
    assert s.current_player() == CHANCE
    places = {a for a in acts(s)}
    assert places == {f"item {i}" for i, d in ITEMS.items()
                      if d.kind == "place" and i != "well-of-eternity"}
    s.apply("item dark-portal")
    r = s.region_of("S3.2")
    assert s.items[r] == "dark-portal"
    assert "well-of-eternity" not in s.items and "well-of-eternity" not in s.item_pool
    assert "dark-portal" not in s.item_pool
    finish_turn(s)
    assert score_lines(s, 0)["Dark Portal"] == 2  # usable at once


def test_well_replacement_battleground_asks_a_neutral_conqueror():
    """RULES §11 Well (replacement usable at once) with Battleground: a Neutral race chooses."""
    s = scenario(REVEAL.format(race="kobolds"))
    s.apply("conquer S3.2")
    s.apply("item well-of-eternity")
    s.apply("item battleground")
    assert acts(s) == {"battleground alliance", "battleground horde"}


WELL = """
boards = ["L1", "S3"]
phase = "conquer"
{players}
[regions]
"L1.7" = {{ item = "well-of-eternity" }}
{regions}
"""
TWO = """
[[players]]
race = "orcs"
power = "mining"
decline = "trolls"
[[players]]
race = "dwarves"
power = "ranger"
decline = "humans"
"""


def well(regions: str, turn: int = 0):
    return scenario(WELL.format(players=TWO, regions=regions).replace('phase = "conquer"',
                                                                       f'phase = "conquer"\nturn = {turn}'))


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
