"""Portal Mage (RULES §10): twice per turn, in the conquest phase ("during its conquests, before the
final conquest"), swap all pieces between two Magic Regions of any boards: the occupant and its
tokens (Murlocs too), Forts, Wisp Walls, Beasts, the Champion, Military Objectives, placed Bombs
and face-up Artifacts (revised ruling); Mountains, Legendary Places and face-down items stay. A
player's race swapped into a Region with a face-down item reveals it (R-ITEM-1); Murlocs swapped
there reveal nothing (revised ruling: only a player's race entering reveals, EN/KO).

Action: ``portal A B`` (A before B in Region order). A swap is no conquest (no bonus, no loss).

- Immune Regions (Watch Tower) cannot be part of a swap; an Aegis Region only once its toll is
  paid (``pay aegis``). A swap owes the tolls of both its Regions: a toll is offered only for a
  swap whose tolls together the player can pay (RULES §8, revised ruling).
- Pandaren (Harmony): swapping the Active Pandaren's tokens away is an attack: a Harmony holder
  pays first (``pay harmony``); a Portal Mage Pandaren player attacks the Active races it moves
  (helpers of :mod:`smallworld.content.races.pandaren`).

Rulings: any two Magic Regions may be swapped, not only the mage's own, but not two Regions with
nothing to swap. Sea and Lake Regions never take part (only Naga may hold them, R-CONQ-5). The
Artifacts always move, whatever items stay (a Region may hold any number of items, R-ITEM-2).
"""

from __future__ import annotations

from itertools import combinations

from smallworld.content.data import ITEMS
from smallworld.content.powers._attacks import attack_tolls, pay_actions
from smallworld.content.races import pandaren
from smallworld.content.registry import register
from smallworld.core import changes
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Flag, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, EMPTY, State

USES = "portal-mage-uses"  # turn flag: swaps made this turn
MAX_USES = 2
STAY = frozenset({"mountain"})  # pieces that never move (placed Bombs move: revised ruling)


def _movable_item(item: str) -> bool:
    """A face-up Artifact (Legendary Places and face-down items stay)."""
    return item != "?" and ITEMS[item].kind == "artifact"


def _has_content(s: State, r: int) -> bool:
    if s.occ[r] != EMPTY or any(_movable_item(it) for it in s.items[r]):
        return True
    return any(lst[r] for k, lst in s.pieces.items() if k not in STAY)


@register
class PortalMage(Ability):
    id = "portal-mage"
    kind = "power"
    rule = "§10 Portal Mage"
    summary = N_("Twice per turn, swap everything between two Magic Regions.")
    flags = (Flag("portal-mage-uses", encode="count", scale=2, words="swaps made this turn"),)
    action_specs = (
        ActionSpec("portal", ("region", "region"), unordered=True,
                   phrase="Portal: swap everything between {0} and {1}"),
    )
    uses = (UseLimit("portal-mage-uses", 2, "Portal Mage"),)
    action_kinds = frozenset({"portal"})

    def actions(self, s: State, owner: int) -> list[Action]:
        """``portal A B`` for each pair of Magic Regions with something to swap."""
        if s.phase != CONQUER or s.decisions or s.chance or s.tflags.get(USES, 0) >= MAX_USES:
            return []
        spec = s.spec
        magic, water, ids = spec.magic, spec.water, spec.region_ids
        cands: list[int] = []
        owed_of: dict[int, list] = {}
        content: dict[int, bool] = {}
        for r in range(spec.n_regions):
            if not magic[r] or water[r]:
                continue
            owed = attack_tolls(s, owner, r)
            if owed is None:  # immune
                continue
            cands.append(r)
            owed_of[r] = owed
            content[r] = _has_content(s, r)
        out: list[Action] = []
        pays: list[Action] = []
        offered: set[str] = set()
        for a, b in combinations(cands, 2):
            if not (content[a] or content[b]):
                continue
            owed = owed_of[a] + owed_of[b]
            if not owed:
                out.append(Action("portal", (ids[a], ids[b])))
            else:  # pay first (Harmony, Aegis): the swap owes both Regions' tolls (RULES §8)
                pays.extend(pay_actions(s, owner, owed, offered))
        return out + pays

    def apply(self, s: State, owner: int, action: Action) -> None:
        """Swap the two Regions' contents."""
        a = s.spec.region(str(action.args[0]))
        b = s.spec.region(str(action.args[1]))
        changes.bump_tflag(s, USES)
        for r in (a, b):
            code = s.occ[r]
            if code >= 0 and code % 2 == 0:
                pandaren.note_attack(s, owner, code // 2)
        changes.swap_regions(s, a, b, STAY)
        items = s.items
        go_b = [x for x in items[a] if _movable_item(x)]  # Artifacts follow (Places stay)
        go_a = [x for x in items[b] if _movable_item(x)]
        for x in go_b:
            changes.take_item(s, a, x)
        for x in go_a:
            changes.take_item(s, b, x)
        for x in go_a:
            changes.put_item(s, a, x)
        for x in go_b:
            changes.put_item(s, b, x)
        for r in (a, b):  # a player's race entering reveals; Murlocs reveal nothing
            if s.occ[r] >= 0 and "?" in items[r] and ("item", r) not in s.chance:
                changes.queue_chance(s, ("item", r))
