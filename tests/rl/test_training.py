"""A short smoke training (seconds): demonstrations, behaviour cloning, MaskablePPO stages with
opponent switches, evaluation. Needs the ``rl-train`` extra (torch, sb3-contrib), which the test
command installs: this module fails, rather than skips, without it."""

from __future__ import annotations

import numpy as np
import pytest
import sb3_contrib

from smallworld.rl.opponents import sb3_policy
from smallworld.rl.training import (
    behaviour_clone,
    collect_demonstrations,
    evaluate,
    make_env,
    make_model,
    train_stages,
)

pytestmark = pytest.mark.usefixtures("one_torch_thread")


def test_demonstrations_hold_legal_teacher_actions_and_returns():
    demos = collect_demonstrations(2, 1, seed=3)
    assert demos.games == 1 and len(demos) > 40
    assert demos.obs.shape == (len(demos), make_env(2).observation_space.shape[0])
    assert all(a in legal for a, legal in zip(demos.actions, demos.legal))
    assert all(len(legal) > 1 for legal in demos.legal)
    # returns: win (0 or 1) + the VC difference still to come / 40, so they differ by seat
    assert len(set(np.round(demos.returns, 4))) > 2


def test_smoke_training_learns_the_teacher_and_runs_the_curriculum():
    demos = collect_demonstrations(2, 1, seed=1)
    env = make_env(2, "random")
    model = make_model(env, seed=0, n_steps=128, batch_size=64, n_epochs=1)
    assert isinstance(model, sb3_contrib.MaskablePPO)
    history = behaviour_clone(model, demos, epochs=5, batch_size=64, lr=1e-3, log=None)
    assert history[-1]["nll"] < history[0]["nll"] - 0.2  # it does learn the teacher's choices
    assert 0.0 <= history[-1]["accuracy"] <= 1.0
    curve = train_stages(model, [("random-nodecline", 128, None), (("greedy-eps", {"epsilon": 0.5}), 128, None)],
                         every=64, log=None)
    assert [p.stage for p in curve.points][-1] == "greedy-eps(epsilon=0.5)"
    assert model.num_timesteps >= 256 and curve.points[-1].steps <= model.num_timesteps
    assert model.get_env().envs[0].unwrapped.opponents == [("greedy-eps", {"epsilon": 0.5})]
    ev = evaluate(sb3_policy(model, deterministic=True), "random", 2, seed=5)
    assert ev.games == 2 and 0.0 <= ev.wins <= 2.0 and ev.ci[0] <= ev.win_rate <= ev.ci[1]
