"""PettingZoo entry point ``smallworld_v1`` (the AEC env, version 1): ``observation="compact"`` (dead entries dropped, true bounds; see
:mod:`smallworld.rl.observations`), mask inside the observation dict; actions as ``v0``.

Usage (PettingZoo convention)::

    from smallworld.rl import smallworld_v1
    env = smallworld_v1.env(players=3)        # wrapped: order enforcing, action bounds
    raw = smallworld_v1.raw_env(players=3)    # the bare :class:`~smallworld.rl.SmallWorldEnv`

Keyword arguments are :class:`~smallworld.rl.SmallWorldEnv`'s (they override the version's
defaults). The version history is in ``docs/rl.md`` ("Versions").
"""

from __future__ import annotations

from typing import Any

from smallworld.rl.versions import factories

VERSION = 1
DEFAULTS: dict[str, Any] = {"observation": "compact"}

raw_env, env = factories("smallworld_v1", DEFAULTS)
