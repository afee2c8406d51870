"""Random playouts: a game played to its end by uniformly random choices, chance drawn from the
same random stream (``smallworld bench`` measures the engine with them; search bots play their
own policies the same way). Part of the compiled core (``playout.pxd``), so that the loop
around the engine's calls is not interpreted Python."""

from __future__ import annotations

from typing import Any

from smallworld.core import chance
from smallworld.core.engine import apply_action, legal_actions
from smallworld.core.state import CHANCE, State


def random_playout(s: State, rng: Any) -> int:
    """Play ``s`` to the end: each player's action uniform among :func:`legal_actions`
    (``legal[int(rng.random() * len(legal))]``), each chance event drawn as
    :func:`smallworld.core.chance.sample` draws it (one ``rng.random()``). Returns the number of
    actions applied; ``s`` is over afterwards.

    Args:
        s: the game, played in place.
        rng: a ``random.Random`` (only its ``random()`` is called).
    """
    n = 0
    rand = rng.random
    while not s.is_over():
        if s.current_player() == CHANCE:
            a = chance.choose(s, rand())
        else:
            legal = legal_actions(s)
            a = legal[int(rand() * len(legal))]
        apply_action(s, a, check=False)
        n += 1
    return n
