"""Take-backs (smallworld.core.undo): a player's last actions are undone until something random
or hidden comes out (RULES §15); undone actions vanish from the record, which still replays."""

from __future__ import annotations

import random

import pytest

from smallworld.core.game import Game
from smallworld.core.record import replay
from smallworld.core.undo import UndoRefused, UndoStack, is_chance_text


def _play(g: Game, stack: UndoStack, seat: int, text: str) -> None:
    stack.before(g, seat)
    g.apply(text)
    g.settle()
    stack.after(g)


def _to_conquest(seed: int) -> Game:
    """A game of 3 advanced with random play until a seat is conquering with a conquest that
    reveals nothing (no face-down item in the target Region)."""
    g = Game.new(3, seed=seed)
    g.settle()
    rng = random.Random(seed)
    for _ in range(2000):
        s = g.state
        if s.phase == "conquer" and s.current_player() >= 0:
            quiet = [a for a in g.legal_actions() if a.kind == "conquer"
                     and not s.items[s.spec.index[str(a.args[0])]]]
            if quiet:
                return g
        g.apply(rng.choice(g.legal_actions()))
        g.settle()
    raise AssertionError("no quiet conquest found")


def test_chance_texts_are_recognised():
    assert is_chance_text("roll 2") and is_chance_text("banner trolls")
    assert not is_chance_text("conquer L1.4") and not is_chance_text("end")


def test_a_conquest_is_taken_back_and_vanishes_from_the_record():
    """R-CONQ-*: a conquest undone leaves the state and the record exactly as before it."""
    g = _to_conquest(5)
    s = g.state
    p = s.current_player()
    a = next(a for a in g.legal_actions() if a.kind == "conquer"
             and not s.items[s.spec.index[str(a.args[0])]])
    before_state, before_actions = s.copy(), list(g.record.actions)
    stack = UndoStack()
    _play(g, stack, p, str(a))
    if len(g.record.actions) != len(before_actions) + 1:
        pytest.skip("this conquest drew chance")
    assert stack.can_undo(g, p)
    assert not stack.can_undo(g, (p + 1) % 3)  # only the seat that acted
    stack.undo(g, p)
    assert g.state == before_state
    assert g.record.actions == before_actions
    assert replay(g.record) == g.state  # the record still replays exactly
    assert not stack.can_undo(g, p)
    with pytest.raises(UndoRefused):
        stack.undo(g, p)


def test_two_actions_are_taken_back_one_at_a_time():
    g = _to_conquest(9)
    p = g.current_player()
    stack = UndoStack()
    start = list(g.record.actions)
    _play(g, stack, p, "end")  # end conquests: redeployment follows, nothing revealed
    assert g.state.phase in ("redeploy", "defend") or g.current_player() != p
    if g.current_player() == p:
        assert stack.can_undo(g, p)
        stack.undo(g, p)
        assert g.record.actions == start and g.state.phase == "conquer"


def test_take_back_refused_after_the_die_is_rolled():
    """R-CONQ-5 (final conquest with the reinforcement die): once the die is rolled nothing
    before it can be taken back, and the refusal says why."""
    for seed in range(40):
        g = _to_conquest(seed)
        p = g.current_player()
        s = g.state
        # spend the hand until a conquest needs the die
        rng = random.Random(seed)
        stack = UndoStack()
        for _ in range(30):
            if g.current_player() != p or g.state.phase != "conquer":
                break
            acts = [a for a in g.legal_actions() if a.kind == "conquer"]
            if not acts:
                break
            a = rng.choice(acts)
            n = len(g.record.actions)
            _play(g, stack, p, str(a))
            if any(t.startswith("roll ") for t in g.record.actions[n:]):
                assert not stack.can_undo(g, p)
                with pytest.raises(UndoRefused, match="die was rolled"):
                    stack.undo(g, p)
                return
        del s
    pytest.fail("no final conquest with the die in 40 seeds")


def test_a_die_rolled_in_one_turn_says_nothing_in_the_next():
    """RULES §15: the note on why a take-back is refused concerns the turn and the seat whose
    action drew chance; once another seat acts, or the same seat's next turn begins, it is gone."""
    for seed in range(60):
        g = _to_conquest(seed)
        p = g.current_player()
        stack = UndoStack()
        rng = random.Random(seed)
        drew = False
        for _ in range(30):
            acts = [a for a in g.legal_actions() if a.kind == "conquer"]
            if g.current_player() != p or g.state.phase != "conquer" or not acts:
                break
            n = len(g.record.actions)
            _play(g, stack, p, str(rng.choice(acts)))
            # a die rolled or a face-down item revealed
            drew = any(is_chance_text(t) for t in g.record.actions[n + 1:])
            if drew:
                break
        if not drew:
            continue
        if g.current_player() == p:
            assert stack.blocked_note(g, p) is not None
            assert not stack.can_undo(g, p)
        # play on (no stack calls: bots and other seats) until p acts in a later turn
        turn = (g.state.round, g.state.turn)
        while g.current_player() != p or (g.state.round, g.state.turn) == turn:
            q = g.current_player()
            note = stack.blocked_note(g, q)
            if note is not None and not (q == p and (g.state.round, g.state.turn) == turn):
                # decided from the record: only about q's own action of this very turn
                j = max(i for i, t in enumerate(g.record.actions) if not is_chance_text(t))
                before = replay(type(g.record)(dict(g.record.header), g.record.actions[:j], None))
                assert before.current_player() == q
                assert (before.round, before.turn) == (g.state.round, g.state.turn)
            g.apply(rng.choice(g.legal_actions()))
            g.settle()
        assert stack.blocked_note(g, p) is None
        return
    pytest.fail("no die rolled or item revealed in 60 seeds")
