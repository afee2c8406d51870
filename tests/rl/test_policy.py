"""Trained policies that play (issue 34 point 3): the NumPy export of a MaskablePPO policy
gives the model's own logits, a policy file is a bot (``policy:PATH``) in games and the
tournament, and the shipped policies load and play a full game with NumPy only."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from smallworld.bots import make_bot, parse_bot_spec
from smallworld.bots.play import play_game
from smallworld.cli import app
from smallworld.rl.policy import SHIPPED, NumpyPolicy, PolicyBot, shipped_policy_path


@pytest.mark.parametrize(("edition", "players"), sorted(SHIPPED))
def test_the_shipped_policy_loads_and_plays_a_full_game(edition, players):
    path = shipped_policy_path(edition, players)
    assert path.stat().st_size < 4 * 2**20  # a few MB at most, inside the package
    pol = NumpyPolicy(path)
    assert (pol.edition, pol.players) == (edition, players)
    bots = [make_bot("policy:shipped", seed=1), make_bot("greedy", seed=2)]
    g = play_game(bots, seed=11, edition=edition)
    assert g.state.is_over() and g.state.result is not None
    # it chose among the legal actions every time: the game ran to its last round
    assert len(g.record.actions) > 40


def test_no_policy_is_shipped_for_three_players():
    with pytest.raises(ValueError, match="no trained policy is shipped for swow with 3 players"):
        shipped_policy_path("swow", 3)
    bots = [make_bot("policy:shipped"), make_bot("random", seed=1), make_bot("random", seed=2)]
    with pytest.raises(ValueError, match="no trained policy is shipped"):
        play_game(bots, seed=1, edition="swow")


def test_a_policy_refuses_a_game_of_another_edition():
    bot = PolicyBot(path=shipped_policy_path("classic", 2))
    with pytest.raises(ValueError, match="plays classic with 2 players, not swow with 2"):
        play_game([bot, make_bot("random", seed=1)], seed=1, edition="swow")


def test_policy_spec_names_the_file():
    assert parse_bot_spec("policy:/a/b.npz") == ("policy", {"path": "/a/b.npz"})
    assert parse_bot_spec("policy") == ("policy", {})
    assert make_bot("policy").path == "shipped"


def test_a_broken_file_is_refused_with_its_name(tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a policy")
    with pytest.raises(ValueError, match=r"bad\.npz is not a trained policy file"):
        NumpyPolicy(bad)
    with pytest.raises(FileNotFoundError):
        make_bot(f"policy:{tmp_path / 'missing.npz'}")


def _mlp_file(path, edition="classic", players=2, hidden=8):
    """A format-1 MLP policy file (the kind the recipe made before the ranking policy) with
    random weights, written as ``export_policy`` wrote it."""
    from smallworld.rl.policy import layout_fingerprint

    obs_size, actions = {"classic": (1328, 660)}[edition]
    rng = np.random.default_rng(1)
    header = {"format": 1, "edition": edition, "players": players, "observation": "compact",
              "obs_size": obs_size, "actions": actions, "layers": 2, "layout": layout_fingerprint(edition, players)}
    arrays = {"w0": rng.normal(size=(obs_size, hidden)).astype(np.float16), "b0": np.zeros(hidden, np.float16),
              "w1": rng.normal(size=(hidden, actions)).astype(np.float16), "b1": np.zeros(actions, np.float16),
              "header": np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)}
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)
    return path


def test_an_mlp_policy_file_of_format_1_still_plays(tmp_path):
    path = _mlp_file(tmp_path / "mlp.npz")
    pol = NumpyPolicy(path)
    assert (pol.kind, pol.layout, pol.header["format"]) == ("mlp", None, 1)
    g = play_game([make_bot(f"policy:{path}", seed=1), make_bot("greedy", seed=2)], seed=3, edition="classic")
    assert g.state.is_over() and g.state.result is not None


def test_the_numpy_policy_chooses_only_legal_actions(tmp_path):
    pol = NumpyPolicy(_mlp_file(tmp_path / "mlp.npz"))
    rng = np.random.default_rng(0)
    for _ in range(20):
        obs = rng.random(pol.obs_size, dtype=np.float32)
        mask = np.zeros(pol.actions, dtype=np.int8)
        mask[rng.choice(pol.actions, 3, replace=False)] = 1
        assert mask[pol(obs, mask)] == 1
    with pytest.raises(ValueError, match="at least one"):
        pol(obs, np.zeros(pol.actions, dtype=np.int8))
    with pytest.raises(ValueError, match="observation of shape"):
        pol.logits(obs[:-1])


def test_the_tournament_and_its_rating_ladder_take_a_policy():
    path = shipped_policy_path("classic", 2)
    r = CliRunner().invoke(app, ["tournament", "--bots", f"policy:{path},random,greedy", "--pool", "--rating",
                                 "--players", "2", "--games", "3", "--edition", "classic", "--workers", "1",
                                 "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert f"policy:{path}" in {row["bot"] for row in out["ratings"]}


def test_the_export_gives_the_models_own_choices(tmp_path):
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from smallworld.rl.policy import export_policy
    from smallworld.rl.training import make_env, make_model

    torch.set_num_threads(1)
    env = make_env(2, "random", edition="classic")
    model = make_model(env, seed=3, n_steps=64, batch_size=32)
    path = export_policy(model, tmp_path / "p.npz", edition="classic", players=2, steps=0)
    pol = NumpyPolicy(path)
    assert (pol.edition, pol.players, pol.obs_size, pol.actions) == ("classic", 2, *env.observation_space.shape,
                                                                     env.action_space.n)
    obs, info = env.reset(seed=4)
    for _ in range(30):
        mask = info["action_mask"]
        with torch.no_grad():
            dist = model.policy.get_distribution(torch.as_tensor(obs[None]))
            want = dist.distribution.logits.numpy()[0]
        # float16 weights: the logits agree to float16 precision (up to a constant: softmax)
        got = pol.logits(obs)
        assert np.allclose(got - got.max(), want - want.max(), atol=2e-2)
        a, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        assert pol(obs, mask) == int(a)
        obs, _r, term, trunc, info = env.step(int(a))
        if term or trunc:
            break
