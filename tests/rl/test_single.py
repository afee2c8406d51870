"""The single-agent gymnasium env: one learner, bots in the other seats."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from smallworld.core.errors import IllegalActionError
from smallworld.rl import GYM_ID, GYM_ID_V0, SmallWorldSingleAgentEnv


def _episode(env: SmallWorldSingleAgentEnv, seed: int, rng_seed: int = 0):
    """A whole episode with random legal actions; (steps, total reward, last info)."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    total, steps = 0.0, 0
    while True:
        assert env.observation_space.contains(obs)
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        steps += 1
        if terminated or truncated:
            return steps, total, info, terminated


def test_check_env_passes():
    """gymnasium's checker, render modes included (through the registered id), no warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gym.make(GYM_ID, players=3, render_mode="ansi").unwrapped)
        check_env(SmallWorldSingleAgentEnv(4, "swow-team", opponents="greedy"), skip_render_check=True)


def test_registered_with_gymnasium():
    """v0: the first layout, mask inside the observation dict; v1: compact Box observation,
    mask in info and action_masks(), both from the same game."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # gymnasium: "v0 is out of date"
        old = gym.make(GYM_ID_V0, players=2, opponents="random")
    obs0, info = old.reset(seed=1)
    assert obs0["action_mask"].shape == (old.action_space.n,) and info["game_seed"] == 1
    env = gym.make(GYM_ID, players=2, opponents="random")
    obs, info = env.reset(seed=1)
    assert isinstance(env.observation_space, gym.spaces.Box) and obs.shape == env.observation_space.shape
    np.testing.assert_array_equal(info["action_mask"], obs0["action_mask"])
    np.testing.assert_array_equal(env.unwrapped.action_masks(), obs0["action_mask"].astype(bool))
    assert float(env.observation_space.high.max()) <= 5.0  # true bounds, not 1000
    obs, *_, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_full_episode_against_bots(opponents):
    env = SmallWorldSingleAgentEnv(3, opponents=opponents, seat=1)
    steps, total, info, terminated = _episode(env, seed=12)
    assert terminated and env.aec.game_state.is_over()
    result = info["result"]
    assert total == pytest.approx(1 / len(result["winners"]) if 1 in result["winners"] else 0.0)
    assert steps > 10
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_episodes_are_reproducible_and_seats_can_be_random():
    env = SmallWorldSingleAgentEnv(3, seat="random", opponents="greedy", dense_reward=True, reward="none")
    a = _episode(env, seed=5)
    seat_a = env.seat
    # dense rewards: the learner's total is its VC gained over the game
    assert a[1] == pytest.approx(env.aec.game_state.result["scores"][seat_a] - 5)
    b = _episode(env, seed=5)
    assert a == b and env.seat == seat_a
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(seats) > 1


def test_illegal_actions_penalize_terminate_or_raise():
    env = SmallWorldSingleAgentEnv(2, illegal_action="penalize", illegal_reward=-0.5)
    obs, _ = env.reset(seed=3)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.aec.game_state.copy()
    obs2, reward, terminated, truncated, info = env.step(bad)
    assert reward == -0.5 and not terminated and not truncated and info["illegal_action"]
    assert "not legal" in info["reason"] or "names no action" in info["reason"]
    assert env.aec.game_state == before
    np.testing.assert_array_equal(obs2["observation"], obs["observation"])
    env.step(int(np.flatnonzero(obs2["action_mask"])[0]))  # still playable

    env = SmallWorldSingleAgentEnv(2, illegal_action="terminate")
    obs, _ = env.reset(seed=3)
    _, reward, terminated, _, _ = env.step(bad)
    assert terminated and reward == -1.0 and not env.aec.game_state.is_over()

    env = SmallWorldSingleAgentEnv(2, illegal_action="raise")
    obs, _ = env.reset(seed=3)
    before = env.aec.game_state.copy()
    with pytest.raises(IllegalActionError, match=f"action index {bad}"):
        env.step(bad)
    assert env.aec.game_state == before


def test_penalized_illegal_actions_still_truncate():
    env = SmallWorldSingleAgentEnv(2, max_actions=3)
    obs, _ = env.reset(seed=3)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    outcomes = [env.step(bad)[3] for _ in range(3)]
    assert outcomes == [False, False, True]


@pytest.mark.parametrize("kwargs", [{"seat": 3}, {"opponents": "nobody"}, {"opponents": ["random"]},
                                    {"illegal_action": "ignore"}])
def test_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        SmallWorldSingleAgentEnv(3, **kwargs)
