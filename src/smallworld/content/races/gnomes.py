"""Gnomes (RULES §9): once per turn, an airborne assault on any Region of any board, treated as
adjacent (no travel cost). A first conquest must still target an Entry Region, but may be an
airborne assault. After declaring the target, the die is rolled for free and reduces the cost
(min 1, R-CONQ-4). Enough tokens: conquer. Not enough: it may become the final conquest if at
most 3 short (a second, normal roll, R-CONQ-9); otherwise the assault is spent and conquests go on.

Actions: ``airborne R`` (conquest phase) declares the target; chance ``roll N`` is the free roll;
then, when short by 1-3, the Gnomes choose ``airborne-final`` (roll the reinforcement die, the
final conquest) or ``airborne-stop`` (the assault is spent, conquests go on).

Rulings: only targets the assault could possibly take are offered (cost after the best free roll
at most 3 more than the tokens in hand), never Sea/Lake (R-CONQ-5), the Gnomes' own Regions or
immune Regions; tolls on the target are paid before declaring it (RULES §8).
"""

from __future__ import annotations

from typing import Any

from smallworld.content.data import DIE_FACES
from smallworld.content.items import frostmourne
from smallworld.content.registry import register
from smallworld.core import chance, changes, conquest, hooks
from smallworld.core.ability import Ability
from smallworld.core.actions import Action
from smallworld.core.meta import ActionSpec, Flag, UseLimit
from smallworld.core.names import N_
from smallworld.core.state import CONQUER, State

#: conquest mode of the airborne assault (asked of ``conquest_reduction``)
MODE = "airborne"
#: turn flag: the airborne assault was declared this turn (public, shown by the web app)
USED_FLAG = "gnomes-airborne"
_PENDING = "gnomes-pending"  # turn flag: (region, reduced cost) awaiting the final choice
FINAL_MAX_SHORT = 3  # R-CONQ-9
DIE_MAX = max(DIE_FACES)
_KEY = "race:gnomes"


def _needed(s: State, p: int, cost: int) -> int:
    """Tokens from hand an ordinary conquest of this cost places (Beasts make up the rest)."""
    return max(hooks.min_tokens(s, p), cost - hooks.auxiliaries(s, p))


def _hopeless(s: State, p: int, cost: int) -> bool:
    """An assault at ``cost`` cannot succeed even after the best free roll and a final roll."""
    need = hooks.min_tokens(s, p)
    return max(cost - DIE_MAX, 1, need) - s.hand[p] - hooks.auxiliaries(s, p) > FINAL_MAX_SHORT


def _owed(s: State, owner: int, r: int, guards: list[tuple[Any, Ability]]) -> list[Any] | None:
    """``None`` if Region ``r`` is immune to ``owner`` for a reason no toll lifts (as
    :func:`hooks.immune_beyond_tolls`), else its unpaid tolls (as :func:`hooks.tolls`)."""
    tolls: list[Any] = []
    for o, ab in guards:
        owes = ab.tolls(s, o, owner, r) if "tolls" in ab.hooks else []
        if "immune" in ab.hooks and ab.immune(s, o, owner, r) and not owes:
            return None
        tolls.extend(t for t in owes if t.key not in s.paid)
    return tolls


@register
class Gnomes(Ability):
    id = "gnomes"
    kind = "race"
    rule = "§9 Gnomes"
    summary = N_(
        "Once per turn, an airborne assault on any Region of any board; roll the die for free and "
        "reduce the cost by the roll."
    )
    flags = (
        Flag("gnomes-airborne", words="the airborne assault was made this turn"),
        Flag("gnomes-pending", encode="region-count", scale=10, high=3.0,
             words="the airborne assault's Region and cost while its owner chooses the final conquest"),
    )
    action_specs = (
        ActionSpec("airborne", ("region",), phrase="Airborne assault on {0} (the die lowers the cost)"),
        ActionSpec("airborne-final"),
        ActionSpec("airborne-stop"),
    )
    uses = (UseLimit("gnomes-airborne", 1, "Airborne assault"),)
    action_kinds = frozenset({"airborne"})  # the final choice is a decision

    def actions(self, s: State, owner: int) -> list[Action]:
        """``airborne R`` for every Region the assault may target (and the tolls owed there);
        or the final choice while it is pending."""
        if s.decisions and s.decisions[-1] == (owner, _KEY):
            return [Action("airborne-final"), Action("airborne-stop")]
        if s.phase != CONQUER or s.turn != owner or USED_FLAG in s.tflags:
            return []
        hand = s.hand[owner]
        need = hooks.min_tokens(s, owner)
        if hand < need:  # R-CONQ-10 (and a race minimum)
            return []
        spec = s.spec
        occ = s.occ
        code = 2 * owner
        if code in occ:
            cands: Any = range(spec.n_regions)
        else:
            cands = spec.entries  # R-CONQ-1
        water = spec.water
        may_water: bool | None = None
        # the abilities that may guard a Region, asked once (hooks.immune_beyond_tolls, hooks.tolls)
        guards = [(o, ab) for o, ab in hooks.in_play(s) if "immune" in ab.hooks or "tolls" in ab.hooks]
        aux = hooks.auxiliaries(s, owner)
        mountain = spec.mountain
        defense = [lst for k in conquest.DEFENSE_PIECES if (lst := s.pieces.get(k)) is not None]
        out: list[Action] = []
        frost = frostmourne.bonus(s, owner)  # an unused Frostmourne's -2 (RULES §11)
        for r in cands:
            if occ[r] == code:
                continue
            if water[r]:
                if may_water is None:
                    may_water = hooks.any_own(s, owner, "may_enter_water")
                if not may_water:
                    continue
            # cost before reductions bounds the real one: within reach, no need to compute it
            raw = 2 + mountain[r] + conquest.defenders_in(s, r)
            for lst in defense:
                raw += lst[r]
            if max(raw - frost - DIE_MAX, 1, need) - hand - aux > FINAL_MAX_SHORT:
                cost = conquest.conquest_cost(s, owner, r, 0, MODE) - frost  # Frostmourne cumulates
                if max(cost - DIE_MAX, 1, need) - hand - aux > FINAL_MAX_SHORT:
                    continue  # hopeless even after the best free roll and a final roll
            if guards:
                owed = _owed(s, owner, r, guards)
                if owed is None:
                    continue
                if owed:  # pay first (RULES §8: their sum)
                    if s.vc[owner] >= conquest.toll_sum(owed):
                        out.extend(Action("pay", (t.key,)) for t in owed)
                    continue
            out.append(Action("airborne", (spec.region_ids[r],)))
        return out

    def apply(self, s: State, owner: int, action: Action) -> None:
        kind = action.kind
        if kind == "airborne":
            r = s.spec.region(str(action.args[0]))
            needed = _hopeless(s, owner, conquest.conquest_cost(s, owner, r, 0, MODE))
            if frostmourne.ask(s, owner, r, MODE, action, needed):  # Frostmourne cumulates (§11)
                return
            changes.set_tflag(s, USED_FLAG, True)
            changes.queue_chance(s, ("airborne", r, conquest.conquest_cost(s, owner, r, 0, MODE)))
            return
        changes.close_decision(s)
        r, cost = changes.clear_tflag(s, _PENDING)
        if kind == "airborne-final":  # R-CONQ-9 with the reduced cost
            changes.final_conquest(s, r, cost)


def _roll_outcomes(s: State, ev: tuple[Any, ...]) -> list[tuple[Action, float]]:
    n = len(DIE_FACES)
    return [(Action("roll", (f,)), DIE_FACES.count(f) / n) for f in sorted(set(DIE_FACES))]


def _apply_roll(s: State, ev: tuple[Any, ...], a: Action) -> None:
    """The free roll: conquer when the hand now suffices; else offer the final conquest when at
    most 3 short; else the assault is spent."""
    _, r, cost = ev
    p = s.turn
    need = hooks.min_tokens(s, p)
    reduced = max(cost - int(a.args[0]), 1, need)
    hand = s.hand[p]
    placed = _needed(s, p, reduced)
    if placed <= hand:
        conquest.resolve_conquest(s, p, r, reduced, placed, MODE)
    elif hand >= need and reduced - hand - hooks.auxiliaries(s, p) <= FINAL_MAX_SHORT:
        changes.set_tflag(s, _PENDING, (r, reduced))
        changes.ask(s, p, _KEY)


chance.register("airborne", "roll", _roll_outcomes, _apply_roll)
