"""Fit the threat model of :func:`smallworld.bots.evaluate.expected_losses`.

Plays ``--games`` three-player games of the greedy policy (every seat, chance from a seeded
RNG). Each time a seat's turn ends, every Region it holds (Active or In Decline) is one sample:
its features (:func:`smallworld.bots.evaluate.threat_features`, read at that moment) and whether
an opponent took it before the seat's next turn began. A logistic regression (maximum likelihood,
a small L2 penalty) is fitted per edition and on both together; the script prints the weights
(the constants ``THREAT_WEIGHTS`` and ``THREAT_WEIGHTS_ANY``), the log-loss against a constant
rate and a calibration table. Needs numpy and scipy (the test extras).

Usage (from the repository root; under a minute for both editions with the compiled build)::

    python benchmarks/fit_threat.py --games 300
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from scipy.optimize import minimize

from smallworld.bots.evaluate import threat_features
from smallworld.bots.policy import HeuristicPolicy
from smallworld.core import chance, engine
from smallworld.core.setup import new_state
from smallworld.core.state import CHANCE


def samples(edition: str, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``(features, lost)`` of every Region held at the end of a turn in ``games`` games."""
    rng = random.Random(seed)
    xs: list[tuple[float, ...]] = []
    ys: list[int] = []
    for g in range(games):
        s = new_state(3, seed=f"threat-{seed}-{g}", edition=edition)
        policy = HeuristicPolicy(random.Random(g), exact=True)
        last = (s.round, s.turn)
        pending: dict[int, list[tuple[int, int, tuple[float, ...]]]] = {}
        while not s.is_over():
            if (s.round, s.turn) != last:
                ended = last[1]
                pending[ended] = [(r, s.occ[r], f) for r, f in threat_features(s, ended)]
                for r, code, f in pending.pop(s.turn, ()):
                    xs.append(f)
                    ys.append(int(s.occ[r] != code))
                last = (s.round, s.turn)
            if s.current_player() == CHANCE:
                engine.apply_action(s, chance.sample(s, rng), check=False)
            else:
                engine.apply_action(s, policy.choose(s, s.current_player()), check=False)
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic-regression weights (maximum likelihood with an L2 penalty ``l2``)."""

    def nll(w: np.ndarray) -> float:
        z = x @ w
        return float(np.sum(np.logaddexp(0, z) - y * z) + l2 * np.sum(w * w))

    def grad(w: np.ndarray) -> np.ndarray:
        p = 1 / (1 + np.exp(-(x @ w)))
        return x.T @ (p - y) + 2 * l2 * w

    return minimize(nll, np.zeros(x.shape[1]), jac=grad, method="L-BFGS-B").x


def report(name: str, x: np.ndarray, y: np.ndarray, w: np.ndarray) -> None:
    p = 1 / (1 + np.exp(-(x @ w)))
    eps = 1e-12
    ll = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
    base = y.mean()
    ll0 = -(base * np.log(base) + (1 - base) * np.log(1 - base))
    print(f"{name}: {len(y)} Regions, {base:.3f} lost; log-loss {ll:.3f} (constant rate: {ll0:.3f})")
    print(f"    weights: ({', '.join(repr(round(float(v), 3)) for v in w)})")  # as in evaluate.py
    order = np.argsort(p)
    for chunk in np.array_split(order, 8):
        print(f"    predicted {p[chunk].mean():.3f}  seen {y[chunk].mean():.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per edition")
    ap.add_argument("--editions", default="swow,classic")
    args = ap.parse_args()
    both_x, both_y = [], []
    for k, edition in enumerate(args.editions.split(",")):
        x, y = samples(edition, args.games, seed=2 + k)
        report(edition, x, y, fit(x, y))
        both_x.append(x)
        both_y.append(y)
    x, y = np.concatenate(both_x), np.concatenate(both_y)
    report("together", x, y, fit(x, y))


if __name__ == "__main__":
    main()
