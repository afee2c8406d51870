"""Opponents of the single-agent env: bots by name, policies, and a self-play snapshot pool.

An opponent (``SmallWorldSingleAgentEnv(opponents=...)``) is one of:

- a bot name of :data:`smallworld.bots.BOTS` (the ladder, weakest first: ``"random"``,
  ``"random-nodecline"``, ``("greedy-eps", {"epsilon": 0.5})``, ``"greedy-eps"`` (ε = 0.2),
  ``"greedy"``, ``"mcts-fast"``, ``"mcts"``), rebuilt and seeded every episode;
- an object with ``choose(state, seat, legal) -> Action`` (engine bots);
- a **policy**: a callable ``f(observation, action_mask) -> index`` given its own seat's
  observation (as the env's ``observation=`` option encodes it, from that seat's view only) and
  int8 action mask; :func:`sb3_policy` makes one from a trained sb3/sb3-contrib model;
- a **pool**: an object with ``draw(rng) -> opponent`` (``rng`` a ``numpy.random.Generator``),
  drawn anew each episode: :class:`SnapshotPool` for self-play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from smallworld.bots import BOTS, make_bot

Policy = Callable[[Any, np.ndarray], int]


def check_opponent(o: Any) -> None:
    """Raises ``ValueError`` (unknown bot name) or ``TypeError`` (not an opponent)."""
    if isinstance(o, str):
        make_bot(o)  # raises ValueError naming the known bots
    elif isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], str) and isinstance(o[1], dict):
        make_bot(o[0], **o[1])
    elif not (callable(getattr(o, "choose", None)) or callable(getattr(o, "draw", None)) or callable(o)):
        raise TypeError(
            "an opponent must be a bot name, a (name, options) pair, an object with "
            f"choose(state, seat, legal), a policy f(observation, mask) or a pool with draw(rng), not {o!r}"
        )


def resolve_opponent(o: Any, seed: str, rng: np.random.Generator) -> Any:
    """The opponent for one episode: a built bot, the object itself, or a pool's draw (drawn
    with ``rng``, then resolved the same way)."""
    if isinstance(o, str):
        return make_bot(o, seed=seed)
    if isinstance(o, tuple):
        return make_bot(o[0], seed=seed, **o[1])
    if callable(getattr(o, "draw", None)) and not callable(getattr(o, "choose", None)):
        return resolve_opponent(o.draw(rng), seed, rng)
    return o


def sb3_policy(model: Any, *, deterministic: bool = False) -> Policy:
    """A policy callable from a Stable-Baselines3 / sb3-contrib model (``MaskablePPO``: the
    mask is passed as ``action_masks``). The model must have been trained on the same
    observation option and player count."""
    masked = "action_masks" in model.predict.__code__.co_varnames

    def act(observation: Any, action_mask: np.ndarray) -> int:
        if masked:
            a, _ = model.predict(observation, action_masks=action_mask.astype(bool), deterministic=deterministic)
        else:
            a, _ = model.predict(observation, deterministic=deterministic)
        return int(a)

    return act


class SnapshotPool:
    """Self-play opponents: fixed members (bot names, bots, policies) plus the latest
    ``max_snapshots`` policy snapshots added with :meth:`add`; each episode draws one
    uniformly (``draw``).

    Args:
        fixed: opponents always in the pool (e.g. ``["greedy"]``).
        max_snapshots: snapshots kept (oldest dropped first), at least 1.

    Raises:
        ValueError: ``max_snapshots < 1``, or an empty pool at ``draw``.
    """

    def __init__(self, fixed: Iterable[Any] = (), max_snapshots: int = 5) -> None:
        if max_snapshots < 1:
            raise ValueError(f"max_snapshots must be >= 1, not {max_snapshots}")
        self.fixed = list(fixed)
        for o in self.fixed:
            check_opponent(o)
        self.max_snapshots = max_snapshots
        self.snapshots: list[Any] = []

    def add(self, policy: Any) -> None:
        """Add a snapshot (a policy callable, e.g. ``sb3_policy(copy_of_model)``)."""
        check_opponent(policy)
        self.snapshots.append(policy)
        del self.snapshots[:-self.max_snapshots]

    @property
    def members(self) -> list[Any]:
        return self.fixed + self.snapshots

    def draw(self, rng: np.random.Generator) -> Any:
        members = self.members
        if not members:
            raise ValueError("the snapshot pool is empty")
        return members[int(rng.integers(len(members)))]

    def __len__(self) -> int:
        return len(self.fixed) + len(self.snapshots)


__all__ = ["BOTS", "Policy", "SnapshotPool", "check_opponent", "resolve_opponent", "sb3_policy"]
