"""What happened: the events the engine reports while it applies an action (issue 32).

An event is plain data, a dict with a ``"kind"`` and named arguments, every value JSON-able
(ints, strings, lists, dicts, ``None``)::

    {"kind": "conquered", "seat": 0, "race": "trolls", "region": "L1.4", "cost": 3, ...}

Regions are named by their board ids (``"L1.4"``), races, powers and items by their slugs,
seats by number; nothing is worded for people: readers (the web chronicle, the results, the RL
info dict) render each kind with a template of their own language. The core kinds and their
arguments are :data:`CORE_KINDS` (documented in ``docs/events.md``); races, powers and items
emit kinds of their own through :func:`smallworld.core.changes.emit` and declare their words
(:class:`smallworld.core.meta.EventWords`).

**Collected only when asked.** ``State.events`` is ``None`` by default (bots' playouts, copies,
replays for search): then no event is built and an emitting site costs one attribute test. A
reader sets it to a list (:func:`collect`); :class:`smallworld.core.game.Game` does for every
action it applies and keeps each action's events with the game and its record. Hidden
information (RULES §15): events tell only what every seat sees, except ``scored``, whose coins
are private to the seat's side until the game ends (as its view), and ``coins``.
"""

from __future__ import annotations

from typing import Any

from smallworld.core.state import State

#: the core's event kinds -> their argument names (beyond ``kind``); see docs/events.md
CORE_KINDS: dict[str, tuple[str, ...]] = {
    "turn": ("round", "rounds", "seat"),
    "picked": ("seat", "race", "power", "position", "paid", "took", "tokens", "row"),
    "passed": ("seat",),
    "stopped": ("seat",),
    "conquered": ("seat", "race", "region", "cost", "parts", "placed", "mode", "defender"),
    "lost": ("region", "defender", "tokens", "discarded", "withdrew", "cause"),
    "final_attempt": ("seat", "race", "region", "cost", "hand", "need", "parts", "defender"),
    "rolled": ("seat", "face", "region", "success"),
    "abandoned": ("seat", "race", "region", "tokens"),
    "redeployed": ("seat", "region", "n"),
    "declined": ("seat", "race", "power"),
    "vanished": ("seat", "race"),
    "paid_toll": ("seat", "toll", "amount", "payee"),
    "coins": ("seat", "n", "why"),
    "scored": ("seat", "round", "total", "lines"),
    "used": ("seat", "action", "args", "ability"),
    "drew_banner": ("race", "slot"),
    "drew_badge": ("power", "slot"),
    "revealed": ("item", "region"),
    "chance": ("action", "args"),
    "piece_placed": ("piece", "region", "n"),
    "piece_removed": ("piece", "region", "n"),
    "item_placed": ("item", "region"),
    "item_removed": ("item", "region"),
    "over": ("winners", "scores", "tokens", "sides", "winning_sides"),
}


#: the kinds whose arguments are private to the seat's side until the game is over (its coins,
#: RULES §15, R-SCORE-4)
PRIVATE_KINDS = frozenset({"scored", "coins"})


def visible(events: list[dict[str, Any]], s: State, viewer: int | None) -> list[dict[str, Any]]:
    """The events of ``events`` seat ``viewer`` may read in game ``s`` (``None``: a
    spectator): all once the game is over, else all but others' :data:`PRIVATE_KINDS` (a
    teammate's are shared, R-TEAM-*)."""
    if s.is_over():
        return list(events)
    friends: set[int] = set()
    if viewer is not None:
        variant = s.spec.edition.variant
        friends = set(variant.teammates(s, viewer)) if variant is not None else {viewer}
    return [e for e in events if e["kind"] not in PRIVATE_KINDS or e.get("seat") in friends]


def collect(s: State) -> list[dict[str, Any]]:
    """Start collecting ``s``'s events into a new list and return it (``s.events``)."""
    s.events = []
    return s.events


def emit(s: State, kind: str, **args: Any) -> None:
    """Report event ``kind`` with ``args`` (JSON-able values) when ``s`` collects events; nothing
    otherwise. Hot sites test ``s.events is not None`` first, so that playouts build no
    arguments."""
    out = s.events
    if out is not None:
        out.append({"kind": kind, **args})


def region_id(s: State, r: int) -> str:
    """The board id of Region number ``r`` (``"L1.4"``), as events name Regions."""
    return str(s.spec.region_ids[r])


def occupant(s: State, code: int) -> dict[str, Any] | None:
    """Who an occupant code is, as events say it: ``None`` (empty), ``{"neutral": True}``
    (Murlocs, Lost Tribes), or ``{"seat", "race", "in_decline"}``."""
    if code < 0:
        return None if code == -1 else {"neutral": True}
    return {"seat": s.owner_of(code), "race": s.race_of(code), "in_decline": bool(code & 1)}
