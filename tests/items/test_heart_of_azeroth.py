"""Heart of Azeroth, an Artifact (RULES §11)."""

from __future__ import annotations

from smallworld.core import engine
from tests.builders import position, seat
from tests.conftest import acts
from tests.items._helpers import finish_turn, item_table

# Board facts (L1): L1.5 (forest) to L1.0, L1.4, L1.6, L1.9, L1.13.


def heart(vc1=5, decline=""):
    """Seat 0's Orcs hold the Heart in L1.5 (``decline``) and L1.14; seat 1's Dwarves (``vc1`` VC)
    hold L1.4 and L1.0, their In Decline Trolls L1.13; seat 2's Humans hold L1.11 (L1 + M1 + S3)."""
    return position(f'''
        "L1.5" = {{ player = 0, tokens = 1, item = "heart-of-azeroth"{decline} }}
        "L1.14" = {{ player = 0, tokens = 1 }}
        "L1.4" = {{ player = 1, tokens = 1 }}
        "L1.0" = {{ player = 1, tokens = 1 }}
        "L1.13" = {{ player = 1, tokens = 1, decline = true }}
        "L1.11" = {{ player = 2, tokens = 1 }}
    ''', seat("orcs", "mining"), seat("dwarves", "ranger", vc=vc1, decline="trolls"), seat("humans", "farmer"),
                    boards=("L1", "M1", "S3"))


def test_heart_owner_moves_it_then_adjacent_opponents_pay_1_vc():
    """RULES §11 Heart, R-ORDER-2: moved at placement; after scoring, each opponent whose Active
    race holds a Region adjacent to it pays the owner 1 VC (once, however many Regions)."""
    s = heart()
    engine.apply_action(s, "end")
    assert acts(s) == {"heart L1.5", "heart L1.14"}
    vc = list(s.vc)
    engine.apply_action(s, "heart L1.14")  # adjacent to L1.10, L1.11 (seat 2), L1.13 (seat 1 In Decline)
    assert s.items[s.region_of("L1.14")] == ("heart-of-azeroth",)
    assert s.vc[2] == vc[2] - 1 and s.vc[1] == vc[1]
    assert ("Heart of Azeroth", 1) in s.last_score[0]


def test_heart_staying_put_collects_from_each_opponent_once():
    """RULES §11 Heart: L1.5 touches seat 1's L1.4 and L1.0 (one payment) and nobody else."""
    s = heart()
    engine.apply_action(s, "end")
    vc = list(s.vc)
    engine.apply_action(s, "heart L1.5")
    assert s.vc[1] == vc[1] - 1 and s.vc[2] == vc[2]
    assert ("Heart of Azeroth", 1) in s.last_score[0]
    assert s.vc[0] - vc[0] == sum(v for _, v in s.last_score[0])


def test_heart_payment_is_forced_down_to_zero():
    """RULES §8: forced payments take what the payer has, down to 0."""
    s = heart(vc1=0)
    finish_turn(s, prefer=("heart L1.5",))
    assert s.vc[1] == 0
    assert "Heart of Azeroth" not in dict(s.last_score[0])


def test_heart_in_decline_does_nothing():
    """R-ITEM-1: held by an In Decline race the Heart is neither moved nor paid for."""
    s = item_table('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.5" = { player = 0, tokens = 1, decline = true, item = "heart-of-azeroth" }
        "L1.4" = { player = 1, tokens = 1 }
    ''', decline="trolls")
    vc1 = s.vc[1]
    engine.apply_action(s, "end")
    assert s.turn == 1 and s.vc[1] == vc1
