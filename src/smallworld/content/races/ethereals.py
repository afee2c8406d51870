"""Ethereals (RULES §9): once per turn, during their conquests, **either** steal a face-up
Artifact from a Region adjacent to one of theirs into that Region of theirs, **or** conquer an
adjacent Region holding a Legendary Place at -2. Only one of the two per turn (KO).

Actions (conquest phase, before the final conquest):

- ``steal FROM TO``: the Artifact in Region FROM moves to the Ethereals' Region TO (adjacent to
  FROM), whatever items lie in TO (a Region may hold any number, R-ITEM-2); the Active race
  holding TO controls it at once (R-ITEM-1). When FROM holds several face-up Artifacts the
  action names the one taken: ``steal FROM TO ARTIFACT``.
- ``conquer-legend R``: conquer R (adjacent to an Ethereals Region, holding a face-up Legendary
  Place) with the cost reduced by 2 (stacking with other reductions, then min 1, R-CONQ-4). With
  too few tokens it is the final conquest (R-CONQ-9), as an ordinary ``conquer``.

Rulings: only face-up items count (a face-down one is unknown to everyone, RULES §15). FROM may
be any Region not held by the Active Ethereals (empty, Murlocs, any race, their own In Decline
race) that is not immune to them ("Ethereals' theft" is a power, RULES §10). Tolls owed on R
(Harmony, Marshdweller, Aegis) are paid first.
"""

from __future__ import annotations

from smallworld.content.data import ITEMS
from smallworld.content.items import _shared, frostmourne
from smallworld.content.registry import register
from smallworld.core import changes, conquest, hooks
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Flag, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, State

#: conquest mode of the Legendary Place conquest (asked of ``conquest_reduction``)
MODE = "ethereals"
#: turn flag: which once-per-turn option was used this turn, "steal" or "conquer" (public)
USED_FLAG = "ethereals-used"
FINAL_MAX_SHORT = 3  # R-CONQ-9


def _reachable(s: State, p: int, cost: int) -> bool:
    """Enough tokens for a conquest at ``cost``, or at most 3 short for a final one (R-CONQ-9)."""
    hand, need, aux = s.hand[p], hooks.min_tokens(s, p), hooks.auxiliaries(s, p)
    return max(need, cost - aux) <= hand or (hand >= need and cost - hand - aux <= FINAL_MAX_SHORT)


def _face_up(item: str | None, kind: str) -> bool:
    return item is not None and item != "?" and ITEMS[item].kind == kind


@register
class Ethereals(Ability):
    id = "ethereals"
    kind = "race"
    rule = "§9 Ethereals"
    summary = N_(
        "Once per turn: steal a face-up Artifact next to you, or conquer a Region with a Legendary "
        "Place next to you for 2 fewer tokens."
    )
    flags = (Flag("ethereals-used", encode="choice", choices=("steal", "conquer"),
                  words="this turn's use: an Artifact stolen or a Legendary Place conquered"),)
    action_specs = (
        ActionSpec("conquer-legend", ("region",), phrase="Conquer the Legendary Place in {0} (2 tokens fewer)"),
        ActionSpec("steal", ("region", "region"), phrase="Steal the Artifact in {0}"),
    )
    uses = (UseLimit("ethereals-used", 1, "Ethereals' steal or Legendary Place conquest",
                     done=(("steal", "Ethereals: Artifact stolen"), ("conquer", "Ethereals: Legendary Place conquered"))),)
    action_kinds = frozenset({"steal", "conquer-legend"})

    def conquest_reduction(self, s: State, owner: int, r: int, mode: str) -> int:
        """-2 for the Legendary Place conquest only."""
        return 2 if mode == MODE else 0

    def actions(self, s: State, owner: int) -> list[Action]:
        """The unused option's actions, while conquering on the owner's turn."""
        if s.phase != CONQUER or s.turn != owner or USED_FLAG in s.tflags:
            return []
        items = s.items
        if not any(it != "?" for here in items for it in here):
            return []
        code = 2 * owner
        occ = s.occ
        adj = s.spec.adj
        ids = s.spec.region_ids
        out: list[Action] = []
        check_immune = "immune" in hooks.LIVE_HOOKS
        for src, here in enumerate(items):
            if occ[src] == code or not here:
                continue
            near = [d for d in adj[src] if occ[d] == code]
            if not near:
                continue
            artifacts = [it for it in here if _face_up(it, "artifact")]
            if artifacts and not (check_immune and hooks.immune(s, owner, src)):
                for it in artifacts:  # into any Region of theirs, whatever lies there (R-ITEM-2)
                    named = (it,) if len(artifacts) > 1 else ()
                    out.extend(Action("steal", (ids[src], ids[d], *named)) for d in near)
            if any(_face_up(it, "place") for it in here):
                out.extend(self._legend_conquest(s, owner, src))
        return out

    def _legend_conquest(self, s: State, owner: int, r: int) -> list[Action]:
        hand = s.hand[owner]
        if hand < 1 or r not in conquest.targets(s, owner):  # R-CONQ-10; water, immune
            return []
        need = hooks.min_tokens(s, owner)
        cost = conquest.conquest_cost(s, owner, r, 0, MODE)
        if not _reachable(s, owner, cost):
            frost = frostmourne.bonus(s, owner)  # Frostmourne's -2 cumulates (RULES §11)
            if not (frost and _reachable(s, owner, max(cost - frost, 1, need))):
                return []
        if "tolls" in hooks.LIVE_HOOKS:
            unpaid = [t for t in hooks.tolls(s, owner, r) if t.key not in s.paid]
            if unpaid:  # pay first (RULES §8: their sum)
                if s.vc[owner] < conquest.toll_sum(unpaid):
                    return []
                return [Action("pay", (t.key,)) for t in unpaid]
        return [Action("conquer-legend", (s.spec.region_ids[r],))]

    def apply(self, s: State, owner: int, action: Action) -> None:
        spec = s.spec
        if action.kind == "steal":
            src, dst = spec.region(str(action.args[0])), spec.region(str(action.args[1]))
            if len(action.args) > 2:
                item = str(action.args[2])
            else:
                item = next(it for it in s.items[src] if _face_up(it, "artifact"))
            _shared.take(s, src, item)
            _shared.put(s, dst, item)
            changes.set_tflag(s, USED_FLAG, "steal")
            return
        r = spec.region(str(action.args[0]))
        needed = not _reachable(s, owner, conquest.conquest_cost(s, owner, r, 0, MODE))
        if frostmourne.ask(s, owner, r, MODE, action, needed):  # Frostmourne cumulates (§11)
            return
        changes.set_tflag(s, USED_FLAG, "conquer")
        cost = conquest.conquest_cost(s, owner, r, 0, MODE)
        placed = max(hooks.min_tokens(s, owner), cost - hooks.auxiliaries(s, owner))
        if placed <= s.hand[owner]:
            conquest.resolve_conquest(s, owner, r, cost, placed, MODE)
        else:  # final conquest with the reinforcement die (R-CONQ-9)
            changes.final_conquest(s, r, cost)
