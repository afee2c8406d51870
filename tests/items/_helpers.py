"""Shared helpers of the item tests."""

from __future__ import annotations

from smallworld.core.state import CHANCE, State
from tests.conftest import acts


def finish_turn(s: State, prefer: tuple[str, ...] = ()) -> None:
    """End the current player's conquests and play out the rest of its turn (redeployment,
    decisions, defenders): an action of ``prefer`` when legal, else the first legal action;
    chance events take their first outcome."""
    p = s.turn
    rnd = s.round
    if s.phase == "conquer" and not s.decisions and not s.chance and s.current_player() == p:
        s.apply("end")
    while s.turn == p and s.round == rnd and not s.is_over():
        legal = [str(a) for a in s.legal_actions()]
        choice = next((a for a in prefer if a in legal), legal[0])
        s.apply(choice)


def score_lines(s: State, p: int) -> dict[str, int]:
    return dict(s.last_score[p])


__all__ = ["finish_turn", "score_lines", "acts", "CHANCE"]
