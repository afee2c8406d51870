"""Game content: races, Special Powers, Artifacts and Legendary Places.

- :mod:`smallworld.content.data`: the numbers of RULES §2 (banner/badge values, box counts,
  factions, piece supplies), keyed by slug ids (``"blood-elves"``).
- :mod:`smallworld.content.abilities`: the closed set of named hooks (:data:`HOOKS`) every effect
  plugs into, and the :class:`Ability` base class that enforces it.
- :mod:`smallworld.content.registry`: one :class:`Ability` per race, power and item.
"""
