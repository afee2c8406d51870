"""Throughput of the RL environment (``smallworld.rl.SmallWorldEnv``): env steps per second with
uniformly random actions drawn from the action mask, observations built at every step (as a
learner would use them). Single process.

Usage (from the repository root)::

    python benchmarks/rl_env.py                       # 2, 3 and 5 players, 5 games each
    python benchmarks/rl_env.py --players 4 --games 20 --edition swow-team
    python benchmarks/rl_env.py --edition classic --players 2 5   # the original Small World
    python benchmarks/rl_env.py --observation compact graph --repeat 3   # min/median/max of 3

It prints env steps per wall second and per CPU second of the process (the latter is the figure
to compare on a shared machine).
    python benchmarks/rl_env.py --clone               # copy costs: env deepcopy vs state clone
"""

from __future__ import annotations

import argparse
import copy
import statistics
import time
import timeit

import numpy as np

from smallworld.rl import SmallWorldEnv


def run(players: int, games: int, seed: int, edition: str, observation: str = "flat") -> dict[str, float]:
    """Play ``games`` episodes; returns steps, seconds, steps/s, and the space sizes."""
    # built once, not timed; "flat" passes no option, so the script also measures older trees
    env = SmallWorldEnv(players, edition, **({} if observation == "flat" else {"observation": observation}))
    rng = np.random.default_rng(seed)
    steps = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for g in range(games):
        env.reset(seed=seed + g)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {
        "players": players, "games": games, "steps": steps, "seconds": dt, "steps_per_s": steps / dt,
        "steps_per_cpu_s": steps / cpu,
        "actions": env.catalogue.size,
        "obs": env.encoder.size if observation == "flat" else env.compact.size if observation == "compact" else "graph",
    }


def clone_costs(players: int = 2, seed: int = 3, moves: int = 60) -> dict[str, float]:
    """Microseconds per copy, mid-game: ``copy.deepcopy`` of the AEC env, ``State.copy`` (what
    :meth:`smallworld.rl.spiel.SpielState.clone` does) and ``SpielState.clone``."""
    from smallworld.rl.spiel import SpielGame

    env = SmallWorldEnv(players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = SpielGame(players).new_initial_state(seed)
    state.state = env.game_state.copy()
    n = 2000
    return {
        "env deepcopy": timeit.timeit(lambda: copy.deepcopy(env), number=50) / 50 * 1e6,
        "State.copy": timeit.timeit(env.game_state.copy, number=n) / n * 1e6,
        "SpielState.clone": timeit.timeit(state.clone, number=n) / n * 1e6,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 5])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--edition", default="swow", choices=["swow", "swow-team", "classic"])
    ap.add_argument("--observation", nargs="*", default=["flat"], choices=["flat", "compact", "graph"])
    ap.add_argument("--repeat", type=int, default=1, help="runs per setting (min/median/max printed)")
    ap.add_argument("--clone", action="store_true", help="print copy costs instead")
    args = ap.parse_args()
    if args.clone:
        for name, us in clone_costs().items():
            print(f"{name:>18}: {us:9.1f} us per copy (2 players, mid-game)")
        return
    for n in args.players:
        for mode in args.observation:
            rs = [run(n, args.games, args.seed, args.edition, mode) for _ in range(args.repeat)]
            print(f"{n} players ({args.edition}, {mode}): {rs[0]['steps']} steps per run; "
                  f"{_spread([r['steps_per_s'] for r in rs])} env steps/s wall, "
                  f"{_spread([r['steps_per_cpu_s'] for r in rs])} per CPU second  "
                  f"(actions {rs[0]['actions']}, observation {rs[0]['obs']})")


def _spread(xs: list[float]) -> str:
    """``median`` or ``min/median/max`` of several runs."""
    xs = sorted(xs)
    if len(xs) == 1:
        return f"{xs[0]:.0f}"
    return f"{xs[0]:.0f}/{statistics.median(xs):.0f}/{xs[-1]:.0f}"


if __name__ == "__main__":
    main()
