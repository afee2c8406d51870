"""The original Small World (Days of Wonder, 2009): the ``classic`` edition (RULES-classic.md).

- :mod:`smallworld.classic.data`: the numbers of RULES-classic §2.
- the four maps are board data: :mod:`smallworld.boards.classic` (polygons, adjacency derived
  from them and checked against the facts).
- :mod:`smallworld.classic.registry`: one Ability per race and power (effects under ``races/``,
  ``powers/``; the rest are definitions with ``implemented = False``).
- :mod:`smallworld.classic.edition`: the ``classic`` edition, registered into the core (found
  through the ``smallworld.editions`` entry point ``classic``).
"""
