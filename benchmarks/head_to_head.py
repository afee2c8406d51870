"""Summarize a head-to-head run from its saved game records (complete or still running).

The games are played by the tournament CLI with ``--save-dir``, e.g. the new search bot against
two copies of ``mcts`` at 0.5 s of CPU time per decision, every rotation of the seats::

    smallworld tournament --bots mcts-blend,mcts,mcts --games 102 --seed 7000 \\
        --mcts-time 0.5 --clock cpu --workers 2 --save-dir runs/h2h --json > runs/h2h.json

(a research variant of ``bot_variants.py`` with ``python benchmarks/bot_variants.py tournament``
and the same arguments), and this script reads ``runs/h2h/game-*.json`` (each record's header names the bots, its result
holds scores and winners) and prints, per bot, seat-games, wins (shared wins split), the win
rate with its 95% Wilson interval (even odds: 1/3 at 3 players) and the mean VC, plus how many
games of the schedule are in and which seat rotations they cover::

    python benchmarks/head_to_head.py runs/h2h
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from smallworld.bots.tournament import summarize


def load_games(folder: Path) -> list[dict[str, Any]]:
    """The finished games in ``folder`` as :func:`~smallworld.bots.tournament.summarize` wants them."""
    games = []
    for path in sorted(folder.glob("game-*.json")):
        rec = json.loads(path.read_text(encoding="utf-8"))
        res = rec.get("result")
        if not res:
            continue
        bots = rec["header"]["bots"]
        n = len(bots)
        games.append({"lineup": bots, "scores": res["scores"], "winners": res["winners"],
                      "think_seconds": [0.0] * n, "decisions": [0] * n, "max_think_seconds": [0.0] * n,
                      "file": path.name})
    return games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    args = ap.parse_args()
    games = load_games(args.folder)
    if not games:
        sys.exit(f"no finished game records in {args.folder}")
    seats = Counter(tuple(g["lineup"]) for g in games)
    print(f"{len(games)} games; seatings: " + ", ".join(f"{'/'.join(k)} x{v}" for k, v in sorted(seats.items())))
    print()
    print("| bot | seat-games | wins | win rate | 95% CI (Wilson) | mean VC |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in summarize(games):
        print(f"| {r['bot']} | {r['seat_games']} | {r['wins']:g} | {100 * r['win_rate']:.1f}% | "
              f"{100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f}% | {r['mean_score']:.1f} |")


if __name__ == "__main__":
    main()
