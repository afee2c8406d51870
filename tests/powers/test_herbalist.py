"""Herbalist (RULES §10): +1 VC per Hills Region of its Active race at turn end (R-SCORE-2)."""

from __future__ import annotations

from functools import partial

from smallworld.core import engine
from tests.builders import position, seat
from tests.powers import badge_at, bonus, lines

make = partial(badge_at, "herbalist", opponent=("orcs", "mining"))


def test_one_coin_per_hills_region():
    """RULES §10 Herbalist: Hills L1.0, L1.9, S3.4 score +3 (a Fields Region adds nothing)."""
    s = make('"L1.0" = { player = 0 }\n"L1.9" = { player = 0 }\n"S3.4" = { player = 0 }\n'
             '"L1.4" = { player = 0 }')
    assert lines(s)["Herbalist: Hills Regions"] == 3
    assert s.vc[0] == 5 + 4 + 3


def test_only_active_hills_count():
    """R-SCORE-2: In Decline and opponents' Hills do not count; no Hills, no line."""
    s = make('"L1.0" = { player = 0, decline = true }\n"L1.9" = { player = 1 }\n'
             '"L1.4" = { player = 0 }', decline="trolls")
    assert bonus(s, "Herbalist") == 0


def test_no_bonus_on_the_decline_turn():
    """R-DEC-2: going In Decline discards the badge: the Hills score 1 VC each as Regions only."""
    s = make('"L1.0" = { player = 0 }\n"L1.9" = { player = 0 }', phase="decide")
    engine.apply_action(s, "decline")
    assert bonus(s, "Herbalist") == 0 and lines(s)["Regions"] == 2


def test_forsaken_herbalist_worked_example():
    """RULES §2.2 worked example, R-PICK-3: Herbalist Forsaken = 6 + 4 = 10 tokens."""
    s = position('', seat(), seat("orcs", "mining"), phase="pick", column={"combos": [["forsaken", "herbalist", 0]]})
    engine.apply_action(s, "pick 0")
    assert (s.active[0], s.power[0], s.hand[0]) == ("forsaken", "herbalist", 10)
