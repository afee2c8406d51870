"""Shared test helpers: build positions from scenario text, play seeded random games."""

from __future__ import annotations

import random
import textwrap

import pytest

from smallworld.core import chance, engine, roster
from smallworld.core.game import Game
from smallworld.core.state import CHANCE, State
from smallworld.scenarios import scenario_from_text

# every cached roster is checked against a fresh one: a write to races, powers or items that
# forgets smallworld.core.roster.changed(s) fails the test that made it
roster.STRICT = True


def scenario(text: str) -> State:
    """A state from scenario TOML (docs/scenarios.md), dedented."""
    return scenario_from_text(textwrap.dedent(text))


def play_random(n_players: int, seed: int, *, check: bool = False) -> Game:
    """A complete game with uniformly random legal actions (chance from the game's RNG)."""
    g = Game.new(n_players, seed=seed)
    rng = random.Random(seed)
    while not g.state.is_over():
        if g.current_player() == CHANCE:
            g.resolve_chance()
        else:
            g.apply(rng.choice(g.legal_actions()), check=check)
    return g


def random_step(s: State, rng: random.Random) -> None:
    """Apply one uniformly random legal action to ``s``, or sample the pending chance event
    with ``rng``."""
    if s.current_player() == CHANCE:
        a = chance.sample(s, rng)
    else:
        legal = engine.legal_actions(s)
        a = legal[rng.randrange(len(legal))]
    engine.apply_action(s, a, check=False)


def acts(s: State) -> set[str]:
    """The legal actions of ``s`` as text."""
    return {str(a) for a in engine.legal_actions(s)}


@pytest.fixture
def make():
    return scenario
