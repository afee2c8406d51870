"""Throughput of the RL environment (``smallworld.rl.SmallWorldEnv``): env steps per second with
uniformly random actions drawn from the action mask, observations built at every step (as a
learner would use them). Single process.

Usage (from the repository root)::

    python benchmarks/rl_env.py                       # 2, 3 and 5 players, 5 games each
    python benchmarks/rl_env.py --players 4 --games 20 --edition swow-team
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from smallworld.rl import SmallWorldEnv


def run(players: int, games: int, seed: int, edition: str) -> dict[str, float]:
    """Play ``games`` episodes; returns steps, seconds, steps/s, and the space sizes."""
    env = SmallWorldEnv(players, edition)  # built once (loads the boards), not timed
    rng = np.random.default_rng(seed)
    steps = 0
    t0 = time.perf_counter()
    for g in range(games):
        env.reset(seed=seed + g)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    dt = time.perf_counter() - t0
    return {
        "players": players, "games": games, "steps": steps, "seconds": dt, "steps_per_s": steps / dt,
        "actions": env.catalogue.size, "obs": env.encoder.size,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 5])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--edition", default="swow", choices=["swow", "swow-team"])
    args = ap.parse_args()
    for n in args.players:
        r = run(n, args.games, args.seed, args.edition)
        print(
            f"{n} players ({args.edition}): {r['steps']} steps in {r['seconds']:.2f} s = "
            f"{r['steps_per_s']:.0f} env steps/s  (actions {r['actions']}, observation {r['obs']})"
        )


if __name__ == "__main__":
    main()
