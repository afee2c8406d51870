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


def bot_rng(name: str, seed: int | str | None) -> random.Random:
    """The RNG of bot ``name`` with ``seed`` (its own, never the global one)."""
    return random.Random(f"bot:{name}:{seed}")


class SeededBot:
    """Base for bots with their own RNG (never the global one)."""

    name = "bot"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = bot_rng(self.name, seed)
