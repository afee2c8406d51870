"""Frostmourne (RULES §11, R-ITEM-2): once per turn, one conquest costs 2 fewer tokens
(``frostmourne R`` on an ordinary target; reductions stack, then min 1 and the race minimum,
R-CONQ-4). With too few tokens it is the final conquest (R-CONQ-9). Frostmourne moves into the
Region conquered.

Special conquests (revised ruling: "one conquest -2, including a special conquest; benefits
always cumulate"): when the holder declares an Ashes of Al'ar conquest, a Gnomes airborne assault
or an Ethereals Legendary Place conquest while Frostmourne is unused and the -2 would lower its
cost, the holder is asked (a decision): ``frostmourne R`` spends Frostmourne on that conquest,
``done`` keeps it; then the declared conquest goes on. Not with Doomhammer or Championing, whose
token count is fixed (no choice is asked).

Rulings: ``frostmourne R`` is offered only where the -2 lowers the cost (not when the cost is
already at its minimum). A special conquest that only Frostmourne's -2 brings within reach is
offered too; declaring it spends Frostmourne at once (no choice). Frostmourne spent on an
airborne assault that fails stays spent. Tolls are paid first (RULES §8; ``pay KEY``
is offered here too, for targets that only the -2 brings within reach).
In Decline it does nothing (R-ITEM-1).
"""

from __future__ import annotations

from smallworld.content.items import _shared
from smallworld.content.registry import register
from smallworld.core import changes, hooks
from smallworld.core.ability import Ability
from smallworld.core.actions import Action, as_action
from smallworld.core.conquest import Conquest, conquest_cost, targets
from smallworld.core.meta import ActionSpec, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import State

ID = "frostmourne"
MODE = "frostmourne"
REDUCTION = 2
#: conquest modes Frostmourne cumulates with (Ashes of Al'ar, Gnomes, Ethereals)
SPECIAL_MODES = frozenset({"ashes", "airborne", "ethereals"})
#: turn flag ``pending:frostmourne``: while the holder chooses, the special action waiting (text);
#: once Frostmourne is spent on it, its Region (the -2 applies there; Frostmourne follows it)
_PENDING = _shared.pending_flag(ID)
_ANSWERED = "frostmourne-answered"  # transient (within one apply): the choice for that Region is made
_DONE = Action("done")


def bonus(s: State, owner: int) -> int:
    """The reduction an unused Frostmourne controlled by ``owner``'s Active race could still
    give a special conquest now (for listing the targets it brings within reach): 2 or 0."""
    where = _shared.where(s, ID)
    if where < 0 or s.occ[where] != 2 * owner or not _shared.may_use(s, owner, ID):
        return 0
    return REDUCTION


def ask(s: State, owner: int, r: int, mode: str, action: Action, needed: bool = False) -> bool:
    """Called by a special conquest (``mode`` in :data:`SPECIAL_MODES`) when ``action`` on
    region ``r`` is applied, before it is priced. If ``owner`` controls an unused Frostmourne
    whose -2 would lower that cost, push the holder's choice and return True: the special
    ability then stops, and ``action`` is applied again once the choice is made. ``needed``:
    the conquest is out of reach without Frostmourne (it was offered only thanks to
    :func:`bonus`), so Frostmourne is spent on it at once, no choice asked. Otherwise (or on the
    second application) return False."""
    if s.tflags.get(_ANSWERED) == r or not bonus(s, owner):
        return False
    if conquest_cost(s, owner, r, 0, mode) <= max(1, hooks.min_tokens(s, owner)):
        return False  # already at its minimum: the -2 changes nothing
    if needed:
        changes.set_tflag(s, _shared.used_flag(ID), 1)
        changes.set_tflag(s, _PENDING, r)
        return False
    changes.set_tflag(s, _PENDING, str(action))
    changes.ask(s, owner, f"item:{ID}")
    return True


@register
class Frostmourne(Ability):
    id = ID
    kind = "item"
    rule = "§11 Frostmourne"
    summary = N_("Once per turn, one conquest costs 2 fewer tokens.")
    flags = _shared.conquest_item_flags(ID)
    action_specs = (ActionSpec("frostmourne", ("region",), phrase="Frostmourne: conquer {0} for 2 tokens fewer"),)
    uses = (UseLimit(_shared.used_flag(ID), 1, "Frostmourne"),)
    action_kinds = frozenset({"frostmourne"})

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        if mode == MODE or (mode in SPECIAL_MODES and s.tflags.get(_PENDING) == r):
            return REDUCTION
        return 0

    def actions(self, s: State, owner: int) -> list[Action]:
        if _shared.deciding(s, owner, ID):  # a special conquest asks: use it there, or keep it
            pending = as_action(s.tflags[_PENDING])
            return [Action(ID, (pending.args[0],)), _DONE]
        if not _shared.may_use(s, owner, ID):
            return []
        ids = s.spec.region_ids
        out: list[Action] = []
        owed: list = []
        for r, travel in targets(s, owner).items():
            cost = conquest_cost(s, owner, r, travel, MODE)
            if cost >= conquest_cost(s, owner, r, travel) or not _shared.feasible(s, owner, cost):
                continue
            unpaid = _shared.unpaid_tolls(s, owner, r)
            if unpaid:  # pay first (RULES §8); the engine drops a toll it offers already
                if _shared.affordable(s, owner, unpaid):  # their sum
                    owed.extend(unpaid)
                continue
            out.append(Action("frostmourne", (ids[r],)))
        out.extend(_shared.pay_actions(s, owner, owed))
        return out

    def apply(self, s: State, owner: int, action: Action) -> None:
        if _shared.deciding(s, owner, ID):
            changes.close_decision(s)
            pending = as_action(changes.clear_tflag(s, _PENDING))
            r = s.spec.region(str(pending.args[0]))
            if action.kind == ID:
                changes.set_tflag(s, _shared.used_flag(ID), 1)
                # the -2 there; it follows a final conquest there too
                changes.set_tflag(s, _PENDING, r)
            ab = hooks.ability_for_action(s, owner, pending.kind)
            assert ab is not None, pending
            changes.set_tflag(s, _ANSWERED, r)
            try:
                ab.apply(s, owner, pending)  # the declared special conquest goes on
            finally:
                changes.clear_tflag(s, _ANSWERED)
            return
        r = s.spec.region(str(action.args[0]))
        changes.set_tflag(s, _shared.used_flag(ID), 1)
        cost = conquest_cost(s, owner, r, targets(s, owner)[r], MODE)
        _shared.conquer_or_final(s, owner, r, cost, MODE, ID)

    def on_conquest(self, s: State, owner: int, c: Conquest) -> None:
        if _shared.follows_conquest(s, ID, MODE, c) or (
            c.mode in SPECIAL_MODES and s.tflags.get(_PENDING) == c.region
        ):
            _shared.move(s, ID, c.region)
