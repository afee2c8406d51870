"""Battleground, a Legendary Place (RULES §11)."""

from __future__ import annotations

from smallworld.core import engine
from smallworld.core.state import CHANCE
from tests.builders import position, seat
from tests.conftest import acts
from tests.items._helpers import finish_turn, item_table, score_lines

# Board facts (L1): L1.9 (hills, Entry) is adjacent to L1.4, L1.5, L1.13; L1.3 (fields, marker) to
# L1.2, L1.7, L1.8.


def battle(race="orcs", phase="conquer", holder=0, dec13="", item="", **keys):
    """Seat 0's ``race`` (8 in hand) holds L1.9 (``item``) next to the Dwarves' L1.5 and L1.4;
    the Battleground lies in L1.13, held by seat ``holder`` (``dec13``)."""
    return item_table(f'''
        "L1.9" = {{ player = 0, tokens = 1{item} }}
        "L1.5" = {{ player = 1, tokens = 1 }}
        "L1.4" = {{ player = 1, tokens = 1 }}
        "L1.13" = {{ player = {holder}, tokens = 1{dec13}, item = "battleground" }}
    ''', race, hand=8, phase=phase, **keys)


def test_battleground_counts_each_defeated_race_up_to_twice():
    """RULES §11 Battleground, R-SCORE-3: 2 VC for a race that lost 2 Regions this turn."""
    s = battle()
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 2


def test_without_battleground_a_race_counts_once():
    """R-SCORE-3: the faction bonus counts each defeated race once (control case)."""
    s = battle(holder=1)
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 1


def test_battleground_held_in_decline_does_nothing():
    """R-ITEM-1: an In Decline holder gets nothing; the Active race counts each race once."""
    s = battle(dec13=", decline = true", decline="trolls")
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 1


def test_neutral_race_on_the_battleground_chooses_a_side_at_turn_start():
    """RULES §11 Battleground, R-ORDER-1: a Neutral race holding it chooses Alliance or Horde at
    the start of its expansion and scores the faction bonus as that side."""
    s = battle(race="kobolds", phase="start")
    assert acts(s) == {"expand", "decline"}
    engine.apply_action(s, "expand")
    assert acts(s) == {"battleground alliance", "battleground horde"}
    engine.apply_action(s, "battleground horde")
    assert s.phase == "conquer"
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "conquer L1.4")
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 2  # Horde against the Alliance Dwarves, x2


def test_neutral_race_choosing_its_own_victims_side_gets_nothing():
    """R-SCORE-3: as Alliance, conquering the Alliance Dwarves gives no faction bonus."""
    s = battle(race="kobolds", phase="start")
    engine.apply_action(s, "expand")
    engine.apply_action(s, "battleground alliance")
    engine.apply_action(s, "conquer L1.5")
    finish_turn(s)
    assert "Faction bonus" not in score_lines(s, 0)


def test_neutral_race_without_the_battleground_gets_no_faction_bonus():
    """R-SCORE-3: a Neutral race gets nothing (control case)."""
    s = battle(race="kobolds", phase="start", holder=1)
    engine.apply_action(s, "expand")
    assert s.phase == "conquer" and not s.decisions
    engine.apply_action(s, "conquer L1.5")
    finish_turn(s)
    assert "Faction bonus" not in score_lines(s, 0)


def test_neutral_race_chooses_a_side_when_it_takes_the_battleground():
    """RULES §11 Battleground: the choice is also made when it takes the Region, once per turn."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.13" = { player = 1, tokens = 1, item = "battleground" }
        "L1.5" = { player = 1, tokens = 1 }
        "L1.4" = { player = 1, tokens = 1 }
    ''', seat("naga", "mining", hand=9), seat("orcs", "ranger"))
    engine.apply_action(s, "conquer L1.13")
    assert acts(s) == {"battleground alliance", "battleground horde"}
    engine.apply_action(s, "battleground alliance")
    engine.apply_action(s, "conquer L1.5")
    assert not s.decisions
    finish_turn(s)
    assert score_lines(s, 0)["Faction bonus"] == 2  # the Horde Orcs lost 2 Regions


def test_neutral_race_revealing_the_battleground_chooses_a_side():
    """R-ITEM-1 (usable at once), RULES §11 Battleground: revealed face-down by a Neutral race."""
    s = position('''
        "L1.2" = { player = 0, tokens = 1 }
        "L1.3" = { item = "?" }
    ''', seat("kobolds", "mining", hand=9), seat("orcs", "ranger"))
    engine.apply_action(s, "conquer L1.3")
    assert s.current_player() == CHANCE
    engine.apply_action(s, "item battleground")
    assert acts(s) == {"battleground alliance", "battleground horde"}
