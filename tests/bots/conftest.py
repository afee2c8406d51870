"""Fixtures of the bot tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def leaf_calls(monkeypatch):
    """Where the turn search values its leaves: a list that receives ``(round, turn, threat)``
    for each call of :func:`smallworld.bots.leaves.leaf_value` during the test."""
    from smallworld.bots import leaves

    seen: list[tuple[int, int, bool]] = []
    real = leaves.leaf_value

    def spy(s, p, bonus=0.0, scale=leaves.LEAF_SCALE, threat=False):
        seen.append((s.round, s.turn, threat))
        return real(s, p, bonus, scale, threat)

    monkeypatch.setattr(leaves, "leaf_value", spy)
    return seen
