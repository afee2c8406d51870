"""The Ray backend of tournaments, on a local Ray instance (skipped when Ray is not installed:
it is the optional extra ``smallworld[ray]``)."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

from smallworld.bots.tournament import run_tournament, schedule


def test_ray_backend_gives_the_same_games_as_the_process_pool(tmp_path):
    tasks = schedule(["greedy", "random"], 2, 2, 3)
    local = run_tournament(tasks, workers=1)
    remote = run_tournament(tasks, workers=1, backend="ray", save_dir=tmp_path)
    assert [g["scores"] for g in remote.games] == [g["scores"] for g in local.games]
    assert [g["record"] for g in remote.games] == [g["record"] for g in local.games]
    assert len(list(tmp_path.glob("game-*.json"))) == 2
    assert not ray.is_initialized()  # a Ray instance the tournament started is shut down
