"""Heart of Azeroth (RULES §11, R-ORDER-2): at the end of each of its owner's turns the owner
moves it to one of its Regions (``heart R``, a placement-step decision, only when there is a
choice); after scoring, each opponent whose Active race holds a Region adjacent to it pays the
owner 1 VC. A forced payment (RULES §8): the payer gives what it has, down to 0.

In Decline it does nothing (R-ITEM-1). Rulings: one payment per opponent, however many adjacent
Regions it holds; in the team variant teammates pay too (the rule says "each opponent" and the
variant does not exempt them, RULES §12 is silent).
"""

from __future__ import annotations

from smallworld.content.items import _shared
from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "heart-of-azeroth"
PAYMENT_VC = 1


@register
class HeartOfAzeroth(Ability):
    id = ID
    kind = "item"
    rule = "§11 Heart of Azeroth"
    summary = N_("Move it each turn; opponents holding a Region next to it pay you 1 coin.")
    action_specs = (ActionSpec("heart", ("region",), phrase="Move the Heart of Azeroth to {0}"),)
    action_kinds = frozenset({"heart"})

    def at_turn_end(self, s: State, owner: int, step: str) -> None:
        if step == "placement":
            _shared.ask_placement(s, owner, ID)
        elif step == "payments":
            self._collect(s, owner)

    def _collect(self, s: State, owner: int) -> None:
        r = _shared.where(s, ID)
        if r < 0:
            return
        occ = s.occ
        payers = sorted({occ[q] // 2 for q in s.spec.adj[r] if occ[q] >= 0 and occ[q] % 2 == 0})
        total = 0
        for q in payers:
            if q == owner:
                continue
            paid = min(PAYMENT_VC, s.vc[q])
            changes.pay_vc(s, q, paid, owner, why="score")  # the line below tells the gain
            total += paid
        if total:
            changes.score_line(s, owner, "Heart of Azeroth", total, source="item")

    def actions(self, s: State, owner: int) -> list[Action]:
        if not _shared.deciding(s, owner, ID):
            return []
        return _shared.placement_actions(s, owner, ID, "heart")

    def apply(self, s: State, owner: int, action: Action) -> None:
        _shared.apply_placement(s, owner, ID, action)
