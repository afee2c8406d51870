"""The golden search records (:mod:`tests.bots.search_record`) of ``mcts-plan`` and of the Hard
level (``mcts-blend``): for a fixed seed and iteration budget, their choices and root statistics
are those recorded (speed-ups of the bots, the fast policy and the evaluation must not change a
decision or a visit count)."""

from __future__ import annotations

import json

import pytest

from tests.bots.search_record import GAMES, PATHS, search_record


@pytest.mark.parametrize("edition", sorted(GAMES))
@pytest.mark.parametrize("bot", sorted(PATHS))
def test_search_record_unchanged(bot, edition):
    golden = json.loads(PATHS[bot].read_text(encoding="utf-8"))[edition]
    now = json.loads(json.dumps(search_record(edition, bot)))  # tuples as JSON lists
    for i, (a, b) in enumerate(zip(now["decisions"], golden["decisions"])):
        assert a == b, f"{bot}: searched decision {i} differs: now {a}, recorded {b}"
    assert len(now["decisions"]) == len(golden["decisions"])
    assert now["result"] == golden["result"]
