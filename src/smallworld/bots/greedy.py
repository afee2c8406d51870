"""The greedy bot: a fast heuristic player (one-step lookahead, no search).

It decides on a :func:`smallworld.core.view.determinize` copy of the game made for its seat, so it
never reads a hidden fact (RULES §15); the copy's guessed opponent VC play no part in its choices.

- **Combo** (R-PICK-*): each affordable combo is picked on a copy, the rest of the turn is played
  with the fast policy, and the combo with the best projected final VC wins (tokens, coins on the
  combo minus the price, race and power effects as the engine applies them, and the projected
  income of the turns left).
- **Decline** (R-DEC-1): the turn is played both ways on copies (same chance draws) and the
  projected final VC compared; the projection (:func:`~smallworld.bots.evaluate.project`) knows
  that an exhausted race expands little and that a new race needs turns to pay off.
- **Conquests** (R-CONQ-*): each target is conquered on a copy and valued by
  :func:`~smallworld.bots.evaluate.position_value` (Region worth over the expected turns held,
  race/power scoring bonuses from a ``score_turn`` lookahead, VC bonuses, faction bonus, damage
  to opponents); the best value per token is taken while it beats keeping the tokens back. The
  final conquest (R-CONQ-9) is tried only when no ordinary conquest is worth it, by expected
  value over the die. Ability actions and tolls are valued the same way.
- **Redeployment** (R-TROOP-3/4): tokens go one by one where they most lower the expected loss:
  Regions next to opponents' Active races and Entry Regions first.
"""

from __future__ import annotations

import random

from smallworld.bots.base import SeededBot
from smallworld.bots.policy import AbilityCounter, HeuristicPolicy
from smallworld.core.actions import Action
from smallworld.core.state import State
from smallworld.core.view import determinize


class GreedyBot(SeededBot):
    """Heuristic one-step player (see the module doc). Deterministic for a given seed."""

    name = "greedy"

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.policy = HeuristicPolicy(self.rng, exact=True)
        self._abilities = AbilityCounter()

    def choose(self, state: State, player: int, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        world = determinize(state, player, random.Random(self.rng.random()))
        self._abilities.prime(world, player)
        action = self.policy.choose(world, player, legal)
        self._abilities.record(action)
        return action
