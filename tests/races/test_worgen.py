"""Worgen (RULES §9, R-ORDER-1): at the start of each of their turns (the pick turn included) the
Worgen choose human form (+2 VC now) or Worgen form (pay 1 VC; every conquest this turn −1).

Board facts (L1): L1.9 (Entry, Hills) is adjacent to L1.4 (Fields), L1.5, L1.13 (Mountain).
"""

from __future__ import annotations

import pytest

from smallworld.core import engine
from smallworld.core.conquest import conquest_cost
from smallworld.core.errors import IllegalActionError
from smallworld.core.state import CHANCE
from tests.builders import cost, position, seat
from tests.conftest import acts


def make(power="farmer", vc=5, turns=1):
    """Seat 0's Worgen (5 tokens in L1.9) at the start of their turn, next to seat 1's Trolls."""
    return position('''
        "L1.9" = { player = 0, tokens = 5 }
        "L1.4" = { player = 1, tokens = 2 }
    ''', seat("worgen", power, vc=vc, turns_with_race=turns), seat("trolls", "mining"), phase="start")


def settle(s):
    while s.current_player() == CHANCE:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))


def test_form_is_asked_after_expansion_before_ready_troops():
    """R-ORDER-1: expansion -> Worgen choose a form -> ready troops; the choice is a decision of
    the Worgen player with both forms as legal actions."""
    s = make()
    engine.apply_action(s, "expand")
    assert s.current_player() == 0
    assert acts(s) == {"form human", "form worgen"}
    assert s.tokens[s.region_of("L1.9")] == 5 and s.hand[0] == 0  # troops not readied yet
    with pytest.raises(IllegalActionError):
        engine.apply_action(s, "conquer L1.4")


def test_human_form_gives_two_vc():
    """RULES §9 Worgen: human form, +2 VC at once; conquests at full cost."""
    s = make()
    engine.apply_action(s, "expand")
    engine.apply_action(s, "form human")
    assert s.vc[0] == 7 and s.phase == "conquer"
    assert s.hand[0] == 4  # ready troops followed
    assert cost(s, "L1.4") == 4


def test_worgen_form_costs_one_vc_and_reduces_every_conquest():
    """RULES §9 Worgen: Worgen form, pay 1 VC; every conquest this turn costs 1 fewer."""
    s = make()
    engine.apply_action(s, "expand")
    engine.apply_action(s, "form worgen")
    assert s.vc[0] == 4
    assert cost(s, "L1.4") == 3  # 2 + 2 - 1
    assert cost(s, "L1.13") == 2  # 2 + 1 - 1
    engine.apply_action(s, "conquer L1.4")
    r = s.region_of("L1.4")
    assert s.occ[r] == 0 and s.tokens[r] == 3 and s.hand[0] == 1


def test_form_lasts_one_turn_and_is_asked_again():
    """RULES §9 Worgen: the choice is made at the start of each turn; the reduction ends with
    the turn."""
    s = make()
    engine.apply_action(s, "expand")
    engine.apply_action(s, "form worgen")
    engine.apply_action(s, "end")
    while s.turn == 0:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    assert "worgen-form" not in s.tflags
    while s.turn == 1:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
        settle(s)
    assert s.turn == 0
    engine.apply_action(s, "expand")
    assert acts(s) == {"form human", "form worgen"}


def test_without_vc_only_human_form():
    """RULES §8: a player who cannot pay cannot take the Worgen form."""
    s = make(vc=0)
    engine.apply_action(s, "expand")
    assert acts(s) == {"form human"}
    with pytest.raises(IllegalActionError):
        engine.apply_action(s, "form worgen")


def test_pick_turn_includes_the_choice():
    """RULES §9 Worgen (the pick turn included): right after picking the Worgen combo, the form
    is asked."""
    s = position('', seat(), seat("trolls", "mining"), phase="pick",
        column={"combos": [["worgen", "farmer", 0], ["orcs", "ranger", 0]]})
    engine.apply_action(s, "pick 0")
    settle(s)
    assert s.active[0] == "worgen" and s.current_player() == 0
    assert acts(s) == {"form human", "form worgen"}
    engine.apply_action(s, "form human")
    assert s.vc[0] == 7 and s.phase == "conquer" and s.hand[0] == 9


def test_no_form_on_a_decline_turn():
    """R-DEC-1, R-ORDER-1: going In Decline is no expansion: no form is asked."""
    s = make()
    engine.apply_action(s, "decline")
    assert s.decline[0] == "worgen" and s.vc[0] == 5 + 1  # 1 Region scored, no +2
    assert not s.decisions


def test_in_decline_worgen_do_nothing():
    """RULES §9 (Active race only): a player with Worgen In Decline is not asked for a form."""
    s = position('''
        "L1.9" = { player = 0, tokens = 3 }
        "L1.5" = { player = 0, decline = true, tokens = 1 }
    ''', seat("orcs", "farmer", decline="worgen"), seat("trolls", "mining"), phase="start")
    engine.apply_action(s, "expand")
    assert s.phase == "conquer" and not s.decisions


def test_worgen_form_and_blacksmith_stack_clamped_at_one():
    """R-CONQ-4: Worgen form -1 and Blacksmith -1 stack: 2 Trolls cost 4 - 2 = 2; an empty
    Fields Region 2 - 2 -> clamped to 1."""
    s = make(power="blacksmith")
    engine.apply_action(s, "expand")
    engine.apply_action(s, "form worgen")
    assert cost(s, "L1.4") == 2
    parts: dict[str, int] = {}
    r = s.region_of("L1.5")
    assert conquest_cost(s, 0, r, 0, parts=parts) == 1 and parts["reductions"] == 2
