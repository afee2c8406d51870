"""Ashes of Al'ar (RULES §11, R-ITEM-2): once per turn, conquer any Region of any board as if it
were adjacent (no travel cost), otherwise at the normal cost (``ashes R``, conquest phase). With
too few tokens it is the final conquest (R-CONQ-9). The Ashes move into the Region conquered.

Rulings: offered only where it changes something (Regions that are not ordinary targets, or
ordinary targets that would pay the travel cost); Sea/Lake only for races that may enter water
(R-CONQ-5); never immune Regions. Tolls on the target are paid first (``pay KEY``, RULES §8).
In Decline the Ashes do nothing (R-ITEM-1).
"""

from __future__ import annotations

from smallworld.content.items import _shared, frostmourne
from smallworld.content.registry import register
from smallworld.core import changes, hooks
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import Conquest, conquest_cost, targets
from smallworld.core.meta import ActionSpec, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "ashes-of-alar"
MODE = "ashes"


@register
class AshesOfAlar(Ability):
    id = ID
    kind = "item"
    rule = "§11 Ashes of Al'ar"
    summary = N_("Once per turn, conquer any Region of any board as if adjacent.")
    flags = _shared.conquest_item_flags(ID)
    action_specs = (ActionSpec("ashes", ("region",)),)
    uses = (UseLimit(_shared.used_flag(ID), 1, "Ashes of Al'ar"),)
    action_kinds = frozenset({"ashes"})

    def actions(self, s: State, owner: int) -> list[Action]:
        if not _shared.may_use(s, owner, ID):
            return []
        spec = s.spec
        ids = spec.region_ids
        occ = s.occ
        code = 2 * owner
        ordinary = targets(s, owner)
        may_water: bool | None = None
        check_immune = "immune" in hooks.LIVE_HOOKS
        out: list[Action] = []
        owed: list = []
        frost = frostmourne.bonus(s, owner)
        for r in range(spec.n_regions):
            if occ[r] == code:
                continue
            travel = ordinary.get(r)
            if travel == 0:
                continue  # an ordinary target already: the Ashes add nothing
            if travel is None:  # not an ordinary target: water, immune, or out of reach
                if spec.water[r]:
                    if may_water is None:
                        may_water = hooks.any_own(s, owner, "may_enter_water")
                    if not may_water:
                        continue
                if check_immune and hooks.immune_beyond_tolls(s, owner, r):
                    continue
            cost = conquest_cost(s, owner, r, 0, MODE)
            if not _shared.feasible(s, owner, cost) and not (
                frost and _shared.feasible(s, owner, max(cost - frost, 1, hooks.min_tokens(s, owner)))
            ):  # out of reach, even with Frostmourne's -2 (RULES §11: benefits cumulate)
                continue
            unpaid = _shared.unpaid_tolls(s, owner, r)
            if unpaid:  # pay first (RULES §8): their sum
                if _shared.affordable(s, owner, unpaid):
                    owed.extend(unpaid)
                continue
            out.append(Action("ashes", (ids[r],)))
        out.extend(_shared.pay_actions(s, owner, owed))
        return out

    def apply(self, s: State, owner: int, action: Action) -> None:
        r = s.spec.region(str(action.args[0]))
        needed = not _shared.feasible(s, owner, conquest_cost(s, owner, r, 0, MODE))
        if frostmourne.ask(s, owner, r, MODE, action, needed):  # Frostmourne may cumulate (§11)
            return
        changes.set_tflag(s, _shared.used_flag(ID), 1)
        cost = conquest_cost(s, owner, r, 0, MODE)
        _shared.conquer_or_final(s, owner, r, cost, MODE, ID)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if _shared.follows_conquest(s, ID, MODE, c):
            _shared.move(s, ID, c.region)
