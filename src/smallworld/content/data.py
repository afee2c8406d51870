"""Game data of Small World of Warcraft (RULES §2, §9–§11).

Ids are slugs (``"night-elves"``); display names are in the ``name`` fields. Nothing here has
behaviour: effects live in the abilities of :mod:`smallworld.content.registry`.
"""

from __future__ import annotations

from smallworld.core.edition import ItemData, PowerData, RaceData

ALLIANCE = "alliance"
HORDE = "horde"
NEUTRAL = "neutral"
FACTIONS = (ALLIANCE, HORDE, NEUTRAL)


def _slug(name: str) -> str:
    return name.lower().replace("'", "").replace(" ", "-")


_RACES = [
    ("Blood Elves", 5, 10, HORDE),
    ("Draenei", 7, 12, ALLIANCE),
    ("Dwarves", 5, 10, ALLIANCE),
    ("Ethereals", 5, 10, NEUTRAL),
    ("Forsaken", 6, 20, HORDE),
    ("Gnomes", 5, 10, ALLIANCE),
    ("Goblins", 6, 11, HORDE),
    ("Humans", 5, 10, ALLIANCE),
    ("Kobolds", 6, 11, NEUTRAL),
    ("Naga", 6, 11, NEUTRAL),
    ("Night Elves", 4, 9, ALLIANCE),
    ("Orcs", 6, 11, HORDE),
    ("Pandaren", 5, 10, NEUTRAL),
    ("Tauren", 11, 16, HORDE),
    ("Trolls", 6, 11, HORDE),
    ("Worgen", 5, 10, ALLIANCE),
]

_POWERS = [
    ("Archaeologist", 5), ("Battle Master", 5), ("Beast Master", 4), ("Blacksmith", 4),
    ("Championing", 5), ("Defensive", 5), ("Enraged", 4), ("Explorer", 4), ("Farmer", 4),
    ("Fishing", 3), ("Garrisoned", 3), ("Herbalist", 4), ("Intimidating", 4),
    ("Marshdweller", 4), ("Mining", 4), ("Mountaineer", 4), ("Portal Mage", 5), ("Ranger", 4),
    ("Sailing", 5), ("Swamp Walker", 4),
]
_LASTING_POWERS = {"Garrisoned", "Marshdweller"}  # R-DEC-2

_ARTIFACTS = ["Aegis of Aggramar", "Ashes of Al'ar", "Doomhammer", "Frostmourne", "Heart of Azeroth"]
_PLACES = [
    "Battleground", "Dark Portal", "Karazhan", "Light's Hope Chapel", "Meeting Stone",
    "Spirit Healer", "Well of Eternity",
]

RACES: dict[str, RaceData] = {
    _slug(n): RaceData(_slug(n), n, v, box, f) for n, v, box, f in _RACES
}
POWERS: dict[str, PowerData] = {
    _slug(n): PowerData(_slug(n), n, v, n in _LASTING_POWERS) for n, v in _POWERS
}
ITEMS: dict[str, ItemData] = {
    **{_slug(n): ItemData(_slug(n), n, "artifact") for n in _ARTIFACTS},
    **{_slug(n): ItemData(_slug(n), n, "place") for n in _PLACES},
}

#: Limited pieces (RULES §2.3). A piece that has run out cannot be placed.
PIECE_SUPPLY: dict[str, int] = {
    "murloc": 15,
    "mountain": 10,
    "wisp-wall": 9,
    "fort": 10,
    "watch-tower": 6,
    "harmony": 4,
    "military-objective": 2,
    "champion": 1,
    "beast": 5,
    "bomb": 12,
}

#: The reinforcement die (RULES §2.3): faces 0, 0, 0, 1, 2, 3.
DIE_FACES: tuple[int, ...] = (0, 0, 0, 1, 2, 3)

#: Rounds by player count (RULES §2.4).
ROUNDS_BY_PLAYERS: dict[int, int] = {2: 10, 3: 10, 4: 9, 5: 8}

#: Victory coins each player starts with (R-SET-5).
STARTING_VC = 5
