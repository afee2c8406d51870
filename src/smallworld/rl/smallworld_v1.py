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

from pettingzoo.utils import wrappers

from smallworld.rl.env import SmallWorldEnv

VERSION = 1
DEFAULTS: dict[str, Any] = {"observation": "compact"}


def raw_env(**kwargs: Any) -> SmallWorldEnv:
    """The bare AEC env of this version (``ValueError`` for bad arguments)."""
    e = SmallWorldEnv(**{**DEFAULTS, **kwargs})
    e.metadata = {**SmallWorldEnv.metadata, "name": "smallworld_v1"}
    return e


def env(**kwargs: Any) -> Any:
    """The AEC env of this version in PettingZoo's standard wrappers (an out-of-range action
    fails an assertion; calls out of order raise)."""
    e: Any = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
