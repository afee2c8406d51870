"""The PettingZoo factories of each env version (``smallworld_v0``, ``smallworld_v1``): one
pair of functions per version, made here so the version modules hold only their defaults."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pettingzoo.utils import wrappers

from smallworld.rl.env import SmallWorldEnv


def factories(
    name: str, defaults: Mapping[str, Any]
) -> tuple[Callable[..., SmallWorldEnv], Callable[..., Any]]:
    """``(raw_env, env)`` of the version ``name`` whose keyword defaults are ``defaults``.

    ``raw_env(**kwargs)`` is the bare AEC env (``ValueError`` for bad arguments); ``env(**kwargs)``
    the same in PettingZoo's standard wrappers (an out-of-range action fails an assertion; calls
    out of order raise). Keyword arguments are :class:`~smallworld.rl.SmallWorldEnv`'s and
    override the defaults.
    """

    def raw_env(**kwargs: Any) -> SmallWorldEnv:
        e = SmallWorldEnv(**{**defaults, **kwargs})
        # this version's name on the instance, over the class's metadata (PettingZoo's way)
        e.metadata = {**SmallWorldEnv.metadata, "name": name}  # type: ignore[misc]
        return e

    def env(**kwargs: Any) -> Any:
        e: Any = raw_env(**kwargs)
        e = wrappers.AssertOutOfBoundsWrapper(e)
        return wrappers.OrderEnforcingWrapper(e)

    raw_env.__doc__ = f"The bare AEC env of {name} (``ValueError`` for bad arguments)."
    env.__doc__ = f"The AEC env of {name} in PettingZoo's standard wrappers."
    return raw_env, env
