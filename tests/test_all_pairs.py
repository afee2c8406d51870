"""Every race with every Special Power (16 x 20 combos) in a complete 5-player random game.

Each game starts with seat 0 picking the combo under test (R-PICK-2, position 0), then every
seat plays uniformly random legal actions to the end (R-TURN-1), with the invariants of
tests/invariants.py checked at every turn change and at the end.
"""

from __future__ import annotations

import random

import pytest

from smallworld.content.data import POWERS, RACES
from smallworld.core import chance, engine
from smallworld.core.state import CHANCE
from tests.conftest import scenario
from tests.invariants import check_invariants

BOARDS = '["L1", "L3", "M1", "S1", "S3"]'


def _game_with(race: str, power: str, seed: int):
    others = [(r, p) for r, p in zip(sorted(set(RACES) - {race}), sorted(set(POWERS) - {power}))][:5]
    combos = ", ".join(f'["{r}", "{p}", 0]' for r, p in [(race, power), *others])
    s = scenario(f"""
        boards = {BOARDS}
        phase = "pick"
        setup_murlocs = true
        [[players]]
        [[players]]
        [[players]]
        [[players]]
        [[players]]
        [column]
        combos = [{combos}]
    """)
    engine.apply_action(s, "pick 0")
    assert (s.active[0], s.power[0]) == (race, power)
    rng = random.Random(seed)
    turn = None
    while not s.is_over():
        if s.turn != turn:
            check_invariants(s)
            turn = s.turn
        if s.current_player() == CHANCE:
            engine.apply_action(s, chance.sample(s, rng), check=False)
        else:
            legal = engine.legal_actions(s)
            engine.apply_action(s, legal[rng.randrange(len(legal))], check=False)
    check_invariants(s)
    return s


@pytest.mark.parametrize("race", sorted(RACES))
def test_race_with_every_power_plays_to_the_end(race):
    """RULES §9-§10: every race/power pair plays a whole 5-player game without error."""
    for i, power in enumerate(sorted(POWERS)):
        s = _game_with(race, power, seed=i)
        assert s.result is not None and len(s.result["scores"]) == 5
