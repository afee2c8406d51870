"""Env options: observation kinds (compact, graph), mask outside the observation, the
privileged global state, reward modes, and the PettingZoo ``smallworld_v0/v1`` entry points."""

from __future__ import annotations

import pickle

import gymnasium as gym
import numpy as np
import pytest
from pettingzoo.test import seed_test

from smallworld.core.state import State
from smallworld.rl import GYM_ID, SmallWorldEnv, smallworld_v0, smallworld_v1
from smallworld.rl.observations import feature_high, stable_region_ids
from smallworld.rl.rewards import VC_DIFF_SCALE, terminal_rewards
from tests.rl.helpers import seeded_api_test, totals


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("options", [
    {"observation": "compact"},
    {"observation": "compact", "mask_in_obs": False},
    {"observation": "graph"},
    {"observation": "graph", "mask_in_obs": False, "reward": "rank", "dense_reward": "vc_diff"},
    {"observation": "flat", "mask_in_obs": False, "reward": "vc_scaled"},
])
@pytest.mark.parametrize("players,edition", [(2, "swow"), (4, "swow-team")])
def test_pettingzoo_api_for_every_option(options, players, edition):
    seeded_api_test(SmallWorldEnv(players, edition, seed=players, **options), num_cycles=150)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("module", [smallworld_v0, smallworld_v1])
def test_factories_follow_pettingzoo_conventions(module):
    """``env()`` (wrapped) and ``raw_env()`` (bare) pass the API test and PettingZoo's
    seed test; the metadata names the version; v0 keeps the first layout, v1 is compact."""
    seeded_api_test(module.env(players=2, seed=2), num_cycles=150)
    seed_test(lambda: module.env(players=2), num_cycles=60)
    raw = module.raw_env(players=3)
    assert raw.metadata["name"] == f"smallworld_v{module.VERSION}"
    inner = raw.observation_space("player_0")["observation"]
    if module is smallworld_v0:
        assert inner.shape == (raw.encoder.size,) and float(inner.high.max()) == 1000.0
    else:
        assert inner.shape == (raw.compact.size,) and float(inner.high.max()) <= 5.0
    assert raw.action_space("player_0").n == SmallWorldEnv(3).catalogue.size  # actions unchanged
    with pytest.raises(ValueError):
        module.raw_env(players=3, observation="pixels")


def test_compact_observation_drops_dead_entries_and_keeps_true_bounds():
    env = SmallWorldEnv(2, observation="compact", mask_in_obs=False)
    names = env.compact.names
    assert not [n for n in names if n.startswith(("team.", "game.edition=", "game.phase=chance"))]
    assert "players[+1].last_score/20" not in names and "players[+0].last_score/20" in names
    assert env.compact.size < env.encoder.size
    space = env.observation_space("player_0")
    seen_max = np.zeros(env.compact.size, dtype=np.float32)

    def check(e, _obs):
        for agent in e.agents:
            o = e.observe(agent)
            assert space.contains(o)
            np.maximum(seen_max, o, out=seen_max)

    for seed in (1, 2):
        _play_with_infos(env, seed, check)
    # the bounds are the documented ones, and real games come close to several of them
    assert feature_high("regions[3].tokens/10") == 3.0 and feature_high("regions[3].in_play") == 1.0
    assert float(seen_max.max()) > 1.0
    # the compact vector is the flat one without the dead entries (clipped)
    env2 = SmallWorldEnv(2)
    env2.reset(seed=1)
    env.reset(seed=1)
    flat = env2.observe("player_0")["observation"]
    np.testing.assert_array_equal(env.observe("player_0"), np.minimum(flat[env.compact.keep], env.compact.high))


def _play_with_infos(env: SmallWorldEnv, seed: int, each) -> None:
    """Random masked play of an env whose mask is in ``infos`` (``mask_in_obs=False``)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        each(env, obs)
        np.testing.assert_array_equal(info["action_mask"], env.action_mask(env.agent_selection))
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))


def test_graph_observation_has_stable_region_ids_and_the_adjacency():
    env = SmallWorldEnv(2, observation="graph", faces=("L1", "S2"))
    env.reset(seed=3)
    g = env.observe("player_0")["observation"]
    spec = env.game_state.spec
    ids = stable_region_ids()
    n = spec.n_regions
    assert list(g["region_id"][:n]) == [ids[r] for r in spec.region_ids]
    assert set(g["region_id"][n:]) <= {len(ids)} and list(g["node_mask"]) == [1] * n + [0] * (env.n_slots - n)
    edges = {(int(a), int(b)) for a, b in g["edge_index"][:, g["edge_mask"] == 1].T}
    assert edges == {(r, q) for r in range(n) for q in spec.adj[r]}
    assert all((b, a) in edges for a, b in edges)
    # node rows are the compact Region rows of the same slots
    env_c = SmallWorldEnv(2, observation="compact", faces=("L1", "S2"))
    env_c.reset(seed=3)
    compact = env_c.observe("player_0")["observation"]
    np.testing.assert_array_equal(g["nodes"], compact[env.graph.node_cols])
    # the same Region of the same face keeps its id in another game with other boards
    other = SmallWorldEnv(2, observation="graph", faces=("M1", "L1"))
    other.reset(seed=4)
    g2 = other.observe("player_0")["observation"]
    rid = spec.region_ids[0]  # "L1.0"
    k2 = other.game_state.spec.region_ids.index(rid)
    assert k2 != 0 and g2["region_id"][k2] == g["region_id"][0]


def test_global_state_is_privileged_and_in_its_space():
    """state() shows every seat's VC (which the observations hide) and is in state_space."""
    env = SmallWorldEnv(3, observation="compact")
    env.reset(seed=5)
    for _ in range(30):
        env.step(int(np.flatnonzero(env.action_mask(env.agent_selection))[0]))
    st = env.state()
    assert env.state_space.contains(st)
    obs0 = env.observe("player_0")["observation"]
    env.game_state.vc[2] += 10
    np.testing.assert_array_equal(env.observe("player_0")["observation"], obs0)
    st2 = env.state()
    assert st2[-1] == pytest.approx(st[-1] + 10 / 50)
    with pytest.raises(RuntimeError):
        SmallWorldEnv(2).state()


def test_rank_and_scaled_rewards():
    env = SmallWorldEnv(3)
    spec = (env.reset(seed=1) or env.game_state).spec
    result = {"scores": [40, 60, 40], "tokens": [5, 3, 5], "winners": [1]}
    assert terminal_rewards(result, spec, "rank") == [-0.5, 1.0, -0.5]  # tied seats share places 2-3
    result = {"scores": [40, 60, 50], "tokens": [5, 3, 5], "winners": [1]}
    assert terminal_rewards(result, spec, "rank") == [-1.0, 1.0, 0.0]
    result = {"scores": [40, 40, 50], "tokens": [6, 3, 5], "winners": [2]}
    assert terminal_rewards(result, spec, "rank") == [0.0, -1.0, 1.0]  # tokens break VC ties
    scaled = terminal_rewards({"scores": [40, 100, 50], "tokens": [0] * 3, "winners": [1]}, spec, "vc_scaled")
    assert scaled == [pytest.approx(-35 / VC_DIFF_SCALE), 1.0, pytest.approx(-20 / VC_DIFF_SCALE)]  # +55 clipped


@pytest.mark.parametrize("players", [2, 3])
def test_vc_diff_shaping_sums_to_the_final_difference(players):
    env = SmallWorldEnv(players, reward="rank", dense_reward="vc_diff")
    env.reset(seed=8)
    got = totals(env)
    s: State = env.game_state
    rank = terminal_rewards(s.result, s.spec, "rank")
    for p, a in enumerate(env.possible_agents):
        diff = s.vc[p] - (sum(s.vc) - s.vc[p]) / (players - 1)
        assert got[a] == pytest.approx(rank[p] + diff / VC_DIFF_SCALE)


def test_engine_messages_name_agents():
    env = SmallWorldEnv(2)
    env.reset(seed=1)
    assert "player_0 must pick" in env.explain(6)
    assert "Player 1" not in env.explain(6)


@pytest.mark.parametrize("kwargs", [{"observation": "image"}, {"dense_reward": "score"}, {"reward": "elo"}])
def test_bad_options_are_named(kwargs):
    with pytest.raises(ValueError, match=next(iter(kwargs.values()))):
        SmallWorldEnv(2, **kwargs)


@pytest.mark.parametrize("observation", ["compact", "graph"])
def test_envs_pickle_mid_game_and_vectorize(observation):
    env = SmallWorldEnv(2, observation=observation, mask_in_obs=False)
    env.reset(seed=4)
    for _ in range(10):
        env.step(int(np.flatnonzero(env.action_mask(env.agent_selection))[0]))
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game_state == env.game_state
    np.testing.assert_array_equal(copy.state(), env.state())
    venv = gym.make_vec(GYM_ID, num_envs=2, vectorization_mode="sync", players=2, observation=observation)
    _obs, info = venv.reset(seed=1)
    assert info["action_mask"].shape == (2, venv.single_action_space.n)
    venv.step(info["action_mask"].argmax(axis=1))
    venv.close()
