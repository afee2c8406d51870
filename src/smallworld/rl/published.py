"""The published order of the RL action indexes and of the observation's ability entries
(catalogue blocks, flags, per-seat entries, race, power and item one-hots).

Researchers rely on the action indexes and the observation layout of ``smallworld_v0`` /
``smallworld_v1``: they never move. Everything ability-specific in them is *derived* from what
each race, power and item declares on its class (:mod:`smallworld.core.meta`: ``action_specs``,
``toll_words``, ``flags``); this module only freezes the **order** in which the derived entries
were published. A declaration or an id not listed here (a new race) comes after the published
ones (:func:`smallworld.rl.catalogue.catalogue_blocks`, :mod:`smallworld.rl.flagcodes`,
:func:`ordered`), so adding a race never renumbers what exists. ``tests/rl/test_published.py`` checks the derivation against the
catalogue and observations recorded before it existed.
"""

from __future__ import annotations

from typing import NamedTuple

#: catalogue blocks by name, in index order (names: :func:`smallworld.rl.catalogue.catalogue_blocks`)
WARCRAFT_BLOCKS: tuple[str, ...] = (
    "pick", "expand", "decline", "end", "done", "airborne-final", "airborne-stop", "form human",
    "form worgen", "battleground alliance", "battleground horde", "pay harmony", "pay aegis", "buy",
    "conquer", "abandon", "airborne", "conquer-legend", "ashes", "frostmourne", "doomhammer",
    "champion", "champion-to", "intimidate", "beast", "objective", "plant", "bomb-pay",
    "bomb-return", "rejoin", "heart", "aegis", "pay marsh", "redeploy", "portal", "steal",
    "intimidate-move",
)
CLASSIC_BLOCKS: tuple[str, ...] = (
    "pick", "expand", "decline", "end", "done", "berserk", "ally", "conquer", "abandon", "sorcery",
    "camp", "dragon", "fortress", "hero", "redeploy",
    # appended when the Amazons' player came to choose the tokens leaving the map (C-R-AMAZONS-2)
    "offmap",
)

#: each catalogue's published block order, by edition name
BLOCKS: dict[str, tuple[str, ...]] = {
    "swow": WARCRAFT_BLOCKS, "swow-team": WARCRAFT_BLOCKS, "classic": CLASSIC_BLOCKS,
}

#: the flags section of the Warcraft observation: flag keys in order; ``"used:"`` stands for
#: ``used:ITEM`` of every item id, sorted (1 if the item was used this turn)
WARCRAFT_FLAGS: tuple[str, ...] = (
    "bombs-live", "bombs-dud", "worgen-form", "battleground-side", "ethereals-used",
    "gnomes-airborne", "champion-used", "draenei-saved", "goblins-placing", "portal-mage-uses",
    "intimidating-uses", "forsaken-earned", "orcs-alliance", "battle-master", "enraged",
    "gnomes-pending", "used:",
)
#: the per-seat ability entries at the end of each Warcraft player block, in order
WARCRAFT_PLAYER_FLAGS: tuple[str, ...] = ("harmony", "pandaren-attacked", "beasts-hand-", "champion-hand")

#: the flags section of the classic observation, in order
CLASSIC_FLAGS: tuple[str, ...] = (
    "berserk-roll", "dragon-used", "wealthy-picked", "halflings-holes-placed", "bivouacking-placed",
    "bivouacking-allowed", "off-map:amazons", "orcs-non-empty", "skeletons-non-empty",
    "pillaging-non-empty", "diplomat-ally",
)
#: the per-seat ability entries at the end of each classic player block, in order
CLASSIC_PLAYER_FLAGS: tuple[str, ...] = ("diplomat-attacked", "sorcerers-victims")

#: the race, power and item one-hots, in their published order (sorted ids when published)
WARCRAFT_RACES: tuple[str, ...] = (
    "blood-elves", "draenei", "dwarves", "ethereals", "forsaken", "gnomes", "goblins", "humans",
    "kobolds", "naga", "night-elves", "orcs", "pandaren", "tauren", "trolls", "worgen",
)
WARCRAFT_POWERS: tuple[str, ...] = (
    "archaeologist", "battle-master", "beast-master", "blacksmith", "championing", "defensive",
    "enraged", "explorer", "farmer", "fishing", "garrisoned", "herbalist", "intimidating",
    "marshdweller", "mining", "mountaineer", "portal-mage", "ranger", "sailing", "swamp-walker",
)
WARCRAFT_ITEMS: tuple[str, ...] = (
    "aegis-of-aggramar", "ashes-of-alar", "battleground", "dark-portal", "doomhammer", "frostmourne",
    "heart-of-azeroth", "karazhan", "lights-hope-chapel", "meeting-stone", "spirit-healer",
    "well-of-eternity",
)
CLASSIC_RACES: tuple[str, ...] = (
    "amazons", "dwarves", "elves", "ghouls", "giants", "halflings", "humans", "orcs", "ratmen",
    "skeletons", "sorcerers", "tritons", "trolls", "wizards",
)
CLASSIC_POWERS: tuple[str, ...] = (
    "alchemist", "berserk", "bivouacking", "commando", "diplomat", "dragon-master", "flying", "forest",
    "fortified", "heroic", "hill", "merchant", "mounted", "pillaging", "seafaring", "spirit", "stout",
    "swamp", "underworld", "wealthy",
)

#: the edition one-hot of the Warcraft observation (its two editions share one layout)
WARCRAFT_EDITIONS: tuple[str, ...] = ("swow", "swow-team")
#: the terrain and Region symbol one-hots of each Region row
WARCRAFT_TERRAINS: tuple[str, ...] = ("fields", "hills", "forest", "swamp", "mountain", "sea", "lake")
WARCRAFT_SYMBOLS: tuple[str, ...] = ("magic", "cavern", "murloc", "entry")
CLASSIC_TERRAINS: tuple[str, ...] = ("farmland", "hills", "forest", "swamp", "mountain", "sea", "lake")
CLASSIC_SYMBOLS: tuple[str, ...] = ("border", "lost-tribe", "magic", "cavern", "mine")


class Orders(NamedTuple):
    """The published orders of one edition's observation (empty: nothing published, the
    edition's ids sorted)."""

    races: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    terrains: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    player_flags: tuple[str, ...] = ()


_WARCRAFT_ORDERS = Orders(WARCRAFT_RACES, WARCRAFT_POWERS, WARCRAFT_ITEMS, WARCRAFT_TERRAINS, WARCRAFT_SYMBOLS,
                          WARCRAFT_FLAGS, WARCRAFT_PLAYER_FLAGS)
#: each observation's published orders, by edition name
ORDERS: dict[str, Orders] = {
    "swow": _WARCRAFT_ORDERS,
    "swow-team": _WARCRAFT_ORDERS,
    "classic": Orders(CLASSIC_RACES, CLASSIC_POWERS, (), CLASSIC_TERRAINS, CLASSIC_SYMBOLS, CLASSIC_FLAGS,
                      CLASSIC_PLAYER_FLAGS),
}


def ordered(published: tuple[str, ...], present: object) -> tuple[str, ...]:
    """The ids of ``present`` (an iterable of ids) in their published order, ids not published
    (a new race) after them, sorted.

    Raises:
        ValueError: a published id is gone (every entry after it would move).
    """
    ids = set(present)  # type: ignore[call-overload]
    gone = [i for i in published if i not in ids]
    if gone:
        raise ValueError(f"published ids no longer in the game data: {', '.join(gone)}")
    return published + tuple(sorted(ids - set(published)))
