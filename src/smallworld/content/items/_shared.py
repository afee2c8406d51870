"""Helpers shared by the Artifact and Legendary Place modules (RULES §11). Not an effect: it
registers nothing.

Conventions of the item modules:

- an item lies in ``s.items[r]`` (a tuple: a Region may hold any number of items, R-ITEM-2), so an
  Artifact always moves into the Region where it was used, whatever lies there;
- "once per turn" uses the turn flag ``used:<item id>`` (``s.tflags`` is reset every turn, and
  "once per turn counts per player turn", R-ITEM-1);
- an Artifact conquest that becomes the final conquest (R-CONQ-9) remembers its target in the
  turn flag ``pending:<item id>``, so the Artifact can move there if the die makes it succeed.
"""

from __future__ import annotations

from smallworld.core import changes, hooks
from smallworld.core.actions import Action
from smallworld.core.conquest import resolve_conquest, toll_sum
from smallworld.core.meta import Flag
from smallworld.core.state import CONQUER, State

FINAL_MAX_SHORT = 3  # R-CONQ-9: the die adds at most 3


def where(s: State, item: str) -> int:
    """Region number holding ``item`` face up, or -1."""
    for r, here in enumerate(s.items):
        if here and item in here:
            return r
    return -1


def put(s: State, r: int, item: str) -> None:
    """Lay ``item`` in region ``r`` beside whatever lies there (R-ITEM-2)."""
    changes.put_item(s, r, item)


def take(s: State, r: int, item: str) -> None:
    """Lift ``item`` from region ``r`` (it must lie there)."""
    changes.take_item(s, r, item)


def used_flag(item: str) -> str:
    return f"used:{item}"


def pending_flag(item: str) -> str:
    return f"pending:{item}"


def conquest_item_flags(item: str) -> tuple[Flag, Flag]:
    """The public flags of an Artifact that conquers once per turn (R-ITEM-1): its used-this-turn
    mark and the Region of a final conquest the die decides (declared by each such item)."""
    return (
        Flag(used_flag(item), words="used this turn"),
        Flag(pending_flag(item), encode="region", words="the final conquest's Region, if the die decides it"),
    )


def may_use(s: State, owner: int, item: str) -> bool:
    """A once-per-turn conquest Artifact is usable: the owner's own conquest phase, not used
    yet this turn, at least one token in hand (R-CONQ-10)."""
    return (
        s.phase == CONQUER
        and s.turn == owner
        and s.hand[owner] >= 1
        and used_flag(item) not in s.tflags
    )


def placed_for(s: State, p: int, cost: int) -> int:
    """Race tokens from hand an ordinary conquest of ``cost`` places (R-CONQ-4; Beasts make up
    the rest, RULES §10)."""
    return max(hooks.min_tokens(s, p), cost - hooks.auxiliaries(s, p))


def feasible(s: State, p: int, cost: int) -> bool:
    """Enough tokens for the conquest, or at most 3 short for a final conquest (R-CONQ-9)."""
    hand = s.hand[p]
    need = hooks.min_tokens(s, p)
    aux = hooks.auxiliaries(s, p)
    return max(need, cost - aux) <= hand or (hand >= need and cost - hand - aux <= FINAL_MAX_SHORT)


def unpaid_tolls(s: State, p: int, r: int) -> list:
    """Tolls ``p`` still owes before attacking region ``r`` (RULES §8)."""
    if "tolls" not in hooks.LIVE_HOOKS:
        return []
    return [t for t in hooks.tolls(s, p, r) if t.key not in s.paid]


def affordable(s: State, p: int, owed: list, extra: int = 0) -> bool:
    """True if ``p`` holds the sum of the tolls ``owed`` for one action plus ``extra`` VC of the
    action's own payment (RULES §8, revised ruling: several payments of one action are paid
    together)."""
    return s.vc[p] >= toll_sum(owed) + extra


def pay_actions(s: State, p: int, owed: list) -> list[Action]:
    """``pay KEY`` for each owed toll ``p`` can afford (the engine drops duplicates)."""
    return [Action("pay", (t.key,)) for t in owed if s.vc[p] >= t.amount]


def conquer_or_final(s: State, p: int, r: int, cost: int, mode: str, item: str) -> None:
    """Conquer ``r`` at ``cost`` in ``mode``; with too few tokens, declare it the final conquest
    (R-CONQ-9: the reinforcement die is rolled, conquests end) and remember the target so that
    ``item`` can follow it if the die makes it succeed."""
    placed = placed_for(s, p, cost)
    if placed <= s.hand[p]:
        resolve_conquest(s, p, r, cost, placed, mode)
        return
    changes.set_tflag(s, pending_flag(item), r)
    changes.final_conquest(s, r, cost)


def follows_conquest(s: State, item: str, mode: str, c) -> bool:
    """True if conquest ``c`` was made with ``item`` (directly, or as its final conquest)."""
    if c.mode == mode:
        return True
    return c.mode == "final" and s.tflags.get(pending_flag(item)) == c.region


def move(s: State, item: str, dst: int) -> bool:
    """R-ITEM-2: move the Artifact ``item`` into region ``dst``, whatever other items lie there
    (a Region may hold any number of items). Returns True if it moved (False when it is not on
    the boards or already there)."""
    src = where(s, item)
    if src < 0 or src == dst:
        return False
    take(s, src, item)
    put(s, dst, item)
    return True


def placement_options(s: State, owner: int, item: str) -> list[int]:
    """Regions of ``owner``'s Active race where ``item`` may be put at turn end: any of them,
    whatever items lie there (R-ITEM-2); its own Region means it stays."""
    code = 2 * owner
    occ = s.occ
    return [r for r in range(len(occ)) if occ[r] == code]


def ask_placement(s: State, owner: int, item: str) -> None:
    """Push the owner's end-of-turn placement decision (R-ORDER-2) when there is a choice."""
    if len(placement_options(s, owner, item)) > 1:
        changes.ask(s, owner, f"item:{item}")


def deciding(s: State, owner: int, item: str) -> bool:
    """True if ``owner``'s decision for ``item`` is the one pending."""
    return bool(s.decisions) and s.decisions[-1] == (owner, f"item:{item}")


def placement_actions(s: State, owner: int, item: str, word: str) -> list[Action]:
    ids = s.spec.region_ids
    return [Action(word, (ids[r],)) for r in placement_options(s, owner, item)]


def apply_placement(s: State, owner: int, item: str, action: Action) -> None:
    r = s.spec.region(str(action.args[0]))
    move(s, item, r)
    changes.close_decision(s)
