"""Chance events: dice, draws and reveals are actions of the chance player.

Pending events wait in ``s.chance`` (first in, first resolved). While one is pending,
``s.current_player()`` is ``CHANCE`` and the legal actions are its outcomes. An event with a
single possible outcome is resolved by the engine at once and not logged (replay does the same).

Core events (queue entry -> action text):

- ``("banner", slot)`` -> ``banner RACE``: a banner revealed into the column (R-PICK-4);
- ``("badge", slot)`` -> ``badge POWER``;
- ``("die", region, cost)`` -> ``roll N``: the reinforcement die of a final conquest (R-CONQ-9);
- ``("item", region)`` -> ``item ITEM``: a face-down item revealed (R-ITEM-1).

Content adds kinds with :func:`register` (e.g. Goblins' Bombs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smallworld.core import combos
from smallworld.core.actions import Action
from smallworld.core.roster import changed
from smallworld.core.state import State

Outcomes = list[tuple[Action, float]]


def _banner_outcomes(s: State, ev: tuple[Any, ...]) -> Outcomes:
    made = s.spec.edition.banner_actions
    return [(made[r], pr) for r, pr in combos.banner_outcomes(s)]


def _badge_outcomes(s: State, ev: tuple[Any, ...]) -> Outcomes:
    made = s.spec.edition.badge_actions
    return [(made[p], pr) for p, pr in combos.badge_outcomes(s)]


def _die_outcomes(s: State, ev: tuple[Any, ...]) -> Outcomes:
    return list(s.spec.edition.die_outcomes)


def _item_outcomes(s: State, ev: tuple[Any, ...]) -> Outcomes:
    pool = s.item_pool
    made = s.spec.edition.item_actions
    return [(made[i], 1 / len(pool)) for i in sorted(pool)]


def _apply_banner(s: State, ev: tuple[Any, ...], a: Action) -> None:
    combos.draw_banner(s, ev[1], str(a.args[0]))


def _apply_badge(s: State, ev: tuple[Any, ...], a: Action) -> None:
    combos.draw_badge(s, ev[1], str(a.args[0]))


def _apply_die(s: State, ev: tuple[Any, ...], a: Action) -> None:
    from smallworld.core.engine import finish_final_conquest

    finish_final_conquest(s, ev, int(a.args[0]))


def _apply_item(s: State, ev: tuple[Any, ...], a: Action) -> None:
    item = str(a.args[0])
    r = ev[1]
    s.item_pool.remove(item)
    here = list(s.items[r])
    here[here.index("?")] = item  # the face-down marker turns face up (R-ITEM-1)
    s.items[r] = tuple(here)
    changed(s)
    ab = s.spec.edition.item_abilities[item]
    if "on_reveal" in ab.hooks:
        ab.on_reveal(s, None, r)


#: queue kind -> (action kind, outcomes function, apply function)
HANDLERS: dict[str, tuple[str, Callable[..., Outcomes], Callable[..., None]]] = {
    "banner": ("banner", _banner_outcomes, _apply_banner),
    "badge": ("badge", _badge_outcomes, _apply_badge),
    "die": ("roll", _die_outcomes, _apply_die),
    "item": ("item", _item_outcomes, _apply_item),
}


def register(
    kind: str,
    action_kind: str,
    outcomes: Callable[[State, tuple[Any, ...]], Outcomes],
    apply: Callable[[State, tuple[Any, ...], Action], None],
) -> None:
    """Add a chance event kind (content use). Registering the same functions again does
    nothing. Raises ``ValueError`` if ``kind`` exists with other functions."""
    old = HANDLERS.get(kind)
    if old is not None and old != (action_kind, outcomes, apply):
        raise ValueError(f"chance kind {kind!r} already registered")
    HANDLERS[kind] = (action_kind, outcomes, apply)


def outcomes(s: State) -> Outcomes:
    """Outcomes of the pending chance event with their probabilities (empty if none)."""
    if not s.chance:
        return []
    ev = s.chance[0]
    return HANDLERS[ev[0]][1](s, ev)


def sample(s: State, rng: Any) -> Action:
    """Draw the pending event's outcome with ``rng`` (a ``random.Random``): one ``rng.random()``
    per call, so a game's chance sequence is fixed by its seed."""
    outs = outcomes(s)
    x = rng.random()
    acc = 0.0
    for a, pr in outs:
        acc += pr
        if x < acc:
            return a
    return outs[-1][0]


def resolve(s: State, a: Action) -> None:
    """Apply chance action ``a`` to the pending event (the caller checked it is an outcome)."""
    ev = s.chance.pop(0)
    HANDLERS[ev[0]][2](s, ev, a)
