"""Game data of the original Small World (RULES-classic §2).

Ids are slugs (``"dragon-master"``); display names are in the ``name`` fields. Nothing here has
behaviour: effects live in the abilities of :mod:`smallworld.classic.registry`.
"""

from __future__ import annotations

from smallworld.core.edition import PowerData, RaceData


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


# (name, banner value, tokens in the box) -- RULES-classic §2.1. Amazons' banner is 6 (+4,
# C-R-AMAZONS-1): the extra 4 tokens are added by the Amazons ability when they are picked.
_RACES = [
    ("Amazons", 6, 15),
    ("Dwarves", 3, 8),
    ("Elves", 6, 11),
    ("Ghouls", 5, 10),
    ("Giants", 6, 11),
    ("Halflings", 6, 11),
    ("Humans", 5, 10),
    ("Orcs", 5, 10),
    ("Ratmen", 8, 13),
    ("Skeletons", 6, 20),
    ("Sorcerers", 5, 18),
    ("Tritons", 6, 11),
    ("Trolls", 5, 10),
    ("Wizards", 5, 10),
]

# (name, badge value) -- RULES-classic §2.2
_POWERS = [
    ("Alchemist", 4), ("Berserk", 4), ("Bivouacking", 5), ("Commando", 4), ("Diplomat", 5),
    ("Dragon Master", 5), ("Flying", 5), ("Forest", 4), ("Fortified", 3), ("Heroic", 5),
    ("Hill", 4), ("Merchant", 2), ("Mounted", 5), ("Pillaging", 5), ("Seafaring", 5),
    ("Spirit", 5), ("Stout", 4), ("Swamp", 4), ("Underworld", 5), ("Wealthy", 4),
]
#: badges kept by the race In Decline until it leaves the map (C-DEC-2, a Ruling)
_LASTING_POWERS = {"Spirit", "Seafaring", "Fortified"}

RACES: dict[str, RaceData] = {_slug(n): RaceData(_slug(n), n, v, box) for n, v, box in _RACES}
POWERS: dict[str, PowerData] = {
    _slug(n): PowerData(_slug(n), n, v, n in _LASTING_POWERS) for n, v in _POWERS
}

#: Amazons' extra conquest tokens (C-R-AMAZONS-1)
AMAZON_EXTRA = 4

#: Limited pieces (RULES-classic §2.3). A piece that has run out cannot be placed.
PIECE_SUPPLY: dict[str, int] = {
    "mountain": 9,
    "lost-tribe": 18,
    "troll-lair": 10,
    "fortress": 6,
    "encampment": 5,
    "hole": 2,
    "hero": 2,
    "dragon": 1,
}

#: The reinforcement die (RULES-classic §2.3): faces 0, 0, 0, 1, 2, 3.
DIE_FACES: tuple[int, ...] = (0, 0, 0, 1, 2, 3)

#: Rounds by player count (RULES-classic §2.4, C-TURN-1).
ROUNDS_BY_PLAYERS: dict[int, int] = {2: 10, 3: 10, 4: 9, 5: 8}

#: Victory coins each player starts with (C-SET-4).
STARTING_VC = 5

assert sum(r.in_box for r in RACES.values()) == 168  # RULES-classic §2.1
