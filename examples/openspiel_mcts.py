"""OpenSpiel's MCTS plays Small World through the registered game, without reading other seats' VC.

    pip install ".[spiel]"
    python examples/openspiel_mcts.py --edition classic --players 2 --simulations 20 --games 2

Seat 0 is OpenSpiel's Python ``MCTSBot`` (random rollouts) behind
``smallworld.rl.openspiel_game.DeterminizedBot``: at each decision it searches a copy of the
state in which the other seats' VC are resampled from what seat 0 may see
(``SmallWorldState.resample_from_view``, the determinization of the project's search bots), so
the search never reads them. The other seats play uniformly at random. Chance nodes are
sampled by their probabilities. Prints each game's returns and final VC.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

from smallworld.rl.openspiel_game import SHORT_NAMES, DeterminizedBot


def play(edition: str = "swow", players: int = 2, simulations: int = 20, seed: int = 0) -> tuple[list[float], list[int]]:
    """One game: MCTS (determinized) in seat 0, random bots elsewhere. Returns the returns and
    the final VC of every seat."""
    game = pyspiel.load_game(SHORT_NAMES[edition], {"players": players})
    rng = np.random.RandomState(seed)
    search = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                          evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    bots = [DeterminizedBot(search, seed=seed)] + [UniformRandomBot(p, rng) for p in range(1, players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=np.asarray(probs) / sum(probs))))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns(), list(state.engine_state.vc)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default="swow", choices=sorted(SHORT_NAMES))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--simulations", type=int, default=20, help="MCTS simulations per decision")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    for k in range(a.games):
        returns, vc = play(a.edition, a.players, a.simulations, a.seed + k)
        print(f"game {k}: returns {returns}  VC {vc}  (seat 0: MCTS, {a.simulations} simulations)")


if __name__ == "__main__":
    main()
