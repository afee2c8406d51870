"""A reproducible MaskablePPO curriculum on CPU (``pip install ".[rl-train]"``): prints the
learning curve and the final win rates against each ladder opponent with 95% Wilson intervals.

The recipe is :func:`smallworld.rl.recipe.train` (docs/rl.md "Training"):

1. greedy-vs-greedy demonstrations (``--teacher``; at most ``--demo-share`` of the budget,
   ``--max-samples`` decisions kept);
2. behaviour cloning of the policy and value head on them (at most ``--bc-share`` of the
   budget and ``--bc-epochs`` epochs), with its accuracy on the ``--holdout`` share of the
   demonstrations kept out of it;
3. MaskablePPO for the rest: a quarter against ``greedy-eps`` (ε = 0.2), then ``greedy``;
4. evaluation against ``random``, ``random-nodecline``, ``greedy-eps``, ``greedy``, ``mcts-fast``
   on fixed game seeds (the learner's seat drawn per game), after behaviour cloning (greedy
   only) and at the end.

The policy (``--kind``): ``ranking`` (default) scores each legal action from features of what
it does (:mod:`smallworld.rl.ranking`); ``mlp`` is the earlier network over the catalogue.

Reward: +1 for a win, plus the scaled VC-difference shaping (``dense_reward="vc_diff"``).
``--minutes`` bounds steps 1–3 in CPU time of this process (``--clock cpu``, the default, so a
busy shared machine does not shorten the training) or in wall time (``--clock wall``); both are
printed, with the peak memory. ``--steps`` fixes the PPO steps instead, for bit-for-bit
reproducible runs. ``--export`` writes the policy for play (:mod:`smallworld.rl.policy`, NumPy
only) at every point of the learning curve and at the end.

Usage (from the repository root)::

    python benchmarks/rl_train.py --edition classic --minutes 30   # 30 CPU minutes, classic
    python benchmarks/rl_train.py --minutes 1 --eval-games 10      # a quick look (Warcraft)
    python benchmarks/rl_train.py --evaluate classic-2p.npz         # evaluate an exported policy
"""

from __future__ import annotations

import argparse
import os
import time

from smallworld.rl.policy import NumpyPolicy, export_policy
from smallworld.rl.recipe import evaluation_line, peak_rss_mb, train
from smallworld.rl.training import MAX_RANKING_SAMPLES, MAX_SAMPLES, evaluate, require_sb3

LADDER = ["random", "random-nodecline", ("greedy-eps", {"epsilon": 0.2}), "greedy", "mcts-fast"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", choices=["swow", "classic"], default="swow")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=30.0, help="budget of demonstrations + BC + PPO")
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help="measure the budget in CPU time of this process (default) or wall time")
    ap.add_argument("--steps", type=int, default=None, help="PPO steps instead of a time budget")
    ap.add_argument("--demo-games", type=int, default=2000, help="at most this many demonstration games")
    ap.add_argument("--max-samples", type=int, default=None,
                    help=f"at most this many demonstration decisions (default {MAX_RANKING_SAMPLES} for the ranking "
                         f"policy, {MAX_SAMPLES} for the MLP)")
    ap.add_argument("--kind", choices=["ranking", "mlp"], default="ranking",
                    help="the policy: a score per legal action from its features (default), or an MLP over the catalogue")
    ap.add_argument("--teacher", default="greedy", help="the bot whose games are the demonstrations")
    ap.add_argument("--holdout", type=float, default=0.1,
                    help="share of the demonstrations kept out of cloning to measure its accuracy")
    ap.add_argument("--demo-share", type=float, default=0.1, help="most of the budget for demonstrations")
    ap.add_argument("--bc-share", type=float, default=0.1, help="most of the budget for behaviour cloning")
    ap.add_argument("--bc-epochs", type=int, default=None, help="most cloning epochs (default 12 ranking, 4 MLP)")
    ap.add_argument("--bc-lr", type=float, default=None, help="cloning learning rate (default 1e-3 ranking, 3e-4 MLP)")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--mcts-eval-games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    ap.add_argument("--save", default=None, help="save the final model to this path (.zip)")
    ap.add_argument("--export", default=None, help="write the policy for play (.npz) here, at every curve point")
    ap.add_argument("--init", default=None, help="continue from a saved model: skip demonstrations and cloning")
    ap.add_argument("--evaluate", default=None, metavar="PATH.npz",
                    help="no training: evaluate this exported policy (its edition and players) against the ladder")
    ap.add_argument("--eval-opponents", nargs="*", default=None,
                    help="final evaluation only against these bot names (default: the whole ladder)")
    args = ap.parse_args()
    t0, c0 = time.perf_counter(), time.process_time()
    if args.evaluate:  # NumPy only: no torch needed
        policy = NumpyPolicy(args.evaluate)
        steps = policy.header.get("steps")
        print(f"evaluation of {args.evaluate} ({policy.kind} policy, {policy.edition}, {policy.players} players"
              + (f", {steps} PPO steps" if steps is not None else "") + f"); load average {_load()}", flush=True)
        _final_evaluation(policy, "the exported policy", args, policy.edition, policy.players, t0, c0, policy.kind)
        return
    require_sb3()
    import torch

    torch.set_num_threads(args.threads)
    print(f"MaskablePPO curriculum, {args.kind} policy, {args.edition}, {args.players} players, seed {args.seed}, "
          f"teacher {args.teacher}, budget "
          f"{args.minutes:g} min {args.clock}" + (f", {args.steps} PPO steps" if args.steps else "")
          + f"; load average {_load()}", flush=True)

    def checkpoint(model, _point) -> None:
        export_policy(model, args.export, edition=args.edition, players=args.players,
                      steps=int(model.num_timesteps))

    result = train(args.edition, args.players, args.minutes, clock=args.clock, steps=args.steps, seed=args.seed,
                   demo_share=args.demo_share, bc_share=args.bc_share, demo_games=args.demo_games,
                   max_samples=args.max_samples, bc_epochs=args.bc_epochs, bc_lr=args.bc_lr, kind=args.kind, teacher=args.teacher,
                   holdout=args.holdout,
                   check_games=max(args.eval_games // 2, 1), init=args.init,
                   on_point=checkpoint if args.export else None, log=lambda line: print(line, flush=True))
    spent = ", ".join(f"{k} {v:.0f} s" for k, v in result.spent.items())
    print(f"budget spent ({args.clock} seconds): {spent}")
    if args.save:
        result.model.save(args.save)
    if args.export:
        checkpoint(result.model, None)
        print(f"policy written to {args.export} ({os.path.getsize(args.export) / 2**20:.1f} MB)")

    # the exported policy plays the evaluation: what is shipped is what is measured (NumPy, float16
    # weights); without --export the model itself, deterministic
    if args.export:
        policy = NumpyPolicy(args.export)
        what = "the exported policy"
    else:
        from smallworld.rl.opponents import sb3_policy

        policy = sb3_policy(result.model, deterministic=True)
        what = "deterministic policy"
    _final_evaluation(policy, what, args, args.edition, args.players, t0, c0, args.kind)


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _final_evaluation(policy, what: str, args, edition: str, players: int, t0: float, c0: float,
                      kind: str = "mlp") -> None:
    print(f"final evaluation ({what}, fixed game seeds):", flush=True)
    ladder = LADDER if args.eval_opponents is None else [
        o for o in LADDER if (o if isinstance(o, str) else o[0]) in args.eval_opponents]
    for opp in ladder:
        n = args.mcts_eval_games if opp == "mcts-fast" else args.eval_games
        print(evaluation_line(evaluate(policy, opp, n, players=players, edition=edition, kind=kind)), flush=True)
    print(f"[{time.perf_counter() - t0:6.0f} s wall, {time.process_time() - c0:6.0f} s CPU] done; "
          f"peak memory {peak_rss_mb():.0f} MB; load average {_load()}")


if __name__ == "__main__":
    main()
