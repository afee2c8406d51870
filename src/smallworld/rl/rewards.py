"""Rewards of the RL environments.

Terminal rewards (``reward=``), given once when the game ends (R-END-1, R-TEAM-7):

- ``"win"`` (default): the winners share 1 (a sole winner gets +1, two tied winners 0.5 each),
  everyone else 0. Team variant: each side that wins gets 1 and each of its members receives
  it (sides tied for the win split it).
- ``"vc_diff"``: the seat's final VC minus the mean final VC of the other seats (zero-sum).
  Team variant: the side's score (R-TEAM-7) minus the mean score of the other sides.
- ``"none"``: no terminal reward (use with ``dense_reward``).

Dense rewards (``dense_reward=True``): after every action, each seat receives the change of its
own VC (positive or negative: scoring, picks, tolls, ransoms, payments during others' turns),
added to the terminal reward. Over a whole game they sum to final VC minus the starting 5.
"""

from __future__ import annotations

from typing import Any

from smallworld.core.spec import GameSpec

REWARD_MODES = ("win", "vc_diff", "none")


def check_mode(mode: str) -> str:
    """Raises ``ValueError`` naming the known modes when ``mode`` is not one."""
    if mode not in REWARD_MODES:
        raise ValueError(f"unknown reward {mode!r}; known: {', '.join(REWARD_MODES)}")
    return mode


def terminal_rewards(result: dict[str, Any], spec: GameSpec, mode: str) -> list[float]:
    """Terminal reward of each seat for a finished game's ``result`` (``State.result``).

    Returns a list of floats by seat. Raises ``ValueError`` for an unknown ``mode``.
    """
    check_mode(mode)
    n = spec.n_players
    if mode == "none":
        return [0.0] * n
    sides = spec.sides
    if mode == "win":
        if sides and "winning_sides" in result:
            won = result["winning_sides"]
            return [1.0 / len(won) if sides[p] in won else 0.0 for p in range(n)]
        winners = result["winners"]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    if sides and "sides" in result:
        side_score = result["sides"]
        out = []
        for p in range(n):
            others = [v for side, v in side_score.items() if side != sides[p]]
            out.append(float(side_score[sides[p]] - (sum(others) / len(others) if others else 0.0)))
        return out
    scores = result["scores"]
    return [float(scores[p] - (sum(scores) - scores[p]) / (n - 1)) for p in range(n)]
