"""Opponents of the single-agent env: the bot ladder by name, policies (observation, mask) and
the self-play snapshot pool; the v1 options of the single-agent env."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from smallworld.rl import SmallWorldSingleAgentEnv, SnapshotPool


def _play(env: SmallWorldSingleAgentEnv, seed: int, rng_seed: int = 0):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    steps = 0
    while True:
        mask = info["action_mask"] if "action_mask" in info else obs["action_mask"]
        obs, _r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if term or trunc:
            return steps, info


@pytest.mark.parametrize("observation", ["compact", "graph"])
def test_check_env_with_the_mask_outside_the_observation(observation):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(SmallWorldSingleAgentEnv(2, observation=observation, mask_in_obs=False, opponents="random-nodecline"),
                  skip_render_check=True)


class RecordingPolicy:
    """A policy opponent: the first legal index; records what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[np.ndarray, np.ndarray]] = []

    def __call__(self, observation, action_mask):
        self.calls.append((observation, action_mask))
        return int(np.flatnonzero(action_mask)[0])


def test_policy_opponent_gets_its_own_seats_observation_and_mask():
    """At every call the policy receives exactly seat 1's observation (from its view) and its
    action mask, and its index is played."""
    checked = []

    def policy(observation, action_mask):
        np.testing.assert_array_equal(observation, env.aec.observe("player_1"))
        np.testing.assert_array_equal(action_mask, env.aec.action_mask("player_1"))
        assert env.aec.agent_selection == "player_1"
        checked.append(len(env.aec.game.record.actions))
        return int(np.flatnonzero(action_mask)[-1])

    env = SmallWorldSingleAgentEnv(2, seat=0, opponents=policy, observation="compact", mask_in_obs=False)
    _steps, info = _play(env, seed=2)
    assert len(checked) > 10 and env.aec.game_state.is_over() and "result" in info


def test_snapshot_pool_draws_each_member_and_keeps_the_latest():
    pool = SnapshotPool(["greedy"], max_snapshots=2)
    a, b, c = RecordingPolicy(), RecordingPolicy(), RecordingPolicy()
    for p in (a, b, c):
        pool.add(p)
    assert pool.members == ["greedy", b, c] and len(pool) == 3
    rng = np.random.default_rng(0)
    drawn = {id(pool.draw(rng)) for _ in range(60)}
    assert drawn == {id("greedy"), id(b), id(c)}
    env = SmallWorldSingleAgentEnv(2, opponents=pool, observation="compact", mask_in_obs=False)
    steps, info = _play(env, seed=3)
    assert "result" in info and steps > 5
    with pytest.raises(ValueError):
        SnapshotPool(max_snapshots=0)
    with pytest.raises(ValueError, match="empty"):
        SnapshotPool().draw(rng)


def test_ladder_opponents_by_name_and_with_options():
    for opp in ["random-nodecline", ("greedy-eps", {"epsilon": 0.5})]:
        env = SmallWorldSingleAgentEnv(2, opponents=opp, seat=1, observation="compact", mask_in_obs=False)
        _steps, info = _play(env, seed=4)
        assert env.aec.game_state.is_over() and info["seat"] == 1
    with pytest.raises(ValueError, match="epsilon"):
        SmallWorldSingleAgentEnv(2, opponents=("greedy-eps", {"epsilon": 2}))
    with pytest.raises(TypeError):
        SmallWorldSingleAgentEnv(2, opponents=[42])


def test_set_opponents_applies_from_the_next_episode():
    env = SmallWorldSingleAgentEnv(2, opponents="random")
    env.set_opponents("greedy")
    env.reset(seed=1)
    assert type(env._bots[1]).__name__ == "GreedyBot"
    with pytest.raises(ValueError):
        env.set_opponents(["greedy", "greedy"])


def test_max_actions_counts_only_the_learners_steps():
    env = SmallWorldSingleAgentEnv(3, opponents="random", max_actions=5)
    obs, _ = env.reset(seed=6)
    for k in range(5):
        obs, _r, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert trunc == (k == 4) and not term
    assert env.aec.num_moves > 5  # the bots acted too, without counting toward the limit
