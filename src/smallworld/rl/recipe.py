"""The training recipe as one function: :func:`train` (``pip install 'smallworld[rl-train]'``).

``train(edition="classic", players=2, minutes=30)`` runs the pieces of
:mod:`smallworld.rl.training` within a budget of minutes (CPU time of the process by default,
so a busy shared machine does not shorten it):

1. teacher-vs-teacher demonstrations (``greedy`` by default), at most ``demo_share`` of the
   budget and ``max_samples`` decisions (float16, preallocated: memory stays bounded whatever
   the budget);
2. behaviour cloning of the policy and value head, at most ``bc_share`` of the budget and
   ``bc_epochs`` epochs, its accuracy measured on the ``holdout`` share of the demonstrations
   kept out of it;
3. ``MaskablePPO`` for the rest (at least ``1 - demo_share - bc_share`` of it): a quarter
   against ``greedy-eps`` (ε = 0.2), then ``greedy``; the learning curve every ``every`` steps.

The policy is of ``kind="ranking"`` by default: a score for each legal action from features
of what that action does (:mod:`smallworld.rl.ranking`), so cloning the greedy teacher is
nearly exact and PPO starts at about the teacher's strength; ``kind="mlp"`` is the earlier
network, one logit per catalogue entry from the compact observation.

The shares scale with the budget, so a short budget leaves PPO most of it (with 8 minutes the
old recipe's four fixed cloning epochs left PPO one minute). ``benchmarks/rl_train.py`` runs it
from the command line and evaluates the result.
"""

from __future__ import annotations

import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from smallworld.rl.training import (
    MAX_RANKING_SAMPLES,
    MAX_SAMPLES,
    Curve,
    CurvePoint,
    Evaluation,
    behaviour_clone,
    check_kind,
    collect_demonstrations,
    evaluate,
    make_env,
    make_model,
    require_sb3,
    train_stages,
)

#: the first PPO stage's opponent (a quarter of the PPO budget), then ``greedy``
WARMUP_OPPONENT: tuple[str, dict[str, Any]] = ("greedy-eps", {"epsilon": 0.2})
#: the recipe's PPO settings on top of :func:`smallworld.rl.training.make_model`'s
PPO_OPTIONS: dict[str, Any] = {"learning_rate": 5e-5, "n_steps": 2048, "ent_coef": 0.001}


@dataclass
class RecipeResult:
    """What :func:`train` did. ``model``: the trained ``MaskablePPO``; ``demo_games`` /
    ``demo_samples``: demonstrations played and kept; ``cloning``: one row per cloning epoch
    (:func:`~smallworld.rl.training.behaviour_clone`); ``after_cloning``: the cloned policy
    against ``greedy`` (``None`` when ``check_games=0``; outside the budget); ``curve``: the PPO
    learning curve; ``ppo_steps``; ``seconds`` / ``cpu_seconds``: wall and CPU time of the
    training, the check after cloning left out; ``spent``: seconds of the budget's clock per
    phase (``demonstrations``, ``cloning``, ``ppo``); ``peak_rss_mb``: the process's peak
    resident memory so far (MB)."""

    model: Any
    edition: str
    players: int
    demo_games: int = 0
    demo_samples: int = 0
    cloning: list[dict[str, float]] = field(default_factory=list)
    after_cloning: Evaluation | None = None
    curve: Curve = field(default_factory=Curve)
    ppo_steps: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    spent: dict[str, float] = field(default_factory=dict)
    peak_rss_mb: float = 0.0


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux ``ru_maxrss`` is in KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def split_budget(seconds: float, demo_share: float, bc_share: float) -> tuple[float, float]:
    """The most seconds for demonstrations and for cloning out of ``seconds``.

    Raises:
        ValueError: a share outside [0, 1), or shares adding up to 1 or more (no time for PPO).
    """
    for name, share in (("demo_share", demo_share), ("bc_share", bc_share)):
        if not 0 <= share < 1:
            raise ValueError(f"{name} must be in [0, 1), not {share}")
    if demo_share + bc_share >= 1:
        raise ValueError(f"demo_share + bc_share = {demo_share + bc_share} leaves no time for PPO")
    return seconds * demo_share, seconds * bc_share


def kind_defaults(kind: str, max_samples: int | None, bc_epochs: int | None, bc_lr: float | None
                  ) -> tuple[int, int, float]:
    """``(max_samples, bc_epochs, bc_lr)``, each ``None`` replaced by the default of ``kind``
    (ranking: :data:`~smallworld.rl.training.MAX_RANKING_SAMPLES`, 12 epochs, 1e-3; mlp:
    :data:`~smallworld.rl.training.MAX_SAMPLES`, 4 epochs, 3e-4).

    Raises:
        ValueError: an unknown ``kind``.
    """
    check_kind(kind)
    ranking = kind == "ranking"
    return (max_samples if max_samples is not None else MAX_RANKING_SAMPLES if ranking else MAX_SAMPLES,
            bc_epochs if bc_epochs is not None else 12 if ranking else 4,
            bc_lr if bc_lr is not None else 1e-3 if ranking else 3e-4)


def train(edition: str = "swow", players: int = 2, minutes: float = 30.0, *, clock: str = "cpu",
          steps: int | None = None, seed: int = 0, demo_share: float = 0.1, bc_share: float = 0.1,
          demo_games: int = 2000, max_samples: int | None = None, bc_epochs: int | None = None,
          bc_lr: float | None = None, check_games: int = 100,
          every: int = 8192, init: str | Path | None = None, ppo: dict[str, Any] | None = None,
          kind: str = "ranking", teacher: str = "greedy", holdout: float = 0.1,
          on_point: Callable[[Any, CurvePoint], None] | None = None,
          log: Callable[[str], None] | None = print) -> RecipeResult:
    """Train a policy for ``edition`` (``"swow"``, ``"classic"``) and ``players`` within
    ``minutes`` of ``clock`` (``"cpu"``: this process's CPU time; ``"wall"``). See the module
    doc for the phases.

    Args:
        steps: PPO steps instead of a time budget (bit-for-bit reproducible; the demonstrations
            and cloning keep their shares of ``minutes``).
        demo_share, bc_share: the most of the budget for demonstrations and for cloning.
        demo_games, max_samples: the most demonstration games and kept decisions (``None``:
            :data:`~smallworld.rl.training.MAX_SAMPLES`, or ``MAX_RANKING_SAMPLES`` for a
            ranking policy).
        kind: ``"ranking"`` (the default: a score per legal action from its features,
            :mod:`smallworld.rl.ranking`) or ``"mlp"`` (one logit per catalogue entry).
        teacher: the bot whose games are the demonstrations.
        holdout: the share of the demonstrations kept out of cloning to measure it (the
            accuracy on them is printed after every epoch).
        bc_epochs, bc_lr: the most cloning epochs and the cloning learning rate (``None``: 12
            and 1e-3 for a ranking policy, 4 and 3e-4 for the MLP; the ranking policy's few
            inputs per action need the epochs to make its choices confident, not just right).
        check_games: games against ``greedy`` after cloning (0: none), outside the budget.
        every: PPO steps between two points of the learning curve.
        init: continue from a saved ``MaskablePPO`` (``.zip``): no demonstrations, no cloning.
        ppo: ``MaskablePPO`` settings over :data:`PPO_OPTIONS` (``{"n_steps": 128}``).
        on_point: called with ``(model, point)`` at each point of the curve (to checkpoint).
        log: where progress lines go (``None``: nowhere).

    Raises:
        ValueError: a bad edition, player count, clock, budget, share, kind or teacher.
        ModuleNotFoundError: torch or sb3-contrib missing (names the extra).
    """
    if clock not in ("cpu", "wall"):
        raise ValueError(f"clock must be 'cpu' or 'wall', not {clock!r}")
    if not minutes > 0:
        raise ValueError(f"minutes must be positive, not {minutes}")
    budget = minutes * 60
    demo_seconds, bc_seconds = split_budget(budget, demo_share, bc_share)
    require_sb3()
    tick = time.process_time if clock == "cpu" else time.perf_counter
    t0, c0, k0 = time.perf_counter(), time.process_time(), tick()
    say = log or (lambda _line: None)

    def stamp() -> str:
        return f"[{time.perf_counter() - t0:6.0f} s wall, {time.process_time() - c0:6.0f} s CPU]"

    max_samples, bc_epochs, bc_lr = kind_defaults(kind, max_samples, bc_epochs, bc_lr)
    env = make_env(players, "greedy", edition=edition, kind=kind)
    result = RecipeResult(None, edition, players)
    if init is not None:
        from sb3_contrib import MaskablePPO

        model = MaskablePPO.load(str(init), env=env, device="cpu")
        say(f"{stamp()} continuing from {init} ({model.num_timesteps} steps done)")
    else:
        demos = collect_demonstrations(players, demo_games, seed=seed, teacher=teacher, max_seconds=demo_seconds,
                                       clock=tick, edition=edition, max_samples=max_samples, kind=kind)
        result.demo_games, result.demo_samples = demos.games, len(demos)
        result.spent["demonstrations"] = tick() - k0
        say(f"{stamp()} demonstrations: {demos.games} {teacher}-vs-{teacher} games, {len(demos)} decisions "
            f"({demos.obs.nbytes / 2**20:.0f} MB)")
        if demos.greedy_agrees is not None and len(demos):
            say(f"  the features' own greedy bot chose the teacher's action in "
                f"{100 * demos.greedy_agrees.mean():.1f}% of them")
        model = make_model(env, seed=seed, kind=kind, **{**PPO_OPTIONS, **(ppo or {})})
        k1 = tick()
        result.cloning = behaviour_clone(model, demos, epochs=bc_epochs, lr=bc_lr, seed=seed, log=log,
                                         max_seconds=bc_seconds, clock=tick, holdout=holdout)
        result.spent["cloning"] = tick() - k1
        del demos
        say(f"{stamp()} behaviour cloning done")
    result.model = model
    check_wall = check_cpu = 0.0
    if check_games and init is None:
        from smallworld.rl.opponents import sb3_policy

        e0, ec0 = time.perf_counter(), time.process_time()
        result.after_cloning = evaluate(sb3_policy(model, deterministic=True), "greedy", check_games,
                                        players=players, edition=edition, kind=kind)
        check_wall, check_cpu = time.perf_counter() - e0, time.process_time() - ec0
        say(f"{stamp()} before PPO (an evaluation outside the budget):")
        say(evaluation_line(result.after_cloning))
    if steps is not None:
        stages: list[tuple[Any, int, float | None]] = [
            (WARMUP_OPPONENT, steps // 4, None), ("greedy", steps - steps // 4, None)]
    else:
        spent = tick() - k0 - (check_cpu if clock == "cpu" else check_wall)
        left = max(budget - spent, 60.0)
        stages = [(WARMUP_OPPONENT, 10**9, left / 4), ("greedy", 10**9, left * 3 / 4)]
    say(f"{stamp()} PPO (learning curve: training episodes against the stage's opponent)")
    k2 = tick()
    result.curve = train_stages(model, stages, every=every, t0=t0, c0=c0, clock=tick, log=log,
                                on_point=(lambda p: on_point(model, p)) if on_point else None)
    result.spent["ppo"] = tick() - k2
    result.ppo_steps = result.curve.points[-1].steps if result.curve.points else 0
    result.seconds = time.perf_counter() - t0 - check_wall
    result.cpu_seconds = time.process_time() - c0 - check_cpu
    result.peak_rss_mb = peak_rss_mb()
    say(f"{stamp()} training done: {result.ppo_steps} PPO steps; training took {result.seconds / 60:.1f} min "
        f"wall, {result.cpu_seconds / 60:.1f} min CPU (without the evaluation before PPO); "
        f"peak memory {result.peak_rss_mb:.0f} MB")
    return result


def evaluation_line(ev: Evaluation) -> str:
    """One line of a report: opponent, games, win rate with its 95% Wilson interval, mean VC
    difference."""
    lo, hi = ev.ci
    return (f"  vs {ev.opponent:<24} {ev.games:>4} games  win rate {100 * ev.win_rate:5.1f}%  "
            f"95% CI [{100 * lo:4.1f}, {100 * hi:4.1f}]  mean VC difference {ev.vc_diff:+.1f}")


__all__ = ["PPO_OPTIONS", "WARMUP_OPPONENT", "RecipeResult", "evaluation_line", "kind_defaults", "peak_rss_mb", "split_budget",
           "train"]
