"""What every badge that scores the Regions of its Active race shares (RULES §10, R-SCORE-2,
R-DEC-2): the In Decline race's Regions give no bonus, and going In Decline discards the badge
before that turn's scoring. Each power's own count is tested in its module."""

from __future__ import annotations

import pytest

from smallworld.core import engine
from tests.powers import badge_at, bonus, lines

# power, its race in the tests, a Region that power counts, and the start of its scoring line
COUNTED = {
    "mining": ("dwarves", '"L1.0" = { player = 0 }', "Mining"),  # a Cavern
    "mountaineer": ("trolls", '"L1.13" = { player = 0 }', "Mountaineer"),  # a Mountain
    "fishing": ("dwarves", '"L1.1" = { player = 0 }', "Fishing"),  # by the Lake L1.7
    "swamp-walker": ("dwarves", '"L1.6" = { player = 0 }', "Swamp Walker"),  # a Swamp
    "ranger": ("dwarves", '"L1.2" = { player = 0 }', "Ranger"),  # a Forest
    "archaeologist": ("dwarves", '"L1.3" = { player = 0, item = "frostmourne" }', "Archaeologist"),  # an item
    "explorer": ("dwarves", '"L1.4" = { player = 0 }\n"S3.0" = { player = 0 }', "Explorer"),  # two boards
}
IN_DECLINE_RACE = {"mountaineer": "dwarves"}  # the others keep the Trolls In Decline
OPPONENT = {"swamp-walker": ("orcs", "mining"), "ranger": ("orcs", "mining")}  # else the Orcs, Farmer


@pytest.mark.parametrize("power", ["mining", "mountaineer", "fishing", "swamp-walker", "ranger"])
def test_only_active_regions_count(power):
    """R-SCORE-2: an In Decline Region of the power's kind scores 1 VC as a Region, no bonus."""
    race, region, label = COUNTED[power]
    s = badge_at(power, region.replace("player = 0", "player = 0, decline = true") + '\n"L1.4" = { player = 0 }',
                 race, opponent=OPPONENT.get(power, ("orcs", "farmer")), decline=IN_DECLINE_RACE.get(power, "trolls"))
    assert bonus(s, label) == 0 and lines(s)["Regions"] == 2


@pytest.mark.parametrize("power", list(COUNTED))
def test_no_bonus_on_the_decline_turn(power):
    """R-DEC-2: the badge is discarded when the race goes In Decline."""
    race, region, label = COUNTED[power]
    s = badge_at(power, region, race, phase="decide", opponent=OPPONENT.get(power, ("orcs", "farmer")))
    engine.apply_action(s, "decline")
    assert bonus(s, label) == 0
