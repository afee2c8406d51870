"""Farmer (RULES §10): +1 VC per Fields Region of its Active race at turn end (R-SCORE-2)."""

from __future__ import annotations

from functools import partial

from smallworld.core import engine
from tests.powers import badge_at, bonus, lines

make = partial(badge_at, "farmer", opponent=("orcs", "mining"))


def test_one_coin_per_fields_region():
    """RULES §10 Farmer: 3 Fields Regions (L1.1, L1.3, S3.2) and a Forest score 4 Regions + 3."""
    s = make('"L1.1" = { player = 0 }\n"L1.3" = { player = 0 }\n"S3.2" = { player = 0 }\n'
             '"L1.2" = { player = 0 }')
    assert lines(s)["Farmer: Fields Regions"] == 3
    assert lines(s)["Regions"] == 4
    assert s.vc[0] == 5 + 4 + 3


def test_no_fields_no_line():
    """RULES §10 Farmer: no Fields Region, no bonus."""
    s = make('"L1.2" = { player = 0 }')
    assert bonus(s, "Farmer") == 0 and s.vc[0] == 6


def test_in_decline_and_opponent_fields_do_not_count():
    """R-SCORE-2: only the Active race's Fields count (not its In Decline race's, nor an
    opponent's)."""
    s = make('"L1.1" = { player = 0 }\n"L1.3" = { player = 0, decline = true }\n'
             '"L1.4" = { player = 1 }', decline="trolls")
    assert lines(s)["Farmer: Fields Regions"] == 1
    assert lines(s)["Regions"] == 2


def test_no_bonus_once_in_decline():
    """R-DEC-2, R-SCORE-2: the turn the race goes In Decline its badge is discarded: no Farmer
    bonus for its Fields."""
    s = make('"L1.1" = { player = 0 }\n"L1.3" = { player = 0 }', phase="decide")
    engine.apply_action(s, "decline")
    assert bonus(s, "Farmer") == 0
    assert lines(s)["Regions"] == 2 and s.power[0] is None and s.kept[0] is None


def test_stacks_with_blood_elves_on_magic_fields():
    """RULES §9 Blood Elves + §10 Farmer: L1.1 is Fields and Magic: +1 from each."""
    s = make('"L1.1" = { player = 0 }', race="blood-elves")
    assert lines(s)["Farmer: Fields Regions"] == 1
    assert lines(s)["Blood Elves: Magic Regions"] == 1
