"""Reinforcement-learning environments for Small World of Warcraft (``pip install 'smallworld[rl]'``).

- :class:`SmallWorldEnv`: a PettingZoo AEC env, one agent per seat (2–5 players, ``swow`` and
  ``swow-team``), chance resolved inside by the game's seeded RNG;
- :class:`SmallWorldSingleAgentEnv`: a gymnasium env where the other seats are bots (also
  registered as ``gymnasium.make("smallworld/SmallWorld-v0", players=3)``);
- :mod:`smallworld.rl.catalogue`: the fixed discrete action space;
- :mod:`smallworld.rl.encode`: observation vectors built from one seat's view only;
- :mod:`smallworld.rl.rewards`: terminal and dense rewards.

See ``docs/rl.md`` for the encoding tables and examples.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as e:  # pragma: no cover - depends on the installed extras
    raise ModuleNotFoundError(
        f"smallworld.rl needs {e.name}: install the extra with pip install 'smallworld[rl]'"
    ) from e

from smallworld.rl.catalogue import ActionCatalogue, CatalogueError, region_slots
from smallworld.rl.encode import ObservationEncoder
from smallworld.rl.env import SmallWorldEnv
from smallworld.rl.rewards import REWARD_MODES, terminal_rewards
from smallworld.rl.single import SmallWorldSingleAgentEnv

GYM_ID = "smallworld/SmallWorld-v0"

if GYM_ID not in gymnasium.registry:
    gymnasium.register(GYM_ID, entry_point="smallworld.rl.single:SmallWorldSingleAgentEnv")

__all__ = [
    "GYM_ID",
    "REWARD_MODES",
    "ActionCatalogue",
    "CatalogueError",
    "ObservationEncoder",
    "SmallWorldEnv",
    "SmallWorldSingleAgentEnv",
    "region_slots",
    "terminal_rewards",
]
