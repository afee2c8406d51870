"""Bots never read hidden facts (RULES §15, R-SCORE-4): given two worlds that differ only in
what the seat may not know (other players' VC totals and last scoring lines), a bot with the
same seed chooses the same action."""

from __future__ import annotations

import pytest

from smallworld.bots import BOTS, make_bot
from smallworld.core import engine
from smallworld.core.engine import phase_of
from smallworld.core.game import Game
from smallworld.core.state import CHANCE, State, replaced
from smallworld.core.view import view
from tests.conftest import scenario

BOT_OPTIONS = {"iterations": 12}


def _twin(s: State, seat: int, shift: int) -> State:
    """A copy of ``s`` in which every other seat's VC and last scoring lines differ."""
    t = s.copy()
    for q in range(s.spec.n_players):
        if q != seat:
            t.vc[q] = s.vc[q] + shift * (q + 1)
            t.last_score = replaced(t.last_score, q, (("Regions", 40 + q),))
    assert view(t, seat) == view(s, seat)  # the seat cannot tell them apart
    assert t != s
    return t


def _decision_points(seed: int, want: int = 8) -> list[State]:
    """States of a seeded greedy game where a seat must decide among several actions, one per
    phase kind at first, then any."""
    g = Game.new(3, seed=seed)
    bots = [make_bot("greedy", f"{seed}-{k}") for k in range(3)]
    s = g.state
    out: list[State] = []
    seen: set[str] = set()
    while not s.is_over() and len(out) < want:
        p = s.current_player()
        if p == CHANCE:
            g.resolve_chance()
            continue
        legal = engine.legal_actions(s)
        ph = phase_of(s)
        if len(legal) > 1 and (ph not in seen or (s.round >= 3 and len(out) < want)):
            seen.add(ph)
            out.append(s.copy())
        g.apply(bots[p].choose(s, p, legal), check=False)
    return out


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("seed", [3, 4])
def test_same_choice_in_worlds_differing_only_in_hidden_facts(name, seed):
    points = _decision_points(seed)
    assert {phase_of(s) for s in points} >= {"pick", "conquer", "redeploy"}
    for i, s in enumerate(points):
        seat = s.current_player()
        legal = engine.legal_actions(s)
        for shift in (7, -3):
            twin = _twin(s, seat, shift)
            a = make_bot(name, f"twin-{i}", **BOT_OPTIONS).choose(s, seat, legal)
            b = make_bot(name, f"twin-{i}", **BOT_OPTIONS).choose(twin, seat, engine.legal_actions(twin))
            assert a == b, f"{name} at {phase_of(s)} round {s.round}: {a} vs {b}"


def test_same_choice_in_a_scenario_pair():
    """The pair of tests/core/test_view.py: seat 1's VC 12 or 31 (and its last scoring lines)."""
    text = """
        boards = ["L1", "M1", "S3"]
        phase = "conquer"
        [[players]]
        vc = 7
        race = "orcs"
        power = "farmer"
        hand = 6
        [[players]]
        vc = {vc1}
        race = "humans"
        power = "mining"
        [[players]]
        vc = 5
        [regions]
        "L1.9" = {{ player = 0, tokens = 2 }}
        "L1.5" = {{ player = 1, tokens = 2 }}
        "L1.4" = {{ murlocs = 1 }}
    """
    a = scenario(text.format(vc1=12))
    b = scenario(text.format(vc1=31))
    b.last_score = replaced(b.last_score, 1, (("Regions", 9),))
    assert view(a, 0) == view(b, 0)
    for name in sorted(BOTS):
        for k in range(3):
            x = make_bot(name, k, **BOT_OPTIONS).choose(a, 0, engine.legal_actions(a))
            y = make_bot(name, k, **BOT_OPTIONS).choose(b, 0, engine.legal_actions(b))
            assert x == y
