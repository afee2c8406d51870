"""The bot interface."""

from __future__ import annotations

import random
from typing import Protocol

from smallworld.core.actions import Action
from smallworld.core.state import State


class Bot(Protocol):
    """A player program. ``choose`` must return one of ``legal`` and may read only what
    ``smallworld.core.view.view(state, player)`` shows."""

    name: str

    def choose(self, state: State, player: int, legal: list[Action]) -> Action: ...


class SeededBot:
    """Base for bots with their own RNG (never the global one)."""

    name = "bot"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(f"bot:{self.name}:{seed}")
