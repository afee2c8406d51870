"""Sorcerers (C-R-SORCERERS-1..5).

- Once per turn **per opponent**, in the conquest phase, ``sorcery R`` conquers Region ``R`` by
  replacing the lone token of an opponent's **Active** race there with a Sorcerer token from the
  box; the replaced token goes back to the box (an Elf too: the loss's cause is ``"sorcery"``,
  not ``"conquest"``, C-R-ELVES-2).
- The token must be the only race token there; a Troll Lair, Fortress or Mountain does not
  protect it (they are removed as in any conquest), an Encampment does. Immune Regions and a
  Diplomat's peace are respected (the core's targets leave them out).
- The Region must be a target of the Sorcerers' ordinary conquests while they hold a Region
  (adjacency, widened by Flying and Underworld: a Ruling); never a first conquest.
- Like every conquest it needs at least one Sorcerer token in hand to be started (C-R-SORCERERS-4,
  R-CONQ-10); the hand does not shrink, the new token comes from the box. Impossible with no
  Sorcerer left in the box (C-EDGE-10) and after a final-conquest roll (the conquest phase is over
  then).
- It is a conquest of a non-empty Region (Pillaging, Diplomat count it); exactly 1 Sorcerer
  token is placed; nothing is redeployed by the victim.
"""

from __future__ import annotations

from smallworld.classic.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import has_regions, resolve_conquest, targets
from smallworld.core.meta import ActionSpec, Flag
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, State

_USED = "sorcerers-victims"
ENCAMPMENT = "encampment"


@register
class Sorcerers(Ability):
    id = "sorcerers"
    kind = "race"
    rule = "C-R-SORCERERS-1"
    summary = N_("Once per turn per opponent, replace a lone Active enemy token next to you with a Sorcerer.")
    flags = (Flag("sorcerers-victims", encode="seats", rl_name="sorcery_victim",
                  words="the seats whose token the Sorcerers replaced this turn"),)
    action_specs = (
        ActionSpec("sorcery", ("region",), phrase="Sorcery: replace the lone enemy token in {0} with a Sorcerer"),
    )
    action_kinds = frozenset({"sorcery"})

    def actions(self, s: State, owner: int) -> list[Action]:
        if s.phase != CONQUER or s.decisions or s.chance or s.in_box(self.id) < 1 or s.hand[owner] < 1:
            return []
        if not has_regions(s, owner):
            return []
        used = s.tflags.get(_USED, ())
        occ, tokens = s.occ, s.tokens
        camps = s.pieces.get(ENCAMPMENT)
        acts = s.spec.region_actions("sorcery")
        out = []
        for r in targets(s, owner):
            c = occ[r]
            if c < 0 or c % 2 or c // 2 == owner or c // 2 in used or tokens[r] != 1:
                continue
            if camps is not None and camps[r]:
                continue
            out.append(acts[r])
        return out

    def apply(self, s: State, owner: int, action: Action) -> None:
        r = s.spec.region(str(action.args[0]))
        victim = s.occ[r] // 2
        changes.set_tflag(s, _USED, tuple(sorted({*s.tflags.get(_USED, ()), victim})))
        changes.tray_to_hand(s, owner, self.id, 1)
        resolve_conquest(s, owner, r, 1, 1, "sorcery", cause="sorcery")
