"""Reinforcement-learning environments for Small World of Warcraft (``pip install 'smallworld[rl]'``).

- :class:`SmallWorldEnv`: a PettingZoo AEC env, one agent per seat (2–5 players, ``swow`` and
  ``swow-team``, ``classic``: each with its own action catalogue and observation layout), chance
  resolved inside by the game's seeded RNG;
- :class:`SmallWorldSingleAgentEnv`: a gymnasium env where the other seats are bots or policies
  (registered as ``gymnasium.make("smallworld/SmallWorld-v1", players=3)``: compact observation,
  mask in ``info`` and ``action_masks()``; ``SmallWorld-v0``: the first layout);
- ``smallworld_v0`` / ``smallworld_v1``: PettingZoo entry points (``env()``, ``raw_env()``);
- :mod:`smallworld.rl.opponents`: policies as opponents, the self-play snapshot pool;
- :mod:`smallworld.rl.spiel`: an OpenSpiel-style game interface (chance nodes, cheap clones);
- :mod:`smallworld.rl.openspiel_game`: the games registered with OpenSpiel (``pip install
  'smallworld[spiel]'``; not imported here: ``import smallworld.rl.openspiel_game`` registers them);
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

from smallworld.rl import smallworld_v0, smallworld_v1
from smallworld.rl.catalogue import ActionCatalogue, CatalogueError, region_slots
from smallworld.rl.encode import ObservationEncoder
from smallworld.rl.env import SmallWorldEnv
from smallworld.rl.observations import OBSERVATIONS
from smallworld.rl.opponents import SnapshotPool, sb3_policy
from smallworld.rl.rewards import REWARD_MODES, terminal_rewards
from smallworld.rl.single import SmallWorldSingleAgentEnv

GYM_ID_V0 = "smallworld/SmallWorld-v0"
GYM_ID = "smallworld/SmallWorld-v1"
#: the defaults of each registered gymnasium version (keyword arguments override them)
GYM_VERSIONS: dict[str, dict[str, object]] = {
    GYM_ID_V0: {"observation": "flat", "mask_in_obs": True},
    GYM_ID: {"observation": "compact", "mask_in_obs": False},
}

for _id, _kwargs in GYM_VERSIONS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(_id, entry_point="smallworld.rl.single:SmallWorldSingleAgentEnv", kwargs=_kwargs)

__all__ = [
    "GYM_ID",
    "GYM_ID_V0",
    "GYM_VERSIONS",
    "OBSERVATIONS",
    "REWARD_MODES",
    "ActionCatalogue",
    "CatalogueError",
    "ObservationEncoder",
    "SmallWorldEnv",
    "SmallWorldSingleAgentEnv",
    "SnapshotPool",
    "region_slots",
    "sb3_policy",
    "smallworld_v0",
    "smallworld_v1",
    "terminal_rewards",
]
