"""How often a search bot's conquest choices agree with a much longer search (``mcts-plan``), in
minutes: how a bot's choices differ from the Hard level's (not a measure of strength).

States: each conquest step (``CONQUER`` phase, more than two legal actions) of 3-player games
between greedy bots is kept with probability ``--rate`` until ``--states`` are kept (seeded: the
same states on every run). The **oracle** is ``mcts-plan`` (the Hard level before ``mcts-blend``; a research configuration of bot_variants.py now) with
``--oracle-iterations`` fresh iterations per decision, run twice with different seeds: only the
states where both runs agree count (where the oracle is unsure, no answer is right). Each bot of
``--bots`` then chooses in every state with ``--time`` CPU seconds (its real budget); the script
prints, per bot, how many of the counted states it answered as the oracle, and its iterations
per second over those searches.

The oracle is a search of the same family as most of the bots, not the truth: a bot that
agrees more plays its conquests more like ``mcts-plan``; one that agrees less does something
else, for better or worse. It shows how a bot's choices differ, not which bot is stronger: in
docs/bots.md a variant of ``mcts-mix`` that agreed 67% of the time (against 39%) won fewer
games head to head. Only games measure strength.

The oracle's answers are kept in ``--cache`` (JSON, by edition, states, rate, seed and
iterations), so a second run compares new bots without searching again.

Usage (from the repository root)::

    python benchmarks/oracle_agreement.py                                  # Warcraft, 40 states
    python benchmarks/oracle_agreement.py --edition classic --bots mcts-mix,mcts
    python benchmarks/oracle_agreement.py --bots "mcts-turn:lookahead=1;prior=0.3,mcts-mix"  # bot options
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from smallworld.bots import parse_bot_spec
from smallworld.core import chance, engine
from smallworld.core.actions import Action
from smallworld.core.engine import phase_of
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE, CONQUER, State

# the research configurations (mcts-turn, mcts-plan, mcts-threat, mcts-mix) by name too
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bot_variants.py, beside this script
from bot_variants import make as make_bot

Snapshot = tuple[State, int, list[Action]]


def conquest_states(edition: str, count: int, rate: float, seed: int) -> list[Snapshot]:
    """``count`` conquest steps of greedy 3-player games (seeded), each kept with probability
    ``rate``: (state, seat to act, legal actions)."""
    rng = random.Random(seed)
    out: list[Snapshot] = []
    g = 0
    while len(out) < count:
        s = new_state(3, seed=f"oracle-{edition}-{seed}-{g}", edition=edition)
        bots = [make_bot("greedy", f"oracle:{seed}:{g}:{p}") for p in range(3)]
        g += 1
        while not s.is_over():
            p = s.current_player()
            if p == CHANCE:
                engine.apply_action(s, chance.sample(s, rng), check=False)
                continue
            legal = engine.legal_actions(s)
            if phase_of(s) == CONQUER and len(legal) > 2 and rng.random() < rate and len(out) < count:
                out.append((s.copy(), p, list(legal)))
            engine.apply_action(s, bots[p].choose(s, p, legal), check=False)
    return out


def oracle_answers(states: list[Snapshot], iterations: int) -> list[str | None]:
    """The oracle's choice in each state, or None where its two runs disagree."""
    out: list[str | None] = []
    for i, (s, p, legal) in enumerate(states):
        a, b = (str(make_bot("mcts-plan", f"oracle:{k}:{i}", iterations=iterations).choose(s.copy(), p, legal))
                for k in (1, 2))
        out.append(a if a == b else None)
    return out


def agreement(spec: str, states: list[Snapshot], answers: list[str | None], budget: float) -> dict[str, Any]:
    """How often the bot of ``spec`` (a name, options after ``:`` as ``k=v;k=v``; ``budget`` CPU
    seconds per decision) chooses as the oracle."""
    name, options = parse_bot_spec(spec)
    agree = counted = iterations = 0
    seconds = 0.0
    for i, ((s, p, legal), answer) in enumerate(zip(states, answers)):
        if answer is None:
            continue
        bot = make_bot(name, f"agree:{i}", time_limit=budget, clock="cpu", **options)
        choice = str(bot.choose(s.copy(), p, legal))
        stats = getattr(bot, "last_stats", None) or {}
        iterations += int(stats.get("iterations", 0))
        seconds += float(stats.get("seconds", 0.0))
        counted += 1
        agree += choice == answer
    return {"bot": spec, "agree": agree, "counted": counted,
            "it_per_s": iterations / seconds if seconds else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="greedy,mcts,mcts-threat,mcts-mix,mcts-plan",
                    help="comma-separated bots, each a name and options: mcts-turn:lookahead=1;prior=0.3")
    ap.add_argument("--edition", default="swow")
    ap.add_argument("--states", type=int, default=40)
    ap.add_argument("--rate", type=float, default=0.08, help="chance of keeping a conquest step")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--oracle-iterations", type=int, default=1500)
    ap.add_argument("--time", type=float, default=0.5, help="CPU seconds per decision of each bot")
    ap.add_argument("--cache", default="runs/oracle_answers.json", help="the oracle's answers, kept between runs")
    args = ap.parse_args()
    states = conquest_states(args.edition, args.states, args.rate, args.seed)
    key = f"{args.edition}:{args.states}:{args.rate}:{args.seed}:{args.oracle_iterations}"
    cache_path = Path(args.cache)
    cache: dict[str, list[str | None]] = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    if key not in cache:
        cache[key] = oracle_answers(states, args.oracle_iterations)
        cache_path.parent.mkdir(parents=True, exist_ok=True)
        cache_path.write_text(json.dumps(cache, indent=1) + "\n")
    answers = cache[key]
    counted = sum(a is not None for a in answers)
    print(f"# Agreement with mcts-plan at {args.oracle_iterations} iterations ({time.strftime('%Y-%m-%d %H:%M')}): "
          f"{args.edition}, {args.states} conquest steps of greedy games (seed {args.seed}), the oracle's two "
          f"runs agree on {counted}; each bot {args.time} s CPU per decision\n")
    print("| bot | agrees | of | share | it/s |")
    print("|---|---:|---:|---:|---:|")
    for name in [b.strip() for b in args.bots.split(",") if b.strip()]:
        r = agreement(name, states, answers, args.time)
        rate = f"{r['it_per_s']:.0f}" if r["it_per_s"] else "-"
        print(f"| {name} | {r['agree']} | {r['counted']} | {r['agree'] / max(1, r['counted']):.0%} | {rate} |",
              flush=True)


if __name__ == "__main__":
    main()
