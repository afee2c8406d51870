"""The training recipe as a library function (issue 34 point 2): an edition option, a budget
split that scales with the minutes given, and demonstrations capped in memory."""

from __future__ import annotations

import time

import numpy as np
import pytest

from smallworld.rl.recipe import split_budget, train
from smallworld.rl.training import collect_demonstrations

pytestmark = pytest.mark.usefixtures("one_torch_thread")


def test_the_budget_split_scales_with_the_minutes():
    assert split_budget(480, 0.1, 0.1) == (48.0, 48.0)
    assert split_budget(1800, 0.1, 0.1) == (180.0, 180.0)
    with pytest.raises(ValueError, match="leaves no time for PPO"):
        split_budget(60, 0.5, 0.5)
    with pytest.raises(ValueError, match=r"demo_share must be in \[0, 1\)"):
        split_budget(60, -0.1, 0.1)


def test_demonstrations_stop_at_the_sample_cap_with_whole_games_only():
    whole = collect_demonstrations(2, 2, seed=5, edition="classic")
    first = collect_demonstrations(2, 1, seed=5, edition="classic")
    capped = collect_demonstrations(2, 2, seed=5, edition="classic", max_samples=len(whole) - 1)
    # the second game would pass the cap: it is dropped whole (its returns are unknown)
    assert capped.games == 1 and len(capped) == len(first) < len(whole)
    assert np.array_equal(capped.actions, first.actions) and np.array_equal(capped.returns, first.returns)
    assert capped.obs.dtype == np.float16 and capped.obs.shape[0] == len(capped) == len(capped.legal)
    with pytest.raises(ValueError, match="max_samples must be >= 1"):
        collect_demonstrations(2, 1, max_samples=0)


def test_classic_demonstrations_are_classic():
    demos = collect_demonstrations(2, 1, seed=2, edition="classic")
    assert demos.obs.shape[1] == 1328  # the classic 2-player compact observation (Warcraft: 1 935)
    assert all(a in legal for a, legal in zip(demos.actions, demos.legal))


def test_train_runs_the_recipe_for_classic_within_its_shares():
    t = time.process_time()
    res = train("classic", 2, minutes=0.1, steps=128, demo_games=2, bc_epochs=50, check_games=1, every=64,
                ppo={"n_steps": 64, "batch_size": 32}, log=None)
    assert res.edition == "classic" and res.demo_games >= 1 and res.demo_samples > 40
    # cloning stops at its share of the budget (0.1 minutes x 0.1 = 0.6 s), not after 50 epochs
    assert res.spent["cloning"] < 0.6 + 1.0 and len(res.cloning) < 50
    assert res.ppo_steps >= 128 and [p.stage for p in res.curve.points][-1] == "greedy"
    assert res.after_cloning is not None and res.after_cloning.games == 1
    assert res.model.get_env().envs[0].unwrapped.aec.edition == "classic"
    assert res.peak_rss_mb > 0 and res.cpu_seconds <= time.process_time() - t + 0.01
    with pytest.raises(ValueError, match="clock must be"):
        train("classic", minutes=1, clock="sundial")
