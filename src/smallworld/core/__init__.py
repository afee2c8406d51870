"""The rules core: pure, deterministic, no I/O.

- :mod:`.spec`: the static table (boards in play, Region graph).
- :mod:`.state`: the flat mutable state.
- :mod:`.actions`: action values and their text notation.
- :mod:`.engine`: legal actions, applying actions, the order of steps in a turn (R-ORDER-*).
- :mod:`.combos`, :mod:`.conquest`, :mod:`.troops`, :mod:`.decline`, :mod:`.scoring`: one
  rules area each (RULES §4–§8).
- :mod:`.chance`: dice, draws and reveals as chance actions.
- :mod:`.hooks`: how the engine asks races, powers and items (RULES §9–§11).
- :mod:`.changes`: the checked state changes races, powers and items make (VC, tokens,
  pieces within the supply, items, public flags, decisions, chance events).
- :mod:`.setup`: new games (R-SET-*). :mod:`.view`: per-player views (RULES §15).
- :mod:`.record`: game records and replay.
"""

from smallworld.core.actions import Action, parse_action
from smallworld.core.errors import IllegalActionError, ReplayError, RulesError
from smallworld.core.state import CHANCE, NOBODY, State

__all__ = [
    "Action", "parse_action", "IllegalActionError", "ReplayError", "RulesError", "State",
    "CHANCE", "NOBODY",
]
