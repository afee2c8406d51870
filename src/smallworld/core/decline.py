"""Decline (RULES §7): going In Decline, the one-decline limit, races leaving the game."""

from __future__ import annotations

from smallworld.core import combos, hooks
from smallworld.core.state import EMPTY, State


def may_decline(s: State, p: int) -> bool:
    """R-DEC-1: from the second turn with a race (not on the turn it was picked)."""
    return s.active[p] is not None and s.race_turns[p] >= 1


def go_into_decline(s: State, p: int) -> None:
    """Seat ``p``'s Active race goes In Decline (R-DEC-2, R-DEC-3).

    Its older In Decline race is removed first (tokens to the box, banner returned, kept badge
    discarded). Each Region keeps ``min_tokens`` tokens (1; Tauren 2) flipped; the rest and the
    tokens in hand go back to the box. The badge is discarded unless it lasts (Garrisoned,
    Marshdweller). Pieces tied to the Active race (Beasts, Champion, Watch Towers, Military
    Objectives) are taken off by the ``on_decline`` hooks of the abilities that own them; a
    Region left with no token becomes empty.
    """
    race = s.active[p]
    power = s.power[p]
    assert race is not None and power is not None
    if s.decline[p] is not None:
        remove_decline_race(s, p)
    hooks.call_own(s, p, "on_decline")
    keep = hooks.min_tokens(s, p)
    code = 2 * p
    occ, tokens = s.occ, s.tokens
    for r in range(len(occ)):
        if occ[r] == code:
            extra = tokens[r] - keep
            if extra > 0:
                s.box[race] += extra
                tokens[r] = keep
            occ[r] = code + 1
            if tokens[r] == 0:
                occ[r] = EMPTY
                _clear_emptied(s, r)
    s.box[race] += s.hand[p]
    s.hand[p] = 0
    s.decline[p] = race
    if s.spec.edition.powers[power].lasts:
        s.kept[p] = power
    else:
        combos.discard_badge(s, power)
    s.active[p] = None
    s.power[p] = None
    s.race_turns[p] = 0
    check_race_leaves(s, p)


def remove_decline_race(s: State, p: int) -> None:
    """Remove seat ``p``'s In Decline race from every Region (R-DEC-3), then it leaves."""
    race = s.decline[p]
    assert race is not None
    code = 2 * p + 1
    for r in range(len(s.occ)):
        if s.occ[r] == code:
            s.box[race] += s.tokens[r]
            s.tokens[r] = 0
            s.occ[r] = EMPTY
            _clear_emptied(s, r)
    check_race_leaves(s, p)


def _clear_emptied(s: State, r: int) -> None:
    """An emptied Region loses its Forts, Wisp Walls and Watch Towers (R-TROOP-2, RULES §9-10)."""
    for kind in s.spec.abandon_removes:
        lst = s.pieces.get(kind)
        if lst is not None and lst[r]:
            s.supply[kind] += lst[r]
            lst[r] = 0


def check_race_leaves(s: State, p: int) -> None:
    """R-DEC-4: when seat ``p``'s In Decline race has no token left on the boards, its banner
    returns (R-PICK-5) and its kept badge is discarded."""
    race = s.decline[p]
    if race is None or (2 * p + 1) in s.occ:
        return
    s.decline[p] = None
    kept = s.kept[p]
    if kept is not None:
        combos.discard_badge(s, kept)
        s.kept[p] = None
    variant = s.spec.edition.variant
    assert variant is not None
    variant.return_banner(s, race)
