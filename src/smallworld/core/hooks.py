"""How the engine asks races, powers and items: the call side of
:data:`smallworld.content.abilities.HOOKS`.

Which abilities are in play for a seat ``p`` (see :mod:`smallworld.content.abilities`):
its Active race and power; its In Decline race and kept badge if they last In Decline; the
face-up items in Regions held by its Active race (R-ITEM-1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from smallworld.content.abilities import HOOKS, Ability, Toll
from smallworld.content.registry import ITEM_ABILITIES, POWER_ABILITIES, RACE_ABILITIES
from smallworld.core.state import State


def _implemented() -> frozenset[str]:
    found: set[str] = set()
    for table in (RACE_ABILITIES, POWER_ABILITIES, ITEM_ABILITIES):
        for ab in table.values():
            found |= ab.hooks
    return frozenset(found)


#: hooks that at least one registered ability implements (others are skipped fast)
LIVE_HOOKS = _implemented()


def refresh() -> None:
    """Recompute :data:`LIVE_HOOKS` (after registering abilities at run time, e.g. in tests)."""
    global LIVE_HOOKS
    LIVE_HOOKS = _implemented()


def own_abilities(s: State, p: int) -> list[Ability]:
    """Abilities acting for seat ``p``'s Active race: race, power, controlled face-up items."""
    out: list[Ability] = []
    race = s.active[p]
    if race is not None:
        out.append(RACE_ABILITIES[race])
        power = s.power[p]
        if power is not None:
            out.append(POWER_ABILITIES[power])
        code = 2 * p
        occ = s.occ
        for r, item in enumerate(s.items):
            if item is not None and item != "?" and occ[r] == code:
                out.append(ITEM_ABILITIES[item])
    return out


def lasting_abilities(s: State, p: int) -> list[Ability]:
    """Abilities of seat ``p``'s In Decline race and kept badge that last In Decline."""
    out: list[Ability] = []
    race = s.decline[p]
    if race is not None:
        ab = RACE_ABILITIES[race]
        if ab.lasts_in_decline:
            out.append(ab)
        kept = s.kept[p]
        if kept is not None:
            out.append(POWER_ABILITIES[kept])
    return out


def in_play(s: State) -> Iterator[tuple[int | None, Ability]]:
    """Every (owner, ability) in play, for global hooks; uncontrolled items that act alone
    come with owner ``None``."""
    for p in range(s.spec.n_players):
        for ab in own_abilities(s, p):
            yield p, ab
        for ab in lasting_abilities(s, p):
            yield p, ab
    occ = s.occ
    for r, item in enumerate(s.items):
        if item is not None and item != "?":
            ab = ITEM_ABILITIES[item]
            if ab.acts_uncontrolled and (occ[r] < 0 or occ[r] % 2 == 1):
                yield None, ab


def call_own(s: State, p: int, hook: str, *args: Any) -> list[Any]:
    """Results of ``hook`` for each of ``p``'s own abilities that implement it."""
    if hook not in LIVE_HOOKS:
        return []
    return [getattr(ab, hook)(s, p, *args) for ab in own_abilities(s, p) if hook in ab.hooks]


def call_global(s: State, hook: str, *args: Any) -> list[Any]:
    """Results of ``hook`` for every ability in play that implements it."""
    if hook not in LIVE_HOOKS:
        return []
    return [getattr(ab, hook)(s, p, *args) for p, ab in in_play(s) if hook in ab.hooks]


def any_own(s: State, p: int, hook: str, *args: Any) -> bool:
    """True if any of ``p``'s own abilities answers ``hook`` with a true value."""
    return any(call_own(s, p, hook, *args))


def min_tokens(s: State, p: int, decline: bool = False) -> int:
    """Fewest tokens seat ``p``'s race may keep in a Region or place by conquest: 1, or more
    when a race says so (Tauren 2, RULES §9). ``decline`` asks for the In Decline race."""
    if "min_tokens" not in LIVE_HOOKS:
        return 1
    race = s.decline[p] if decline else s.active[p]
    if race is None:
        return 1
    ab = RACE_ABILITIES[race]
    if "min_tokens" in ab.hooks:
        return max(1, ab.min_tokens(s, p))
    return 1


def tolls(s: State, attacker: int, r: int) -> list[Toll]:
    """Tolls owed by ``attacker`` before conquering region ``r`` (RULES §8)."""
    out: list[Toll] = []
    for lst in call_global(s, "tolls", attacker, r):
        out.extend(lst)
    return out


def immune(s: State, attacker: int, r: int) -> bool:
    """True if region ``r`` cannot be targeted by ``attacker`` (Watch Tower, Aegis)."""
    return any(call_global(s, "immune", attacker, r))


def ability_for_action(s: State, p: int, kind: str) -> Ability | None:
    """The ability in play for ``p`` that owns action ``kind``, if any."""
    for owner, ab in in_play(s):
        if owner == p and kind in ab.action_kinds:
            return ab
    return None


assert set(HOOKS) >= {"min_tokens", "tolls", "immune"}
