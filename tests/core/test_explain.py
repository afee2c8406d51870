"""Why an action is refused (core/explain.py): the sentence names the seat that must act."""

from __future__ import annotations

from smallworld.core.actions import Action
from smallworld.core.explain import explain_illegal
from smallworld.core.game import Game


def test_refusal_names_the_seat_owing_a_decision():
    """While another seat owes an ability's decision (e.g. a Tauren owner moving a lone token
    during someone else's turn), the refusal names that seat and reads as a sentence."""
    g = Game.new(3, seed=5, seats=["Ann", "Bob", "Cy"])
    g.settle()
    s = g.state
    assert s.current_player() == 0
    s.decisions.append((1, "race:tauren"))  # a decision for Bob during Ann's turn
    msg = explain_illegal(s, Action("pick", (0,)))
    assert "Bob must answer the pending choice" in msg, msg
    assert "Ann" not in msg
