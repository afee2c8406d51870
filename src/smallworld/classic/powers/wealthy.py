"""Wealthy (C-P-WEALTHY-1): +7 VC once, at the end of the turn in which the combo was picked."""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.meta import Flag
from smallworld.core.names import N_
from smallworld.core.state import State

_KEY = "wealthy-picked"


@register
class Wealthy(Ability):
    id = "wealthy"
    kind = "power"
    rule = "C-P-WEALTHY-1"
    summary = N_("+7 coins once, at the end of the turn you pick this combo.")
    flags = (Flag("wealthy-picked", encode="count", words="the combo was picked this turn"),)

    def on_pick(self, s: State, owner: int) -> None:
        changes.set_tflag(s, _KEY, True)

    def score(self, s: State, owner: int) -> list[tuple[str, int]]:
        return [("Wealthy", 7)] if s.tflags.get(_KEY) else []
