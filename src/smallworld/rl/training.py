"""Training helpers for sb3-contrib's ``MaskablePPO`` (``pip install 'smallworld[rl-train]'``).

The pieces of the recipe (:func:`smallworld.rl.recipe.train` puts them together within a
budget; ``benchmarks/rl_train.py``; docs/rl.md, "Training"):

1. :func:`collect_demonstrations`: greedy-vs-greedy games (or another teacher's); every
   decision of every seat gives a sample (its compact observation, or its ranking observation
   for ``kind="ranking"``, its legal action indexes, the teacher's choice, and the return that
   seat went on to get under the training reward);
2. :func:`behaviour_clone`: supervised warm start of the policy (masked cross-entropy) and of
   the value head (squared error to the return), with the accuracy on held-out decisions
   (:func:`clone_accuracy`);
3. :func:`train_stages`: ``MaskablePPO`` against a curriculum of opponents
   (:mod:`smallworld.rl.opponents`), printing a learning curve (:class:`CurveCallback`);
4. :func:`evaluate`: win rate against an opponent with a 95% Wilson interval.

The training reward is ``reward="win"`` plus ``dense_reward="vc_diff"``: +1 to the winner at
the end, and every change of (own VC minus the others' mean) / 40 as it happens, so a game's
return is ``win + final VC difference / 40``.

Torch and sb3-contrib are imported on first use, so importing this module needs neither.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from smallworld.bots import make_bot
from smallworld.bots.tournament import wilson
from smallworld.core import engine
from smallworld.rl.env import SmallWorldEnv
from smallworld.rl.rewards import VC_DIFF_SCALE, terminal_rewards, vc_diff
from smallworld.rl.single import SmallWorldSingleAgentEnv

#: the env options of the recipe (gymnasium ``SmallWorld-v1`` defaults plus the reward)
ENV_OPTIONS: dict[str, Any] = {
    "observation": "compact", "mask_in_obs": False, "reward": "win", "dense_reward": "vc_diff", "seat": "random",
}


def require_sb3() -> Any:
    """Import sb3-contrib (and torch); ``ModuleNotFoundError`` naming the extra if absent."""
    try:
        import sb3_contrib
        import torch  # noqa: F401
    except ModuleNotFoundError as e:  # pragma: no cover - depends on the installed extras
        raise ModuleNotFoundError(
            f"training needs {e.name}: pip install 'smallworld[rl-train]' (torch==2.13.0, sb3-contrib)"
        ) from e
    return sb3_contrib


#: the model kinds of the recipe: ``"mlp"`` (logits of every catalogue entry from the compact
#: observation) and ``"ranking"`` (a score per legal action from its features,
#: :mod:`smallworld.rl.ranking`)
KINDS = ("mlp", "ranking")


def check_kind(kind: str) -> None:
    """Raises ``ValueError`` for a model kind not in :data:`KINDS`."""
    if kind not in KINDS:
        raise ValueError(f"unknown model kind {kind!r}; known: {', '.join(KINDS)}")


def make_env(players: int = 2, opponents: Any = "greedy", *, kind: str = "mlp", **options: Any) -> Any:
    """The single-agent env of the recipe (:data:`ENV_OPTIONS`, overridden by ``options``); for
    ``kind="ranking"`` wrapped in a :class:`~smallworld.rl.ranking.RankingEnv`.

    Raises:
        ValueError: an unknown ``kind`` or env option.
    """
    check_kind(kind)
    env = SmallWorldSingleAgentEnv(players, opponents=opponents, **{**ENV_OPTIONS, **options})
    if kind == "ranking":
        from smallworld.rl.ranking import RankingEnv

        return RankingEnv(env)
    return env


def make_model(env: Any, seed: int = 0, *, kind: str = "mlp", **ppo: Any) -> Any:
    """A ``MaskablePPO`` with the recipe's network and hyperparameters (overridden by ``ppo``),
    on CPU. ``kind="mlp"``: two ReLU layers of 256 for the policy and the value;
    ``kind="ranking"`` (``env`` a :class:`~smallworld.rl.ranking.RankingEnv`):
    :class:`~smallworld.rl.ranking_net.RankingPolicy`.

    Raises:
        ValueError: an unknown ``kind``.
    """
    check_kind(kind)
    sb3_contrib = require_sb3()
    import torch

    kwargs: dict[str, Any] = {
        "learning_rate": 1e-4, "n_steps": 1024, "batch_size": 256, "n_epochs": 4, "gamma": 0.999,
        "gae_lambda": 0.95, "clip_range": 0.1, "ent_coef": 0.003, "vf_coef": 0.5,
        "policy_kwargs": {"net_arch": {"pi": [256, 256], "vf": [256, 256]}, "activation_fn": torch.nn.ReLU},
    }
    policy: Any = "MlpPolicy"
    if kind == "ranking":
        from smallworld.rl.ranking_net import RankingPolicy

        layout = env.layout
        policy = RankingPolicy
        kwargs["policy_kwargs"] = {"obs_size": layout.obs_size, "listed": layout.listed,
                                   "features": layout.features}
    kwargs.update(ppo)
    return sb3_contrib.MaskablePPO(policy, env, seed=seed, device="cpu", verbose=0, **kwargs)


# ---- demonstrations and behaviour cloning ----------------------------------------------------


@dataclass
class Demonstrations:
    """Teacher decisions. ``obs`` float16 ``(n, M)`` (half the memory of float32; the compact
    observation's entries are small fractions, cast back to float32 batch by batch when cloning);
    ``legal`` one int array of legal indexes per sample; ``actions`` int64 ``(n,)`` the
    teacher's indexes; ``returns`` float32 ``(n,)`` the acting seat's return from that decision
    on (training reward); ``games``: games played (their decisions all kept)."""

    obs: np.ndarray
    legal: list[np.ndarray]
    actions: np.ndarray
    returns: np.ndarray
    games: int = 0
    #: ranking demonstrations: the listed catalogue indexes, int32 ``(n, K)`` (``obs`` then holds
    #: ranking observations, :class:`~smallworld.rl.ranking.RankingLayout`, whose index columns
    #: float16 cannot hold exactly: :meth:`rows` puts these back)
    listed: np.ndarray | None = None
    #: ranking demonstrations: 1 where the features' own greedy bot chose the teacher's action
    greedy_agrees: np.ndarray | None = None
    #: ranking demonstrations: M, the compact observation's size (where the index columns start)
    obs_size: int = 0

    def __len__(self) -> int:
        return len(self.actions)

    def rows(self, idx: np.ndarray) -> np.ndarray:
        """The observations of samples ``idx``, float32 ``(len(idx), size)``."""
        x = self.obs[idx].astype(np.float32)
        if self.listed is not None:
            m, k = self.obs_size, self.listed.shape[1]
            x[:, m:m + k] = self.listed[idx]
        return x


#: at most this many demonstration decisions are kept by default: 100 000 x 1 935 entries x 2
#: bytes = 387 MB for Warcraft's compact observation (2 000 games kept 208 000 in float32, 3.0 GB
#: peak with the lists they were built from)
MAX_SAMPLES = 100_000


#: the sample cap of ranking demonstrations (a row of Warcraft's ranking observation holds
#: 1 935 + 64 + 64 x 20 entries: 50 000 rows are 328 MB in float16)
MAX_RANKING_SAMPLES = 50_000


def collect_demonstrations(players: int, games: int, seed: int = 0, teacher: str = "greedy",
                           max_seconds: float | None = None,
                           clock: Callable[[], float] = time.perf_counter, *, edition: str = "swow",
                           max_samples: int = MAX_SAMPLES, kind: str = "mlp") -> Demonstrations:
    """Play up to ``games`` games of ``edition`` with ``teacher`` bots in every seat and record
    every decision with more than one legal action. Stops before a game once ``max_seconds``
    seconds of ``clock`` have passed (wall time by default, ``time.process_time`` for a CPU
    budget) or ``max_samples`` decisions are kept; a game that would pass ``max_samples`` is
    dropped whole, so memory stays below ``max_samples`` rows (preallocated, float16).

    ``kind="ranking"``: the rows are ranking observations (:mod:`smallworld.rl.ranking`), with
    features computed by an :class:`~smallworld.rl.ranking.ActionFeatures` per seat seeded apart
    from the teacher (so its ``greedy`` feature is another greedy bot's opinion, as in play);
    ``greedy_agrees`` records where it chose the teacher's action.

    Raises:
        ValueError: ``players``, ``edition``, ``teacher`` or ``kind`` unknown, or ``max_samples < 1``.
    """
    if max_samples < 1:
        raise ValueError(f"max_samples must be >= 1, not {max_samples}")
    check_kind(kind)
    make_bot(teacher)  # ValueError naming the known bots
    env = SmallWorldEnv(players, edition, observation="compact", mask_in_obs=False)
    buf = _Buffer(env.compact.size, max_samples, kind == "ranking")
    t0 = clock()
    played = 0
    for g in range(games):
        if max_seconds is not None and clock() - t0 > max_seconds:
            break
        env.reset(seed=seed + g)
        bots = [make_bot(teacher, seed=f"demo:{seed + g}:{p}") for p in range(players)]
        feats = [buf.features(f"demo:{seed + g}:{p}") for p in range(players)]
        pending: list[tuple[int, float]] = []  # (seat, VC difference at the decision) per sample
        start = buf.n
        full = False
        while not env.game_state.is_over():
            s = env.game_state
            agent = env.agent_selection
            p = env.seat_of(agent)
            legal_actions = engine.legal_actions(s)
            a = bots[p].choose(s, p, legal_actions)
            if len(legal_actions) > 1:
                if buf.n == max_samples:
                    full = True
                    break
                buf.add(env, agent, p, a, feats[p])
                pending.append((p, vc_diff(s.vc, p)))
            env.step_action(a)
        if full:  # drop the unfinished game's samples: their returns are unknown
            buf.drop(start)
            break
        s = env.game_state
        assert s.result is not None
        win = terminal_rewards(s.result, s.spec, "win")
        for k, (p, diff) in enumerate(pending):
            buf.returns[start + k] = win[p] + (vc_diff(s.vc, p) - diff) / VC_DIFF_SCALE
        played += 1
    return buf.demonstrations(played)


class _Buffer:
    """The preallocated arrays of :func:`collect_demonstrations` (``ranking``: ranking rows)."""

    def __init__(self, obs_size: int, max_samples: int, ranking: bool) -> None:
        self.layout: Any = None
        size = obs_size
        if ranking:
            from smallworld.rl.ranking import RankingLayout

            self.layout = RankingLayout(obs_size)
            size = self.layout.size
        self.obs = np.zeros((max_samples, size), dtype=np.float16)
        self.listed = np.zeros((max_samples, self.layout.listed), dtype=np.int32) if ranking else None
        self.agrees = np.zeros(max_samples, dtype=bool) if ranking else None
        self.legal: list[np.ndarray] = []
        self.actions = np.zeros(max_samples, dtype=np.int64)
        self.returns = np.zeros(max_samples, dtype=np.float32)
        self.n = 0

    def features(self, seed: str) -> Any:
        """A seat's :class:`~smallworld.rl.ranking.ActionFeatures` (``None`` without ranking)."""
        if self.layout is None:
            return None
        from smallworld.rl.ranking import ActionFeatures

        return ActionFeatures(seed, self.layout.listed)

    def add(self, env: SmallWorldEnv, agent: str, p: int, a: Any, features: Any) -> None:
        """Record the decision of ``agent`` (seat ``p``) to play ``a`` (its return comes later)."""
        n = self.n
        by_index = env.legal_actions()
        if self.layout is not None:
            index_of = {b: i for i, b in by_index.items()}
            idx, f, choice = features.compute(env.game_state, p, list(by_index.values()), index_of)
            self.obs[n] = self.layout.join(env.observe(agent), idx, f)
            self.listed[n] = idx  # type: ignore[index]
            self.agrees[n] = choice == a  # type: ignore[index]
        else:
            self.obs[n] = env.observe(agent)
        self.legal.append(np.fromiter(by_index, dtype=np.int32))
        self.actions[n] = env.actions.index(a)
        self.n += 1

    def drop(self, start: int) -> None:
        """Forget the samples from ``start`` on."""
        del self.legal[start:]
        self.n = start

    def demonstrations(self, games: int) -> Demonstrations:
        n = self.n
        return Demonstrations(self.obs[:n], self.legal, self.actions[:n], self.returns[:n], games,
                              self.listed[:n] if self.listed is not None else None,
                              self.agrees[:n] if self.agrees is not None else None,
                              self.layout.obs_size if self.layout is not None else 0)


def _masks(legal: Sequence[np.ndarray], n: int) -> np.ndarray:
    m = np.zeros((len(legal), n), dtype=bool)
    for row, idx in enumerate(legal):
        m[row, idx] = True
    return m


def behaviour_clone(model: Any, demos: Demonstrations, *, epochs: int = 4, batch_size: int = 256,
                    lr: float = 3e-4, value_coef: float = 0.5, seed: int = 0,
                    log: Callable[[str], None] | None = print, max_seconds: float | None = None,
                    clock: Callable[[], float] = time.perf_counter, holdout: float = 0.0) -> list[dict[str, float]]:
    """Fit ``model.policy`` to the teacher's choices (masked cross-entropy) and its value head
    to the returns. Returns one dict per epoch: ``{"epoch", "loss", "nll", "accuracy",
    "samples"}`` (accuracy: the policy's most likely legal action is the teacher's, on the
    epoch's batches before each update; ``samples``: the samples the epoch went through). Stops
    after ``max_seconds`` of ``clock`` (between two batches: the last epoch may be partial).

    ``holdout``: the share of the samples, the last ones (whole games but the one cut), kept
    out of training; each epoch's row then has ``"held_out"``: the accuracy on them (the
    policy's most likely legal action is the teacher's) and ``"held_out_samples"``.

    Raises:
        ValueError: ``holdout`` outside [0, 1).
    """
    if not 0 <= holdout < 1:
        raise ValueError(f"holdout must be in [0, 1), not {holdout}")
    require_sb3()
    import torch

    policy = model.policy
    policy.set_training_mode(True)
    opt = torch.optim.Adam(policy.parameters(), lr=lr)
    n_actions = model.action_space.n
    rng = np.random.default_rng(seed)
    n_train = len(demos) - round(len(demos) * holdout)
    held = np.arange(n_train, len(demos))
    history = []
    t0 = clock()
    for epoch in range(epochs):
        order = rng.permutation(n_train)
        tot = nll_tot = correct = seen = 0.0
        for b in range(0, len(order), batch_size):
            if max_seconds is not None and clock() - t0 > max_seconds:
                break
            idx = order[b:b + batch_size]
            obs_t = torch.as_tensor(demos.rows(idx))
            act_t = torch.as_tensor(demos.actions[idx])
            masks = _masks([demos.legal[i] for i in idx], n_actions)
            values, logp, _ent = policy.evaluate_actions(obs_t, act_t, action_masks=masks)
            nll = -logp.mean()
            vloss = torch.nn.functional.mse_loss(values.flatten(), torch.as_tensor(demos.returns[idx]))
            loss = nll + value_coef * vloss
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
            with torch.no_grad():
                probs = policy.get_distribution(obs_t, action_masks=masks).distribution.probs
                correct += float((probs.argmax(dim=1) == act_t).sum())
            tot += loss.item() * len(idx)
            nll_tot += nll.item() * len(idx)
            seen += len(idx)
        if not seen:
            break
        row = {"epoch": epoch + 1, "loss": tot / seen, "nll": nll_tot / seen,
               "accuracy": correct / seen, "samples": seen}
        if len(held):
            row["held_out"] = clone_accuracy(policy, demos, held, batch_size=batch_size)
            row["held_out_samples"] = len(held)
        history.append(row)
        if log:
            part = "" if seen == len(order) else f" ({int(seen)} of {len(order)} samples: time is up)"
            held_part = (f"; held out: {100 * row['held_out']:.1f}% of {len(held)} decisions"
                         if len(held) else "")
            log(f"  behaviour cloning epoch {row['epoch']}: loss {row['loss']:.3f}, "
                f"nll {row['nll']:.3f}, teacher's action most likely {100 * row['accuracy']:.1f}%{part}{held_part}")
        policy.set_training_mode(True)
    policy.set_training_mode(False)
    return history


def clone_accuracy(policy: Any, demos: Demonstrations, idx: np.ndarray, *, batch_size: int = 256) -> float:
    """The share of the samples ``idx`` of ``demos`` whose teacher's action is the most likely
    legal action of ``policy`` (an sb3 policy; evaluation mode, no gradient)."""
    import torch

    policy.set_training_mode(False)
    n_actions = policy.action_space.n
    correct = 0
    with torch.no_grad():
        for b in range(0, len(idx), batch_size):
            part = idx[b:b + batch_size]
            masks = _masks([demos.legal[i] for i in part], n_actions)
            probs = policy.get_distribution(torch.as_tensor(demos.rows(part)), action_masks=masks).distribution.probs
            correct += int((probs.argmax(dim=1) == torch.as_tensor(demos.actions[part])).sum())
    return correct / len(idx) if len(idx) else float("nan")


# ---- PPO with a curriculum -------------------------------------------------------------------


@dataclass
class CurvePoint:
    """One line of the learning curve."""

    steps: int
    seconds: float
    cpu_seconds: float
    stage: str
    episodes: int
    win_rate: float
    mean_return: float


@dataclass
class Curve:
    points: list[CurvePoint] = field(default_factory=list)


def _curve_callback(curve: Curve, stage: str, every: int, t0: float, c0: float,
                    log: Callable[[str], None] | None, deadline: float | None,
                    clock: Callable[[], float] = time.perf_counter,
                    on_point: Callable[[CurvePoint], None] | None = None) -> Any:
    from stable_baselines3.common.callbacks import BaseCallback

    class CurveCallback(BaseCallback):
        """Records finished episodes (win share, return) and adds a point every ``every`` steps."""

        def __init__(self) -> None:
            super().__init__()
            self.wins: list[float] = []
            self.rets: list[float] = []
            self.running: np.ndarray | None = None
            self.last = 0

        def _on_step(self) -> bool:
            rewards, dones, infos = self.locals["rewards"], self.locals["dones"], self.locals["infos"]
            if self.running is None:
                self.running = np.zeros(len(rewards))
            self.running += rewards
            for k, done in enumerate(dones):
                if done:
                    info = infos[k]
                    result, seat = info.get("result"), info.get("seat")
                    if result is not None and seat is not None:
                        self.wins.append(1.0 / len(result["winners"]) if seat in result["winners"] else 0.0)
                    self.rets.append(float(self.running[k]))
                    self.running[k] = 0.0
            if self.num_timesteps - self.last >= every:
                self.flush()
            return deadline is None or clock() < deadline

        def flush(self) -> None:
            if not self.rets:
                return
            pt = CurvePoint(self.num_timesteps, time.perf_counter() - t0, time.process_time() - c0, stage,
                            len(self.rets), float(np.mean(self.wins)) if self.wins else float("nan"),
                            float(np.mean(self.rets)))
            curve.points.append(pt)
            if on_point:
                on_point(pt)
            if log:
                log(f"  {pt.steps:>8} steps {pt.seconds:7.0f} s (CPU {pt.cpu_seconds:7.0f} s)  "
                    f"{stage:<28} episodes {pt.episodes:>4}  win rate {100 * pt.win_rate:5.1f}%  "
                    f"mean return {pt.mean_return:+.3f}")
            self.wins.clear()
            self.rets.clear()
            self.last = self.num_timesteps

        def _on_training_end(self) -> None:
            self.flush()

    return CurveCallback()


def opponent_label(o: Any) -> str:
    """A short name of an opponent for reports."""
    if isinstance(o, str):
        return o
    if isinstance(o, tuple):
        return o[0] + "(" + ", ".join(f"{k}={v}" for k, v in o[1].items()) + ")"
    return type(o).__name__


def train_stages(model: Any, stages: Sequence[tuple[Any, int, float | None]], *, every: int = 4096,
                 curve: Curve | None = None, log: Callable[[str], None] | None = print,
                 t0: float | None = None, c0: float | None = None,
                 clock: Callable[[], float] = time.perf_counter,
                 on_point: Callable[[CurvePoint], None] | None = None) -> Curve:
    """``model.learn`` stage by stage: ``stages`` is ``[(opponent, steps, seconds), ...]``: a
    stage ends after ``steps`` env steps or ``seconds`` of ``clock`` (wall time by default;
    ``time.process_time`` for a CPU budget on a shared machine; ``None``: no limit),
    whichever comes first. The opponent (:mod:`smallworld.rl.opponents`) is set in every env of
    ``model.get_env()`` before the stage (it applies from each env's next episode). Returns the
    learning curve (a point every ``every`` steps and at the end of each stage); ``on_point``
    is called with each point as it is made (to save a checkpoint)."""
    curve = curve if curve is not None else Curve()
    t0 = time.perf_counter() if t0 is None else t0
    c0 = time.process_time() if c0 is None else c0
    venv = model.get_env()
    for opponent, steps, seconds in stages:
        venv.env_method("set_opponents", opponent)
        deadline = clock() + seconds if seconds is not None else None
        cb = _curve_callback(curve, opponent_label(opponent), every, t0, c0, log, deadline, clock, on_point)
        model.learn(total_timesteps=steps, callback=cb, reset_num_timesteps=False)
    return curve


# ---- evaluation ------------------------------------------------------------------------------


@dataclass
class Evaluation:
    """Win share of the learner over ``games`` games: ``wins`` (ties shared), Wilson 95%
    interval ``ci``, mean final VC difference ``vc_diff``."""

    opponent: str
    games: int
    wins: float
    ci: tuple[float, float]
    vc_diff: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")


def evaluate(policy: Callable[[Any, np.ndarray], int], opponent: Any, games: int, *, players: int = 2,
             seed: int = 10_000, kind: str = "mlp", **options: Any) -> Evaluation:
    """Play ``games`` games of ``policy`` (``f(observation, mask) -> index``, e.g.
    :func:`smallworld.rl.opponents.sb3_policy`) against ``opponent`` in the other seats, the
    learner's seat drawn per game; game seeds ``seed, seed + 1, ...`` (the same games for every
    policy evaluated). ``kind="ranking"``: the policy reads ranking observations
    (:func:`make_env`)."""
    env = make_env(players, opponent, kind=kind, **options)
    wins = 0.0
    diffs = []
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        while True:
            obs, _r, term, trunc, info = env.step(policy(obs, info["action_mask"]))
            if term or trunc:
                break
        single = env.unwrapped
        s = single.aec.game_state
        if s.result is not None:
            win = terminal_rewards(s.result, s.spec, "win")[single.seat]
            wins += win
            diffs.append(vc_diff(s.vc, single.seat))
    return Evaluation(opponent_label(opponent), games, wins, wilson(wins, games),
                      float(np.mean(diffs)) if diffs else float("nan"))
