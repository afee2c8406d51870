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
actions, conquest cost, scoring and turn step of that position. The per-seat answers are kept
beyond the roster too, by the seat's abilities (:data:`_PARTS`): a rebuilt roster (a pick, a
decline, an item changing hands) finds the answers of the seats that did not change, and those of
any combination of abilities seen before, already made.

The order of abilities is fixed: by seat; for a seat its race, power, held items by Region
number, then its lasting In Decline race and kept badge (and those of its second In Decline
race, classic Spirit); last, items acting with nobody holding
them. It is a snapshot: a hook that changes the state while the abilities are being asked does
not change who is asked at that decision point.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from smallworld.core.ability import Ability

if TYPE_CHECKING:
    from smallworld.core.state import State

#: bumped when abilities are registered at run time, so older rosters are rebuilt
_generation = 0

Entry = tuple["int | None", Ability]

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
    _SEATS.clear()
    _PARTS.clear()


#: one seat's part of a roster: its own abilities, its lasting ones, its ``(seat, ability)``
#: entries of :attr:`Roster.play`, and two caches filled as hooks are asked: ``{hook: own
#: implementers}`` and ``{hook: its entries implementing it}``
Seat = tuple[
    tuple[Ability, ...], tuple[Ability, ...], tuple[Entry, ...],
    dict[str, tuple[Ability, ...]], dict[str, tuple[Entry, ...]],
]

#: ``(edition, seat, active, power, decline, kept, decline2, kept2, face-up items its Active race
#: holds)`` -> its :data:`Seat`, shared by every roster in which that seat is so (abilities and
#: their ``hooks`` never change; :func:`bump_generation` empties it): a rebuilt roster (a pick, a
#: decline, an item changing hands) reuses the parts and the hook answers of the seats that did not
#: change, and of any seat seen so before. Bounded by :data:`_SEATS_MAX`.
_SEATS: dict[tuple[object, ...], Seat] = {}
_SEATS_MAX = 20_000

#: ``(seat, own abilities, lasting abilities)`` -> the :data:`Seat` of every key of :data:`_SEATS`
#: that gives those abilities. Most In Decline races and kept badges do not last, so many keys
#: (every race a seat has put In Decline) share one part: its hook answers are made once, and a
#: new key costs one entry instead of a part and its answers (fewer objects for the garbage
#: collector in long runs of new games: half the tracked objects a classic game leaves). Bounded
#: by :data:`_SEATS_MAX`.
_PARTS: dict[tuple[object, ...], Seat] = {}


def _seat(ed: Any, p: int, slots: tuple[str | None, ...], held: tuple[str, ...]) -> Seat:
    """Seat ``p``'s part of a roster: ``slots`` is its (active, power, decline, kept, decline2,
    kept2), ``held`` the face-up items in Regions of its Active race, by Region number (shared,
    from :data:`_PARTS`, with every seat ``p`` of the same abilities)."""
    race_ab = ed.race_abilities
    power_ab = ed.power_abilities
    race, power, decline, kept, decline2, kept2 = slots
    mine: list[Ability] = []
    if race is not None:
        mine.append(race_ab[race])
        if power is not None:
            mine.append(power_ab[power])
        mine.extend([ed.item_abilities[item] for item in held])
    last: list[Ability] = []
    for old, badge in ((decline, kept), (decline2, kept2)):
        if old is not None:
            ab = race_ab[old]
            if ab.lasts_in_decline:
                last.append(ab)
            if badge is not None:
                last.append(power_ab[badge])
    key = (p, tuple(mine), tuple(last))
    part = _PARTS.get(key)
    if part is None:
        if len(_PARTS) > _SEATS_MAX:
            _PARTS.clear()
        part = _PARTS[key] = (key[1], key[2], tuple([(p, ab) for ab in mine + last]), {}, {})
    return part


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
        "own", "lasting", "play", "_own_hook", "_seat_global", "_loose", "_global_hook",
    )

    #: the state's fields when built, for :func:`_check` (only with :data:`STRICT`)
    active: list[str | None] | None
    power: list[str | None] | None
    decline: list[str | None] | None
    kept: list[str | None] | None
    decline2: list[str | None] | None
    kept2: list[str | None] | None
    items: tuple[tuple[str, ...], ...] | None

    def __init__(self, s: State) -> None:
        self.generation = _generation
        ed = s.spec.edition
        active, power, decline, kept, decline2, kept2 = s.active, s.power, s.decline, s.kept, s.decline2, s.kept2
        if STRICT:  # the snapshot :func:`_check` compares with the state
            self.active, self.power, self.decline, self.kept = active[:], power[:], decline[:], kept[:]
            self.decline2, self.kept2, self.items = decline2[:], kept2[:], s.items[:]
        else:
            self.active = self.power = self.decline = self.kept = None
            self.decline2 = self.kept2 = self.items = None
        occ = s.occ
        items = s.items
        # the face-up items of the few Regions holding any (compress skips the empty ones in C)
        held = [(r, occ[r], item) for r in compress(range(len(items)), items) for item in items[r] if item != "?"]
        self.item_occ = tuple([(r, c) for r, c, _ in held])
        seats = _SEATS
        if len(seats) > _SEATS_MAX:
            seats.clear()
        parts = []
        for p in range(len(active)):
            code = 2 * p
            mine_items = tuple([item for _, c, item in held if c == code]) if held else ()
            key = (ed, p, active[p], power[p], decline[p], kept[p], decline2[p], kept2[p], mine_items)
            part = seats.get(key)
            if part is None:
                part = seats[key] = _seat(ed, p, key[2:8], mine_items)
            parts.append(part)
        self.own = tuple([x[0] for x in parts])
        self.lasting = tuple([x[1] for x in parts])
        play: list[Entry] = []
        for x in parts:
            play.extend(x[2])
        item_ab = ed.item_abilities
        loose = [ab for _, c, item in held
                 if (ab := item_ab[item]).acts_uncontrolled and (c < 0 or c % 2 == 1)]  # nobody's, or In Decline
        if loose:
            play.extend([(None, ab) for ab in loose])
        self.play = tuple(play)
        self._own_hook = tuple([x[3] for x in parts])
        self._seat_global = tuple([x[4] for x in parts])
        self._loose = tuple(loose)
        self._global_hook: dict[str, tuple[Entry, ...]] = {}

    def own_hook(self, p: int, hook: str) -> tuple[Ability, ...]:
        """Seat ``p``'s own abilities (:attr:`own`) that implement ``hook``, in order."""
        known = self._own_hook[p]
        found = known.get(hook)
        if found is None:
            found = known[hook] = tuple([ab for ab in self.own[p] if hook in ab.hooks])
        return found

    def global_hook(self, hook: str) -> tuple[Entry, ...]:
        """Every ``(owner, ability)`` of :attr:`play` that implements ``hook``, in order."""
        found = self._global_hook.get(hook)
        if found is None:
            # seat by seat (each seat's part is kept by its abilities), then the loose items:
            # the order of :attr:`play`
            found = ()
            for p, part in enumerate(self._seat_global):
                mine = part.get(hook)
                if mine is None:
                    mine = part[hook] = tuple([(p, ab) for ab in self.own[p] + self.lasting[p] if hook in ab.hooks])
                if mine:
                    found += mine
            if self._loose:
                found += tuple([(None, ab) for ab in self._loose if hook in ab.hooks])
            self._global_hook[hook] = found
        return found


def _key(x: Roster | State) -> tuple[object, ...]:
    return (x.active, x.power, x.decline, x.kept, x.decline2, x.kept2, x.items)


def _check(s: State, r: Roster) -> None:
    if r.active is None:  # built before STRICT was turned on: compare with a fresh roster
        fresh = Roster(s)
        if (fresh.own, fresh.lasting, fresh.play) == (r.own, r.lasting, r.play):
            return
        raise StaleRosterError("cached roster is stale: a write to active/power/decline/kept/decline2/kept2/items "
                               "did not call smallworld.core.roster.changed(s)")
    if _key(r) != _key(s):
        raise StaleRosterError(
            "cached roster is stale: a write to active/power/decline/kept/decline2/kept2/items "
            "did not call smallworld.core.roster.changed(s)"
        )


def roster(s: State) -> Roster:
    """The :class:`Roster` of ``s``, rebuilt only after :func:`changed` (or when an item's
    Region changed hands)."""
    r: Roster | None = s.roster_cache
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
