"""Property tests over seeded random games: conservation, legality, copies, JSON, replay."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smallworld.core import engine
from smallworld.core.game import Game
from smallworld.core.record import replay
from smallworld.core.state import CHANCE, State
from tests.conftest import random_step
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
        for a in engine.legal_actions(s):
            t = s.copy()
            engine.apply_action(t, a)
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
        legal = engine.legal_actions(c)
        if legal:
            engine.apply_action(c, legal[-1])
        assert s.to_dict() == before

    _random_game(3, seed, every=probe)


def _round_trip(s: State) -> State:
    return State.from_dict(json.loads(json.dumps(s.to_dict())), s.spec)


def _plays_on_identically(s: State, back: State, seed: int, steps: int) -> None:
    """Apply the same random actions to ``s``'s copy and to ``back``: states stay equal."""
    a, b = s.copy(), back
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(steps):
        if a.is_over():
            break
        random_step(a, ra)
        random_step(b, rb)
        assert b == a


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([2, 4]))
def test_json_round_trip(seed, n):
    """to_dict -> JSON -> from_dict gives an equal state that plays on identically for many
    actions (flag value types survive the trip)."""
    def probe(s: State, i: int) -> None:
        if i % 13:
            return
        back = _round_trip(s)
        assert back == s
        assert [str(a) for a in engine.legal_actions(back)] == [str(a) for a in engine.legal_actions(s)]
        _plays_on_identically(s, back, seed + i, 60)

    _random_game(n, seed, every=probe)


def _json_faithful(v: object) -> bool:
    """Values that come back from JSON as they went (tuples come back as tuples: from_dict
    turns flag lists into tuples); sets and non-string dict keys do not."""
    if v is None or isinstance(v, (bool, int, str)):
        return True
    if isinstance(v, tuple):
        return all(_json_faithful(x) for x in v)
    if isinstance(v, dict):
        return all(isinstance(k, str) and _json_faithful(x) for k, x in v.items())
    return False


def test_flags_hold_only_json_faithful_values():
    """Content state in flags must survive a save (RULES §15 flags are public and saved): at
    every step of random games with every race, no set, frozenset or non-string key."""
    for seed in range(6):
        g = Game.new(4, seed=seed)
        rng = random.Random(seed)
        while not g.state.is_over():
            for flags in (g.state.flags, g.state.tflags):
                for k, v in flags.items():
                    assert _json_faithful(v), (k, v)
            random_step(g.state, rng)


def test_pandaren_round_trip_plays_on():
    """A Pandaren turn saved after its first conquest and loaded again conquers on (the seats
    it attacked, a turn flag, kept their type)."""
    found = 0
    for seed in range(400):
        g = Game.new(3, seed=seed)
        rng = random.Random(seed)
        s = g.state
        while not s.is_over():
            attacked = s.tflags.get("pandaren-attacked")
            if attacked and s.current_player() >= 0:
                found += 1
                back = _round_trip(s)
                for a in engine.legal_actions(s):  # every next action, the next conquest included
                    t, u = s.copy(), back.copy()
                    engine.apply_action(t, a)
                    engine.apply_action(u, a)
                    assert u == t, a
                break
            random_step(s, rng)
        if found >= 5:
            break
    assert found >= 5, "too few random games reached a Pandaren turn with an attack"


@SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4, 5]))
def test_replay_reproduces_record(seed, n):
    """A record replays to the same final state and result."""
    g = _random_game(n, seed)
    s = replay(g.record)
    assert s == g.state and s.result == g.record.result
