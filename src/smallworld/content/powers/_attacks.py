"""Shared helper of the effects that attack a Region without conquering it (Intimidating, Portal
Mage, Goblins' Bombs): what must be paid first (RULES §8: in full, before the action). Registers
nothing."""

from __future__ import annotations

from smallworld.content.races import pandaren
from smallworld.core import hooks
from smallworld.core.ability import Toll
from smallworld.core.actions import Action
from smallworld.core.conquest import toll_sum
from smallworld.core.state import State


def attack_tolls(s: State, p: int, r: int) -> list[Toll] | None:
    """Unpaid tolls seat ``p`` owes before such an attack on region ``r``: the Harmony toll on an
    Active Pandaren Region (RULES §9), and the toll that lifts an immunity (Aegis of Aggramar,
    RULES §11). ``None`` when ``r`` is immune whatever is paid (Watch Tower, RULES §10).
    Marshdweller's toll is owed for conquests only."""
    owed: list[Toll] = []
    if "immune" in hooks.LIVE_HOOKS and hooks.immune(s, p, r):
        if hooks.immune_beyond_tolls(s, p, r):
            return None
        for owner, ab in hooks.in_play(s):
            if "immune" in ab.hooks and "tolls" in ab.hooks and ab.immune(s, owner, p, r):
                owed.extend(t for t in ab.tolls(s, owner, p, r) if t.key not in s.paid)
    if pandaren.harmony_due(s, p, r):
        owed.extend(t for t in hooks.tolls(s, p, r) if t.key == pandaren.HARMONY and t.key not in s.paid)
    return owed


def pay_actions(s: State, p: int, owed: list[Toll], offered: set[str]) -> list[Action]:
    """``pay KEY`` for each toll of ``owed`` (the tolls of one attack) not in ``offered``
    (updated), when ``p`` holds their sum (RULES §8, revised ruling)."""
    out: list[Action] = []
    if s.vc[p] < toll_sum(owed):
        return out
    for t in owed:
        if t.key not in offered:
            offered.add(t.key)
            out.append(Action("pay", (t.key,)))
    return out
