"""States pickle (RL vector envs, process pools, Ray workers send them), in both builds: the
compiled State is an extension type whose generated pickling once refused every state
("Argument '__pyx_state' has incorrect type"); ``State.__reduce__`` is the one way now."""

from __future__ import annotations

import pickle
import random

import pytest

from smallworld.core import chance, engine
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE


def _played(edition: str, steps: int, seed: int) -> object:
    s = new_state(3, seed=seed, edition=edition)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        if s.current_player() == CHANCE:
            engine.apply_action(s, chance.sample(s, rng), check=False)
        else:
            legal = engine.legal_actions(s)
            engine.apply_action(s, legal[rng.randrange(len(legal))], check=False)
    return s


@pytest.mark.parametrize("edition", ["swow", "classic"])
@pytest.mark.parametrize("steps", [0, 40, 400])
def test_a_pickled_state_is_the_same_game(edition, steps):
    s = _played(edition, steps, seed=11)
    engine.legal_actions(s)  # a roster in the cache: left out of the pickle, rebuilt
    back = pickle.loads(pickle.dumps(s))
    assert type(back) is type(s)
    assert back.to_dict() == s.to_dict()
    assert back.roster_cache is None
    assert engine.legal_actions(back) == engine.legal_actions(s)
    # and it plays on exactly as the original does
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(60):
        if s.is_over():
            break
        for st, rng in ((s, rng_a), (back, rng_b)):
            if st.current_player() == CHANCE:
                engine.apply_action(st, chance.sample(st, rng), check=False)
            else:
                legal = engine.legal_actions(st)
                engine.apply_action(st, legal[rng.randrange(len(legal))], check=False)
    assert back.to_dict() == s.to_dict()


def test_a_pickled_state_shares_nothing_with_the_original():
    s = _played("swow", 30, seed=3)
    back = pickle.loads(pickle.dumps(s))
    back.vc[0] += 7
    back.occ[0] = -9
    assert s.vc[0] != back.vc[0] and s.occ[0] != -9
