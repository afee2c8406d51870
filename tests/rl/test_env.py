"""The AEC env: PettingZoo API, reproducibility, rewards, illegal actions, truncation."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from smallworld.core.actions import Action
from smallworld.core.errors import IllegalActionError
from smallworld.core.record import replay
from smallworld.rl import SmallWorldEnv
from tests.rl.helpers import play_masked, seeded_api_test
from tests.rl.helpers import totals as _totals


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("players,edition", [(2, "swow"), (3, "swow"), (5, "swow"), (4, "swow-team"),
                                             (3, "swow-team")])
def test_pettingzoo_api(players, edition):
    env = SmallWorldEnv(players, edition, seed=players)
    seeded_api_test(env, num_cycles=400)
    # the spaces are fixed objects, the same for every agent and every episode
    spaces = (env.observation_space("player_0"), env.action_space("player_0"))
    env.reset(seed=99)
    assert (env.observation_space("player_1"), env.action_space("player_1")) == spaces


def _trace(env: SmallWorldEnv, seed: int, indexes: list[int] | None = None):
    """Observations, rewards and actions of one episode (replaying ``indexes`` if given)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    obs_seen, rewards, played = [], [], []
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        obs_seen.append(obs["observation"])
        rewards.append((agent, reward))
        if term or trunc:
            env.step(None)
            continue
        i = indexes[len(played)] if indexes is not None else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        played.append(i)
        env.step(i)
    return obs_seen, rewards, played


def test_same_seed_and_actions_give_the_same_game():
    a = SmallWorldEnv(3, dense_reward=True)
    b = SmallWorldEnv(3, dense_reward=True)
    obs_a, rew_a, played = _trace(a, 21)
    obs_b, rew_b, _ = _trace(b, 21, played)
    assert len(obs_a) == len(obs_b) and all(np.array_equal(x, y) for x, y in zip(obs_a, obs_b))
    assert rew_a == rew_b
    assert a.game.record.actions == b.game.record.actions
    assert replay(a.game.record) == a.game_state  # the env's game is a replayable record
    obs_c, _, _ = _trace(a, 22)
    assert not all(np.array_equal(x, y) for x, y in zip(obs_a, obs_c))


def test_unseeded_resets_follow_the_last_seed():
    env = SmallWorldEnv(2, seed=5)
    env.reset()
    assert env.game_seed == 5
    env.reset()
    second = env.game_seed
    env.reset(seed=5)
    env.reset()
    assert env.game_seed == second != 5


def test_win_rewards_share_one_and_vc_diff_is_zero_sum():
    totals = {}
    for mode in ("win", "vc_diff"):
        env = SmallWorldEnv(3, reward=mode)
        env.reset(seed=3)
        totals[mode] = _totals(env)
        result = env.game_state.result  # the same game both times (same seed, same actions)
    assert sum(totals["win"].values()) == pytest.approx(1.0)
    for p in result["winners"]:
        assert totals["win"][f"player_{p}"] == pytest.approx(1 / len(result["winners"]))
    assert sum(totals["vc_diff"].values()) == pytest.approx(0.0)
    scores = result["scores"]
    assert totals["vc_diff"]["player_0"] == pytest.approx(scores[0] - (scores[1] + scores[2]) / 2)


def test_dense_rewards_sum_to_the_vc_gained():
    env = SmallWorldEnv(3, reward="none", dense_reward=True)
    env.reset(seed=8)
    tot = _totals(env)
    vc = env.game_state.result["scores"]
    assert tot == {f"player_{p}": pytest.approx(vc[p] - 5) for p in range(3)}
    assert any(v != 0 for v in tot.values())


def test_team_win_reward_goes_to_the_winning_side():
    env = SmallWorldEnv(4, "swow-team")
    env.reset(seed=6)
    tot = _totals(env)
    result = env.game_state.result
    sides = env.game_state.spec.sides
    for p in range(4):
        want = 1 / len(result["winning_sides"]) if sides[p] in result["winning_sides"] else 0.0
        assert tot[f"player_{p}"] == pytest.approx(want)


def test_illegal_index_raises_and_changes_nothing():
    env = SmallWorldEnv(3)
    env.reset(seed=2)
    before = env.game_state.copy()
    record = list(env.game.record.actions)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    conquer = env.actions.index(Action("conquer", (env.game_state.spec.region_ids[0],)))
    assert mask[conquer] == 0  # nobody may conquer before picking a combo
    with pytest.raises(IllegalActionError, match=r"index \d+ \(conquer .*\) is not legal for player_0"):
        env.step(conquer)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        env.step(env.catalogue.size)
    unused = env.catalogue.blocks[[b.name for b in env.catalogue.blocks].index("conquer")].start + env.n_slots - 1
    if env.game_state.spec.n_regions < env.n_slots:
        with pytest.raises(IllegalActionError, match="names no action"):
            env.step(unused)
    with pytest.raises(TypeError):
        env.step(1.5)
    assert env.game_state == before and env.game.record.actions == record and env.agent_selection == agent
    assert env.num_moves == 0
    env.step(int(np.flatnonzero(mask)[0]))  # the game goes on normally
    assert env.num_moves == 1


def test_terminate_illegal_wrapper_works_with_the_env():
    env = TerminateIllegalWrapper(SmallWorldEnv(2), illegal_reward=-1)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.terminations[agent] and env.rewards[agent] == -1


def test_truncation_after_max_actions():
    env = SmallWorldEnv(2, max_actions=5)
    played = play_masked(env, 1)
    assert len(played) == 5
    assert not env.unwrapped.game.state.is_over()


def test_step_action_and_render():
    env = SmallWorldEnv(2, render_mode="ansi")
    env.reset(seed=4)
    legal = env.legal_actions()
    first = next(iter(legal.values()))
    env.step_action(str(first))
    assert env.num_moves == 1
    with pytest.raises(IllegalActionError):
        env.step_action("conquer Z1.1")
    text = env.render()
    assert "round 1/10" in text and "player_0" in text and "VC" not in text.split("\n", 2)[2]
    assert SmallWorldEnv(2).render() is None


@pytest.mark.parametrize("kwargs", [{"players": 6}, {"edition": "swow-classic"}, {"reward": "score"},
                                    {"render_mode": "human"}, {"max_actions": 0}])
def test_bad_arguments_are_named(kwargs):
    with pytest.raises(ValueError, match=str(next(iter(kwargs.values())))):
        SmallWorldEnv(**kwargs)
