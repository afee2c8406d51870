"""Which abilities are in play: the roster of a position, kept with the state as a cache.

The roster is a pure function of five things (see :mod:`smallworld.core.ability`): each
seat's Active race and power, In Decline race and kept badge, and each face-up item with the
occupant of its Region (R-ITEM-1: an item acts for the Active race holding it; some act with
nobody holding them). It is kept in ``s.roster_cache`` until one of them changes: every code that
writes ``active``, ``power``, ``decline``, ``kept``, ``decline2``, ``kept2`` or ``items`` calls
:func:`changed` (which drops the cache), and the occupants of the few Regions holding face-up
items are compared on each call. A copied state shares its parent's roster until it diverges.
With :data:`STRICT` on (the tests turn it on in ``tests/conftest.py``) every cached answer is
checked against a fresh roster, so a writer that forgets :func:`changed` fails the tests.

Within one roster the answer to "who implements hook H" is computed once
(:meth:`Roster.own_hook`, :meth:`Roster.global_hook`) and then reused by every listing of legal
actions, conquest cost, scoring and turn step of that position.

The order of abilities is fixed: by seat; for a seat its race, power, held items by Region
number, then its lasting In Decline race and kept badge (and those of its second In Decline
race, classic Spirit); last, items acting with nobody holding
them. It is a snapshot: a hook that changes the state while the abilities are being asked does
not change who is asked at that decision point.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from smallworld.core.ability import Ability

if TYPE_CHECKING:
    from smallworld.core.state import State

#: bumped when abilities are registered at run time, so older rosters are rebuilt
_generation = 0

#: check every cached roster against a fresh one (tests: a missed :func:`changed` fails loudly)
STRICT = False


def changed(s: State) -> None:
    """Say that ``s``'s races, powers, kept badges or items changed: its roster is rebuilt when
    next asked. Every writer of those fields calls it (the core's, content's, scenarios', bots')."""
    s.roster_cache = None


class StaleRosterError(AssertionError):
    """:data:`STRICT`: a cached roster no longer matches its state (a writer missed
    :func:`changed`)."""


def bump_generation() -> None:
    """Make every existing roster stale (called by :func:`smallworld.core.hooks.refresh`)."""
    global _generation
    _generation += 1


Entry = tuple["int | None", Ability]


class Roster:
    """The abilities in play in one position (see the module doc).

    Attributes:
        own: per seat, a tuple of the abilities acting for its Active race (race, power,
            face-up items in Regions it holds).
        lasting: per seat, a tuple of its In Decline race and kept badge when they last.
        play: every ``(owner, ability)`` in play; ``owner`` is ``None`` for an item acting with
            nobody holding it.
    """

    __slots__ = (
        "generation", "active", "power", "decline", "kept", "decline2", "kept2", "items", "item_occ",
        "own", "lasting", "play", "_own_hook", "_global_hook",
    )

    def __init__(self, s: State) -> None:
        self.generation = _generation
        ed = s.spec.edition
        race_ab = ed.race_abilities
        power_ab = ed.power_abilities
        item_ab = ed.item_abilities
        self.active = s.active[:]
        self.power = s.power[:]
        self.decline = s.decline[:]
        self.kept = s.kept[:]
        self.decline2 = s.decline2[:]
        self.kept2 = s.kept2[:]
        self.items = s.items[:]
        occ = s.occ
        items = s.items
        # the face-up items of the few Regions holding any (compress skips the empty ones in C)
        held = [(r, occ[r], item) for r in compress(range(len(items)), items) for item in items[r] if item != "?"]
        self.item_occ = tuple([(r, c) for r, c, _ in held])
        own: list[tuple[Ability, ...]] = []
        lasting: list[tuple[Ability, ...]] = []
        play: list[Entry] = []
        for p in range(len(self.active)):
            mine: list[Ability] = []
            race = self.active[p]
            if race is not None:
                mine.append(race_ab[race])
                power = self.power[p]
                if power is not None:
                    mine.append(power_ab[power])
                code = 2 * p
                if held:
                    mine.extend([item_ab[item] for _, c, item in held if c == code])
            last: list[Ability] = []
            for race, kept in ((self.decline[p], self.kept[p]), (self.decline2[p], self.kept2[p])):
                if race is not None:
                    ab = race_ab[race]
                    if ab.lasts_in_decline:
                        last.append(ab)
                    if kept is not None:
                        last.append(power_ab[kept])
            own.append(tuple(mine))
            lasting.append(tuple(last))
            play.extend([(p, ab) for ab in mine])
            if last:
                play.extend([(p, ab) for ab in last])
        for _, c, item in held:
            ab = item_ab[item]
            if ab.acts_uncontrolled and (c < 0 or c % 2 == 1):  # nobody's, or In Decline
                play.append((None, ab))
        self.own = tuple(own)
        self.lasting = tuple(lasting)
        self.play = tuple(play)
        self._own_hook: tuple[dict[str, tuple[Ability, ...]], ...] = tuple([{} for _ in own])
        self._global_hook: dict[str, tuple[Entry, ...]] = {}

    def own_hook(self, p: int, hook: str) -> tuple[Ability, ...]:
        """Seat ``p``'s own abilities (:attr:`own`) that implement ``hook``, in order."""
        found = self._own_hook[p].get(hook)
        if found is None:
            found = self._own_hook[p][hook] = tuple([ab for ab in self.own[p] if hook in ab.hooks])
        return found

    def global_hook(self, hook: str) -> tuple[Entry, ...]:
        """Every ``(owner, ability)`` of :attr:`play` that implements ``hook``, in order."""
        found = self._global_hook.get(hook)
        if found is None:
            found = self._global_hook[hook] = tuple([e for e in self.play if hook in e[1].hooks])
        return found


def _key(x: Roster | State) -> tuple[object, ...]:
    return (x.active, x.power, x.decline, x.kept, x.decline2, x.kept2, x.items)


def _check(s: State, r: Roster) -> None:
    if _key(r) != _key(s):
        raise StaleRosterError(
            "cached roster is stale: a write to active/power/decline/kept/decline2/kept2/items "
            "did not call smallworld.core.roster.changed(s)"
        )


def roster(s: State) -> Roster:
    """The :class:`Roster` of ``s``, rebuilt only after :func:`changed` (or when an item's
    Region changed hands)."""
    r = s.roster_cache
    # runs several hundred times per game: kept inline
    if r is not None and r.generation == _generation:
        occ = s.occ
        for q, c in r.item_occ:
            if occ[q] != c:
                break
        else:
            if STRICT:
                _check(s, r)
            return r
    r = s.roster_cache = Roster(s)
    return r
