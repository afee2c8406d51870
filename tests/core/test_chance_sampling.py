"""Chance outcomes drawn directly (chance.choose, chance.settle_forced) are exactly those of the
outcome lists (the draw the engine made before: the first outcome whose cumulative probability
exceeds ``x``), at every chance event of many seeded games of both editions, so seeded games
and the golden playthroughs never change."""

from __future__ import annotations

import random

import pytest

from smallworld.core import chance, engine
from smallworld.core.actions import Action
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE, State, replaced


def listed_choice(s: State, x: float) -> Action:
    """The draw from the whole outcome list (the engine's former ``chance.sample``)."""
    outs = chance.outcomes(s)
    acc = 0.0
    for a, pr in outs:
        acc += pr
        if x < acc:
            return a
    return outs[-1][0]


def _edges(s: State) -> list[float]:
    """x at and just around every cumulative boundary of the outcome list, and the ends."""
    xs = [0.0, 1.0 - 2**-53]
    acc = 0.0
    for _, pr in chance.outcomes(s):
        acc += pr
        xs += [acc, acc - 1e-12, acc + 1e-12]
    return [x for x in xs if 0.0 <= x < 1.0]


@pytest.mark.parametrize("edition", ["swow", "classic"])
@pytest.mark.parametrize("n", [2, 3, 5])
def test_direct_draws_equal_listed_draws(edition, n):
    events = 0
    for seed in range(6):
        s = new_state(n, seed=f"chance-{edition}-{n}-{seed}", edition=edition)
        rng = random.Random(seed)
        probe = random.Random(1000 + seed)
        while not s.is_over():
            if s.current_player() == CHANCE:
                events += 1
                outs = chance.outcomes(s)
                assert len(outs) > 1  # single outcomes were settled by the engine
                for x in [probe.random() for _ in range(8)] + _edges(s):
                    assert chance.choose(s, x) == listed_choice(s, x), (s.chance[0], x)
                a = chance.sample(s, rng)
            else:
                legal = engine.legal_actions(s)
                a = legal[rng.randrange(len(legal))]
            engine.apply_action(s, a, check=False)
    assert events > 50


@pytest.mark.parametrize("stack", [
    ["a"], ["a", "a"], ["a", "b", "c"], ["a", "a", "b", "c", "c", "c"], ["b", "a", "c"], ["c", "a", "a", "b"],
    [f"t{i:02d}" for i in range(21)],
])
def test_multiset_walk_equals_the_outcome_list(stack):
    """Draws from sorted and unsorted stacks (by the running sums kept per stack, asked twice)
    are those of the outcome list."""
    made = {k: Action("badge", (k,)) for k in stack}
    outs = chance.combos._outcomes_of(tuple(stack))
    probe = random.Random(len(stack))
    acc, xs = 0.0, [0.0, 1.0 - 2**-53] + [probe.random() for _ in range(200)]
    for _, pr in outs:
        acc += pr
        xs += [acc, acc - 1e-12]
    for x in [x for x in xs if 0.0 <= x < 1.0]:
        acc, want = 0.0, made[outs[-1][0]]
        for k, pr in outs:
            acc += pr
            if x < acc:
                want = made[k]
                break
        assert chance._pick_multiset(stack, made, x) == want, (stack, x)
        assert chance._pick_multiset(list(stack), made, x) == want, (stack, x)


def test_settle_forced_matches_the_outcome_list():
    """An event with one outcome is resolved as that outcome; with none, dropped; with more,
    left pending (the rule of engine.run)."""
    s = new_state(3, seed="forced", edition="swow")
    ed = s.spec.edition
    s.chance = [("banner", 0)]
    s.banner_stack = ["orcs"]
    _race, power, coins = s.column[0]
    s.column = replaced(s.column, 0, (None, power, coins))
    t = s.copy()
    assert chance.settle_forced(t) and t.column[0][0] == "orcs" and not t.chance
    s.banner_stack = ["orcs", "orcs"]
    t = s.copy()
    assert chance.settle_forced(t) and t.column[0][0] == "orcs" and t.banner_stack == ["orcs"]
    s.banner_stack = ["orcs", "humans"]
    t = s.copy()
    assert not chance.settle_forced(t) and t.chance == [("banner", 0)]
    s.banner_stack, s.banner_bottom = [], []
    t = s.copy()
    assert chance.settle_forced(t) and not t.chance
    assert "orcs" in ed.races and "humans" in ed.races
