"""Game content of Small World of Warcraft: races, Special Powers, Artifacts and Legendary Places,
and the editions that play them.

- :mod:`smallworld.content.data`: the numbers of RULES §2 (banner/badge values, box counts,
  factions, piece supplies), keyed by slug ids (``"blood-elves"``).
- :mod:`smallworld.content.registry`: one :class:`~smallworld.core.ability.Ability` per race,
  power and item (each effect in its own module under ``races/``, ``powers/``, ``items/``).
- :mod:`smallworld.content.team`: the team variant "Battle for Azeroth" (RULES §12).
- :mod:`smallworld.content.editions`: the ``swow`` and ``swow-team`` editions, registered into
  the core (found through the ``smallworld.editions`` entry point).
"""
