"""Berserk (C-P-BERSERK-1..3).

- Before each conquest the player may roll the die (``berserk``, then the chance action
  ``roll N``); that conquest costs ``max(1, cost - roll)`` and places exactly that many tokens
  (a ``conquest_reduction`` of the roll, used up by the next conquest).
- If after a roll it cannot pay for any target, that roll was its final attempt: only ``end``
  ends at once and the hand is redeployed (C-P-BERSERK-2). Abandoning after a roll and before
  any conquest stays possible (not ruled by the rulebook; the core offers abandons until the
  first conquest).
- A Berserk race never makes the ordinary final-conquest roll on top (``no_final_conquest``);
  no roll without a token in hand (R-CONQ-10).
"""

from __future__ import annotations

from typing import Any

from smallworld.classic.registry import register
from smallworld.core import chance, changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import Conquest
from smallworld.core.meta import ActionSpec, EventWords, Flag
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, State

_ROLL = "berserk-roll"
_BERSERK = Action("berserk")


def _outcomes(s: State, ev: tuple[Any, ...]) -> list[tuple[Action, float]]:
    return list(s.spec.edition.die_outcomes)


def _apply(s: State, ev: tuple[Any, ...], a: Action) -> None:
    """The roll applies to the next conquest; with nothing affordable, conquests end now and the
    hand is redeployed (C-P-BERSERK-2). Reports ``berserk_rolled`` (``seat``, ``face``)."""
    from smallworld.core.engine import conquer_actions

    changes.emit(s, "berserk_rolled", seat=ev[1], face=int(a.args[0]))
    changes.set_tflag(s, _ROLL, int(a.args[0]))
    if not any(x.kind == "conquer" for x in conquer_actions(s, ev[1])):
        changes.end_conquests(s)


chance.register("berserk", "roll", _outcomes, _apply)


@register
class Berserk(Ability):
    id = "berserk"
    kind = "power"
    rule = "C-P-BERSERK-1"
    summary = N_("Roll the die before each conquest; the roll lowers its cost.")
    flags = (Flag("berserk-roll", encode="count", scale=3, words="the die rolled for the next conquest"),)
    action_specs = (ActionSpec("berserk", phrase="Berserk: roll the die before the next conquest"),)
    action_kinds = frozenset({"berserk"})
    event_words = (EventWords("berserk_rolled", "{who}'s Berserk die shows {face}: the next "
                                                "conquest costs that much less"),)

    def no_final_conquest(self, s: State, owner: int) -> bool:
        return True

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        return int(s.tflags.get(_ROLL, 0))

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        changes.clear_tflag(s, _ROLL)

    def actions(self, s: State, owner: int) -> list[Action]:
        if s.phase != CONQUER or s.decisions or s.chance or _ROLL in s.tflags or s.hand[owner] < 1:
            return []
        return [_BERSERK]

    def apply(self, s: State, owner: int, action: Action) -> None:
        changes.queue_chance(s, ("berserk", owner))
