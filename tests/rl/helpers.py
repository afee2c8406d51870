"""Helpers of the RL tests: play whole episodes of the AEC env."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from pettingzoo.test import api_test

from smallworld.rl import SmallWorldEnv


def play_masked(env: SmallWorldEnv, seed: int, *, rng_seed: int = 0,
                each: Callable[[SmallWorldEnv, dict[str, Any]], None] | None = None) -> list[int]:
    """Play one episode with uniformly random actions drawn from the action mask; ``each`` is
    called with the env and the acting agent's observation before every action. Returns the
    indexes played."""
    env.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    played: list[int] = []
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if each is not None:
            each(env, obs)
        i = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        played.append(i)
        env.step(i)
    return played


def totals(env: SmallWorldEnv) -> dict[str, float]:
    """Play the episode with mask-random actions (rng 0); total reward per agent."""
    rng = np.random.default_rng(0)
    tot = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        tot[agent] += reward
        if term or trunc:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return tot


def seeded_api_test(env: Any, num_cycles: int, seed: int = 0) -> None:
    """PettingZoo's ``api_test`` with the agents' action spaces seeded first: it draws its
    actions from them, unseeded (so from OS entropy), and a run would play other games each time;
    the random games that explore states are the seeded ones of
    ``tests/rl/test_observation.py::test_observations_of_many_random_games_fit_the_space``."""
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    api_test(env, num_cycles=num_cycles)
