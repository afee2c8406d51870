"""Doomhammer (RULES §11, R-ITEM-2): once per turn, conquer an ordinary target with exactly 1
token (Tauren 2: the race minimum, R-CONQ-4) after paying 2 VC to the target's owner, or to the
stash when it has none (empty Region, Murlocs) (``doomhammer R``). The payment is made in full
before the action (RULES §8): a player with fewer than 2 VC cannot use it. On the player's own
In Decline race the player pays itself (revised ruling): no VC moves, so no VC is needed. The
Doomhammer moves into the Region conquered.

Rulings: offered only where the ordinary cost is above the tokens it places; it is never a final
conquest. Tolls on the target are paid first (``pay KEY``, offered here too: a target only the
Doomhammer can afford is no ordinary conquest, so the engine would not offer its toll). In
Decline it does nothing (R-ITEM-1).
"""

from __future__ import annotations

from smallworld.content.items import _shared
from smallworld.content.registry import register
from smallworld.core import changes, hooks
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.conquest import Conquest, conquest_cost, resolve_conquest, targets
from smallworld.core.meta import ActionSpec, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "doomhammer"
MODE = "doomhammer"
PAYMENT_VC = 2


def payee(s: State, owner: int, r: int) -> int | None:
    """Who receives the Doomhammer's 2 VC for region ``r``: its occupant's player (the owner
    itself for its own In Decline race), or ``None`` (the stash) for an empty Region or Murlocs."""
    code = s.occ[r]
    if code < 0:
        return None
    return code // 2


@register
class Doomhammer(Ability):
    id = ID
    kind = "item"
    rule = "§11 Doomhammer"
    summary = N_("Once per turn, conquer a Region with exactly 1 token after paying its owner 2 coins.")
    flags = _shared.conquest_item_flags(ID)
    action_specs = (ActionSpec("doomhammer", ("region",), phrase="Doomhammer: pay 2 coins to take {0}"),)
    uses = (UseLimit(_shared.used_flag(ID), 1, "Doomhammer"),)
    action_kinds = frozenset({"doomhammer"})

    def actions(self, s: State, owner: int) -> list[Action]:
        if not _shared.may_use(s, owner, ID):
            return []
        broke = s.vc[owner] < PAYMENT_VC  # then only its own In Decline race (no VC moves)
        placed = hooks.min_tokens(s, owner)
        if s.hand[owner] < placed:
            return []
        ids = s.spec.region_ids
        out: list[Action] = []
        owed: list = []
        for r, travel in targets(s, owner).items():
            if broke and payee(s, owner, r) != owner:
                continue
            if conquest_cost(s, owner, r, travel) <= placed:
                continue
            unpaid = _shared.unpaid_tolls(s, owner, r)
            if unpaid:  # pay first (RULES §8); the engine drops a toll it offers already
                own_payment = 0 if payee(s, owner, r) == owner else PAYMENT_VC
                if _shared.affordable(s, owner, unpaid, own_payment):  # their sum with its 2 VC
                    owed.extend(unpaid)
                continue
            out.append(Action("doomhammer", (ids[r],)))
        out.extend(_shared.pay_actions(s, owner, owed))
        return out

    def apply(self, s: State, owner: int, action: Action) -> None:
        r = s.spec.region(str(action.args[0]))
        changes.set_tflag(s, _shared.used_flag(ID), 1)
        to = payee(s, owner, r)
        if to != owner:  # the owner paying itself moves no VC
            changes.pay_vc(s, owner, PAYMENT_VC, to)  # to the stash when ``to`` is None
        placed = hooks.min_tokens(s, owner)
        resolve_conquest(s, owner, r, placed, placed, MODE)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if c.mode == MODE:
            _shared.move(s, ID, c.region)
