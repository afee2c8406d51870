"""Rewards of the RL environments.

Terminal rewards (``reward=``), given once when the game ends (R-END-1, R-TEAM-7):

- ``"win"`` (default): the winners share 1 (a sole winner gets +1, two tied winners 0.5 each),
  everyone else 0. Team variant: each side that wins gets 1 and each of its members receives
  it (sides tied for the win split it).
- ``"vc_diff"``: the seat's final VC minus the mean final VC of the other seats (zero-sum).
  Team variant: the side's score (R-TEAM-7) minus the mean score of the other sides.
- ``"vc_scaled"``: ``"vc_diff"`` divided by :data:`VC_DIFF_SCALE` (40) and clipped to
  [-1, 1] (a 2-player game is usually decided by 5–40 VC).
- ``"rank"``: by final rank (R-END-1 order: VC, then tokens), linear from +1 for the first to -1
  for the last; seats tied share the mean of their places (2 players: +1 / -1, a draw 0 / 0).
  Team variant: ranks of the sides (2 sides: +1 / -1).
- ``"none"``: no terminal reward (use with ``dense_reward``).

Dense rewards, added to the terminal reward after every action:

- ``dense_reward=True`` (or ``"vc"``): each seat receives the change of its own VC (positive or
  negative: scoring, picks, tolls, ransoms, payments during others' turns). Over a whole game
  they sum to final VC minus the starting 5.
- ``dense_reward="vc_diff"``: the change of (own VC minus the mean VC of the others) divided by
  :data:`VC_DIFF_SCALE`: a potential-based shaping whose sum over a game is the final
  ``vc_diff / 40`` (every seat starts at 5). It reads every seat's VC: rewards may be
  privileged, observations never are.
"""

from __future__ import annotations

from typing import Any

from smallworld.core.spec import GameSpec

REWARD_MODES = ("win", "vc_diff", "vc_scaled", "rank", "none")
DENSE_MODES = (False, True, "vc", "vc_diff")
#: divisor of VC differences in ``"vc_scaled"`` and ``dense_reward="vc_diff"``
VC_DIFF_SCALE = 40.0


def check_mode(mode: str) -> str:
    """Raises ``ValueError`` naming the known modes when ``mode`` is not one."""
    if mode not in REWARD_MODES:
        raise ValueError(f"unknown reward {mode!r}; known: {', '.join(REWARD_MODES)}")
    return mode


def check_dense(mode: bool | str) -> bool | str:
    """Raises ``ValueError`` naming the known modes when ``mode`` is not a dense mode; returns
    ``False``, ``"vc"`` or ``"vc_diff"``."""
    if mode not in DENSE_MODES or (isinstance(mode, int) and not isinstance(mode, bool)):
        raise ValueError(f"unknown dense_reward {mode!r}; known: False, True ('vc'), 'vc_diff'")
    return "vc" if mode is True else mode


def vc_diff(vc: list[int] | tuple[int, ...], p: int) -> float:
    """Seat ``p``'s VC minus the mean VC of the other seats."""
    n = len(vc)
    return float(vc[p] - (sum(vc) - vc[p]) / (n - 1))


def _rank_values(keys: list[tuple[float, ...]]) -> list[float]:
    """+1 for the best key to -1 for the worst, linear in the place; ties share the mean."""
    n = len(keys)
    if n == 1:
        return [0.0]
    out = []
    for k in keys:
        better = sum(1 for o in keys if o > k)
        tied = sum(1 for o in keys if o == k)
        place = better + (tied - 1) / 2  # 0-based mean place of the tie
        out.append(1.0 - 2.0 * place / (n - 1))
    return out


def terminal_rewards(result: dict[str, Any], spec: GameSpec, mode: str) -> list[float]:
    """Terminal reward of each seat for a finished game's ``result`` (``State.result``).

    Returns a list of floats by seat. Raises ``ValueError`` for an unknown ``mode``.
    """
    check_mode(mode)
    n = spec.n_players
    if mode == "none":
        return [0.0] * n
    if mode == "vc_scaled":
        return [max(-1.0, min(1.0, r / VC_DIFF_SCALE)) for r in terminal_rewards(result, spec, "vc_diff")]
    teams = bool(spec.sides) and "sides" in result  # the team variant: sides score (R-TEAM-6)
    if mode == "rank":
        return _side_ranks(result, spec) if teams else _seat_ranks(result, n)
    if mode == "win":
        return _win_shares(result, spec)
    return _side_diffs(result, spec) if teams else _seat_diffs(result, n)


def _seat_ranks(result: dict[str, Any], n: int) -> list[float]:
    tokens = result.get("tokens") or [0] * n
    return _rank_values([(float(result["scores"][p]), float(tokens[p])) for p in range(n)])


def _side_ranks(result: dict[str, Any], spec: GameSpec) -> list[float]:
    names = list(result["sides"])
    by_side = dict(zip(names, _rank_values([(float(result["sides"][x]),) for x in names])))
    return [by_side[spec.sides[p]] for p in range(spec.n_players)]


def _win_shares(result: dict[str, Any], spec: GameSpec) -> list[float]:
    n, sides = spec.n_players, spec.sides
    if sides and "winning_sides" in result:
        won = result["winning_sides"]
        return [1.0 / len(won) if sides[p] in won else 0.0 for p in range(n)]
    winners = result["winners"]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]


def _side_diffs(result: dict[str, Any], spec: GameSpec) -> list[float]:
    side_score, sides = result["sides"], spec.sides
    out = []
    for p in range(spec.n_players):
        others = [v for side, v in side_score.items() if side != sides[p]]
        out.append(float(side_score[sides[p]] - (sum(others) / len(others) if others else 0.0)))
    return out


def _seat_diffs(result: dict[str, Any], n: int) -> list[float]:
    scores = result["scores"]
    return [float(scores[p] - (sum(scores) - scores[p]) / (n - 1)) for p in range(n)]
