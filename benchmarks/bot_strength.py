"""Measured strength of the bots (3-player games on the real boards, rotated seats).

Reproduces the figures reported for the bots:

- ``greedy`` against two ``random`` bots (target: at least 80% wins);
- ``mcts`` (0.5 s per decision) against two ``greedy`` bots (target: at least 50% wins).

Usage (from the repository root; long runs: be nice to other jobs)::

    nice -n 10 python benchmarks/bot_strength.py                    # both, default sizes
    python benchmarks/bot_strength.py --only greedy --greedy-games 300 --greedy-seed 1000
    python benchmarks/bot_strength.py --only mcts --mcts-games 100 --mcts-seed 2000 --max-minutes 45

Win rates split shared wins; the 95% interval is the Wilson score interval over each bot's
seat-games. The greedy matchup is fully reproducible for its seed; with a time budget the MCTS
matchup depends on the machine's speed (``--mcts-iterations`` makes it reproducible). With
``--max-minutes`` no new game starts after that time and the exact number of games played is
reported. The effects not yet implemented in the tree at the time of the run are listed.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from smallworld.bots.tournament import GameTask, play_task, schedule, summarize


def missing_effects() -> list[str]:
    """Ids of races, powers and items whose effect is not implemented (registry flags)."""
    from smallworld.content.registry import (
        ITEM_ABILITIES,
        POWER_ABILITIES,
        RACE_ABILITIES,
    )

    return [a.id for t in (RACE_ABILITIES, POWER_ABILITIES, ITEM_ABILITIES) for a in t.values()
            if not a.implemented]


def run(tasks: list[GameTask], workers: int, max_seconds: float | None) -> tuple[list[dict[str, Any]], float]:
    """Play ``tasks`` on ``workers`` processes; after ``max_seconds`` no new game starts.
    Returns the finished games in index order and the wall time."""
    t0 = time.perf_counter()
    done: list[dict[str, Any]] = []
    todo = list(tasks)
    if workers <= 1:
        for t in todo:
            if max_seconds is not None and time.perf_counter() - t0 > max_seconds:
                break
            done.append(play_task(t))
            _tick(len(done), len(tasks), t0)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            running = set()
            while todo or running:
                while todo and len(running) < workers and (
                    max_seconds is None or time.perf_counter() - t0 < max_seconds
                ):
                    running.add(pool.submit(play_task, todo.pop(0)))
                if not running:
                    break
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for f in finished:
                    done.append(f.result())
                    _tick(len(done), len(tasks), t0)
    print(file=sys.stderr)
    done.sort(key=lambda g: g["index"])
    return done, time.perf_counter() - t0


def _tick(n: int, total: int, t0: float) -> None:
    print(f"\r  {n}/{total} games, {time.perf_counter() - t0:.0f} s", end="", file=sys.stderr, flush=True)


def table(games: list[dict[str, Any]]) -> str:
    """A Markdown table of the summary rows (plus search statistics of searching bots)."""
    rows = summarize(games)
    search: dict[str, dict[str, float]] = {}
    for g in games:
        for name, st in zip(g["lineup"], g["search_stats"]):
            if st:
                acc = search.setdefault(name, {"searches": 0, "iterations": 0, "seconds": 0.0})
                for k in acc:
                    acc[k] += st.get(k, 0)
    out = ["| bot | seat-games | wins | win rate | 95% CI (Wilson) | mean VC | ms/decision (all) | max s |",
           "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        out.append(
            f"| {r['bot']} | {r['seat_games']} | {r['wins']:g} | {100 * r['win_rate']:.1f}% | "
            f"{100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f}% | {r['mean_score']:.1f} | "
            f"{1000 * r['mean_think']:.1f} | {r['max_think']:.2f} |"
        )
    for name, acc in search.items():
        if acc["searches"]:
            out.append(
                f"\n{name}: {int(acc['searches'])} searched decisions, "
                f"{acc['iterations'] / acc['searches']:.0f} iterations and "
                f"{acc['seconds'] / acc['searches']:.3f} s per searched decision"
            )
    return "\n".join(out)


def matchup(label: str, lineup: list[str], games: int, seed: int, workers: int,
            options: dict[str, Any], max_minutes: float | None) -> dict[str, Any]:
    tasks = schedule(lineup, 3, games, seed, bot_options=options)
    print(f"{label}: {games} games, seed {seed}, lineup {','.join(lineup)}, options {options}", file=sys.stderr)
    played, seconds = run(tasks, workers, None if max_minutes is None else 60 * max_minutes)
    print(f"\n### {label}\n")
    print(f"{len(played)} of {games} scheduled games played (tournament seed {seed}, game seeds "
          f"{seed}–{seed + (len(played) - 1) // 3}, every rotation of the seats), "
          f"{seconds / 60:.1f} min on {workers} worker process(es)\n")
    print(table(played))
    return {"label": label, "seed": seed, "lineup": lineup, "scheduled": games, "played": len(played),
            "seconds": seconds, "rows": summarize(played),
            "games": [{k: v for k, v in g.items() if k != "record"} for g in played]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=("greedy", "mcts"))
    ap.add_argument("--greedy-games", type=int, default=300)
    ap.add_argument("--greedy-seed", type=int, default=1000)
    ap.add_argument("--mcts-games", type=int, default=100)
    ap.add_argument("--mcts-seed", type=int, default=2000)
    ap.add_argument("--mcts-time", type=float, default=0.5)
    ap.add_argument("--mcts-iterations", type=int, default=None)
    ap.add_argument("--mcts-horizon", type=int, default=None, help="own turns rolled out (MCTSBot default if unset)")
    ap.add_argument("--mcts-option", action="append", default=[], metavar="NAME=NUMBER",
                    help="any other MCTSBot argument, e.g. exploration=0.5 (repeatable)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-minutes", type=float, default=None, help="start no game after this (MCTS matchup)")
    ap.add_argument("--json", dest="json_out", default=None, help="also write the results here")
    args = ap.parse_args()

    missing = missing_effects()
    print(f"# Bot strength ({time.strftime('%Y-%m-%d %H:%M')}, Python {platform.python_version()})\n")
    print("Effects not implemented at this time: " + (", ".join(missing) if missing else "none"))
    results = []
    if args.only in (None, "greedy"):
        results.append(matchup("greedy vs two random", ["greedy", "random", "random"], args.greedy_games,
                               args.greedy_seed, args.workers, {}, None))
    if args.only in (None, "mcts"):
        opts = {"time_limit": args.mcts_time, "iterations": args.mcts_iterations}
        if args.mcts_horizon is not None:
            opts["horizon"] = args.mcts_horizon
        for item in args.mcts_option:
            name, sep, value = item.partition("=")
            if not sep:
                ap.error(f"--mcts-option wants NAME=NUMBER, not {item!r}")
            opts[name] = float(value) if "." in value else int(value)
        results.append(matchup("mcts vs two greedy", ["mcts", "greedy", "greedy"], args.mcts_games,
                               args.mcts_seed, args.workers, opts, args.max_minutes))
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump({"missing_effects": missing, "matchups": results}, f, indent=1)


if __name__ == "__main__":
    main()
