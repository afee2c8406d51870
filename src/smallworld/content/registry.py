"""One :class:`~smallworld.core.ability.Ability` per race, power and item.

A race, power or item whose effect is written lives in its own module
(``content/races/trolls.py``, ``content/powers/sailing.py``, ``content/items/doomhammer.py``) and
declares its summary, pieces, flags and actions on its class (:mod:`smallworld.core.meta`) and
registers itself with :func:`register`; every other one gets a definition with no hooks and
``implemented = False``, so the game data is complete (token values, factions) while the effect is
visibly missing rather than silently wrong.
"""

from __future__ import annotations

from smallworld.content.data import ITEMS, POWERS, RACES
from smallworld.core.ability import Ability, AbilityTables

_TABLES = AbilityTables(
    {"race": RACES, "power": POWERS, "item": ITEMS},
    {"race": "§9", "power": "§10", "item": "§11"},
)
RACE_ABILITIES: dict[str, Ability] = _TABLES.tables["race"]
POWER_ABILITIES: dict[str, Ability] = _TABLES.tables["power"]
ITEM_ABILITIES: dict[str, Ability] = _TABLES.tables["item"]
#: class decorator: make a class the effect of its kind/id (ValueError: unknown kind or id)
register = _TABLES.register


# the effect modules register themselves on import (after `register` exists)
from smallworld.content import items as _items  # noqa: F401
from smallworld.content import powers as _powers  # noqa: F401
from smallworld.content import races as _races  # noqa: F401

_TABLES.fill_definitions()
