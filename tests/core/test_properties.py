"""Property tests over seeded random games: conservation, legality, copies, JSON, replay."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smallworld.core.game import Game
from smallworld.core.record import replay
from smallworld.core.state import CHANCE, State
from tests.invariants import check_invariants

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _random_game(n: int, seed: int, every=None) -> Game:
    g = Game.new(n, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not g.state.is_over():
        if every is not None:
            every(g.state, step)
        if g.current_player() == CHANCE:
            g.resolve_chance()
        else:
            g.apply(rng.choice(g.legal_actions()), check=True)
        step += 1
    return g


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4, 5]))
def test_tokens_conserved_and_state_consistent(seed, n):
    """RULES §2.1/§2.3: race tokens conserved within box caps, pieces within supply, at every
    step of a random game."""
    g = _random_game(n, seed, every=lambda s, i: check_invariants(s))
    check_invariants(g.state)
    assert g.state.round == g.state.spec.rounds  # R-TURN-1: it ran every round


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 5]))
def test_every_legal_action_applies(seed, n):
    """Every listed legal action applies without error (on a copy) and leaves a consistent state."""
    def probe(s: State, i: int) -> None:
        if i % 7:
            return
        for a in s.legal_actions():
            t = s.copy()
            t.apply(a)
            check_invariants(t)

    _random_game(n, seed, every=probe)


@SETTINGS
@given(st.integers(0, 10**6))
def test_copies_equal_and_independent(seed):
    """State.copy equals the original and shares nothing mutable with it."""
    def probe(s: State, i: int) -> None:
        if i % 11:
            return
        c = s.copy()
        assert c == s
        before = s.to_dict()
        legal = c.legal_actions()
        if legal:
            c.apply(legal[-1])
        assert s.to_dict() == before

    _random_game(3, seed, every=probe)


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([2, 4]))
def test_json_round_trip(seed, n):
    """to_dict -> JSON -> from_dict gives an equal state that plays on identically."""
    def probe(s: State, i: int) -> None:
        if i % 13:
            return
        back = State.from_dict(json.loads(json.dumps(s.to_dict())), s.spec)
        assert back == s
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()]

    _random_game(n, seed, every=probe)


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4, 5]))
def test_replay_reproduces_record(seed, n):
    """A record replays to the same final state and result."""
    g = _random_game(n, seed)
    s = replay(g.record)
    assert s == g.state and s.result == g.record.result
