"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from smallworld.bots.base import SeededBot
from smallworld.core.actions import Action
from smallworld.core.state import State


class RandomBot(SeededBot):
    """Chooses uniformly among the legal actions (reads nothing else)."""

    name = "random"

    def choose(self, state: State, player: int, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
