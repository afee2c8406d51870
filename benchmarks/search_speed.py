"""Search speed of the search bots in real games: iterations per second of CPU time.

Each bot plays ``--games`` 3-player games on the real boards against two greedy bots (its seat
rotates from game to game) with a CPU-time budget per searched decision (``clock="cpu"``:
``time.process_time``, so other jobs on the machine do not change the figures much). After
every searched decision its iterations and CPU seconds are read from ``last_stats``; the
script prints the minimum, median and maximum iterations per second over the decisions, and
the total (all iterations over all search seconds).

With ``--iterations N`` each searched decision runs exactly N iterations instead (the time
budget is ignored): the games no longer depend on the machine's speed, so two versions of the
bots that make the same decisions play the same games, and their figures compare the same work
(an A/B test of a pure speed-up; the time budget lets a faster bot search more and play other
games).

Usage (from the repository root)::

    python benchmarks/search_speed.py                         # mcts, mcts-turn, mcts-plan: 2 games each
    (the research configurations of bot_variants.py, e.g. mcts-plan, are known by name here too)
    python benchmarks/search_speed.py --bots mcts-turn --games 4 --time 0.25 --seed 3
    python benchmarks/search_speed.py --bots mcts-plan --iterations 40   # the same games on any machine
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from smallworld.bots import parse_bot_spec
from smallworld.bots.play import play_game

# the research configurations (mcts-turn, mcts-plan, mcts-threat, mcts-mix) by name too
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bot_variants.py, beside this script
from bot_variants import make as make_bot


class _Recorder:
    """Wraps a search bot and keeps each searched decision's iterations and seconds."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.samples: list[tuple[int, float]] = []

    def choose(self, state: Any, player: int, legal: list[Any]) -> Any:
        before = self.bot.stats["searches"]
        a = self.bot.choose(state, player, legal)
        if self.bot.stats["searches"] > before and self.bot.last_stats["iterations"] > 0:
            # (a kept subtree with a single candidate left is answered without iterations)
            st = self.bot.last_stats
            self.samples.append((int(st["iterations"]), float(st["seconds"])))
        return a


def measure(name: str, games: int, seed: int, budget: float, iterations: int | None = None) -> dict[str, Any]:
    """Play the games of one bot; returns its per-decision iteration rates and totals
    (``iterations``: that many per searched decision instead of ``budget`` CPU seconds)."""
    samples: list[tuple[int, float]] = []
    for i in range(games):
        seat = i % 3
        bot_name, options = parse_bot_spec(name)
        rec = _Recorder(make_bot(bot_name, f"speed:{seed}:{i}", time_limit=budget, iterations=iterations,
                                 clock="cpu", **options))
        bots: list[Any] = [make_bot("greedy", f"speed:{seed}:{i}:{k}") for k in range(3)]
        bots[seat] = rec
        play_game(bots, seed=seed + i)
        samples += rec.samples
    rates = [n / s for n, s in samples if s > 0]
    iters = sum(n for n, _ in samples)
    secs = sum(s for _, s in samples)
    return {
        "bot": name, "games": games, "decisions": len(samples), "budget_cpu_s": budget,
        "iterations": iterations,
        "min": min(rates), "median": statistics.median(rates), "max": max(rates),
        "total": iters / secs if secs else 0.0,
        "iterations_per_decision": statistics.median(n for n, _ in samples),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="mcts,mcts-turn,mcts-plan",
                    help="comma-separated search bots, each a name and options: mcts-mix:conquest_lookahead=2")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--time", type=float, default=0.5, help="CPU seconds per searched decision")
    ap.add_argument("--iterations", type=int, default=None,
                    help="exactly this many iterations per searched decision instead (the same games on any machine)")
    ap.add_argument("--json", dest="json_out", default=None, help="also write the results here")
    args = ap.parse_args()
    print(f"# Search speed ({time.strftime('%Y-%m-%d %H:%M')}, Python {platform.python_version()}): "
          f"3-player games against two greedy bots, "
          f"{f'{args.iterations} iterations' if args.iterations else f'{args.time} s CPU'} per searched decision, "
          f"{args.games} game(s) per bot, seeds {args.seed}-{args.seed + args.games - 1}\n")
    print("| bot | games | searched decisions | it/s min | it/s median | it/s max | it/s total | iterations per decision (median) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    out = []
    for name in [b.strip() for b in args.bots.split(",") if b.strip()]:
        r = measure(name, args.games, args.seed, args.time, args.iterations)
        out.append(r)
        print(f"| {name} | {r['games']} | {r['decisions']} | {r['min']:.0f} | {r['median']:.0f} | {r['max']:.0f} | "
              f"{r['total']:.0f} | {r['iterations_per_decision']:.0f} |", flush=True)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
