"""Forsaken (RULES §9): each token of another race (or Murloc) they make be discarded lets them
pay 1 VC for 1 extra Forsaken token (box cap 20); the tokens arrive after the last conquest,
before redeployment (R-ORDER-2).

Board facts (L1): L1.9 (Entry) is adjacent to L1.4, L1.5, L1.13.
"""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import position, seat
from tests.conftest import acts


def make(hand=12, vc=5, home=1, more="", phase="conquer"):
    """Seat 0's Forsaken hold L1.9 with ``home`` tokens; seat 1's Orcs hold L1.4 (3), their In
    Decline Trolls L1.5 (2); 2 Murlocs in L1.13."""
    return position(f'''
        "L1.9" = {{ player = 0, tokens = {home} }}
        "L1.4" = {{ player = 1, tokens = 3 }}
        "L1.5" = {{ player = 1, decline = true, tokens = 2 }}
        "L1.13" = {{ murlocs = 2 }}
    ''' + more, seat("forsaken", "farmer", hand=hand, vc=vc), seat("orcs", "mining", decline="trolls"), phase=phase)


def buys(s):
    return sorted(int(a.split()[1]) for a in acts(s) if a.startswith("buy "))


def test_each_discarded_token_earns_one_purchase():
    """RULES §9 Forsaken: Active defender (1 discarded) + In Decline (2) + Murlocs (2) = 5."""
    s = make(hand=14)
    for rid in ("L1.4", "L1.5", "L1.13"):
        engine.apply_action(s, f"conquer {rid}")
    engine.apply_action(s, "end")
    assert s.current_player() == 0 and buys(s) == [0, 1, 2, 3, 4, 5]


def test_purchase_pays_one_coin_each_and_tokens_arrive_before_redeployment():
    """RULES §9 Forsaken, R-ORDER-2: 1 VC each to the stash; the tokens come from the box into
    hand, then redeployment places them."""
    s = make()
    engine.apply_action(s, "conquer L1.5")  # 2 + 2 = 4 tokens, 2 In Decline discarded
    engine.apply_action(s, "end")
    vc, box, hand = s.vc[0], s.in_box("forsaken"), s.hand[0]
    engine.apply_action(s, "buy 2")
    assert s.vc[0] == vc - 2 and s.in_box("forsaken") == box - 2
    assert s.phase == "redeploy" and s.hand[0] == hand + 2 + 3  # + the ready surplus of L1.5
    total_on_board = lambda: sum(s.tokens[r] for r in range(len(s.occ)) if s.occ[r] == 0)
    before = total_on_board() + s.hand[0]
    while s.turn == 0 and s.phase == "redeploy":
        engine.apply_action(s, engine.legal_actions(s)[0])
    assert total_on_board() == before


def test_capped_by_victory_coins():
    """RULES §8/§9 Forsaken: each token is paid 1 VC; a player with 1 VC buys at most 1."""
    s = make(vc=1)
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "end")
    assert buys(s) == [0, 1]


def test_capped_by_the_box():
    """RULES §2.1/§9 Forsaken: 20 tokens in all; with 19 out, at most 1 more."""
    s = make(hand=8, home=11)  # 19 Forsaken out
    assert s.in_box("forsaken") == 1
    engine.apply_action(s, "conquer L1.5")  # 2 In Decline discarded: 2 earned, 1 in the box
    engine.apply_action(s, "end")
    assert buys(s) == [0, 1]
    engine.apply_action(s, "buy 1")
    assert s.in_box("forsaken") == 0


def test_nothing_earned_nothing_asked():
    """RULES §9 Forsaken: an empty Region discards nobody: no purchase choice."""
    s = make(more='"L1.0" = { player = 0, tokens = 1 }')
    engine.apply_action(s, "conquer L1.6")  # empty, next to L1.0
    engine.apply_action(s, "end")
    assert buys(s) == [] and s.phase == "redeploy"


def test_own_in_decline_race_counts():
    """RULES §9 Forsaken: 'their own In Decline race included' (R-CONQ-8)."""
    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.4" = { player = 0, decline = true, tokens = 1 }
    ''', seat("forsaken", "farmer", hand=8, decline="humans"), seat("orcs", "mining"))
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "end")
    assert buys(s) == [0, 1]


def test_no_purchase_on_a_decline_turn():
    """R-DEC-1: going In Decline, the Forsaken make no conquest and buy nothing."""
    s2 = make(hand=0, home=2, phase="decide")
    engine.apply_action(s2, "decline")
    assert s2.decline[0] == "forsaken" and buys(s2) == [] and s2.turn == 1


def test_final_conquest_discards_count():
    """R-CONQ-9 with RULES §9 Forsaken: a successful final conquest's discards earn purchases."""
    s = make(hand=3)
    engine.apply_action(s, "conquer L1.5")  # cost 4 with 3 tokens: the die
    engine.apply_action(s, "roll 2")
    assert s.occ[s.region_of("L1.5")] == 0
    assert buys(s) == [0, 1, 2]


def test_intimidating_discards_earn_purchases():
    """RULES §9 Forsaken with §10 Intimidating: tokens their power discards outside a conquest
    (a Murloc, an In Decline token) earn purchases too."""
    from tests.conftest import acts

    s = position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.4" = { murlocs = 1 }
        "L1.5" = { player = 1, decline = true, tokens = 2 }
    ''', seat("forsaken", "intimidating", hand=3), seat(decline="trolls"))
    engine.apply_action(s, "intimidate L1.4")
    engine.apply_action(s, "intimidate L1.5")
    engine.apply_action(s, "end")
    assert acts(s) == {"buy 0", "buy 1", "buy 2"}
    engine.apply_action(s, "buy 2")
    assert s.in_box("forsaken") == 20 - 3 - 1 - 2
    assert s.vc[0] == 5 - 2 + 1  # paid 2, then scored its one Region
    assert s.tokens[s.region_of("L1.9")] == 1 + 3 + 2
