"""Ready troops, abandoning, redeployment (RULES §6)."""

from __future__ import annotations

import pytest

from smallworld.core import engine
from smallworld.core.errors import IllegalActionError
from tests.builders import position, seat
from tests.conftest import acts


def start():
    """Seat 0's Orcs, first turn with the race, at the start of their turn: 4, 3 and 1 tokens on
    L1.9, L1.5 and L1.13."""
    return position('''
        "L1.9" = { player = 0, tokens = 4 }
        "L1.5" = { player = 0, tokens = 3 }
        "L1.13" = { player = 0, tokens = 1 }
    ''', seat("orcs", "farmer", turns_with_race=0), seat("humans", "mining"), phase="start")


def test_ready_troops_leave_one_token_per_region():
    """R-TROOP-1: every Active token beyond 1 per Region goes to hand at the start."""
    s = start()
    assert s.phase == "conquer"  # first turn with the race: no decline choice (R-DEC-1)
    assert s.hand[0] == 3 + 2
    assert [s.tokens[s.region_of(r)] for r in ("L1.9", "L1.5", "L1.13")] == [1, 1, 1]


def test_abandon_only_before_first_conquest():
    """R-TROOP-2: Regions may be emptied before the first conquest, not after."""
    s = start()
    assert "abandon L1.13" in acts(s)
    engine.apply_action(s, "abandon L1.13")
    r = s.region_of("L1.13")
    assert s.occ[r] == -1 and s.hand[0] == 6
    engine.apply_action(s, "conquer L1.4")
    assert not any(a.startswith("abandon") for a in acts(s))
    with pytest.raises(IllegalActionError, match="before the first conquest"):
        engine.apply_action(s, "abandon L1.5")


def test_abandoning_everything_makes_next_conquest_a_first_conquest():
    """R-TROOP-2, R-CONQ-1: with no Region left, only Entry Regions can be targeted."""
    s = start()
    for r in ("L1.9", "L1.5", "L1.13"):
        engine.apply_action(s, f"abandon {r}")
    targets = {a.split()[1] for a in acts(s) if a.startswith("conquer")}
    assert targets == {rid for rid in s.spec.region_ids if s.spec.entry[s.region_of(rid)]}


def test_redeploy_must_place_every_token_keeping_one_per_region():
    """R-TROOP-3: after conquests, tokens move freely; each Region keeps >= 1; all are placed."""
    s = start()
    engine.apply_action(s, "end")
    assert s.phase == "redeploy" and s.hand[0] == 5
    assert "end" not in acts(s)
    assert acts(s) == {f"redeploy {r} {n}" for r in ("L1.5", "L1.9", "L1.13") for n in range(1, 6)}
    engine.apply_action(s, "redeploy L1.13 4")
    engine.apply_action(s, "redeploy L1.5 1")
    assert s.turn == 1
    assert [s.tokens[s.region_of(r)] for r in ("L1.9", "L1.5", "L1.13")] == [1, 2, 5]


def test_defenders_redeploy_in_seat_order_from_the_current_player():
    """R-TROOP-4: defenders who lost Regions redeploy after scoring, seat order from current."""
    s = position('''
        "L1.9" = { player = 1, tokens = 1 }
        "L1.4" = { player = 0, tokens = 2 }
        "L1.0" = { player = 0, tokens = 1 }
        "L1.6" = { player = 0, tokens = 1 }
        "L1.5" = { player = 2, tokens = 2 }
        "L1.10" = { player = 2, tokens = 1 }
        "L1.14" = { player = 2, tokens = 1 }
    ''', seat("orcs", "farmer"), seat("humans", "mining", hand=9), seat("trolls", "ranger"), boards=("L1", "M1", "S3"),
        turn=1)
    engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "conquer L1.5")
    engine.apply_action(s, "end")
    assert s.phase == "redeploy" and s.current_player() == 1
    engine.apply_action(s, f"redeploy L1.9 {s.hand[1]}")
    engine.apply_action(s, "done")  # the Humans place no Military Objective (RULES §9)
    assert s.phase == "defend" and s.current_player() == 2  # seat after 1 first
    engine.apply_action(s, "redeploy L1.10 1")
    assert s.phase == "defend" and s.current_player() == 0
    engine.apply_action(s, "redeploy L1.6 1")
    assert s.turn == 2 and s.round == 1
