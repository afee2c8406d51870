"""Playing whole games with bots (used by the CLI, benchmarks and tournaments)."""

from __future__ import annotations

from collections.abc import Sequence

from smallworld.bots import Bot
from smallworld.core import engine
from smallworld.core.game import Game
from smallworld.core.state import CHANCE


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int | str,
    faces: Sequence[str] | None = None,
    edition: str = "swow",
    seats: Sequence[str] | None = None,
    max_actions: int = 100_000,
) -> Game:
    """Play one complete game, seat ``i`` played by ``bots[i]``; chance from the game's seed.

    Raises:
        RuntimeError: the game did not end within ``max_actions`` (an engine bug).
    """
    g = Game.new(len(bots), seed=seed, faces=faces, edition=edition, seats=seats)
    s = g.state
    for _ in range(max_actions):
        if s.is_over():
            return g
        p = s.current_player()
        if p == CHANCE:
            g.resolve_chance()
        else:
            legal = engine.legal_actions(s)
            g.apply(bots[p].choose(s, p, legal), check=False)
    raise RuntimeError(f"game with seed {seed} did not end within {max_actions} actions")
