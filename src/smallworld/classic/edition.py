"""The ``classic`` edition (the original Small World, RULES-classic.md), registered into the core.

Importing this module registers it; the ``smallworld.editions`` entry point ``classic`` names it,
so :func:`smallworld.core.edition.get` finds it without the caller importing this package.

What differs from Warcraft is said by Edition fields, never by the edition's name: border
Regions and no travel cost (C-CONQ-1/2), Lost Tribes on their symbol (C-SET-3), In Decline
pieces (C-CONQ-3), keeping an emptied race (C-CONQ-11); no items, no factions (C-SCORE-3).
"""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from smallworld.boards.classic import CLASSIC_MAP_IDS, load_map_by_id
from smallworld.classic.data import (
    DIE_FACES,
    PIECE_SUPPLY,
    POWERS,
    RACES,
    ROUNDS_BY_PLAYERS,
    STARTING_VC,
)
from smallworld.classic.registry import POWER_ABILITIES, RACE_ABILITIES
from smallworld.core import edition
from smallworld.core.combos import STANDARD
from smallworld.core.edition import Edition
from smallworld.core.meta import piece_ids
from smallworld.core.names import read_names

#: the edition's name in records and on the command line
NAME = "classic"
#: the symbol the map loader gives a C-CONQ-1 border Region (a legal first-conquest target)
BORDER = "border"


def choose_faces(n_players: int, rng: Any) -> tuple[str, ...]:
    """C-SET-1: the one map for the player count (``("C3",)``); ``rng`` is not needed."""
    return (CLASSIC_MAP_IDS[n_players],)


def board_selections(n_players: int) -> list[tuple[str, ...]]:
    """C-SET-1: the only selection for the player count, its map (``[("C3",)]``)."""
    return [choose_faces(n_players, None)]

#: the original Small World, 2–5 players
CLASSIC = edition.register(
    Edition(
        name=NAME,
        title="Small World",
        races=RACES,
        powers=POWERS,
        items={},
        pieces=PIECE_SUPPLY,
        die_faces=DIE_FACES,
        rounds_by_players=ROUNDS_BY_PLAYERS,
        starting_vc=STARTING_VC,
        race_abilities=RACE_ABILITIES,
        power_abilities=POWER_ABILITIES,
        item_abilities={},
        choose_faces=choose_faces,
        load_face=load_map_by_id,  # the four maps drawn as polygons (boards/data/classic)
        variant=STANDARD,  # one column of combos (C-PICK-*), each player for itself
        column_size=6,  # C-SET-2: 5 in the column + the stack tops = 6 visible combos
        entry_symbol=BORDER,  # C-CONQ-1
        travel_cost=0,  # C-CONQ-1: no travel cost
        entries_after_first=False,  # C-CONQ-2
        neutral_symbol="lost-tribe",  # C-SET-3
        neutral_piece="lost-tribe",
        keep_empty_race=True,  # C-CONQ-11
        # the names in Italian and Korean (names.toml: the Italian rulebook's, plain translations)
        translations=read_names(files("smallworld.classic").joinpath("names.toml").read_text("utf-8"),
                                "classic/names.toml"),
        board_selections=board_selections,
        terrains=("farmland", "hills", "forest", "swamp", "mountain", "sea", "lake"),
        symbols=(BORDER, "lost-tribe", "magic", "cavern", "mine"),
        decline_losses_withdraw=True,  # C-CONQ-7 Ruling: In Decline Ghouls redeploy survivors
        entry_word="border",
        rule_ids={
            "R-CONQ-1": "C-CONQ-1", "R-CONQ-2": "C-CONQ-2", "R-CONQ-3": "C-CONQ-3",
            "R-CONQ-5": "C-CONQ-5", "R-CONQ-7": "C-CONQ-7", "R-CONQ-11": "C-CONQ-11",
            "R-DEC-2": "C-DEC-2",
        },
        # C-CONQ-3: +1 defense each; removed when the Region falls (C-CONQ-7) or is abandoned
        # (R-TROOP-2; Encampments go back to their owner's supply, C-P-BIVOUACKING-4): from
        # the pieces' declarations (Troll Lairs, Fortresses, Encampments)
        defense_pieces=piece_ids([*RACE_ABILITIES.values(), *POWER_ABILITIES.values()], defence=True),
        abandon_removes=piece_ids([*RACE_ABILITIES.values(), *POWER_ABILITIES.values()], leaves=True),
    )
)
