"""Random playouts (smallworld.core.playout, compiled with the core): a game played to its end,
each player's action uniform among the legal ones, chance drawn as chance.sample draws it; the
same seed gives the same game (the bench's figures are of reproducible games)."""

from __future__ import annotations

import random

import pytest

from smallworld.core import chance, engine
from smallworld.core.playout import random_playout
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE


def _reference(s, rng):
    """The playout written out step by step with the state's own methods."""
    n = 0
    while not s.is_over():
        if s.current_player() == CHANCE:
            a = chance.sample(s, rng)
        else:
            legal = engine.legal_actions(s)
            a = legal[int(rng.random() * len(legal))]
        engine.apply_action(s, a, check=False)
        n += 1
    return n


@pytest.mark.parametrize("edition", ["swow", "classic"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_playout_is_the_step_by_step_game(edition, players):
    for seed in range(3):
        a = new_state(players, seed=f"p-{seed}", edition=edition)
        b = a.copy()
        n = random_playout(a, random.Random(seed))
        assert a.is_over() and n > players * 8
        assert _reference(b, random.Random(seed)) == n
        assert a.vc == b.vc and a.occ == b.occ and a.result == b.result
