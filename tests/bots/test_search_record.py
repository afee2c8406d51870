"""``mcts-plan``'s golden search record (:mod:`tests.bots.search_record`): for a fixed seed and
iteration budget, its choices and root statistics are those recorded (speed-ups of the bots, the
fast policy and the evaluation must not change a decision or a visit count)."""

from __future__ import annotations

import json

import pytest

from tests.bots.search_record import GAMES, PATH, search_record


@pytest.mark.parametrize("edition", sorted(GAMES))
def test_mcts_plan_search_record_unchanged(edition):
    golden = json.loads(PATH.read_text(encoding="utf-8"))[edition]
    now = json.loads(json.dumps(search_record(edition)))  # tuples as JSON lists
    for i, (a, b) in enumerate(zip(now["decisions"], golden["decisions"])):
        assert a == b, f"searched decision {i} differs: now {a}, recorded {b}"
    assert len(now["decisions"]) == len(golden["decisions"])
    assert now["result"] == golden["result"]
