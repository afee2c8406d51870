"""Random classic games at 2–5 players keep their tokens and pieces (RULES-classic §2.1, §2.3):
every race's tokens in box + hands + map + held off the map equal its box count, pieces stay
within their supply, banners and badges are never lost, at every turn change and at the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smallworld.core import chance, engine
from smallworld.core.game import Game
from smallworld.core.state import CHANCE
from tests.invariants import check_invariants


def play(n: int, seed: int, seen: set[str] | None = None) -> Game:
    g = Game.new(n, seed=seed, edition="classic")
    rng = random.Random(seed)
    s = g.state
    turn = (s.round, s.turn)
    while not s.is_over():
        if s.current_player() == CHANCE:
            engine.apply_action(s, chance.sample(s, rng), check=False)
        else:
            engine.apply_action(s, rng.choice(engine.legal_actions(s)))
        if seen is not None:
            if s.acting is not None:
                seen.add("ghouls acting")
            if any(x is not None for x in s.decline2):
                seen.add("spirit slot")
        if (s.round, s.turn) != turn:
            turn = (s.round, s.turn)
            check_invariants(s)
    check_invariants(s)
    return g


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_random_games_conserve_tokens(n, seed):
    """RULES-classic §2.1/§2.3 conservation at 2–5 players; the game ends after its rounds
    (C-TURN-1) with a result (C-END-1)."""
    g = play(n, seed)
    assert g.state.result is not None and len(g.state.result["scores"]) == n


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fixed_seeds(n):
    """The same at fixed seeds (a quick regression net)."""
    play(n, 100 + n)


@pytest.mark.parametrize("n,seed", [(2, 6), (2, 14), (3, 6), (3, 12), (4, 1), (4, 6), (5, 3), (5, 6)])
def test_seeds_with_ghouls_and_spirit(n, seed):
    """Conservation in games where In Decline Ghouls take their own turn (C-R-GHOULS-2) and a
    Spirit race holds the second In Decline slot (C-P-SPIRIT-1), at 2–5 players."""
    seen: set[str] = set()
    g = play(n, seed, seen)
    assert g.state.result is not None and seen == {"ghouls acting", "spirit slot"}
