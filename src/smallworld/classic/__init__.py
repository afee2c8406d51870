"""The original Small World (Days of Wonder, 2009): the ``classic`` edition (RULES-classic.md).

- :mod:`smallworld.classic.data`: the numbers of RULES-classic §2.
- :mod:`smallworld.classic.maps`: the four maps as Region graphs (a stand-in without geometry).
- :mod:`smallworld.classic.registry`: one Ability per race and power (effects under ``races/``,
  ``powers/``; the rest are definitions with ``implemented = False``).
- :mod:`smallworld.classic.edition`: the ``classic`` edition, registered into the core (found
  through the ``smallworld.editions`` entry point ``classic``).
"""
