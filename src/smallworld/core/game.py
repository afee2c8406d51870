"""A game in progress: state + record + a seeded source of chance.

:class:`Game` is what drivers (CLI, web server, tournaments, RL) hold: it applies actions,
appends them to the record, and resolves chance events from its own seeded RNG (never the global
one), so the same seed and the same player actions give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from smallworld.core import chance
from smallworld.core.actions import Action, as_action
from smallworld.core.record import GameRecord, replay
from smallworld.core.setup import header_for, new_state
from smallworld.core.state import CHANCE, State


class Game:
    """A game with its record.

    Attributes:
        state: the current :class:`State`. record: the :class:`GameRecord` so far.
    """

    def __init__(self, state: State, record: GameRecord, rng: random.Random) -> None:
        self.state = state
        self.record = record
        self.rng = rng

    @classmethod
    def new(
        cls,
        n_players: int,
        *,
        seed: int | str | None = None,
        faces: Sequence[str] | None = None,
        edition: str = "swow",
        seats: Sequence[str] | None = None,
    ) -> Game:
        """A new game; with ``seed`` None a random seed is chosen (and recorded).

        Raises:
            ValueError: bad player count, edition, face ids or seats.
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        s = new_state(n_players, seed=seed, faces=faces, edition=edition, seats=seats)
        return cls(s, GameRecord(header_for(s, seed)), _chance_rng(seed))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """Resume a recorded game (replays it; raises ``ReplayError`` if it does not replay).
        Later chance draws come from the header seed advanced past the recorded ones."""
        s = replay(record)
        rng = _chance_rng(record.header.get("seed"))
        words = {h[0] for h in chance.HANDLERS.values()}
        for _ in range(sum(1 for a in record.actions if a.split()[0] in words)):
            rng.random()
        return cls(s, GameRecord(dict(record.header), list(record.actions), record.result), rng)

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def current_player(self) -> int:
        return self.state.current_player()

    def apply(self, action: Action | str, *, check: bool = True) -> Action:
        """Apply a player's or chance action and record it. Raises like
        :func:`smallworld.core.engine.apply_action` (the game is unchanged then)."""
        a = as_action(action)
        self.state.apply(a, check=check)
        self.record.actions.append(str(a))
        if self.state.is_over():
            self.record.result = self.state.result
        return a

    def resolve_chance(self) -> Action:
        """Draw the pending chance event's outcome from this game's RNG and apply it."""
        return self.apply(chance.sample(self.state, self.rng), check=False)

    def settle(self) -> None:
        """Resolve chance events until a player must act or the game is over."""
        while self.state.current_player() == CHANCE:
            self.resolve_chance()

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result


def _chance_rng(seed: Any) -> random.Random:
    return random.Random(f"smallworld:{seed}:chance")
