"""One :class:`~smallworld.core.ability.Ability` per race, power and item.

A race, power or item whose effect is written lives in its own module
(``content/races/trolls.py``, ``content/powers/sailing.py``, ``content/items/doomhammer.py``) and
registers itself with :func:`register`; every other one gets a definition with no hooks and ``implemented = False``,
so the game data is complete (token values, factions, plain-words summaries) while the effect is
visibly missing rather than silently wrong.
"""

from __future__ import annotations

from smallworld.content.data import ITEMS, POWERS, RACES
from smallworld.core.ability import Ability, AbilityTables

SUMMARIES: dict[str, str] = {
    # races (RULES §9)
    "blood-elves": "+1 Victory coin per Magic Region at the end of your turn.",
    "draenei": "During each opponent's turn, the first Draenei token you would lose goes back to your hand instead.",
    "dwarves": "Conquering a Mountain Region costs 2 fewer tokens.",
    "ethereals": "Once per turn: steal a face-up Artifact next to you, or conquer a Region with a Legendary Place next to you for 2 fewer tokens.",
    "forsaken": "Each time you make another race lose a token you may pay 1 coin for an extra Forsaken token.",
    "gnomes": "Once per turn, an airborne assault on any Region of any board; roll the die for free and reduce the cost by the roll.",
    "goblins": "At the end of your turn, place face-down Bombs next to your Regions on opponents; live ones explode at the start of your next turn.",
    "humans": "Place 2 Military Objectives each turn; a non-Horde race that conquers one earns 2 coins, and so do you.",
    "kobolds": "Any Cavern Region counts as adjacent; your first conquest may be any Cavern.",
    "naga": "You may conquer Seas and Lakes; your first conquest may be one.",
    "night-elves": "Forests cost 1 fewer token; each Forest you conquer gets a Wisp Wall (+1 defense).",
    "orcs": "+1 coin per Region you conquer from an Alliance race.",
    "pandaren": "Opponents you did not attack get a Harmony token: they must pay you 2 coins before attacking you.",
    "tauren": "Never fewer than 2 Tauren tokens in a Region.",
    "trolls": "Non-empty Regions cost 1 fewer token.",
    "worgen": "Each turn choose human form (+2 coins) or Worgen form (pay 1 coin, every conquest costs 1 fewer token).",
    # powers (RULES §10)
    "archaeologist": "+1 coin per Artifact or Legendary Place in your Regions.",
    "battle-master": "+1 coin per non-empty Region you conquer.",
    "beast-master": "Each turn, one Beast per Hills Region you hold; Beasts fight and defend like tokens.",
    "blacksmith": "Every conquest costs 1 fewer token.",
    "championing": "Once per turn, conquer an adjacent Region for free with the Champion.",
    "defensive": "Watch Towers on Fields where you hold most neighbours make those Regions immune.",
    "enraged": "Conquering a Region defended by 2 or more tokens earns that many coins.",
    "explorer": "+1 coin per board where you hold a Region.",
    "farmer": "+1 coin per Fields Region.",
    "fishing": "+1 coin per Region next to a Sea or Lake.",
    "garrisoned": "A Fort (+1 defense) on each of your Regions; Forts stay In Decline.",
    "herbalist": "+1 coin per Hills Region.",
    "intimidating": "Three times per turn, move an adjacent enemy token to another of its Regions (or discard it).",
    "marshdweller": "Opponents pay you 1 coin before conquering one of your Swamps, even In Decline.",
    "mining": "+1 coin per Cavern Region.",
    "mountaineer": "+1 coin per Mountain Region.",
    "portal-mage": "Twice per turn, swap everything between two Magic Regions.",
    "ranger": "+1 coin per Forest Region.",
    "sailing": "You never pay the travel cost.",
    "swamp-walker": "+1 coin per Swamp Region.",
    # items (RULES §11)
    "aegis-of-aggramar": "Move it to one of your Regions each turn; that Region is immune unless the attacker pays you 2 coins.",
    "ashes-of-alar": "Once per turn, conquer any Region of any board as if adjacent.",
    "doomhammer": "Once per turn, conquer a Region with exactly 1 token after paying its owner 2 coins.",
    "frostmourne": "Once per turn, one conquest costs 2 fewer tokens.",
    "heart-of-azeroth": "Move it each turn; opponents holding a Region next to it pay you 1 coin.",
    "battleground": "The faction bonus counts up to twice per defeated race; a Neutral race picks a side.",
    "dark-portal": "+2 coins at the end of your turn.",
    "karazhan": "+1 coin per other Region of yours with the same terrain as Karazhan's.",
    "lights-hope-chapel": "Your race loses no token to any attack.",
    "meeting-stone": "You never pay the travel cost.",
    "spirit-healer": "+1 token from the box at each redeployment.",
    "well-of-eternity": "Moves to the board's Sea or Lake; whoever holds most Regions around it earns 2 coins each turn.",
}

_TABLES = AbilityTables(
    {"race": RACES, "power": POWERS, "item": ITEMS}, SUMMARIES,
    {"race": "§9", "power": "§10", "item": "§11"},
)
RACE_ABILITIES: dict[str, Ability] = _TABLES.tables["race"]
POWER_ABILITIES: dict[str, Ability] = _TABLES.tables["power"]
ITEM_ABILITIES: dict[str, Ability] = _TABLES.tables["item"]
#: class decorator: make a class the effect of its kind/id (ValueError: unknown kind or id)
register = _TABLES.register


# the effect modules register themselves on import (after `register` exists)
from smallworld.content import items as _items  # noqa: E402,F401
from smallworld.content import powers as _powers  # noqa: E402,F401
from smallworld.content import races as _races  # noqa: E402,F401

_TABLES.fill_definitions()
