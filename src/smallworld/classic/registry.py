"""One :class:`~smallworld.core.ability.Ability` per classic race and power (RULES-classic §10, §11).

An effect that is written lives in its own module (``classic/races/trolls.py``,
``classic/powers/seafaring.py``) and registers itself with :func:`register`; every other one gets
a definition with no hooks and ``implemented = False`` (its plain-words summary says what it
would do), so the game data is complete while the missing effect is visible, never silently wrong.
"""

from __future__ import annotations

from smallworld.classic.data import POWERS, RACES
from smallworld.core.ability import Ability, AbilityTables

SUMMARIES: dict[str, str] = {
    # races (RULES-classic §10)
    "amazons": "Four extra tokens for conquests only: taken off the map after each redeployment, back at your next ready troops.",
    "dwarves": "+1 coin per Mine Region, even In Decline.",
    "elves": "When an opponent conquers one of your Active Regions you lose no token.",
    "ghouls": "All Ghouls stay In Decline and keep conquering at the start of each of your turns.",
    "giants": "Regions next to a Mountain you hold cost 1 fewer token.",
    "halflings": "Enter anywhere; Holes-in-the-Ground make your first two Regions immune.",
    "humans": "+1 coin per Farmland Region.",
    "orcs": "+1 coin per non-empty Region you conquered this turn.",
    "ratmen": "No race benefit: just many tokens.",
    "skeletons": "One new token per two non-empty Regions conquered this turn.",
    "sorcerers": "Once per turn per opponent, replace a lone Active enemy token next to you with a Sorcerer.",
    "tritons": "Coastal Regions (next to a Sea or the Lake) cost 1 fewer token.",
    "trolls": "A Troll Lair (+1 defense) in every Region you conquer; Lairs stay In Decline.",
    "wizards": "+1 coin per Magic Source Region.",
    # powers (RULES-classic §11)
    "alchemist": "+2 coins at the end of each turn while Active.",
    "berserk": "Roll the die before each conquest; the roll lowers its cost.",
    "bivouacking": "Five Encampments (+1 defense each) to place and move at each redeployment.",
    "commando": "Every conquest costs 1 fewer token.",
    "diplomat": "At turn end name an opponent you did not attack: their Active race may not attack yours until your next turn.",
    "dragon-master": "Once per turn conquer a Region with one token; the Dragon makes it immune.",
    "flying": "Conquer any land Region, adjacent or not.",
    "forest": "+1 coin per Forest Region.",
    "fortified": "Place one Fortress (+1 defense, +1 coin while Active) per turn, six at most.",
    "heroic": "Two Heroes make two of your Regions immune.",
    "hill": "+1 coin per Hills Region.",
    "merchant": "+1 coin per Region you occupy.",
    "mounted": "Hills and Farmland cost 1 fewer token.",
    "pillaging": "+1 coin per non-empty Region you conquered this turn.",
    "seafaring": "You may conquer the Seas and the Lake, and keep them In Decline.",
    "spirit": "This race In Decline does not count towards your one In Decline race.",
    "stout": "Go In Decline at the end of a turn of conquests, after scoring.",
    "swamp": "+1 coin per Swamp Region.",
    "underworld": "Caverns cost 1 fewer token and are all adjacent to each other.",
    "wealthy": "+7 coins once, at the end of the turn you pick this combo.",
}

_TABLES = AbilityTables(
    {"race": RACES, "power": POWERS}, SUMMARIES,
    {"race": "RULES-classic §10", "power": "RULES-classic §11"},
    edition="classic", class_prefix="Classic",
)
RACE_ABILITIES: dict[str, Ability] = _TABLES.tables["race"]
POWER_ABILITIES: dict[str, Ability] = _TABLES.tables["power"]
#: class decorator: make a class the classic effect of its kind/id (ValueError: unknown kind or id)
register = _TABLES.register


# the effect modules register themselves on import (after `register` exists)
from smallworld.classic import powers as _powers  # noqa: F401
from smallworld.classic import races as _races  # noqa: F401

_TABLES.fill_definitions()
