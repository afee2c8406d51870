"""Action-conditioned observations for the ranking policy: what each legal action does.

The flat policy of the recipe (``kind="mlp"``) maps the compact observation to one logit per
catalogue entry, so it must learn from games alone what a conquest of Region 17 is worth. The
**ranking** policy (``kind="ranking"``, :mod:`smallworld.rl.ranking_net` for training,
:class:`smallworld.rl.policy.NumpyPolicy` for play) scores each legal action from a few
features of that action, computed by trying it on a copy of the game, the way the greedy bot
(:mod:`smallworld.bots.greedy`) values its candidates, plus the state's context.

Everything is computed on a :func:`smallworld.core.view.determinize` copy made for the acting
seat, so a feature depends only on what that seat may see (RULES §15). Per listed action
(:data:`FEATURES`, in this order):

- ``listed``: 1 for a listed legal action (0 in the padding rows);
- ``greedy``: 1 for the greedy bot's choice (a :class:`~smallworld.bots.greedy.GreedyBot`
  owned by the features, seeded per game), ``fast``: 1 for the fast heuristic policy's choice
  (the MCTS rollout policy);
- ``value``: the change of the greedy bot's position value
  (:func:`~smallworld.bots.evaluate.position_value`, a pending reinforcement die averaged over
  its faces) / 10; ``projection``: the change of the projected final VC
  (:func:`~smallworld.bots.evaluate.expected_final`) / 20;
- ``spent``: tokens leaving the hand / 10; ``regions``: change of the seat's Regions with its
  Active race / 5; ``vc``: change of the seat's VC / 10;
- ``ends_turn``: the action ends the seat's turn; ``phase``: it changes the phase; ``die``: it
  is a final conquest (the reinforcement die is pending, R-CONQ-9);
- one-hot of the action's kind: ``pick``, ``expand``, ``decline``, ``conquer``, ``pay``,
  ``end``, ``redeploy``, ``abandon``, ``other`` (ability actions and choices).

At most :data:`LISTED` legal actions are listed, the greedy choice first, then in the order of
``engine.legal_actions``; a legal action beyond them keeps the score 0.

The ranking observation is one float32 vector ``[compact (M), indexes (K), features (K x F)]``
(:class:`RankingLayout`); :class:`RankingEnv` gives it in place of the compact observation of a
:class:`~smallworld.rl.SmallWorldSingleAgentEnv` (the env's own observations are unchanged).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from smallworld.bots.evaluate import expected_final, position_valuer
from smallworld.bots.greedy import GreedyBot
from smallworld.bots.policy import HeuristicPolicy, settled_value
from smallworld.core import engine
from smallworld.core.actions import Action
from smallworld.core.engine import phase_of
from smallworld.core.state import State
from smallworld.core.view import determinize

#: the action kinds with a one-hot entry; any other kind (abilities, choices) is ``other``
KINDS: tuple[str, ...] = ("pick", "expand", "decline", "conquer", "pay", "end", "redeploy", "abandon")
#: the features of a listed action, in order (see the module doc)
FEATURES: tuple[str, ...] = (
    "listed", "greedy", "fast", "value", "projection", "spent", "regions", "vc", "ends_turn", "phase", "die",
    *(f"kind:{k}" for k in KINDS), "kind:other",
)
#: at most this many legal actions are listed per decision (the greedy choice first)
LISTED = 64
_KIND = {k: FEATURES.index(f"kind:{k}") for k in KINDS}
_OTHER = FEATURES.index("kind:other")


@dataclass(frozen=True)
class RankingLayout:
    """Sizes of a ranking observation: ``obs_size`` (M, the compact observation), ``listed``
    (K), ``features`` (F); its length is ``M + K + K * F``."""

    obs_size: int
    listed: int = LISTED
    features: int = len(FEATURES)

    @property
    def size(self) -> int:
        return self.obs_size + self.listed + self.listed * self.features

    def join(self, compact: np.ndarray, indexes: np.ndarray, features: np.ndarray) -> np.ndarray:
        """The float32 ranking observation of a compact observation ``(M,)``, listed catalogue
        indexes ``(K,)`` and their features ``(K, F)``."""
        return np.concatenate([np.asarray(compact, dtype=np.float32), indexes.astype(np.float32),
                               features.astype(np.float32).ravel()])

    def split(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(compact (M,), indexes int64 (K,), features (K, F))`` of a ranking observation.

        Raises:
            ValueError: ``x`` is not of shape ``(size,)``.
        """
        x = np.asarray(x, dtype=np.float32)
        if x.shape != (self.size,):
            raise ValueError(f"ranking observation of shape {x.shape}; this layout reads ({self.size},)")
        m, k = self.obs_size, self.listed
        return x[:m], x[m:m + k].astype(np.int64), x[m + k:].reshape(k, self.features)


class ActionFeatures:
    """Computes the features of a seat's legal actions (see the module doc). One instance per
    seat and game: its greedy bot counts the seat's ability actions of the turn.

    Args:
        seed: seeds the greedy bot, the fast policy and the determinizations.
        listed: K, the most actions listed.
    """

    def __init__(self, seed: int | str | None = None, listed: int = LISTED) -> None:
        self.rng = random.Random(f"ranking-features:{seed}")
        self.greedy = GreedyBot(seed=f"ranking-greedy:{seed}")
        self.fast = HeuristicPolicy(self.rng, exact=False)
        self.listed = listed

    def compute(self, s: State, p: int, legal: list[Action], index_of: dict[Action, int]
                ) -> tuple[np.ndarray, np.ndarray, Action]:
        """``(indexes int64 (K,), features float32 (K, F), greedy's choice)`` for seat ``p`` to
        act in ``s`` among ``legal``; ``index_of`` maps each legal action to its catalogue
        index. Reads only what ``p`` may see (a determinized copy)."""
        k = self.listed
        idx = np.zeros(k, dtype=np.int64)
        feats = np.zeros((k, len(FEATURES)), dtype=np.float32)
        choice = self.greedy.choose(s, p, legal)
        world = determinize(s, p, random.Random(self.rng.random()))
        fast = self.fast.choose(world, p, legal) if len(legal) > 1 else legal[0]
        order = [choice] + [a for a in legal if a != choice]
        value = position_valuer(world, p)
        base_value = value(world)
        base_final = expected_final(world, p)
        hand, regions, vc = world.hand[p], len(world.regions_of(2 * p)), world.vc[p]
        turn, phase = (world.round, world.turn), phase_of(world)
        for row, a in enumerate(order[:k]):
            u = world.copy()
            engine.apply_action(u, a, check=False)
            die = bool(u.chance and u.chance[0][0] == "die")
            f = feats[row]
            f[0] = 1.0
            f[1] = a == choice
            f[2] = a == fast
            f[3] = np.clip(settled_value(u, value) - base_value, -50, 50) / 10
            if not die:
                f[4] = np.clip(expected_final(u, p) - base_final, -60, 60) / 20
            f[5] = (hand - u.hand[p]) / 10
            f[6] = (len(u.regions_of(2 * p)) - regions) / 5
            f[7] = (u.vc[p] - vc) / 10
            f[8] = u.is_over() or (u.round, u.turn) != turn
            f[9] = phase_of(u) != phase
            f[10] = die
            f[_KIND.get(a.kind, _OTHER)] = 1.0
            idx[row] = index_of[a]
        return idx, feats, choice


class RankingEnv(gym.Wrapper):
    """A :class:`~smallworld.rl.SmallWorldSingleAgentEnv` (``observation="compact"``,
    ``mask_in_obs=False``) whose observations are ranking observations of the learner
    (:class:`RankingLayout`, ``Box`` of shape ``(M + K + K * F,)``); actions, rewards and
    ``info`` (with ``action_mask``) are the wrapped env's. ``set_opponents`` and
    ``action_masks`` pass through.

    Raises:
        ValueError: the wrapped env does not give compact observations without the mask.
    """

    def __init__(self, env: Any, listed: int = LISTED) -> None:
        aec = env.aec
        if aec.observation_mode != "compact" or aec.mask_in_obs:
            raise ValueError("RankingEnv wraps an env with observation='compact' and mask_in_obs=False")
        super().__init__(env)
        self.layout = RankingLayout(aec.compact.size, listed)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.layout.size,), np.float32)
        self.features: ActionFeatures | None = None

    def _observe(self, obs: np.ndarray) -> np.ndarray:
        single: Any = self.env.unwrapped
        aec = single.aec
        by_index = aec.legal_actions()
        if not by_index:  # the episode is over: no action to list
            return self.layout.join(obs, np.zeros(self.layout.listed), np.zeros((self.layout.listed, len(FEATURES))))
        assert self.features is not None
        legal = list(by_index.values())
        index_of = {a: i for i, a in by_index.items()}
        idx, feats, _ = self.features.compute(aec.game_state, single.seat, legal, index_of)
        return self.layout.join(obs, idx, feats)

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.features = ActionFeatures(f"{info.get('game_seed')}:{info.get('seat')}", self.layout.listed)
        return self._observe(obs), info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, reward, term, trunc, info = self.env.step(action)
        return self._observe(obs), float(reward), term, trunc, info

    def action_masks(self) -> np.ndarray:
        single: Any = self.env.unwrapped
        return single.action_masks()

    def set_opponents(self, opponents: Any) -> None:
        single: Any = self.env.unwrapped
        single.set_opponents(opponents)


__all__ = ["FEATURES", "KINDS", "LISTED", "ActionFeatures", "RankingEnv", "RankingLayout"]
