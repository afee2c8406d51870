"""Random-game smoke test for the races of part A (RULES §9: Blood Elves, Draenei, Dwarves,
Ethereals, Forsaken, Gnomes, Goblins, Humans): seeded games in which those races are drawn and
picked whenever possible run to completion, every step keeping tokens conserved (RULES §2.1: box +
hand + boards == in_box for every race) and pieces within their box (§2.3: Bombs 12, Military
Objectives 2); every listed legal action applies on a copy."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from smallworld.core import chance, engine
from smallworld.core.game import Game
from smallworld.core.state import CHANCE
from tests.invariants import check_invariants

RACES_A = ("blood-elves", "draenei", "dwarves", "ethereals", "forsaken", "gnomes", "goblins", "humans")


def _biased_chance(g: Game, rng: random.Random) -> None:
    """Resolve a chance event, drawing a part-A banner when one can come up."""
    outs = chance.outcomes(g.state)
    mine = [a for a, _ in outs if a.kind == "banner" and a.args[0] in RACES_A]
    if mine:
        g.apply(rng.choice(mine), check=False)
    else:
        g.resolve_chance()


def _choose(s, rng: random.Random):
    acts = engine.legal_actions(s)
    picks = [a for a in acts if a.kind == "pick" and not s.team and s.column[int(a.args[0])][0] in RACES_A]
    if picks:
        return rng.choice(picks)
    # prefer the races' own choices a little, so they are exercised
    special = [a for a in acts if a.kind in ("airborne", "steal", "conquer-legend", "plant", "objective")]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    return rng.choice(acts)


def play(n: int, seed: int, seen: Counter, probe_every: int = 0, edition: str = "swow") -> Game:
    g = Game.new(n, seed=seed, edition=edition)
    rng = random.Random(seed)
    step = 0
    while not g.state.is_over():
        s = g.state
        check_invariants(s)
        if probe_every and step % probe_every == 0 and s.current_player() != CHANCE:
            for a in engine.legal_actions(s):
                t = s.copy()
                engine.apply_action(t, a)
                check_invariants(t)
        if s.current_player() == CHANCE:
            _biased_chance(g, rng)
            seen[g.record.actions[-1].split()[0]] += 1
        else:
            a = _choose(s, rng)
            g.apply(a, check=True)
            seen[a.kind] += 1
        for race in s.active:
            if race in RACES_A:
                seen["race:" + race] += 1
        step += 1
    check_invariants(g.state)
    assert g.state.round == g.state.spec.rounds
    return g


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_with_part_a_races(n):
    """RULES §2.1/§2.3/§9: 10 seeded games per player count with part-A races run to the end."""
    seen: Counter = Counter()
    for seed in range(10):
        play(n, 1000 * n + seed, seen, probe_every=11)
    for race in RACES_A:
        assert seen["race:" + race], f"{race} never played"


def test_random_team_games():
    """RULES §12 with §9: team-variant games (sides pick their own races) run to the end."""
    seen: Counter = Counter()
    for seed in range(6):
        play(4 if seed % 2 else 3, 77 + seed, seen, probe_every=13, edition="swow-team")
    assert sum(seen["race:" + race] for race in RACES_A)


def test_part_a_choices_all_happen():
    """RULES §9: across seeded games, every part-A choice is taken at least once (airborne
    assault, Bomb placement and reveal, Military Objectives, Forsaken purchases)."""
    seen: Counter = Counter()
    for seed in range(12):
        play(3, seed, seen)
    for kind in ("airborne", "plant", "bomb", "objective", "buy"):
        assert seen[kind], f"no {kind!r} in 12 games: {dict(seen)}"
