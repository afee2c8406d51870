"""How the engine asks races, powers and items: the call side of the hooks declared on
:class:`smallworld.core.ability.Ability`.

Which abilities are in play for a seat ``p`` (see :mod:`smallworld.core.ability`):
its Active race and power; its In Decline race and kept badge if they last In Decline; the
face-up items in Regions held by its Active race (R-ITEM-1).
"""

from __future__ import annotations

from typing import Any

from smallworld.core import edition as editions
from smallworld.core.ability import Ability, Toll, check_hook, on_register
from smallworld.core.events import emit
from smallworld.core.roster import bump_generation, roster
from smallworld.core.state import State


def _implemented() -> frozenset[str]:
    found: set[str] = set()
    for ed in editions.loaded():
        for ab in ed.abilities():
            found |= ab.hooks
    return frozenset(found)


def _min_token_races() -> frozenset[str]:
    found: set[str] = set()
    for ed in editions.loaded():
        found.update(race for race, ab in ed.race_abilities.items() if "min_tokens" in ab.hooks)
    return frozenset(found)


#: hooks that at least one ability of a loaded edition implements (others are skipped fast)
LIVE_HOOKS = _implemented()
#: ids of the races, in any loaded edition, that implement ``min_tokens`` (Tauren): every other
#: race keeps 1, answered without looking up its ability
MIN_TOKEN_RACES = _min_token_races()


def refresh() -> None:
    """Recompute :data:`LIVE_HOOKS` and :data:`MIN_TOKEN_RACES` (after registering editions or
    abilities at run time, e.g. in tests); rosters built before are rebuilt when next asked."""
    global LIVE_HOOKS, MIN_TOKEN_RACES
    LIVE_HOOKS = _implemented()
    MIN_TOKEN_RACES = _min_token_races()
    bump_generation()


editions.on_change(refresh)
on_register(refresh)


def own_abilities(s: State, p: int) -> tuple[Ability, ...]:
    """Abilities acting for seat ``p``'s Active race: race, power, controlled face-up items."""
    return roster(s).own[p]


def lasting_abilities(s: State, p: int) -> tuple[Ability, ...]:
    """Abilities of seat ``p``'s In Decline race and kept badge that last In Decline."""
    return roster(s).lasting[p]


def in_play(s: State) -> tuple[tuple[int | None, Ability], ...]:
    """Every (owner, ability) in play, for global hooks; uncontrolled items that act alone
    come with owner ``None`` (order: see :mod:`smallworld.core.roster`)."""
    return roster(s).play


def call_own(s: State, p: int, hook: str, *args: Any) -> list[Any]:
    """Results of ``hook`` for each of ``p``'s own abilities that implement it.

    Raises:
        ValueError: ``hook`` is not a hook name (a misspelling fails here, not silently)."""
    if hook not in LIVE_HOOKS:
        check_hook(hook)
        return []
    found = roster(s).own_hook(p, hook)
    if not found:
        return []
    return [getattr(ab, hook)(s, p, *args) for ab in found]


def call_global(s: State, hook: str, *args: Any) -> list[Any]:
    """Results of ``hook`` for every ability in play that implements it.

    Raises:
        ValueError: ``hook`` is not a hook name."""
    if hook not in LIVE_HOOKS:
        check_hook(hook)
        return []
    found = roster(s).global_hook(hook)
    if not found:
        return []
    return [getattr(ab, hook)(s, p, *args) for p, ab in found]


def any_own(s: State, p: int, hook: str, *args: Any) -> bool:
    """True if any of ``p``'s own abilities answers ``hook`` with a true value."""
    return any(call_own(s, p, hook, *args))


def min_tokens(s: State, p: int, decline: bool = False) -> int:
    """Fewest tokens seat ``p``'s race may keep in a Region or place by conquest: 1, or more
    when a race says so (Tauren 2, RULES §9). ``decline`` asks for the In Decline race."""
    race = s.decline[p] if decline else s.active[p]
    if race not in MIN_TOKEN_RACES:  # None too
        return 1
    ab = s.spec.edition.race_abilities[race]
    if "min_tokens" in ab.hooks:
        return max(1, ab.min_tokens(s, p))
    return 1


def auxiliaries(s: State, p: int) -> int:
    """Pieces in seat ``p``'s hand that fight as race tokens in ordinary and final conquests
    (Beasts, RULES §10); 0 when no ability says so."""
    if "auxiliaries" not in LIVE_HOOKS:
        return 0
    return sum(call_own(s, p, "auxiliaries"))


def losses(s: State, r: int, lost: int, attacker: int | None, cause: str) -> int:
    """Tokens discarded from a loss of region ``r``'s Active occupant (R-CONQ-7), starting
    from ``lost``: every ``losses`` hook in play answers in turn, races last, so that a race's
    saving (Draenei) sees what is left after powers and items (Champion, Beasts, Light's Hope
    Chapel)."""
    if "losses" not in LIVE_HOOKS:
        return lost
    chain = sorted(roster(s).global_hook("losses"), key=lambda x: x[1].kind == "race")
    for owner, ab in chain:
        lost = ab.losses(s, owner, r, lost, attacker, cause)
    return lost


def own_implementers(s: State, p: int, hook: str) -> list[Ability]:
    """``p``'s own abilities implementing ``hook`` (ask once, then call them for many Regions)."""
    if hook not in LIVE_HOOKS:
        check_hook(hook)
        return []
    return list(roster(s).own_hook(p, hook))


def implementers(s: State, hook: str) -> list[tuple[int | None, Ability]]:
    """Every (owner, ability) in play implementing ``hook`` (ask once, call many times)."""
    if hook not in LIVE_HOOKS:
        check_hook(hook)
        return []
    return list(roster(s).global_hook(hook))


def tolls(
    s: State, attacker: int, r: int, holders: list[tuple[int | None, Ability]] | None = None
) -> list[Toll]:
    """Tolls owed by ``attacker`` before conquering region ``r`` (RULES §8). ``holders`` is
    :func:`implementers` of ``"tolls"`` when the caller asks for many Regions."""
    if holders is None:
        holders = implementers(s, "tolls")
    out: list[Toll] = []
    for owner, ab in holders:
        out.extend(ab.tolls(s, owner, attacker, r))
    return out


def pay(s: State, attacker: int, toll: Toll) -> None:
    """``attacker`` pays ``toll`` in full (RULES §8): its VC to the payee (the stash when
    ``None``); the toll's key counts as paid for the rest of the turn. The caller checked that
    the toll is owed and affordable. Reports ``paid_toll`` and the ``coins`` it moved."""
    s.vc[attacker] -= toll.amount
    if toll.payee is not None:
        s.vc[toll.payee] += toll.amount
    s.paid[toll.key] = True
    if s.events is not None:
        emit(s, "paid_toll", seat=attacker, toll=toll.key, amount=toll.amount, payee=toll.payee)
        if toll.amount:
            emit(s, "coins", seat=attacker, n=-toll.amount, why="toll")
            if toll.payee is not None:
                emit(s, "coins", seat=toll.payee, n=toll.amount, why="toll")


def immune(s: State, attacker: int, r: int) -> bool:
    """True if region ``r`` cannot be targeted by ``attacker`` (Watch Tower, Aegis)."""
    return any(call_global(s, "immune", attacker, r))


def immune_beyond_tolls(s: State, attacker: int, r: int) -> bool:
    """True if region ``r`` is immune to ``attacker`` for a reason no toll lifts.

    An ability that answers ``immune`` and also owes a toll for the same (attacker, region)
    lifts that immunity once the toll is paid (Aegis of Aggramar, RULES §11): such a Region
    stays a conquest target, and its unpaid toll keeps it from being conquered until paid."""
    if "immune" not in LIVE_HOOKS:
        return False
    return shielded(s, shields(s), attacker, r)


def shields(s: State) -> list[tuple[int | None, Ability]]:
    """The (owner, ability) pairs in play that implement ``immune`` (ask once, then test many
    Regions with :func:`shielded`)."""
    if "immune" not in LIVE_HOOKS:
        return []
    return list(roster(s).global_hook("immune"))


def shielded(s: State, found: list[tuple[int | None, Ability]], attacker: int, r: int) -> bool:
    """:func:`immune_beyond_tolls` over the ``found`` answer of :func:`shields`."""
    for owner, ab in found:
        if ab.immune(s, owner, attacker, r):
            if "tolls" in ab.hooks and ab.tolls(s, owner, attacker, r):
                continue
            return True
    return False


def ability_for_action(s: State, p: int, kind: str) -> Ability | None:
    """The ability in play for ``p`` that owns action ``kind``, if any."""
    for owner, ab in in_play(s):
        if owner == p and kind in ab.action_kinds:
            return ab
    return None

