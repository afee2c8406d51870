"""The Small World of Warcraft editions, registered into the core.

``swow`` is the standard game (RULES §1–§11) and ``swow-team`` the team variant "Battle for
Azeroth" on top of it (RULES §12): same tables and abilities, side columns instead of the combo
column. Importing this module registers both (the ``smallworld.editions`` entry point names it,
so :func:`smallworld.core.edition.get` finds them without the caller importing content).
"""

from __future__ import annotations

from importlib.resources import files

from smallworld.boards import legal_selections, load_face, random_selection
from smallworld.content import team
from smallworld.content.cards import card_pages
from smallworld.content.data import (
    ALLIANCE,
    DIE_FACES,
    HORDE,
    ITEMS,
    PIECE_SUPPLY,
    POWERS,
    RACES,
    ROUNDS_BY_PLAYERS,
    STARTING_VC,
)
from smallworld.content.registry import ITEM_ABILITIES, POWER_ABILITIES, RACE_ABILITIES
from smallworld.core import edition
from smallworld.core.combos import STANDARD
from smallworld.core.edition import Edition, Variant
from smallworld.core.meta import piece_ids
from smallworld.core.names import read_names
from smallworld.core.spec import TERRAINS

_ABILITIES = [*RACE_ABILITIES.values(), *POWER_ABILITIES.values(), *ITEM_ABILITIES.values()]
#: the names in Italian and Korean, as the rulebooks print them (names.toml)
_NAMES = read_names(files("smallworld.content").joinpath("names.toml").read_text("utf-8"), "content/names.toml")


def _edition(name: str, title: str, variant: Variant = STANDARD, **more: object) -> Edition:
    return Edition(
        name=name,
        title=title,
        variant=variant,
        races=RACES,
        powers=POWERS,
        items=ITEMS,
        pieces=PIECE_SUPPLY,
        die_faces=DIE_FACES,
        rounds_by_players=ROUNDS_BY_PLAYERS,
        starting_vc=STARTING_VC,
        race_abilities=RACE_ABILITIES,
        power_abilities=POWER_ABILITIES,
        item_abilities=ITEM_ABILITIES,
        choose_faces=random_selection,
        load_face=load_face,
        opposing_factions={ALLIANCE: HORDE, HORDE: ALLIANCE},  # R-SCORE-3
        translations=_NAMES,
        faction_names={team.SIDE_FACTION[k]: v for k, v in team.SIDE_NAMES.items()},
        card_pages=card_pages,  # the Guide's cards (content/cards.py)
        # R-CONQ-3/7, R-TROOP-2: from the pieces' declarations (Forts, Wisp Walls, Watch Towers)
        defense_pieces=piece_ids(_ABILITIES, defence=True),
        abandon_removes=piece_ids(_ABILITIES, leaves=True),
        board_selections=legal_selections,  # RULES §2.4
        terrains=TERRAINS,  # RULES §1
        symbols=("magic", "cavern", "murloc", "entry"),  # RULES §1, R-SET-3, R-CONQ-1
        **more,  # type: ignore[arg-type]
    )


#: Small World of Warcraft, 2–5 players
SWOW = edition.register(_edition("swow", "Small World of Warcraft"))
#: the team variant "Battle for Azeroth" (RULES §12)
SWOW_TEAM = edition.register(
    _edition(
        team.EDITION,
        "Small World of Warcraft: Battle for Azeroth (teams)",
        sides_by_players=team.SIDES_BY_PLAYERS,
        side_factions=team.SIDE_FACTION,
        variant=team.VARIANT,
    )
)

#: the names of the editions this package plays, in the order drivers list them
EDITIONS: tuple[str, ...] = (SWOW.name, SWOW_TEAM.name)
