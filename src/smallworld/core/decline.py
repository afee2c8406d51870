"""Decline (RULES §7): going In Decline, the one-decline limit, races leaving the game.

A seat has up to two In Decline slots: slot 1 (``decline[p]``, ``kept[p]``, occupant code
``2p+1``) and slot 2 (``decline2[p]``, ``kept2[p]``, code ``2(n+p)+1``) for a race that went In
Decline with a power whose ability sets ``separate_decline`` (classic Spirit, C-P-SPIRIT-1): a
later decline removes only the slot-1 race (C-DEC-3), so slot 2 empties only through losses
(C-P-SPIRIT-2). Warcraft never uses slot 2.

An In Decline race whose ability sets ``conquers_in_decline`` (classic Ghouls, C-R-GHOULS-2)
acts on its owner's turns: the engine swaps it into the Active slot (:func:`swap_in`), runs the
ordinary ready troops / conquest / redeployment steps on it, then swaps it back
(:func:`swap_out`); withdrawn In Decline tokens are placed the same way (C-CONQ-7, C-TROOP-4).
"""

from __future__ import annotations

from smallworld.core import combos, hooks
from smallworld.core.events import emit
from smallworld.core.roster import changed
from smallworld.core.state import EMPTY, State


def may_decline(s: State, p: int) -> bool:
    """R-DEC-1: from the second turn with a race (not on the turn it was picked)."""
    return s.active[p] is not None and s.race_turns[p] >= 1


def slot_code(s: State, p: int, slot: int) -> int:
    """Occupant code of seat ``p``'s In Decline ``slot`` (1: ``2p+1``; 2: ``2(n+p)+1``)."""
    return 2 * p + 1 if slot == 1 else 2 * (len(s.active) + p) + 1


def _slot_race(s: State, p: int, slot: int) -> str | None:
    return s.decline[p] if slot == 1 else s.decline2[p]


def go_into_decline(s: State, p: int) -> None:
    """Seat ``p``'s Active race goes In Decline (R-DEC-2, R-DEC-3; C-DEC-2, C-DEC-3).

    Its older In Decline race is removed first (tokens to the box, banner returned, kept badge
    discarded), unless the declining race's power keeps it apart (``separate_decline``: classic
    Spirit, C-P-SPIRIT-1): then it goes to the second slot and the older race stays. Each Region
    keeps ``min_tokens`` tokens (1; Tauren 2; every token for a race that
    ``keeps_tokens_in_decline``, classic Ghouls C-R-GHOULS-1) flipped; the rest and the
    tokens in hand go back to the box. The badge is discarded unless it lasts (Garrisoned,
    Marshdweller). Pieces tied to the Active race (Beasts, Champion, Watch Towers, Military
    Objectives) are taken off by the ``on_decline`` hooks of the abilities that own them; a
    Region left with no token becomes empty. Reports ``declined``.
    """
    race = s.active[p]
    power = s.power[p]
    assert race is not None and power is not None
    if s.events is not None:
        emit(s, "declined", seat=p, race=race, power=power)
    ed = s.spec.edition
    slot = 2 if ed.power_abilities[power].separate_decline else 1
    if _slot_race(s, p, slot) is not None:
        remove_decline_race(s, p, slot)
    hooks.call_own(s, p, "on_decline")
    keep_all = ed.race_abilities[race].keeps_tokens_in_decline
    keep = hooks.min_tokens(s, p)
    code = 2 * p
    new = slot_code(s, p, slot)
    occ, tokens = s.occ, s.tokens
    for r in range(len(occ)):
        if occ[r] == code:
            extra = tokens[r] - keep
            if extra > 0 and not keep_all:
                s.box[s.spec.race_index[race]] += extra
                tokens[r] = keep
            occ[r] = new
            if tokens[r] == 0:
                occ[r] = EMPTY
                _clear_emptied(s, r)
    s.box[s.spec.race_index[race]] += s.hand[p]
    s.hand[p] = 0
    kept = power if ed.powers[power].lasts else None
    if kept is None:
        combos.discard_badge(s, power)
    if slot == 1:
        s.decline[p], s.kept[p] = race, kept
    else:
        s.decline2[p], s.kept2[p] = race, kept
    s.active[p] = None
    s.power[p] = None
    changed(s)
    s.race_turns[p] = 0
    check_race_leaves(s, p, slot)


def remove_decline_race(s: State, p: int, slot: int = 1) -> None:
    """Remove seat ``p``'s In Decline race of ``slot`` from every Region (R-DEC-3), with its
    tokens in hand; then it leaves."""
    race = _slot_race(s, p, slot)
    assert race is not None
    code = slot_code(s, p, slot)
    for r in range(len(s.occ)):
        if s.occ[r] == code:
            s.box[s.spec.race_index[race]] += s.tokens[r]
            s.tokens[r] = 0
            s.occ[r] = EMPTY
            _clear_emptied(s, r)
    if s.dhand:
        s.box[s.spec.race_index[race]] += s.dhand.pop(race, 0)
    check_race_leaves(s, p, slot)


def _clear_emptied(s: State, r: int) -> None:
    """An emptied Region loses its Forts, Wisp Walls and Watch Towers (R-TROOP-2, RULES §9-10)."""
    for kind in s.spec.abandon_removes:
        lst = s.pieces.get(kind)
        if lst is not None and lst[r]:
            s.supply[s.spec.piece_index[kind]] += lst[r]
            lst[r] = 0


def check_race_leaves(s: State, p: int, slot: int = 1) -> None:
    """R-DEC-4: when seat ``p``'s In Decline race (of ``slot``) has no token left on the boards
    nor in hand, its banner returns (R-PICK-5) and its kept badge is discarded. Not while that
    slot holds the Active race swapped out for an In Decline turn (:func:`swap_in`)."""
    race = _slot_race(s, p, slot)
    if race is None or slot_code(s, p, slot) in s.occ:
        return
    if s.dhand and s.dhand.get(race):
        return
    if s.acting is not None and s.acting[0] == p and s.acting[1] == slot:
        return
    if s.events is not None:
        emit(s, "vanished", seat=p, race=race)
    if slot == 1:
        s.decline[p] = None
        kept = s.kept[p]
        s.kept[p] = None
    else:
        s.decline2[p] = None
        kept = s.kept2[p]
        s.kept2[p] = None
    changed(s)
    if kept is not None:
        combos.discard_badge(s, kept)
    variant = s.spec.edition.variant
    assert variant is not None
    variant.return_banner(s, race)


# ---- In Decline races that act (classic Ghouls) --------------------------------------------


def acting_slot(s: State, p: int) -> int:
    """The In Decline slot (1 or 2) of seat ``p`` whose race takes a turn of its own now
    (``conquers_in_decline``, C-R-GHOULS-2) and has a Region or tokens in hand; 0 if none."""
    if s.decline[p] is None and s.decline2[p] is None:
        return 0
    abilities = s.spec.edition.race_abilities
    for slot in (1, 2):
        race = _slot_race(s, p, slot)
        if (
            race is not None and abilities[race].conquers_in_decline
            and (slot_code(s, p, slot) in s.occ or s.dhand.get(race))
        ):
            return slot
    return 0


def in_decline_turn(s: State) -> bool:
    """True while an In Decline race acts in the Active slot (:func:`swap_in`): its conquests are
    not its owner's Active race's (C-R-GHOULS-3, C-R-GHOULS-4, C-EDGE-7)."""
    return s.acting is not None


def _swap_codes(s: State, a: int, b: int) -> None:
    occ = s.occ
    for r in range(len(occ)):
        c = occ[r]
        if c == a:
            occ[r] = b
        elif c == b:
            occ[r] = a


def swap_in(s: State, p: int, slot: int) -> None:
    """Put seat ``p``'s In Decline race of ``slot`` in the Active slot for a turn of its own:
    its Regions take the Active code ``2p``, its tokens in hand (``dhand``) go to ``hand[p]``, and
    it acts with no power (its kept badge does not act: C-R-GHOULS-3). The Active race (if any)
    waits in ``slot`` with its hand in ``dhand`` and its power and the kept badge in
    ``s.acting``. Every ordinary step (ready troops, conquests, final conquest, redeployment)
    then runs on it unchanged. :func:`swap_out` undoes it."""
    assert s.acting is None
    race = _slot_race(s, p, slot)
    active = s.active[p]
    kept = s.kept[p] if slot == 1 else s.kept2[p]
    s.acting = (p, slot, s.power[p], kept)
    if s.hand[p]:
        assert active is not None
        s.dhand[active] = s.dhand.get(active, 0) + s.hand[p]
    s.hand[p] = s.dhand.pop(race, 0) if race is not None else 0
    s.active[p] = race
    s.power[p] = None
    if slot == 1:
        s.decline[p], s.kept[p] = active, None
    else:
        s.decline2[p], s.kept2[p] = active, None
    changed(s)
    _swap_codes(s, 2 * p, slot_code(s, p, slot))


def swap_out(s: State) -> None:
    """Undo :func:`swap_in`: the In Decline race goes back to its slot (tokens left in hand
    wait in ``dhand``: with no Region it re-enters by a first conquest, C-CONQ-7), the Active
    race, its hand and power, and the kept badge come back."""
    assert s.acting is not None
    p, slot, power, kept = s.acting
    race = s.active[p]
    active = _slot_race(s, p, slot)
    if s.hand[p]:
        assert race is not None
        s.dhand[race] = s.dhand.get(race, 0) + s.hand[p]
    s.hand[p] = s.dhand.pop(active, 0) if active is not None else 0
    s.active[p] = active
    s.power[p] = power
    if slot == 1:
        s.decline[p], s.kept[p] = race, kept
    else:
        s.decline2[p], s.kept2[p] = race, kept
    changed(s)
    _swap_codes(s, 2 * p, slot_code(s, p, slot))
    s.acting = None
    check_race_leaves(s, p, slot)
