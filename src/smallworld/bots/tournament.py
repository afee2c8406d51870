"""Tournaments: seeded games between bots with rotated seats, in parallel.

:func:`schedule` lays out the games: every distinct arrangement of the bots over the seats
(all permutations, duplicates of one bot merged) is played on the same boards and chance seed
before the seed moves on, so each bot meets the same deals from every seat. Game ``i`` uses the
game seed ``seed + i // len(arrangements)`` and arrangement ``i % len(arrangements)``; the bot
in seat ``k`` of game ``i`` is seeded ``"{seed}:{i}:{k}"``.

:func:`run_tournament` plays them in a :class:`~concurrent.futures.ProcessPoolExecutor`
(``backend="process"``), on a Ray cluster (``backend="ray"``, optional extra ``smallworld[ray]``),
or in this process (one worker). Results come back in game order whatever the backend, so a
tournament with iteration-budgeted bots is reproducible.

:func:`schedule_pool` lays out a pool tournament instead: each game seats distinct bots drawn
from a pool (for ratings, :mod:`smallworld.bots.rating`).

:func:`summarize` gives each bot's win rate (a shared win is split equally between the
winners), its 95% Wilson score interval over the seat-games it played, and its mean score.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from smallworld.bots import BOTS, make_bot, parse_bot_spec

BACKENDS = ("process", "ray")


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament (picklable: sent to worker processes)."""

    index: int
    seed: int
    lineup: tuple[str, ...]
    edition: str = "swow"
    bot_options: tuple[tuple[str, Any], ...] = ()
    base_seed: int = 0


@dataclass
class TournamentResult:
    """Games in order (``games``: one dict per game, see :func:`play_task`) and the summary."""

    games: list[dict[str, Any]]
    rows: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0


def arrangements(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Distinct seatings of ``bots`` over ``players`` seats, in a fixed order.

    With fewer bots than seats the list is repeated to fill them (``greedy,random`` for 3
    players seats ``greedy, random, greedy``). Duplicated bots give fewer distinct arrangements
    (``mcts,greedy,greedy``: 3 rotations).

    Raises:
        ValueError: no bots, or more bots than seats.
    """
    if not bots:
        raise ValueError("no bots given")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots for {players} seats; give at most {players}")
    filled = [bots[i % len(bots)] for i in range(players)]
    seen: dict[tuple[str, ...], None] = {}
    for perm in itertools.permutations(range(players)):
        seen.setdefault(tuple(filled[i] for i in perm), None)
    return list(seen)


def schedule(bots: Sequence[str], players: int, games: int, seed: int, *, edition: str = "swow",
             bot_options: dict[str, Any] | None = None) -> list[GameTask]:
    """The tasks of a tournament (see the module doc for seeds and seat rotation)."""
    lineups = arrangements(bots, players)
    opts = tuple(sorted((bot_options or {}).items()))
    return [
        GameTask(index=i, seed=seed + i // len(lineups), lineup=lineups[i % len(lineups)],
                 edition=edition, bot_options=opts, base_seed=seed)
        for i in range(games)
    ]


def schedule_pool(pool: Sequence[str], players: int, games: int, seed: int, *, edition: str = "swow",
                  bot_options: dict[str, Any] | None = None) -> list[GameTask]:
    """The tasks of a pool tournament: game ``i`` (game seed ``seed + i``) seats ``players``
    distinct bots drawn from ``pool`` in a random order (``random.Random(f"pool:{seed}:{i}")``),
    so every bot meets every other from every seat over many games (a rating ladder:
    :mod:`smallworld.bots.rating`).

    Raises:
        ValueError: fewer distinct bots in the pool than seats.
    """
    names = list(dict.fromkeys(pool))
    if len(names) < players:
        raise ValueError(f"a pool of {len(names)} bots for {players} seats; give at least {players}")
    opts = tuple(sorted((bot_options or {}).items()))
    return [
        GameTask(index=i, seed=seed + i, lineup=tuple(random.Random(f"pool:{seed}:{i}").sample(names, players)),
                 edition=edition, bot_options=opts, base_seed=seed)
        for i in range(games)
    ]


def seat_names(lineup: Sequence[str]) -> list[str]:
    """Seat names for a record: the bot names, numbered when a bot sits twice (``greedy#2``)."""
    out = []
    for k, name in enumerate(lineup):
        n = lineup[:k].count(name)
        out.append(name if n == 0 else f"{name}#{n + 1}")
    return out


class _TimedBot:
    """Wraps a bot and accumulates its thinking time."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.seconds = 0.0
        self.decisions = 0
        self.max_seconds = 0.0

    def choose(self, state: Any, player: int, legal: list[Any]) -> Any:
        t = time.perf_counter()
        a = self.bot.choose(state, player, legal)
        dt = time.perf_counter() - t
        self.seconds += dt
        self.decisions += 1
        self.max_seconds = max(self.max_seconds, dt)
        return a


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one tournament game; returns ``{"index", "seed", "lineup", "scores", "winners",
    "rounds", "actions", "decisions", "think_seconds", "max_think_seconds", "search_stats",
    "record"}`` (``search_stats``: a searching bot's totals of searched decisions, iterations and
    seconds; empty for the others)
    (``record`` is the JSON of the game record, its header naming the bots)."""
    from smallworld.bots.play import play_game

    opts = dict(task.bot_options)
    bots = []
    for k, spec in enumerate(task.lineup):  # a bot name, or a name with options (parse_bot_spec)
        name, own = parse_bot_spec(spec)
        bots.append(_TimedBot(make_bot(name, f"{task.base_seed}:{task.index}:{k}", **{**opts, **own})))
    g = play_game(bots, seed=task.seed, edition=task.edition, seats=seat_names(task.lineup))
    res = g.state.result
    assert res is not None
    g.record.header["bots"] = list(task.lineup)
    return {
        "index": task.index,
        "seed": task.seed,
        "lineup": list(task.lineup),
        "scores": list(res["scores"]),
        "winners": list(res["winners"]),
        "rounds": g.state.round,
        "actions": len(g.record.actions),
        "decisions": [b.decisions for b in bots],
        "think_seconds": [round(b.seconds, 4) for b in bots],
        "max_think_seconds": [round(b.max_seconds, 4) for b in bots],
        "search_stats": [dict(getattr(b.bot, "stats", None) or {}) for b in bots],
        "record": g.record.to_json(),
    }


def run_tournament(
    tasks: Sequence[GameTask],
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    save_dir: Path | None = None,
    resume: bool = False,
) -> TournamentResult:
    """Play ``tasks``; returns the games in index order with the summary.

    ``workers`` processes (1: in this process) for ``backend="process"``; for ``"ray"`` the
    tasks run on ``ray.init(address=address)`` (a local Ray instance with ``workers`` CPUs when
    no address is given). ``on_result`` is called as each game finishes (progress bars).
    Records are written to ``save_dir`` as ``game-<index>-seed<seed>.json``, each with its
    result beside it (``result-<index>-seed<seed>.json``: the :func:`play_task` answer and the
    task it played).
    ``resume``: a task whose result is in ``save_dir`` for the very same task (index, seed,
    bots, edition, bot options) is not played again; its saved result is used (an interrupted
    tournament goes on where it stopped, with the same command).

    Raises:
        ValueError: unknown backend or bad worker count.
        ImportError: ``backend="ray"`` without Ray installed.
    """
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if resume and save_dir is None:
        raise ValueError("resume needs save_dir (where the finished games were saved)")
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    results: dict[int, dict[str, Any]] = {}
    by_index = {t.index: t for t in tasks}

    def done(r: dict[str, Any], *, saved: bool = False) -> None:
        results[r["index"]] = r
        if save_dir is not None and not saved:
            from smallworld.core.record import GameRecord

            name = _file_name(r["index"], r["seed"])
            GameRecord.from_json(r["record"]).save(save_dir / f"game-{name}")
            # written last, so that a result on disk always has its record
            _write_json(save_dir / f"result-{name}",
                        {"task": _task_key(by_index[r["index"]]), "result": r})
        if on_result is not None:
            on_result(r)

    if resume:
        assert save_dir is not None
        todo = []
        for t in tasks:
            r = _saved_result(save_dir / f"result-{_file_name(t.index, t.seed)}", t)
            if r is None:
                todo.append(t)
            else:
                done(r, saved=True)
        tasks_left: Sequence[GameTask] = todo
    else:
        tasks_left = tasks

    if backend == "ray" and tasks_left:
        _run_ray(tasks_left, workers, address, done)
    elif workers == 1 or len(tasks_left) <= 1:
        for t in tasks_left:
            done(play_task(t))
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=min(workers, len(tasks_left))) as pool:
            futures = [pool.submit(play_task, t) for t in tasks_left]
            for fut in as_completed(futures):
                done(fut.result())
    games = [results[t.index] for t in tasks]
    return TournamentResult(games=games, rows=summarize(games), seconds=time.perf_counter() - t0)


def _file_name(index: int, seed: int) -> str:
    """``<index>-seed<seed>.json``, after ``game-`` (the record) or ``result-`` (its result)."""
    return f"{index:04d}-seed{seed}.json"


def _task_key(t: GameTask) -> dict[str, Any]:
    """What makes a saved result the result of ``t`` (JSON-comparable)."""
    return json.loads(json.dumps({
        "index": t.index, "seed": t.seed, "lineup": list(t.lineup), "edition": t.edition,
        "bot_options": [list(kv) for kv in t.bot_options], "base_seed": t.base_seed}))


def _write_json(path: Path, data: Any) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)  # whole or absent, even if the tournament is killed while writing


def _saved_result(path: Path, t: GameTask) -> dict[str, Any] | None:
    """The saved result of task ``t`` at ``path``, or None (none, unreadable, or another
    task's: different bots, seed, edition or options)."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("task") != _task_key(t):
        return None
    r = data.get("result")
    return r if isinstance(r, dict) and r.get("index") == t.index else None


def _run_ray(tasks: Sequence[GameTask], workers: int, address: str | None,
             done: Callable[[dict[str, Any]], None]) -> None:
    import ray  # optional extra: pip install 'smallworld[ray]'

    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(num_cpus=1)(play_task)
        pending = [remote.remote(t) for t in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                done(ray.get(ref))
    finally:
        if started:
            ray.shutdown()


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (``successes`` may be fractional: shared
    wins). ``(0, 1)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(games: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per bot name, in order of first appearance: ``{"bot", "seat_games", "wins",
    "win_rate", "ci_low", "ci_high", "mean_score", "mean_think", "max_think"}``.

    ``wins`` counts a win shared by ``k`` winners as ``1/k`` for each; ``seat_games`` counts each
    seat the bot held (a bot seated twice in a game counts twice); ``mean_think`` is seconds
    per decision.
    """
    order: list[str] = []
    acc: dict[str, dict[str, float]] = {}
    for g in games:
        winners = g["winners"]
        for k, name in enumerate(g["lineup"]):
            if name not in acc:
                order.append(name)
                acc[name] = {"n": 0, "wins": 0.0, "score": 0.0, "think": 0.0, "dec": 0, "max": 0.0}
            a = acc[name]
            a["n"] += 1
            a["score"] += g["scores"][k]
            if k in winners:
                a["wins"] += 1.0 / len(winners)
            a["think"] += g["think_seconds"][k]
            a["dec"] += g["decisions"][k]
            a["max"] = max(a["max"], g["max_think_seconds"][k])
    rows = []
    for name in order:
        a = acc[name]
        n = int(a["n"])
        lo, hi = wilson(a["wins"], n)
        rows.append({
            "bot": name,
            "seat_games": n,
            "wins": round(a["wins"], 3),
            "win_rate": a["wins"] / n if n else 0.0,
            "ci_low": lo,
            "ci_high": hi,
            "mean_score": a["score"] / n if n else 0.0,
            "mean_think": a["think"] / a["dec"] if a["dec"] else 0.0,
            "max_think": a["max"],
        })
    return rows


def default_workers() -> int:
    """At most 2 worker processes (the machines this runs on have 2 cores), at least 1."""
    return max(1, min(2, os.cpu_count() or 1))


__all__ = [
    "BACKENDS",
    "BOTS",
    "GameTask",
    "TournamentResult",
    "arrangements",
    "default_workers",
    "play_task",
    "run_tournament",
    "schedule",
    "schedule_pool",
    "seat_names",
    "summarize",
    "wilson",
]
