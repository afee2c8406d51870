"""One :class:`~smallworld.core.ability.Ability` per classic race and power (RULES-classic §10, §11).

An effect that is written lives in its own module (``classic/races/trolls.py``,
``classic/powers/seafaring.py``), declares its summary, pieces, flags and actions on its class
(:mod:`smallworld.core.meta`) and registers itself with :func:`register`; every other one gets
a definition with no hooks and ``implemented = False``, so the game data is complete while the
missing effect is visible, never silently wrong.
"""

from __future__ import annotations

from smallworld.classic.data import POWERS, RACES
from smallworld.core.ability import Ability, AbilityTables

_TABLES = AbilityTables(
    {"race": RACES, "power": POWERS},
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
