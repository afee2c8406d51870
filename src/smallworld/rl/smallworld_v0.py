"""PettingZoo entry point ``smallworld_v0`` (the AEC env, version 0): the first published layout: ``observation="flat"`` (``Box(0, 1000, (M,))``), mask inside
the observation dict. Kept unchanged for reproducibility of earlier results.

Usage (PettingZoo convention)::

    from smallworld.rl import smallworld_v0
    env = smallworld_v0.env(players=3)        # wrapped: order enforcing, action bounds
    raw = smallworld_v0.raw_env(players=3)    # the bare :class:`~smallworld.rl.SmallWorldEnv`

Keyword arguments are :class:`~smallworld.rl.SmallWorldEnv`'s (they override the version's
defaults). The version history is in ``docs/rl.md`` ("Versions").
"""

from __future__ import annotations

from typing import Any

from smallworld.rl.versions import factories

VERSION = 0
DEFAULTS: dict[str, Any] = {"observation": "flat"}

raw_env, env = factories("smallworld_v0", DEFAULTS)
