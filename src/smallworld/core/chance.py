"""Chance events: dice, draws and reveals are actions of the chance player.

Pending events wait in ``s.chance`` (first in, first resolved). While one is pending,
``s.current_player()`` is ``CHANCE`` and the legal actions are its outcomes. An event with a
single possible outcome is resolved by the engine at once and not logged (replay does the same).

A pending event is a tuple, its kind first (the state's ``chance`` list is saved as it is, so
an event stays plain JSON-able data). Core events (queue entry -> action text), typed below as
:data:`BannerEvent`, :data:`BadgeEvent`, :data:`DieEvent` and :data:`ItemEvent`:

- ``("banner", slot)`` -> ``banner RACE``: a banner revealed into the column (R-PICK-4);
- ``("badge", slot)`` -> ``badge POWER``;
- ``("die", region, cost)`` -> ``roll N``: the reinforcement die of a final conquest (R-CONQ-9);
- ``("item", region)`` -> ``item ITEM``: a face-down item revealed (R-ITEM-1).

Content adds kinds with :func:`register` (e.g. Goblins' Bombs): a :class:`ChanceKind` (its
action word, its outcomes, how an outcome applies) in :data:`HANDLERS`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple, TypeAlias

from smallworld.core import combos
from smallworld.core.actions import Action
from smallworld.core.conquest import finish_final_conquest
from smallworld.core.events import emit, region_id
from smallworld.core.roster import changed
from smallworld.core.state import State, replaced

#: a banner revealed into column slot ``slot`` (R-PICK-4): ``("banner", slot)``
BannerEvent: TypeAlias = tuple[Literal["banner"], int]
#: a badge revealed into column slot ``slot``: ``("badge", slot)``
BadgeEvent: TypeAlias = tuple[Literal["badge"], int]
#: the reinforcement die of a final conquest of region number ``region`` costing ``cost``
#: tokens (R-CONQ-9): ``("die", region, cost)``
DieEvent: TypeAlias = tuple[Literal["die"], int, int]
#: the face-down item on region number ``region`` revealed (R-ITEM-1): ``("item", region)``
ItemEvent: TypeAlias = tuple[Literal["item"], int]
#: the core's events
CoreEvent: TypeAlias = BannerEvent | BadgeEvent | DieEvent | ItemEvent
#: any pending event: a :data:`CoreEvent` or a registered kind's ``(kind, *args)`` (JSON-able)
ChanceEvent: TypeAlias = tuple[Any, ...]

#: one outcome of a pending event: the chance action and its probability
Outcome: TypeAlias = tuple[Action, float]
#: every outcome of a pending event (probabilities summing to 1)
Outcomes: TypeAlias = list[Outcome]
#: ``(s, event) -> outcomes`` of an event kind
OutcomesOf: TypeAlias = Callable[[State, ChanceEvent], Outcomes]
#: ``(s, event, outcome)``: apply a drawn outcome of an event kind
ApplyOutcome: TypeAlias = Callable[[State, ChanceEvent, Action], None]


class ChanceKind(NamedTuple):
    """A kind of chance event (:data:`HANDLERS`): the first word of its actions (``roll``),
    its outcomes, and how a drawn outcome applies."""

    action_kind: str
    outcomes: OutcomesOf
    apply: ApplyOutcome


def _banner_outcomes(s: State, ev: ChanceEvent) -> Outcomes:
    made = s.spec.edition.banner_actions
    return [(made[r], pr) for r, pr in combos.banner_outcomes(s)]


def _badge_outcomes(s: State, ev: ChanceEvent) -> Outcomes:
    made = s.spec.edition.badge_actions
    return [(made[p], pr) for p, pr in combos.badge_outcomes(s)]


def _die_outcomes(s: State, ev: ChanceEvent) -> Outcomes:
    return list(s.spec.edition.die_outcomes)


def _item_outcomes(s: State, ev: ChanceEvent) -> Outcomes:
    pool = s.item_pool
    made = s.spec.edition.item_actions
    return [(made[i], 1 / len(pool)) for i in sorted(pool)]


def _apply_banner(s: State, ev: BannerEvent, a: Action) -> None:
    combos.draw_banner(s, ev[1], str(a.args[0]))


def _apply_badge(s: State, ev: BadgeEvent, a: Action) -> None:
    combos.draw_badge(s, ev[1], str(a.args[0]))


def _apply_die(s: State, ev: DieEvent, a: Action) -> None:
    _, r, cost = ev
    finish_final_conquest(s, r, cost, int(a.args[0]))


def _apply_item(s: State, ev: ItemEvent, a: Action) -> None:
    item = str(a.args[0])
    r = ev[1]
    s.item_pool.remove(item)
    here = list(s.items[r])
    here[here.index("?")] = item  # the face-down marker turns face up (R-ITEM-1)
    s.items = replaced(s.items, r, tuple(here))
    changed(s)
    if s.events is not None:
        emit(s, "revealed", item=item, region=region_id(s, r))
    ab = s.spec.edition.item_abilities[item]
    if "on_reveal" in ab.hooks:
        ab.on_reveal(s, None, r)


#: event kind -> its :class:`ChanceKind` (the core's four, then those :func:`register` adds)
HANDLERS: dict[str, ChanceKind] = {
    "banner": ChanceKind("banner", _banner_outcomes, _apply_banner),
    "badge": ChanceKind("badge", _badge_outcomes, _apply_badge),
    "die": ChanceKind("roll", _die_outcomes, _apply_die),
    "item": ChanceKind("item", _item_outcomes, _apply_item),
}


# ---- direct sampling of the core kinds (no outcome list built; the same draws as the list) --


def _pick_multiset(items: list[str], made: dict[str, Action], x: float) -> Action:
    """The draw from the multiset ``items`` (not empty) that the list of
    :func:`smallworld.core.combos._outcomes_of` gives: distinct tiles by name, each ``count /
    total``, the first whose running sum exceeds ``x``. The running sums of a stack (added in
    the same order, so the same floats) are kept by :func:`_thresholds`; stacks recur."""
    key = tuple(items)
    got = _THRESHOLDS.get(key)
    if got is None:
        got = _thresholds(key)
    sums, names = got
    i = bisect_right(sums, x)
    return made[names[i] if i < len(names) else names[-1]]


def _thresholds(key: tuple[str, ...]) -> tuple[tuple[float, ...], tuple[str, ...]]:
    """The distinct tiles of ``key`` by name and the running sums of their probabilities (kept
    as tuples of floats and strings, which the garbage collector stops tracking: most stacks of
    a game are new, so a long run of new games would otherwise leave it thousands of lists)."""
    tiles = sorted(key)
    total = len(tiles)
    sums: list[float] = []
    names: list[str] = []
    acc = 0.0
    i = 0
    while i < total:
        k = tiles[i]
        j = i + 1
        while j < total and tiles[j] == k:
            j += 1
        acc += (j - i) / total
        sums.append(acc)
        names.append(k)
        i = j
    if len(_THRESHOLDS) >= 4096:
        _THRESHOLDS.clear()
    got = _THRESHOLDS[key] = (tuple(sums), tuple(names))
    return got


#: :func:`_thresholds` by stack
_THRESHOLDS: dict[tuple[str, ...], tuple[tuple[float, ...], tuple[str, ...]]] = {}


def _pick_banner(s: State, ev: ChanceEvent, x: float) -> Action | None:
    made = s.spec.edition.banner_actions
    if s.banner_stack:
        return _pick_multiset(s.banner_stack, made, x)
    if s.banner_bottom:
        return made[s.banner_bottom[0]]
    return None


def _pick_badge(s: State, ev: ChanceEvent, x: float) -> Action | None:
    items = s.badge_stack or s.badge_discard
    if not items:
        return None
    return _pick_multiset(items, s.spec.edition.badge_actions, x)


def _pick_die(s: State, ev: ChanceEvent, x: float) -> Action | None:
    outs = s.spec.edition.die_outcomes
    return pick_from(outs, x) if outs else None


def _pick_item(s: State, ev: ChanceEvent, x: float) -> Action | None:
    pool = s.item_pool
    if not pool:
        return None
    made = s.spec.edition.item_actions
    pr = 1 / len(pool)
    acc = 0.0
    ordered = sorted(pool)
    for i in ordered:
        acc += pr
        if x < acc:
            return made[i]
    return made[ordered[-1]]


def _one_of(items: list[str]) -> bool:
    """True if the multiset ``items`` (not empty) holds one distinct tile."""
    first = items[0]
    return items[-1] == first and items.count(first) == len(items)


def _few_banner(s: State, ev: ChanceEvent) -> Outcomes | None:
    stack = s.banner_stack
    if stack:
        return [(s.spec.edition.banner_actions[stack[0]], 1.0)] if _one_of(stack) else None
    return _banner_outcomes(s, ev)  # the known bottom banner, or none


def _few_badge(s: State, ev: ChanceEvent) -> Outcomes | None:
    items = s.badge_stack or s.badge_discard
    if not items:
        return []
    return [(s.spec.edition.badge_actions[items[0]], 1.0)] if _one_of(items) else None


def _few_die(s: State, ev: ChanceEvent) -> Outcomes | None:
    outs = s.spec.edition.die_outcomes
    return None if len(outs) > 1 else list(outs)


def _few_item(s: State, ev: ChanceEvent) -> Outcomes | None:
    return None if len(s.item_pool) > 1 else _item_outcomes(s, ev)


#: core kind -> (draw the outcome for a uniform ``x`` in [0, 1), or None when there is none;
#: the outcomes when at most one, else None). Both give what the outcome list would.
_DIRECT: dict[str, tuple[Callable[[State, ChanceEvent, float], Action | None],
                         Callable[[State, ChanceEvent], Outcomes | None]]] = {
    "banner": (_pick_banner, _few_banner),
    "badge": (_pick_badge, _few_badge),
    "die": (_pick_die, _few_die),
    "item": (_pick_item, _few_item),
}


def register(kind: str, action_kind: str, outcomes: OutcomesOf, apply: ApplyOutcome) -> None:
    """Add a chance event kind (content use): events ``(kind, *args)`` whose outcomes are
    ``action_kind ...`` actions. Registering the same functions again does nothing.

    Raises:
        ValueError: ``kind`` exists with other functions."""
    new = ChanceKind(action_kind, outcomes, apply)
    old = HANDLERS.get(kind)
    if old is not None and old != new:
        raise ValueError(f"chance kind {kind!r} already registered")
    HANDLERS[kind] = new


def outcomes(s: State) -> Outcomes:
    """Outcomes of the pending chance event with their probabilities (empty if none)."""
    if not s.chance:
        return []
    ev = s.chance[0]
    return HANDLERS[ev[0]].outcomes(s, ev)


def sample(s: State, rng: Any) -> Action:
    """Draw the pending event's outcome with ``rng`` (a ``random.Random``): one ``rng.random()``
    per call, so a game's chance sequence is fixed by its seed."""
    return choose(s, rng.random())


def choose(s: State, x: float) -> Action:
    """The pending event's outcome for ``x`` uniform in [0, 1): the first outcome, in the order of
    :func:`outcomes`, whose cumulative probability exceeds ``x`` (the last one if none does).
    The core kinds are drawn without building the outcome list, with the same answer.

    Raises:
        IndexError: no event is pending, or it has no outcome."""
    if s.chance:
        ev = s.chance[0]
        direct = _DIRECT.get(ev[0])
        if direct is not None:
            a = direct[0](s, ev, x)
            if a is not None:
                return a
    return pick_from(outcomes(s), x)


def pick_from(outs: Sequence[tuple[Action, float]], x: float) -> Action:
    """The first of ``outs`` (``(action, probability)`` pairs) whose cumulative probability
    exceeds ``x`` in [0, 1), the last one if none does.

    Raises:
        IndexError: ``outs`` is empty."""
    acc = 0.0
    for a, pr in outs:
        acc += pr
        if x < acc:
            return a
    return outs[-1][0]


def settle_forced(s: State) -> bool:
    """If the pending event has at most one outcome, resolve it (or drop it when it has none)
    and return True; False when a decision of chance is pending (or no event is)."""
    if not s.chance:
        return False
    ev = s.chance[0]
    direct = _DIRECT.get(ev[0])
    outs = direct[1](s, ev) if direct is not None else HANDLERS[ev[0]].outcomes(s, ev)
    if outs is None or len(outs) > 1:
        return False
    if outs:
        resolve(s, outs[0][0])
    else:
        s.chance.pop(0)
    return True


def resolve(s: State, a: Action) -> None:
    """Apply chance action ``a`` to the pending event (the caller checked it is an outcome)."""
    ev = s.chance.pop(0)
    if s.events is not None and ev[0] not in _DIRECT:  # an ability's chance kind
        emit(s, "chance", action=a.kind, args=[str(x) for x in a.args])
    HANDLERS[ev[0]].apply(s, ev, a)
