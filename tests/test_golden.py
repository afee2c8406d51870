"""The golden playthrough (DESIGN: catches any silent rules change). If a rules change is
intended, regenerate with ``python -m tests.golden_playthrough --write`` and say so."""

from __future__ import annotations

import json

import pytest

from tests.golden_playthrough import PATHS, playthrough


@pytest.mark.parametrize("edition", sorted(PATHS))
def test_golden_playthrough_unchanged(edition):
    golden = json.loads(PATHS[edition].read_text(encoding="utf-8"))
    now = playthrough(edition)
    assert now["header"]["boards"] == golden["header"]["boards"]
    for i, (a, b) in enumerate(zip(now["steps"], golden["steps"])):
        assert a == b, f"step {i} differs: now {a['action']!r} ({len(a['legal'])} legal), golden {b['action']!r}"
    assert len(now["steps"]) == len(golden["steps"])
    assert now["result"] == golden["result"]
