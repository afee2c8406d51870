"""Berserk (C-P-BERSERK-1..3): roll before each conquest; no ordinary final conquest."""

from smallworld.core import engine
from tests.classic.helpers import acts_text, cost, make, rid


def test_roll_lowers_the_next_conquest_only():
    """C-P-BERSERK-1: roll 2, then the Mountain C2.5 (3) costs 1 and places exactly 1; the next
    conquest is at full cost again."""
    s = make(race="ratmen", power="berserk", hand=5, regions='"C2.1" = { player = 0 }')
    assert "berserk" in acts_text(s)
    engine.apply_action(s, "berserk")
    assert acts_text(s) == {"roll 0", "roll 1", "roll 2", "roll 3"}
    engine.apply_action(s, "roll 2")
    assert "berserk" not in acts_text(s)
    assert cost(s, 5) == 1
    engine.apply_action(s, "conquer C2.5")
    assert s.tokens[rid(s, 5)] == 1 and s.hand[0] == 4
    assert cost(s, 6) == 2 and "berserk" in acts_text(s)


def test_no_final_conquest_roll():
    """C-P-BERSERK-3: with 1 token in hand, a 3-cost Mountain is not offered (no final-conquest
    die); an empty Region (cost 2) is not either."""
    s = make(race="ratmen", power="berserk", hand=1, regions='"C2.1" = { player = 0 }')
    assert not {"conquer C2.5", "conquer C2.2"} & acts_text(s)
    engine.apply_action(s, "berserk")
    engine.apply_action(s, "roll 0")
    assert s.phase != "conquer" and s.step not in ("conquer",)  # C-P-BERSERK-2: conquests end
    assert s.hand[0] == 0  # the token in hand was redeployed


def test_no_roll_without_tokens():
    """R-CONQ-10: no token in hand, no roll."""
    s = make(race="ratmen", power="berserk", hand=0, regions='"C2.1" = { player = 0 }')
    assert "berserk" not in acts_text(s)
