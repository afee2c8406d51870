"""Replays: any saved game (finished, in play or imported) stepped through move by move.

:func:`replay_frame` rebuilds the position after the first ``at`` actions of a game's record and
returns it as a spectator sees it — :func:`smallworld.core.view.view` for nobody's seat (so
nothing hidden leaves the engine, RULES §15) — with the public log up to there (every line once
the game is over). Positions are rebuilt from checkpoints kept every :data:`EVERY` actions, so a
step costs at most that many actions applied.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from smallworld.core import engine
from smallworld.core.actions import as_action
from smallworld.core.errors import Refusal
from smallworld.core.names import N_
from smallworld.core.record import start_state
from smallworld.core.state import State
from smallworld.core.undo import is_chance_text
from smallworld.core.view import view
from smallworld.web.games import LiveGame, rebuild_log
from smallworld.web.i18n import SOURCE
from smallworld.web.payload import game_info
from smallworld.web.speech import speaking

EVERY = 40  # actions between checkpoints
_CACHE: OrderedDict[tuple[str, int], tuple[list[State], Any]] = OrderedDict()
_CACHE_SIZE = 6


def _checkpoints(live: LiveGame) -> tuple[list[State], Any]:
    """States after 0, EVERY, 2*EVERY, ... actions, and the log (cached per game revision)."""
    g = live.game
    key = (live.id, live.undo.revision(g))
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    s = start_state(g.record.header)
    points = [s.copy()]
    for i, text in enumerate(g.record.actions):
        engine.apply_action(s, as_action(text))
        if (i + 1) % EVERY == 0:
            points.append(s.copy())
    log = rebuild_log(g.record)
    _CACHE[key] = (points, log)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return points, log


def stops(actions: list[str]) -> list[int]:
    """The positions a person steps between: after each player's move and the chance it led to
    (numbers of actions applied; 0 and the last position included)."""
    n = len(actions)
    out = [0]
    for k in range(1, n + 1):
        settled = k == n or not is_chance_text(actions[k])
        if settled and (k == n or out[-1] == 0 or not is_chance_text(actions[k - 1])):
            out.append(k)
    return sorted(set(out))


def _game_info(live: LiveGame, lang: str) -> dict[str, Any]:
    """The game's facts (:func:`~smallworld.web.payload.game_info`), its title in ``lang``."""
    with speaking(lang):
        return game_info(live)


def replay_frame(live: LiveGame, at: int | None, log_part: str = "upto",
                 upto: int | None = None, lang: str = SOURCE) -> dict[str, Any]:
    """The position after ``at`` actions (None: the last), for a replay page. ``log_part``:
    ``"upto"`` the log lines before that position, ``"all"`` the whole public log (a page
    steps through it without asking again), ``"none"``. ``upto``: only the first ``upto``
    actions exist for this page (a spectator watching with a delay, :mod:`smallworld.web.watch`).
    ``lang``: the reader's language, of the log's lines (:meth:`Logbook.page_entry
    <smallworld.web.chronicle.Logbook.page_entry>`).

    Returns ``{"at", "total", "stops": [int], "rounds": [{"round", "at"}], "game", "view",
    "log", "over"}``; ``rounds`` gives the position at which each round's first turn begins.

    Raises:
        ValueError: ``at`` outside ``0..total`` (its message a :class:`Refusal`: the reader may
            have typed it in the address), or an unknown ``log_part``.
    """
    if log_part not in ("upto", "all", "none"):
        raise ValueError(f"log must be upto, all or none, not {log_part!r}")
    g = live.game
    actions = g.record.actions if upto is None else g.record.actions[:upto]
    total = len(actions)
    if at is None:
        at = total
    if not 0 <= at <= total:
        raise ValueError(Refusal(N_("position {at} is outside this game (0 to {total})"), at=at, total=total))
    points, log = _checkpoints(live)
    k = min(at // EVERY, len(points) - 1)
    s = points[k].copy()
    for text in actions[k * EVERY:at]:
        engine.apply_action(s, as_action(text))
    over = g.state.is_over() and total == len(g.record.actions)
    until = total if log_part == "all" else (at if log_part == "upto" else -1)
    entries = [log.page_entry(e, lang) for e in log.entries if e["at"] is not None and e["at"] < until
               and (over or e["private"] is None)]
    rounds: list[dict[str, int]] = []
    for e in log.entries:
        if e["kind"] == "turn" and e["at"] is not None and e["at"] < total and (not rounds or rounds[-1]["round"] != e["round"]):
            rounds.append({"round": e["round"], "at": e["at"] + 1})
    return {
        "type": "replay",
        "at": at,
        "total": total,
        "stops": stops(actions),
        "rounds": rounds,
        "game": _game_info(live, lang),
        "view": view(s, None),
        "log": entries,
        "over": over,
        "finished_here": s.is_over(),
    }
