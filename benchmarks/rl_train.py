"""A reproducible MaskablePPO curriculum on CPU (``pip install ".[rl-train]"``): prints the
learning curve and the final win rates against each ladder opponent with 95% Wilson intervals.

The recipe (:mod:`smallworld.rl.training`, docs/rl.md "Training"):

1. greedy-vs-greedy demonstrations (``--demo-share`` of the budget);
2. behaviour cloning of the policy and value head on them (``--bc-epochs``);
3. MaskablePPO: a quarter of the rest against ``greedy-eps`` (ε = 0.2), then ``greedy``;
4. evaluation against ``random``, ``random-nodecline``, ``greedy-eps``, ``greedy``, ``mcts-fast``
   on fixed game seeds (the learner's seat drawn per game), after behaviour cloning (greedy
   only) and at the end.

Reward: +1 for a win, plus the scaled VC-difference shaping (``dense_reward="vc_diff"``).
``--minutes`` bounds steps 1–3 in CPU time of this process (``--clock cpu``, the default, so a
busy shared machine does not shorten the training) or in wall time (``--clock wall``); both are
printed. ``--steps`` fixes the PPO steps instead, for bit-for-bit reproducible runs.

Usage (from the repository root)::

    python benchmarks/rl_train.py --minutes 30                 # the documented run (30 CPU minutes)
    python benchmarks/rl_train.py --minutes 1 --eval-games 10  # a quick look
"""

from __future__ import annotations

import argparse
import time

from smallworld.rl.opponents import sb3_policy
from smallworld.rl.training import (
    behaviour_clone,
    collect_demonstrations,
    evaluate,
    make_env,
    make_model,
    require_sb3,
    train_stages,
)

LADDER = ["random", "random-nodecline", ("greedy-eps", {"epsilon": 0.2}), "greedy", "mcts-fast"]


def _eval_line(ev) -> str:
    lo, hi = ev.ci
    return (f"  vs {ev.opponent:<24} {ev.games:>4} games  win rate {100 * ev.win_rate:5.1f}%  "
            f"95% CI [{100 * lo:4.1f}, {100 * hi:4.1f}]  mean VC difference {ev.vc_diff:+.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=30.0, help="budget of demonstrations + BC + PPO")
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help="measure the budget in CPU time of this process (default) or wall time")
    ap.add_argument("--steps", type=int, default=None, help="PPO steps instead of a time budget")
    ap.add_argument("--demo-games", type=int, default=2000, help="at most this many demonstration games")
    ap.add_argument("--demo-share", type=float, default=0.3, help="share of the budget for demonstrations")
    ap.add_argument("--bc-epochs", type=int, default=4)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--mcts-eval-games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    ap.add_argument("--save", default=None, help="save the final model to this path (.zip)")
    ap.add_argument("--init", default=None, help="continue from a saved model: skip demonstrations and cloning")
    ap.add_argument("--eval-opponents", nargs="*", default=None,
                    help="final evaluation only against these bot names (default: the whole ladder)")
    args = ap.parse_args()
    require_sb3()
    import torch

    torch.set_num_threads(args.threads)
    budget = args.minutes * 60
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    t0, c0 = time.perf_counter(), time.process_time()

    def stamp() -> str:
        return f"[{time.perf_counter() - t0:6.0f} s wall, {time.process_time() - c0:6.0f} s CPU]"

    print(f"MaskablePPO curriculum, {args.players} players, seed {args.seed}, budget "
          f"{args.minutes:g} min {args.clock}" + (f", {args.steps} PPO steps" if args.steps else ""))
    env = make_env(args.players, "greedy")
    if args.init:
        from sb3_contrib import MaskablePPO

        model = MaskablePPO.load(args.init, env=env, device="cpu")
        spent = 0.0
        print(f"{stamp()} continuing from {args.init} ({model.num_timesteps} steps done)")
    else:
        demo_seconds = None if args.steps else budget * args.demo_share
        demos = collect_demonstrations(args.players, args.demo_games, seed=args.seed, max_seconds=demo_seconds,
                                       clock=clock)
        print(f"{stamp()} demonstrations: {demos.games} greedy-vs-greedy games, {len(demos)} decisions")
        model = make_model(env, seed=args.seed, learning_rate=5e-5, n_steps=2048, ent_coef=0.001)
        behaviour_clone(model, demos, epochs=args.bc_epochs, seed=args.seed)
        del demos
        spent = clock() - (c0 if args.clock == "cpu" else t0)  # demonstrations + behaviour cloning
        print(f"{stamp()} behaviour cloning done")
    e0, ec0 = time.perf_counter(), time.process_time()
    start_eval = evaluate(sb3_policy(model, deterministic=True), "greedy", max(args.eval_games // 2, 1),
                          players=args.players)
    eval_wall, eval_cpu = time.perf_counter() - e0, time.process_time() - ec0
    print(f"{stamp()} before PPO (an evaluation outside the budget):")
    print(_eval_line(start_eval))

    if args.steps:
        stages = [(LADDER[2], args.steps // 4, None), ("greedy", args.steps - args.steps // 4, None)]
    else:
        left = max(budget - spent, 60.0)
        stages = [(LADDER[2], 10**9, left / 4), ("greedy", 10**9, left * 3 / 4)]
    print(f"{stamp()} PPO (learning curve: training episodes against the stage's opponent)")
    curve = train_stages(model, stages, every=8192, t0=t0, c0=c0, clock=clock)
    train_wall = time.perf_counter() - t0 - eval_wall
    train_cpu = time.process_time() - c0 - eval_cpu
    steps = curve.points[-1].steps if curve.points else 0
    print(f"{stamp()} training done: {steps} PPO steps; training took {train_wall / 60:.1f} min wall, "
          f"{train_cpu / 60:.1f} min CPU (without the evaluation before PPO)")
    if args.save:
        model.save(args.save)

    print("final evaluation (deterministic policy, fixed game seeds):")
    policy = sb3_policy(model, deterministic=True)
    ladder = LADDER if args.eval_opponents is None else [
        o for o in LADDER if (o if isinstance(o, str) else o[0]) in args.eval_opponents]
    for opp in ladder:
        n = args.mcts_eval_games if opp == "mcts-fast" else args.eval_games
        print(_eval_line(evaluate(policy, opp, n, players=args.players)), flush=True)
    print(f"{stamp()} done")


if __name__ == "__main__":
    main()
